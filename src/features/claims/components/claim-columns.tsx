import { createColumnHelper, rowSortingFeature, tableFeatures } from '@tanstack/react-table';
import { formatIsoDate } from '../../../lib/calendar-date';
import type { Claim } from '../../../contracts/claims';
import { formatUsd } from '../../../lib/format-currency';
import { formatPaymentDate } from '../claim-format';

// Sorting and paging happen on the server; the table only tracks which column is sorted.
export const claimTableFeatures = tableFeatures({ rowSortingFeature });

const helper = createColumnHelper<typeof claimTableFeatures, Claim>();

const money = (header: string, key: 'billedAmount' | 'allowedAmount' | 'planPayment' | 'patientOwesAmount') =>
  helper.accessor(key, { header, cell: (info) => formatUsd(info.getValue()), meta: { numeric: true } });

/** The 11 columns of spec 2 §2 in order; ids are the server's sort fields (CLAIM_SORT_FIELDS). */
export const claimColumns = helper.columns([
  helper.accessor('patientFirstName', { header: 'First Name', meta: { sticky: true } }),
  helper.accessor('patientLastName', { header: 'Last Name' }),
  helper.accessor('providerName', { header: 'Provider Name' }),
  helper.accessor('claimNumber', { header: 'Claim#' }),
  helper.accessor('claimType', { header: 'Claim Type' }),
  helper.accessor('serviceDate', { header: 'Service Date', cell: (info) => formatIsoDate(info.getValue()) }),
  money('Billed Amount', 'billedAmount'),
  money('Allowed Amount', 'allowedAmount'),
  money('Plan Payment', 'planPayment'),
  money('Patient Owes Amount', 'patientOwesAmount'),
  helper.accessor('paymentDate', { header: 'Payment Date', cell: (info) => formatPaymentDate(info.getValue()) }),
]);
