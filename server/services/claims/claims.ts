import { and, asc, desc, eq, gte, ilike, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { Claim, claimPdfQuery, claimSearchBody } from '../../../src/contracts/claims';
import { CLAIMS_NOT_SHOWN_MESSAGE, MY_CLAIMS_PAGE_SIZE, type MyClaimList } from '../../../src/contracts/my-benefits';
import type { Db } from '../../db/client';
import { claims, employers, subscribers } from '../../db/schema';
import { forbidden, notFound } from '../../lib/problem';
import { renderEobPdf } from '../../pdf/eob-pdf';
import { pdfFile, type FileAnswer } from '../../lib/file-answer';
import { listTotal } from '../../lib/list-total';
import { contains } from '../../lib/like-pattern';

type SearchBody = z.output<typeof claimSearchBody>;

/**
 * What a claim row holds, wherever claims are read (the search, its export, the EOB, the member view);
 * each sortable field of the search is one of its columns.
 */
export const claimColumns = {
  claimID: claims.claimID,
  subscriberPK: claims.subscriberPK,
  patientPK: claims.patientPK,
  patientFirstName: claims.patientFirstName,
  patientLastName: claims.patientLastName,
  providerName: claims.providerName,
  claimNumber: claims.claimNumber,
  claimType: claims.claimType,
  serviceDate: claims.serviceDate,
  billedAmount: claims.billedAmount,
  allowedAmount: claims.allowedAmount,
  planPayment: claims.planPayment,
  patientOwesAmount: claims.patientOwesAmount,
  paymentDate: claims.paymentDate,
};

/** The claim search's filter: service dates inclusive, patient names containing the typed text. */
export function claimFilter(
  employerPK: number,
  q: Pick<SearchBody, 'startDate' | 'endDate' | 'firstName' | 'lastName'>,
) {
  const firstName = q.firstName?.trim();
  const lastName = q.lastName?.trim();
  return and(
    eq(claims.employerPK, employerPK),
    q.startDate ? gte(claims.serviceDate, q.startDate) : undefined,
    q.endDate ? lte(claims.serviceDate, q.endDate) : undefined,
    firstName ? ilike(claims.patientFirstName, contains(firstName)) : undefined,
    lastName ? ilike(claims.patientLastName, contains(lastName)) : undefined,
  );
}

/** Newest service first; the claim key breaks ties, so paging never repeats or skips a row. */
const newestFirst = [desc(claims.serviceDate), desc(claims.claimID)] as const;

/**
 * My Benefits' claims: the member's own and their dependents' (a dependent's claim carries the
 * subscriber), newest service first, when the group lets members see them.
 */
export async function myClaims(
  db: Db,
  employerPK: number,
  subscriberPK: number | null,
  q: { page: number; knownCount?: number | undefined },
): Promise<MyClaimList> {
  if (subscriberPK === null) throw forbidden('Only a member of the group has claims to show.');
  const [group] = await db
    .select({ shown: employers.membersSeeClaims })
    .from(employers)
    .where(eq(employers.employerPK, employerPK));
  if (!group?.shown) throw forbidden(CLAIMS_NOT_SHOWN_MESSAGE);
  const where = and(eq(claims.employerPK, employerPK), eq(claims.subscriberPK, subscriberPK));
  const [list, recordCount] = await Promise.all([
    db
      .select(claimColumns)
      .from(claims)
      .where(where)
      .orderBy(...newestFirst)
      .limit(MY_CLAIMS_PAGE_SIZE)
      .offset(q.page * MY_CLAIMS_PAGE_SIZE),
    listTotal(db, q.knownCount, claims, where),
  ]);
  return { subscriberPK, list, recordCount };
}

/**
 * Claims of the group: service date range (inclusive), patient names by case-insensitive substring,
 * sorted on the chosen column (newest service first by default) and paged from page 0.
 */
export async function claimSearch(
  db: Db,
  employerPK: number,
  q: SearchBody,
): Promise<{ list: Claim[]; recordCount: number }> {
  const where = claimFilter(employerPK, q);
  const direction = q.sortOrder === 'ASC' ? asc : desc;
  // The claim key breaks ties, so paging never repeats or skips a row.
  const [list, recordCount] = await Promise.all([
    db
      .select(claimColumns)
      .from(claims)
      .where(where)
      .orderBy(direction(claimColumns[q.sortColumn ?? 'serviceDate']), direction(claims.claimID))
      .limit(q.recordsPerPage)
      .offset(q.page * q.recordsPerPage),
    listTotal(db, q.knownCount, claims, where),
  ]);
  return { list, recordCount };
}

/**
 * The explanation of benefits of one claim. The claim decided the group; the subscriber (and the
 * dependent, when given) must be the claim's own, so a mismatched link reads as missing.
 */
export async function claimEobPdf(db: Db, q: z.output<typeof claimPdfQuery>): Promise<FileAnswer> {
  const [row] = await db
    .select({
      claim: claimColumns,
      groupName: employers.employerName,
      groupID: employers.employerID,
      subscriberFirstName: subscribers.firstName,
      subscriberLastName: subscribers.lastName,
      subscriberID: subscribers.subscriberID,
    })
    .from(claims)
    .innerJoin(employers, eq(employers.employerPK, claims.employerPK))
    .innerJoin(subscribers, eq(subscribers.subscriberPK, claims.subscriberPK))
    .where(eq(claims.claimID, q.claimPK));
  if (!row || row.claim.subscriberPK !== q.subscriberPK) throw notFound();
  if (q.dependentPK !== undefined && row.claim.patientPK !== q.dependentPK) throw notFound();
  const data = await renderEobPdf({
    ...row.claim,
    groupName: row.groupName,
    groupID: row.groupID,
    subscriberName: `${row.subscriberFirstName} ${row.subscriberLastName}`,
    subscriberID: row.subscriberID,
  });
  return pdfFile(`EOB ${row.claim.claimNumber}.pdf`, data);
}
