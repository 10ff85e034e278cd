import { z } from 'zod';
import { claim } from './claims';
import { MAX_PAGE, isoDate, knownCountText, pk } from './common';

// My Benefits: a Member's own coverage, dependents and what it costs them per paycheck.

export const myBenefitsQuery = z.object({ employerPK: pk });

const coveredPerson = z.object({ name: z.string(), relationship: z.string() });

const myCoverage = z.object({
  planType: z.enum(['Medical', 'Dental']),
  planName: z.string(),
  tierName: z.string(),
  beginDate: isoDate,
  endDate: isoDate.nullable(),
  /** Per pay period, exact decimals; null when the plan has no rate for the tier. */
  employeeShare: z.string().nullable(),
  employerShare: z.string().nullable(),
  covered: z.array(coveredPerson),
});
export type MyCoverage = z.infer<typeof myCoverage>;

export const myBenefits = z.object({
  /** The member's own record (named so the read is audited against it). */
  subscriberPK: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  payFrequency: z.string(),
  periodsPerYear: z.number().int(),
  coverages: z.array(myCoverage),
  fsaElections: z.array(z.object({ planName: z.string(), planYear: z.number().int(), electionAmount: z.number() })),
  dependents: z.array(
    z.object({
      dependentPK: z.number().int(),
      name: z.string(),
      relationship: z.string(),
      dateOfBirth: isoDate,
    }),
  ),
  /** The member's share of every coverage per pay period and per year, exact decimals. */
  perPaycheck: z.string(),
  perYear: z.string(),
  /** The group lets members see their own claims here ("Members see their own claims"). */
  claimsShown: z.boolean(),
});
export type MyBenefits = z.infer<typeof myBenefits>;

/** The member's claims: 10 a page, newest service first; the total of page 0 may be sent back. */
export const MY_CLAIMS_PAGE_SIZE = 10;
export const myClaimsQuery = z.object({
  employerPK: pk,
  page: z.coerce.number().int().min(0).max(MAX_PAGE).default(0),
  knownCount: knownCountText,
});

export const myClaimList = z.object({
  /** The member's own record (named so the read is audited against it). */
  subscriberPK: z.number().int(),
  list: z.array(claim),
  recordCount: z.number().int().nonnegative(),
});
export type MyClaimList = z.infer<typeof myClaimList>;

export const CLAIMS_NOT_SHOWN_MESSAGE = 'Your employer does not show claims here.';

export const myDocumentsQuery = z.object({ employerPK: pk });
/** A confirmation statement of the member's own, as a PDF: the one named, or their latest. */
export const myStatementQuery = z.object({ employerPK: pk, statementPK: pk.optional() });
export const myDocuments = z.object({
  subscriberPK: z.number().int(),
  /** The latest confirmation statement of each open enrollment window, newest first. */
  statements: z.array(z.object({ statementPK: z.number().int(), planYearBegin: isoDate, submittedAt: z.string() })),
});
export type MyDocuments = z.infer<typeof myDocuments>;
