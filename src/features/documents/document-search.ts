import type { z } from 'zod';
import { DOCUMENT_PAGE_SIZE, type documentListBody } from '../../contracts/documents';
import type { DateRange } from '../../components/form/date-range';
import { countParam, dateParam, filterValues, pickFilters, listSearch, pageOf } from '../../lib/list-search';

type DocumentListBody = z.input<typeof documentListBody>;

/**
 * Search params of the document lists: date filters, the one-based page and the page size the
 * server last answered with (spec 2 §9: 10 at first, then the server's).
 */
export const documentSearch = listSearch(
  {
    startDate: dateParam(),
    endDate: dateParam(),
    page: countParam(),
    pageSize: countParam(100),
  },
  { pageSize: DOCUMENT_PAGE_SIZE },
);
export type DocumentSearch = z.output<typeof documentSearch.schema>;

/** The URL state as the list call's body: zero-based page on the wire. */
export function toDocumentListBody(search: DocumentSearch, employerPK: number): DocumentListBody {
  return {
    currentPage: pageOf(search) - 1,
    pageSize: search.pageSize ?? DOCUMENT_PAGE_SIZE,
    filterOptions: { employerPK, ...pickFilters(search, ['startDate', 'endDate']) },
  };
}

/**
 * Search with new date filters: a change of either date goes back to the first page (spec 2 §2);
 * the same dates again keep the page, so Search then only refreshes the view.
 */
export function withDateFilters(search: DocumentSearch, range: DateRange): DocumentSearch {
  const { startDate, endDate } = filterValues(range);
  const changed = startDate !== search.startDate || endDate !== search.endDate;
  return { ...search, startDate, endDate, page: changed ? undefined : search.page };
}

/** Another page, fetched with the page size the server answered last (spec 2 §9). */
export function withPage(search: DocumentSearch, page: number, answeredPageSize: number): DocumentSearch {
  return { ...search, page, pageSize: answeredPageSize };
}
