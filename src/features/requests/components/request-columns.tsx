import { createColumnHelper, rowSortingFeature, tableFeatures } from '@tanstack/react-table';
import { REQUEST_TYPE_LABELS, type RequestItem } from '../../../contracts/requests';
import { formatMoment } from '../lib/format-requested';
import { REQUEST_STATUS_LABELS } from '../../../contracts/requests';

// Sorting and paging happen on the server; the table only tracks which column is sorted.
export const requestTableFeatures = tableFeatures({ rowSortingFeature });

const helper = createColumnHelper<typeof requestTableFeatures, RequestItem>();

/** Column ids are the server's sort fields (REQUEST_SORT_FIELDS). */
export const requestColumns = helper.columns([
  helper.accessor('dateRequested', { header: 'Date Requested', cell: (info) => formatMoment(info.getValue()) }),
  helper.accessor('type', { header: 'Request Type', cell: (info) => REQUEST_TYPE_LABELS[info.getValue()] }),
  helper.accessor('subscriberLastName', { header: 'Last Name' }),
  helper.accessor('subscriberFirstName', { header: 'First Name' }),
  helper.accessor('status', { header: 'Status', cell: (info) => REQUEST_STATUS_LABELS[info.getValue()] }),
]);
