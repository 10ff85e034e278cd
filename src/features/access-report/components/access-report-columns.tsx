import { createColumnHelper, rowSortingFeature, tableFeatures } from '@tanstack/react-table';
import type { AccessEvent } from '../../../contracts/access-report';

// Sorting and paging happen on the server; the table only tracks which column is sorted.
export const accessReportTableFeatures = tableFeatures({ rowSortingFeature });

const helper = createColumnHelper<typeof accessReportTableFeatures, AccessEvent>();

const OUTCOMES: Record<number, string> = { 401: 'Not signed in', 403: 'Refused', 404: 'Not found' };

export function outcomeOf(status: number | null): string {
  if (status === null) return '';
  return status < 400 ? `Allowed (${status})` : `${OUTCOMES[status] ?? 'Failed'} (${status})`;
}

/** Column ids are the server's sort fields (ACCESS_SORT_FIELDS). */
export const accessReportColumns = helper.columns([
  helper.accessor('at', { header: 'Time', cell: (info) => new Date(info.getValue()).toLocaleString('en-US') }),
  helper.accessor('actorEmail', { header: 'User', cell: (info) => info.getValue() ?? info.row.original.actor }),
  helper.accessor('endpoint', { header: 'Action' }),
  helper.accessor('status', { header: 'Outcome', cell: (info) => outcomeOf(info.getValue()) }),
]);
