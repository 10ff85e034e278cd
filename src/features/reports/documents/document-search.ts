import { z } from 'zod';
import { isoDate } from '../../../contracts/common';
import { DOCUMENT_PAGE_SIZE, type documentListBody } from '../../../contracts/documents';
import type { DateRange } from '../lib/date-range';

type DocumentListBody = z.input<typeof documentListBody>;

/**
 * Search params of the document lists: date filters, the one-based page and the page size the
 * server last answered with (spec 2 §9: 10 at first, then the server's). All optional, defaults are
 * never written back, and anything malformed reads as absent instead of failing the route.
 */
export const documentSearchSchema = z.object({
  startDate: isoDate.optional().catch(undefined),
  endDate: isoDate.optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  pageSize: z.coerce.number().int().min(1).max(100).optional().catch(undefined),
});
export type DocumentSearch = z.output<typeof documentSearchSchema>;
type DocumentSearchInput = z.input<typeof documentSearchSchema>;

export function pageOf(search: DocumentSearch): number {
  return search.page ?? 1;
}

function pageSizeOf(search: DocumentSearch): number {
  return search.pageSize ?? DOCUMENT_PAGE_SIZE;
}

/** The URL state as the list call's body: zero-based page on the wire. */
export function toDocumentListBody(search: DocumentSearch, employerPK: number): DocumentListBody {
  return {
    currentPage: pageOf(search) - 1,
    pageSize: pageSizeOf(search),
    filterOptions: {
      employerPK,
      ...(search.startDate ? { startDate: search.startDate } : {}),
      ...(search.endDate ? { endDate: search.endDate } : {}),
    },
  };
}

/** Drops defaults so two ways of reaching one view give the same link. */
export function compactDocumentSearch(search: DocumentSearch): DocumentSearchInput {
  return {
    startDate: search.startDate || undefined,
    endDate: search.endDate || undefined,
    page: pageOf(search) > 1 ? search.page : undefined,
    pageSize: pageSizeOf(search) === DOCUMENT_PAGE_SIZE ? undefined : search.pageSize,
  };
}

/**
 * Search with new date filters: a change of either date goes back to the first page (spec 2 §2);
 * the same dates again keep the page, so Search then only refreshes the view.
 */
export function withDateFilters(search: DocumentSearch, range: DateRange): DocumentSearch {
  const startDate = range.startDate || undefined;
  const endDate = range.endDate || undefined;
  const changed = startDate !== search.startDate || endDate !== search.endDate;
  return { ...search, startDate, endDate, page: changed ? undefined : search.page };
}

/** Another page, fetched with the page size the server answered last (spec 2 §9). */
export function withPage(search: DocumentSearch, page: number, answeredPageSize: number): DocumentSearch {
  return { ...search, page, pageSize: answeredPageSize };
}
