import { z } from 'zod';
import { isoDate, pk } from './common';

/** FSA contribution amount: digits with optional thousands commas and two decimals (spec 1 §5). */
export const FSA_AMOUNT_PATTERN = /^(\d{1,3}(,\d{3})*|\d+)(\.\d{2})?$/;

export const PLAN_MESSAGES = {
  division: 'Division Required',
  medicalAnswer: 'Medical Coverage Infromation Is Required!',
  medicalPlan: 'Medical Plan Information Required',
  medicalTier: 'Medical Tier Required',
  dentalAnswer: 'Dental Coverage Infromation Is Required!',
  dentalPlan: 'Dental Plan Information Required',
  dentalTier: 'Dental Tier Required',
} as const;

/** FSA kinds as the coverage modal shows them; the server derives one from the FSA plan. */
export const FSA_TYPES = ['Health Care', 'Dependent Care'] as const;
export type FsaType = (typeof FSA_TYPES)[number];

/** FSA item of `GetFSAInformation` (spec 2 §3). */
const fsaItem = z.object({
  fsaName: z.string(),
  fsaType: z.string(),
  fsaYear: z.number().int(),
  electionAmount: z.number(),
  AvailableBalance: z.number(),
  planEnd: isoDate,
});
export type FsaItem = z.infer<typeof fsaItem>;

export const fsaInformation = z.object({ result: z.array(fsaItem) });
export const fsaQuery = z.object({ subscriberPK: pk });
