import { describe, expect, it } from 'vitest';
import { carrierFilesSearch, toCarrierFileListBody } from './carrier-files-search';

describe('carrier files search', () => {
  it('reads the page from the URL and sends it zero-based', () => {
    expect(toCarrierFileListBody(carrierFilesSearch.schema.parse({ page: '3' }), 2)).toEqual({
      employerPK: 2,
      currentPage: 2,
      pageSize: 10,
    });
  });

  it('reads a malformed page as the first', () => {
    expect(carrierFilesSearch.schema.parse({ page: 'x' })).toEqual({ page: undefined });
    expect(toCarrierFileListBody(carrierFilesSearch.schema.parse({ page: 0 }), 4).currentPage).toBe(0);
  });
});
