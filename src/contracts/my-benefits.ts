import { z } from 'zod';
import { isoDate, pk } from './common';

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
});
export type MyBenefits = z.infer<typeof myBenefits>;
