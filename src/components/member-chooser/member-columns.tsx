import Chip from '@mui/material/Chip';
import { createColumnHelper, rowExpandingFeature, rowSortingFeature, tableFeatures } from '@tanstack/react-table';
import type { SubscriberSummary } from '../../contracts/subscribers';
import { formatIsoDate } from '../../lib/calendar-date';
import { MemberViewLink } from './member-view-link';

// Sorting and paging happen on the server; the table only tracks which column is sorted and which
// rows show their dependents.
export const memberTableFeatures = tableFeatures({ rowSortingFeature, rowExpandingFeature });

const helper = createColumnHelper<typeof memberTableFeatures, SubscriberSummary>();

/** Column ids are the server's sort fields (SUBSCRIBER_SORT_FIELDS). */
export const memberColumns = helper.columns([
  helper.accessor('lastName', {
    header: 'Last Name',
    meta: { sticky: true },
    cell: (info) => (
      <>
        {info.getValue()}
        {info.row.original.isTermed && <Chip label="Termed" size="small" variant="outlined" sx={{ ml: 1 }} />}
        {info.row.original.hasPendingRequest && (
          <Chip label="Pending request" size="small" variant="outlined" sx={{ ml: 1 }} />
        )}
      </>
    ),
  }),
  helper.accessor('firstName', { header: 'First Name' }),
  helper.accessor('ssnLast4', { header: 'SSN (last 4)' }),
  helper.accessor('dateOfBirth', { header: 'Date of Birth', cell: (info) => formatIsoDate(info.getValue()) }),
  helper.accessor((row) => row.employmentDetails.dateOfHire ?? row.dateOfHire, {
    id: 'employmentDetails.dateOfHire',
    header: 'Date of Hire',
    cell: (info) => formatIsoDate(info.getValue()),
  }),
  helper.display({
    id: 'memberView',
    header: 'Member',
    enableSorting: false,
    cell: (info) => (
      <MemberViewLink
        subscriberPK={info.row.original.subscriberPK}
        name={`${info.row.original.firstName} ${info.row.original.lastName}`}
      />
    ),
  }),
]);
