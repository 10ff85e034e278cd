import { z } from 'zod';
import { isoDate, knownCountText, MAX_PAGE, pagedList, pk, text } from './common';

export const ACCESS_REPORT_PAGE_SIZE = 25;
export const ACCESS_REPORT_FILE_NAME = 'access-report.csv';
export const ACCESS_OUTCOMES = ['allowed', 'refused'] as const;
export const ACCESS_SORT_FIELDS = ['at', 'actorEmail', 'endpoint', 'status'] as const;
/**
 * The report counts and lists at most this many entries of a filter (40 pages), so a group whose trail
 * holds millions costs what a small one does: past it the count reads "1,000+", the list stops at its
 * last page, and a sort other than by time orders the newest 1,000 matches. Narrowing the filter (a
 * date range, a user, a member) reaches the rest; the CSV holds every match.
 */
export const ACCESS_REPORT_CAP = 1_000;
export type AccessSortField = (typeof ACCESS_SORT_FIELDS)[number];

/** Filters of the Access Report; the list and the CSV take the same ones (query text, so coerced). */
export const accessReportFilters = z.object({
  employerPK: pk,
  /** Calendar days, both included, in the server's zone. */
  from: isoDate.or(z.literal('')).optional(),
  to: isoDate.or(z.literal('')).optional(),
  /** Part of the acting user's email. */
  user: text(100).trim().optional(),
  /** A subscriber's last name (start of it) or the last 4 digits of their SSN. */
  member: text(50).trim().optional(),
  /** An endpoint name of the endpoint table. */
  endpoint: z
    .string()
    .max(60)
    .regex(/^[A-Za-z]*$/)
    .optional(),
  outcome: z.enum(ACCESS_OUTCOMES).or(z.literal('')).optional(),
  sort: z.enum(ACCESS_SORT_FIELDS).default('at'),
  order: z.enum(['ASC', 'DESC']).default('DESC'),
});
export type AccessReportFilters = z.input<typeof accessReportFilters>;

export const accessReportQuery = accessReportFilters.extend({
  page: z.coerce.number().int().min(0).max(MAX_PAGE).default(0),
  recordsPerPage: z.coerce.number().int().min(1).max(100).default(ACCESS_REPORT_PAGE_SIZE),
  /** The filter's total from its first page; ACCESS_REPORT_CAP + 1 stands for "more than the cap". */
  knownCount: knownCountText,
});
export type AccessReportQuery = z.input<typeof accessReportQuery>;

const accessEvent = z.object({
  auditEventPK: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  actor: z.string(),
  actorEmail: z.string().nullable(),
  endpoint: z.string(),
  action: z.string(),
  status: z.number().int().nullable(),
  ip: z.string().nullable(),
  /** `<kind>:<pk>` of each record the call touched. */
  records: z.array(z.string()),
});
export type AccessEvent = z.infer<typeof accessEvent>;

export const accessReport = pagedList(accessEvent).extend({
  /** More than ACCESS_REPORT_CAP entries matched: recordCount is the cap. */
  countCapped: z.boolean().optional(),
});
