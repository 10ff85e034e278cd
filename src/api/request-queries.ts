import { queryOptions } from '@tanstack/react-query';
import type { EndpointBody } from '../contracts/endpoint';
import { endpoints } from '../contracts/endpoints';
import { endpointQueryOptions } from '../lib/endpoint-query';
import { pagedListQueryOptions } from '../lib/paged-list-query';

type RequestListBody = EndpointBody<typeof endpoints.requestList>;

const ROOT = 'requests';

/**
 * Enrollment submissions. Keys are ['requests', verb, input], so every change of a request (here or
 * in the member flows) invalidates all() at once.
 */
export const requestQueries = {
  all: () => [ROOT] as const,
  lists: () => [ROOT, 'list'] as const,
  list: (body: RequestListBody) =>
    queryOptions({
      ...pagedListQueryOptions(
        ROOT,
        'list',
        endpoints.requestList,
        { body },
        { pageFields: ['page', 'recordsPerPage', 'sortColumn'], totalOf: (answer) => answer.recordCount },
      ),
      // Statuses move on the server (processing), so a revisit shows them fresh.
      staleTime: 0,
    }),
  details: (requestPK: number) =>
    queryOptions({
      ...endpointQueryOptions(ROOT, 'details', endpoints.requestDetails, {
        query: { requestPK, needsView: true },
      }),
      staleTime: 0,
    }),
  /** The proof sent with a life event (a Blob; 404 while it is to follow). */
  proof: (requestPK: number) =>
    endpointQueryOptions(ROOT, 'proof', endpoints.requestProof, { query: { requestPK } }, { notify: false }),
};
