import { z } from 'zod';
import { pk } from '../../../contracts/common';

// The chosen member travels in the URL so a reload keeps it; a missing or bad key sends the user
// back to the chooser (the route's loader redirects).
const optionalPk = pk.optional().catch(undefined);

export const subscriberPageSearch = z.object({ subscriberPK: optionalPk });
export const dependentPageSearch = z.object({ subscriberPK: optionalPk, dependentPK: optionalPk });
