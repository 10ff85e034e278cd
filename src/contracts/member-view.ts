// One member in one place: demographics, dependents, coverage history (termed coverage included),
// requests with their status history, ID cards and, for roles that may see claims, the claims.
import { z } from 'zod';
import { claim } from './claims';
import { isoDate, pk } from './common';
import { REQUEST_STATUSES } from './requests';
import { REQUEST_TYPES } from './subscribers';

export const memberViewQuery = z.object({ subscriberPK: pk });

/** Requests and claims shown: the newest ones. */
export const MEMBER_VIEW_LIMIT = 100;

const coverageItem = z.object({
  coveragePK: z.number().int(),
  planType: z.enum(['Medical', 'Dental', 'FSA']),
  planName: z.string(),
  /** The tier of medical and dental coverage; null for FSA. */
  tierName: z.string().nullable(),
  /** The covered member: the subscriber (null) or a dependent. */
  dependentPK: z.number().int().nullable(),
  memberName: z.string(),
  beginDate: isoDate,
  endDate: isoDate.nullable(),
  /** The FSA election, for FSA rows. */
  electionAmount: z.number().nullable(),
});
export type CoverageItem = z.infer<typeof coverageItem>;

export const memberView = z.object({
  subscriber: z.object({
    subscriberPK: z.number().int(),
    subscriberID: z.string(),
    firstName: z.string(),
    middleName: z.string().nullable(),
    lastName: z.string(),
    ssnLast4: z.string(),
    dateOfBirth: isoDate,
    gender: z.string().nullable(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    division: z.string().nullable(),
    dateOfHire: isoDate.nullable(),
    effectiveDate: isoDate.nullable(),
    termDate: isoDate.nullable(),
  }),
  dependents: z.array(
    z.object({
      dependentPK: z.number().int(),
      dependentID: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      relationship: z.string().nullable(),
      ssnLast4: z.string().nullable(),
      dateOfBirth: isoDate,
      termDate: isoDate.nullable(),
    }),
  ),
  coverage: z.array(coverageItem),
  requests: z.array(
    z.object({
      requestPK: z.number().int(),
      type: z.enum(REQUEST_TYPES),
      status: z.enum(REQUEST_STATUSES),
      createdAt: z.iso.datetime({ offset: true }),
      history: z.array(
        z.object({
          status: z.enum(REQUEST_STATUSES),
          changedAt: z.iso.datetime({ offset: true }),
          note: z.string().nullable(),
        }),
      ),
    }),
  ),
  idCards: z.array(
    z.object({ idCardPK: z.number().int(), cardNumber: z.string(), issuedAt: z.iso.datetime({ offset: true }) }),
  ),
  /** Null when the caller's roles do not include claims. */
  claims: z.array(claim).nullable(),
});
export type MemberView = z.infer<typeof memberView>;
