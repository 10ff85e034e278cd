import { describe, expect, it } from 'vitest';
import { filterOf, toRowsQuery, uploadSearch, withFilter, withUpload } from './upload-search';

describe('upload search params', () => {
  it('reads malformed params as absent, and the filter as "all" by default', () => {
    const search = uploadSearch.schema.parse({ importPK: 'x', filter: 'bad', page: '0' });
    expect(search).toEqual({ importPK: undefined, filter: undefined, page: undefined });
    expect(filterOf(search)).toBe('all');
  });

  it('keeps a valid upload, filter and one-based page, and sends a zero-based page', () => {
    const search = uploadSearch.schema.parse({ importPK: '41', filter: 'errors', page: '3' });
    expect(search).toEqual({ importPK: 41, filter: 'errors', page: 3 });
    expect(toRowsQuery(search, 7, 41)).toEqual({ employerPK: 7, importPK: 41, filter: 'errors', page: 2 });
    expect(toRowsQuery(uploadSearch.schema.parse({}), 7, 41)).toEqual({
      employerPK: 7,
      importPK: 41,
      filter: 'all',
      page: 0,
    });
  });

  it('goes back to page 1 on another filter and keeps defaults out of the URL', () => {
    const search = uploadSearch.schema.parse({ importPK: '41', filter: 'new', page: '4' });
    expect(uploadSearch.compact(withFilter(search, 'all'))).toEqual({
      importPK: 41,
      filter: undefined,
      page: undefined,
    });
    expect(uploadSearch.compact(withUpload(9))).toEqual({ importPK: 9, filter: undefined, page: undefined });
  });
});
