import { z } from 'zod';
import { pk } from '../../../contracts/common';

/** The member to terminate, carried in the URL; a missing subscriber sends the user back to the chooser. */
export const terminateSearch = z.object({
  subscriberPK: pk.optional().catch(undefined),
  dependentPK: pk.optional().catch(undefined),
});

/** The chooser of this flow and its route loader must ask for the same list. */
export const TERMINATE_CHOOSER_OPTIONS = { termedAllowed: false } as const;
