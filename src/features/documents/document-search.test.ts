import { describe, expect, it } from 'vitest';
import { DOCUMENT_PAGE_SIZE } from '../../contracts/documents';
import { documentSearch, toDocumentListBody, withDateFilters, withPage, type DocumentSearch } from './document-search';

describe('document search params', () => {
  it('reads dates, page and page size from the URL', () => {
    expect(
      documentSearch.schema.parse({ startDate: '2025-01-01', endDate: '2025-03-31', page: 2, pageSize: 25 }),
    ).toEqual({
      startDate: '2025-01-01',
      endDate: '2025-03-31',
      page: 2,
      pageSize: 25,
    });
    // Query text arrives as text when the router cannot read it as JSON.
    expect(documentSearch.schema.parse({ page: '3' })).toEqual({ page: 3 });
  });

  it('reads anything malformed as absent instead of failing the route', () => {
    expect(
      documentSearch.schema.parse({ startDate: '01/02/2025', endDate: '2025-02-30', page: 0, pageSize: 1000 }),
    ).toEqual({ startDate: undefined, endDate: undefined, page: undefined, pageSize: undefined });
    expect(documentSearch.schema.parse({ page: 'x', pageSize: -1 })).toEqual({ page: undefined, pageSize: undefined });
  });
});

describe('toDocumentListBody', () => {
  it('asks for the first page of 10 when the URL names nothing (spec 2 §9)', () => {
    expect(toDocumentListBody({}, 2)).toEqual({
      currentPage: 0,
      pageSize: DOCUMENT_PAGE_SIZE,
      filterOptions: { employerPK: 2 },
    });
  });

  it('sends the one-based URL page zero-based, with the dates given', () => {
    expect(toDocumentListBody({ page: 3, startDate: '2025-01-01' }, 4)).toEqual({
      currentPage: 2,
      pageSize: 10,
      filterOptions: { employerPK: 4, startDate: '2025-01-01' },
    });
  });

  it('uses the page size the server answered with once the user pages on', () => {
    const next = withPage({}, 2, 25);
    expect(toDocumentListBody(next, 2)).toMatchObject({ currentPage: 1, pageSize: 25 });
    expect(documentSearch.compact(next)).toEqual({ page: 2, pageSize: 25 });
  });
});

describe('documentSearch.compact', () => {
  it('leaves defaults out of the URL', () => {
    expect(documentSearch.compact({ page: 1, pageSize: DOCUMENT_PAGE_SIZE, startDate: undefined })).toEqual({
      startDate: undefined,
      endDate: undefined,
      page: undefined,
      pageSize: undefined,
    });
  });
});

describe('withDateFilters', () => {
  const onPage3: DocumentSearch = { page: 3, startDate: '2025-01-01' };

  it('goes back to the first page when a date changes (spec 2 §2)', () => {
    expect(withDateFilters(onPage3, { startDate: '2025-02-01', endDate: '' })).toEqual({
      startDate: '2025-02-01',
      endDate: undefined,
      page: undefined,
    });
    expect(withDateFilters(onPage3, { startDate: '2025-01-01', endDate: '2025-06-30' }).page).toBeUndefined();
    expect(withDateFilters(onPage3, { startDate: '', endDate: '' })).toMatchObject({
      startDate: undefined,
      page: undefined,
    });
  });

  it('keeps the page when the same dates are searched again', () => {
    expect(withDateFilters(onPage3, { startDate: '2025-01-01', endDate: '' })).toEqual({
      startDate: '2025-01-01',
      endDate: undefined,
      page: 3,
    });
  });

  it('keeps the page size the server answered with', () => {
    expect(withDateFilters({ page: 2, pageSize: 25 }, { startDate: '2025-01-01', endDate: '' }).pageSize).toBe(25);
  });
});
