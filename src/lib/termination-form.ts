import { z } from 'zod';
import { isoDate } from '../contracts/common';
import { terminationPayload } from '../contracts/terminations';

// Anything but a real date (blank, or a half-typed one from the picker) reads as missing, so the
// spec's 'Event Date is required!' / 'Termination Date is required!' is what the user sees.
const realDateOrBlank = (value: unknown) =>
  typeof value === 'string' && isoDate.safeParse(value).success ? value : '';

/** The fields typed on the terminate screen, validated with the contract's rules and messages. */
export const terminationForm = z.object({
  eventDate: z.preprocess(realDateOrBlank, terminationPayload.shape.eventDate),
  terminationDate: z.preprocess(realDateOrBlank, terminationPayload.shape.terminationDate),
  reasonPK: terminationPayload.shape.reasonPK,
  comment: z.string().max(500, 'Max 500 characters allowable.').optional(),
});
export type TerminationFormInput = z.input<typeof terminationForm>;
export type TerminationFormValues = z.output<typeof terminationForm>;
