import { accessReportQueries } from '../../api/access-report-queries';
import type { GroupLoaderContext } from '../../lib/router-context';
import { toAccessReportQuery, type AccessReportSearch } from './access-report-search';

export function accessReportListQuery(search: AccessReportSearch, employerPK: number) {
  return accessReportQueries.list(toAccessReportQuery(search, employerPK));
}

/** For the route's loader: the page the URL names; a failure is shown by the screen with a Retry. */
export async function loadAccessReport({ queryClient, employerPK }: GroupLoaderContext, search: AccessReportSearch) {
  await queryClient.ensureQueryData(accessReportListQuery(search, employerPK)).catch(() => undefined);
}
