import { z } from 'zod';
import type { ImportRowsQuery } from '../../api/import-queries';
import { MAX_PAGE } from '../../contracts/common';
import { IMPORT_ROW_FILTERS } from '../../contracts/imports';
import { countParam, listSearch, optionalParam, pageRequest } from '../../lib/list-search';
import { IMPORT_ROWS_PAGE_SIZE } from '../../contracts/imports';

export type ImportRowFilter = (typeof IMPORT_ROW_FILTERS)[number];

export const DEFAULT_FILTER: ImportRowFilter = 'all';

/**
 * Search params of Upload Enrollments: the upload shown (a reload resumes it), the preview's filter
 * and its one-based page. Malformed values read as absent; the default filter is left out of the URL.
 */
export const uploadSearch = listSearch(
  {
    importPK: countParam(),
    filter: optionalParam(z.enum(IMPORT_ROW_FILTERS)),
    page: countParam(MAX_PAGE + 1),
  },
  { filter: DEFAULT_FILTER },
);
export type UploadSearch = z.output<typeof uploadSearch.schema>;

/** The preview's filter ('all' when the URL names none). */
export const filterOf = (search: UploadSearch): ImportRowFilter => search.filter ?? DEFAULT_FILTER;

/** The rows call's query: zero-based page on the wire. */
export function toRowsQuery(search: UploadSearch, employerPK: number, importPK: number): ImportRowsQuery {
  const { page } = pageRequest(search, IMPORT_ROWS_PAGE_SIZE);
  return { employerPK, importPK, filter: filterOf(search), page };
}

/** Another filter starts at the first page. */
export function withFilter(search: UploadSearch, filter: ImportRowFilter): UploadSearch {
  return { ...search, filter, page: undefined };
}

/** Another upload (or none): its own filter and page. */
export function withUpload(importPK: number | undefined): UploadSearch {
  return { importPK, filter: undefined, page: undefined };
}
