import { requestQueries } from '../../../api/request-queries';
import type { GroupLoaderContext } from '../../../lib/router-context';
import { toRequestListBody, type RequestSearch } from './request-search';

export function requestListQuery(search: RequestSearch, employerPK: number) {
  return requestQueries.list(toRequestListBody(search, employerPK));
}

/** For the route's loader: the page the URL names, with the options the screen then reads. */
export function loadRequestList({ queryClient, employerPK }: GroupLoaderContext, search: RequestSearch) {
  // A failure does not fail the route: the screen shows it in its table area.
  return queryClient.ensureQueryData(requestListQuery(search, employerPK)).catch(() => undefined);
}
