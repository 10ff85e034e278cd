import { z } from 'zod';
import { dateOrderMessage, inDateOrder, optionalDateFilter } from '../../components/form/date-filter';
import { CLAIM_NAME_LIMIT } from './claim-search';

/** The claim filters as typed: names trimmed, dates real or blank and in order. */
export const claimFilterForm = z
  .object({
    firstName: z.string().trim().max(CLAIM_NAME_LIMIT),
    lastName: z.string().trim().max(CLAIM_NAME_LIMIT),
    startDate: optionalDateFilter('Start Date'),
    endDate: optionalDateFilter('End Date'),
  })
  .refine((f) => inDateOrder(f.startDate, f.endDate), {
    path: ['endDate'],
    message: dateOrderMessage('Start Date', 'End Date'),
  });
export type ClaimFilterInput = z.input<typeof claimFilterForm>;
export type ClaimFilterValues = z.output<typeof claimFilterForm>;
