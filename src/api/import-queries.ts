import { queryOptions } from '@tanstack/react-query';
import type { EndpointInput } from '../contracts/endpoint';
import { endpoints } from '../contracts/endpoints';
import { endpointQueryOptions } from '../lib/endpoint-query';

export type ImportRowsQuery = NonNullable<EndpointInput<typeof endpoints.importRows>['query']>;

const ROOT = 'imports';

/**
 * Enrollment uploads (the Upload Enrollments screen). Keys are ['imports', verb, input], so every
 * change of an upload (mapping, a fixed row, a commit batch, a withdrawal) invalidates all() at once.
 * The screen shows failures in place, so the call layer does not notify them. Template and error
 * report are downloads, not queries.
 */
export const importQueries = {
  all: () => [ROOT] as const,
  lists: () => [ROOT, 'list'] as const,
  list: (employerPK: number) =>
    queryOptions({
      ...endpointQueryOptions(ROOT, 'list', endpoints.importList, { query: { employerPK } }, { notify: false }),
      // Other people's uploads move on the server: a revisit shows them fresh.
      staleTime: 0,
    }),
  views: () => [ROOT, 'view'] as const,
  view: (employerPK: number, importPK: number) =>
    queryOptions({
      ...endpointQueryOptions(
        ROOT,
        'view',
        endpoints.importView,
        { query: { employerPK, importPK } },
        { notify: false },
      ),
      staleTime: 0,
    }),
  rowLists: () => [ROOT, 'rows'] as const,
  rows: (query: ImportRowsQuery) =>
    endpointQueryOptions(ROOT, 'rows', endpoints.importRows, { query }, { notify: false }),
};
