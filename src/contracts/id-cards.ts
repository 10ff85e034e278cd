import { z } from 'zod';
import { pk } from './common';

export const idCard = z.object({
  idCardPK: z.number().int(),
  /** Data URLs of the card's two sides. */
  frontImage: z.string(),
  backImage: z.string(),
});
export type IdCard = z.infer<typeof idCard>;

export const viewIdCardQuery = z.object({ subscriberPK: pk, idCardPK: pk.optional() });
export const idCardPdfQuery = z
  .object({ subscriberPK: pk.optional(), idCardPK: pk.optional() })
  .refine((q) => q.subscriberPK !== undefined || q.idCardPK !== undefined, 'subscriberPK or idCardPK is required.');
export const requestIdCardAnswer = z.object({ idCardPK: z.number().int() });
