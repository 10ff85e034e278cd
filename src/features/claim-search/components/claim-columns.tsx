import { createColumnHelper, rowSortingFeature, tableFeatures } from '@tanstack/react-table';
import { formatIsoDate } from '../../../lib/calendar-date';
import type { Claim } from '../../../contracts/claims';
import { formatUsd } from '../../../lib/format-currency';
import { formatPaymentDate } from '../claim-format';
import type { ClaimSortField } from '../claim-search';

// Sorting and paging happen on the server; the table only tracks which column is sorted.
export const claimTableFeatures = tableFeatures({ rowSortingFeature });

/** The column headers of spec 2 §2 by sort field: the table's headers and the phone's sort choices. */
export const CLAIM_COLUMN_LABELS = {
  patientFirstName: 'First Name',
  patientLastName: 'Last Name',
  providerName: 'Provider Name',
  claimNumber: 'Claim#',
  claimType: 'Claim Type',
  serviceDate: 'Service Date',
  billedAmount: 'Billed Amount',
  allowedAmount: 'Allowed Amount',
  planPayment: 'Plan Payment',
  patientOwesAmount: 'Patient Owes Amount',
  paymentDate: 'Payment Date',
} as const satisfies Record<ClaimSortField, string>;
const label = CLAIM_COLUMN_LABELS;

const helper = createColumnHelper<typeof claimTableFeatures, Claim>();

const money = (key: 'billedAmount' | 'allowedAmount' | 'planPayment' | 'patientOwesAmount') =>
  helper.accessor(key, { header: label[key], cell: (info) => formatUsd(info.getValue()), meta: { numeric: true } });

/** The 11 columns of spec 2 §2 in order; ids are the server's sort fields (CLAIM_SORT_FIELDS). */
export const claimColumns = helper.columns([
  helper.accessor('patientFirstName', { header: label.patientFirstName, meta: { sticky: true } }),
  helper.accessor('patientLastName', { header: label.patientLastName }),
  helper.accessor('providerName', { header: label.providerName }),
  helper.accessor('claimNumber', { header: label.claimNumber }),
  helper.accessor('claimType', { header: label.claimType }),
  helper.accessor('serviceDate', { header: label.serviceDate, cell: (info) => formatIsoDate(info.getValue()) }),
  money('billedAmount'),
  money('allowedAmount'),
  money('planPayment'),
  money('patientOwesAmount'),
  helper.accessor('paymentDate', { header: label.paymentDate, cell: (info) => formatPaymentDate(info.getValue()) }),
]);
