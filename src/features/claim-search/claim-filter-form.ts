import { z } from 'zod';
import { DATE_RANGE_LABELS, dateRangeFields, dateRangeInOrder } from '../../components/form/date-range';
import { CLAIM_NAME_LIMIT } from './claim-search';

/** The fields' labels, in screen order. */
export const CLAIM_FILTER_LABELS = { firstName: 'First Name', lastName: 'Last Name', ...DATE_RANGE_LABELS };

/** The claim filters as typed: names trimmed, dates real or blank and in order. */
export const claimFilterForm = z
  .object({
    firstName: z.string().trim().max(CLAIM_NAME_LIMIT),
    lastName: z.string().trim().max(CLAIM_NAME_LIMIT),
    ...dateRangeFields,
  })
  .refine(...dateRangeInOrder);
