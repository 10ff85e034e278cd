// The home dashboard's aggregates: counts and sums computed in the database, never member rows.
import { z } from 'zod';
import { isoDate, pk } from './common';
import { REQUEST_STATUSES } from './requests';

export const insightQuery = z.object({ employerPK: pk });

/** A calendar month, `yyyy-MM`. */
const month = z.string().regex(/^\d{4}-\d{2}$/);

/** Months a trend covers, the current one last. */
export const TREND_MONTHS = 12;
/** Days the requests panel looks back, today included. */
export const REQUEST_PANEL_DAYS = 30;

export const membershipInsight = z.object({
  asOf: isoDate,
  /** Subscribers not termed (the kept count of the member list). */
  subscribers: z.number().int().nonnegative(),
  /** Dependents not termed. */
  dependents: z.number().int().nonnegative(),
  /** Subscribers enrolled (effective and not termed) on the last day of each month; today for the current one. */
  trend: z.array(z.object({ month, subscribers: z.number().int().nonnegative() })),
});
export type MembershipInsight = z.infer<typeof membershipInsight>;

const planCount = z.object({ planName: z.string(), tierName: z.string().nullable(), subscribers: z.number().int() });
export type PlanCount = z.infer<typeof planCount>;

export const enrollmentInsight = z.object({
  asOf: isoDate,
  /** Subscribers with medical coverage in force today, by plan and tier. */
  medical: z.array(planCount),
  /** Subscribers with dental coverage in force today, by plan. */
  dental: z.array(planCount),
});
export type EnrollmentInsight = z.infer<typeof enrollmentInsight>;

export const requestsInsight = z.object({
  /** Inclusive days of the date requested. */
  dateFrom: isoDate,
  dateTo: isoDate,
  byStatus: z.array(z.object({ status: z.enum(REQUEST_STATUSES), count: z.number().int().nonnegative() })),
});
export type RequestsInsight = z.infer<typeof requestsInsight>;

export const CLAIM_STATUSES = ['Paid', 'In-Process'] as const;

export const claimsInsight = z.object({
  /** Plan payments by month of payment, the last TREND_MONTHS months. */
  paidByMonth: z.array(z.object({ month, claims: z.number().int(), planPayment: z.number() })),
  /** Claims with a service date in the same months, by status. */
  byStatus: z.array(z.object({ status: z.enum(CLAIM_STATUSES), claims: z.number().int(), billedAmount: z.number() })),
});
export type ClaimsInsight = z.infer<typeof claimsInsight>;

export const documentInsight = z.object({
  latest: z.object({ documentName: z.string(), createDate: isoDate }).nullable(),
  /** Documents created in the last TREND_MONTHS months. */
  lastYear: z.number().int().nonnegative(),
});
export type DocumentInsight = z.infer<typeof documentInsight>;
