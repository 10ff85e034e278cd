import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '../contracts/endpoints';
import { MEMBER_SEARCH_CAP, type SubscriberListQuery } from '../contracts/subscribers';
import { endpointQueryOptions } from '../lib/endpoint-query';
import { pagedListQueryOptions } from '../lib/paged-list-query';

const ROOT = 'subscribers';

/**
 * Subscriber reads shared by the chooser and the member flows. Keys are
 * ['subscribers', verb, input], so every change request can invalidate all() at once.
 */
export const subscriberQueries = {
  all: () => [ROOT] as const,
  lists: () => [ROOT, 'list'] as const,
  allDetails: () => [ROOT, 'details'] as const,
  list: (query: SubscriberListQuery) =>
    queryOptions({
      ...pagedListQueryOptions(
        ROOT,
        'list',
        endpoints.subscriberList,
        { body: query },
        {
          pageFields: ['page', 'recordsPerPage', 'sortColumn'],
          // A capped total is kept as one more than the cap, which later pages send back as such.
          totalOf: (answer) => (answer.countCapped ? MEMBER_SEARCH_CAP + 1 : answer.recordCount),
        },
      ),
      // Pending flags change with every submitted request: a revisit should show them fresh.
      staleTime: 0,
    }),
  /** One member in one place (src/contracts/member-view.ts); requests change it, so never kept stale. */
  memberView: (subscriberPK: number) =>
    queryOptions({
      ...endpointQueryOptions(ROOT, 'memberView', endpoints.memberView, { query: { subscriberPK } }),
      staleTime: 0,
    }),
  details: (pk: number) =>
    queryOptions({
      ...endpointQueryOptions(ROOT, 'details', endpoints.subscriberDetails, { query: { pk } }),
      staleTime: 0,
    }),
};
