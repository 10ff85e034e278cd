import { z } from 'zod';
import { isoDate, knownCount, pageNumber, pagedList, pk, text } from './common';

export const CLAIM_TYPES = ['Medical', 'Dental', 'Pharmacy', 'Vision'] as const;
export type ClaimType = (typeof CLAIM_TYPES)[number];

export const CLAIM_PAGE_SIZE = 10;
export const CLAIM_PAGE_LINKS = 4;
export const CLAIM_SORT_FIELDS = [
  'patientFirstName',
  'patientLastName',
  'providerName',
  'claimNumber',
  'claimType',
  'serviceDate',
  'billedAmount',
  'allowedAmount',
  'planPayment',
  'patientOwesAmount',
  'paymentDate',
] as const;

export const claim = z.object({
  claimID: z.number().int(),
  subscriberPK: z.number().int(),
  patientPK: z.number().int().nullable(),
  patientFirstName: z.string(),
  patientLastName: z.string(),
  providerName: z.string(),
  claimNumber: z.string(),
  claimType: z.string(),
  serviceDate: isoDate,
  billedAmount: z.number(),
  allowedAmount: z.number(),
  planPayment: z.number(),
  patientOwesAmount: z.number(),
  paymentDate: isoDate.nullable(),
});
export type Claim = z.infer<typeof claim>;

export const claimSearchQuery = z.object({ employerPK: pk });
export const claimSearchBody = z.object({
  startDate: isoDate.or(z.literal('')).optional(),
  endDate: isoDate.or(z.literal('')).optional(),
  firstName: text(25).optional(),
  lastName: text(25).optional(),
  recordsPerPage: z.number().int().min(1).max(100).default(CLAIM_PAGE_SIZE),
  page: pageNumber.default(0),
  sortColumn: z.enum(CLAIM_SORT_FIELDS).optional(),
  sortOrder: z.enum(['ASC', 'DESC']).optional(),
  knownCount,
});
export const claimList = pagedList(claim);

export const claimPdfQuery = z.object({ claimPK: pk, subscriberPK: pk, dependentPK: pk.optional() });
