import { z } from 'zod';
import { flag, lookupItem } from './common';

export const LOOKUP_KINDS = [
  'gender',
  'maritalStatus',
  'userType',
  'state',
  'relationship',
  'payFrequency',
  'changePlanReason',
  'terminatePlanReason',
] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];

export const lookupList = z.array(lookupItem);

export const changePlanReasonQuery = z.object({ needAll: flag.optional() });

/** Relationships the dependent editor offers (spec 1 §5). */
export const OFFERED_RELATIONSHIP_PKS = [1, 3, 24] as const;

/** Added to the termination reasons by the screen (spec 1 §3). */
export const OTHER_TERMINATION_REASON = { pk: 99, name: 'other reason' } as const;

/** Marital status used when none is given (spec 1 §9). */
export const DEFAULT_MARITAL_STATUS_PK = 1;

/** Change reason of the follow-up request after a dependent termination (spec 1 §4). */
export const DEPENDENT_TERMINATION_CHANGE_REASON_PK = 14;

/** One call that fetches every form dropdown on login (spec 1 §7). */
export const dropdownLists = z.object({
  genders: lookupList,
  maritalStatuses: lookupList,
  userTypes: lookupList,
  states: z.array(lookupItem.extend({ code: z.string() })),
  relationships: lookupList,
  payFrequencies: lookupList,
  changePlanReasons: lookupList,
  terminatePlanReasons: lookupList,
});
export type DropdownLists = z.infer<typeof dropdownLists>;
