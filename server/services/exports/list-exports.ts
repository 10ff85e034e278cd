// What each list's export holds: its columns and its keyset batches, over the same filter as the
// list on screen. SSNs appear only as their last four digits.
import { and, asc, desc, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DocumentKind } from '../../../src/contracts/documents';
import type {
  claimExportBody,
  documentExportBody,
  memberExportBody,
  requestExportBody,
  userExportBody,
} from '../../../src/contracts/exports';
import type { GroupUser } from '../../../src/contracts/users';
import { REQUEST_STATUS_LABELS, REQUEST_TYPE_LABELS } from '../../../src/contracts/requests';
import { claims, documents, requests, subscribers } from '../../db/schema';
import { claimColumns, claimFilter } from '../claims';
import { requestFilter } from '../member-requests';
import { subscriberFilter } from '../members';
import { userListRows } from '../identity';
import { documentFilter } from '../reports';
import { exportFile, type ExportColumn, type ExportRequest } from './export-writer';

type Caller = Omit<ExportRequest, 'list' | 'format'>;

// ---- Members: by last name, as the list opens ----

const memberColumns = {
  subscriberPK: subscribers.subscriberPK,
  subscriberID: subscribers.subscriberID,
  lastName: subscribers.lastName,
  firstName: subscribers.firstName,
  ssnLast4: subscribers.ssnLast4,
  dateOfBirth: subscribers.dateOfBirth,
  dateOfHire: subscribers.dateOfHire,
  effectiveDate: subscribers.effectiveDate,
  termDate: subscribers.termDate,
};
type MemberRow = Pick<typeof subscribers.$inferSelect, keyof typeof memberColumns>;

const MEMBER_EXPORT: ExportColumn<MemberRow>[] = [
  { header: 'Subscriber ID', type: 'text', value: (r) => r.subscriberID },
  { header: 'Last Name', type: 'text', value: (r) => r.lastName, width: 20 },
  { header: 'First Name', type: 'text', value: (r) => r.firstName, width: 20 },
  { header: 'SSN (last 4)', type: 'text', value: (r) => r.ssnLast4 },
  { header: 'Date Of Birth', type: 'date', value: (r) => r.dateOfBirth },
  { header: 'Date Of Hire', type: 'date', value: (r) => r.dateOfHire },
  { header: 'Effective Date', type: 'date', value: (r) => r.effectiveDate },
  { header: 'Term Date', type: 'date', value: (r) => r.termDate },
];

export function memberExport(caller: Caller, body: z.output<typeof memberExportBody>) {
  const where = subscriberFilter(caller.employerPK, body);
  return exportFile({ ...caller, list: 'members', format: body.format }, MEMBER_EXPORT, (after, limit) =>
    caller.db
      .select(memberColumns)
      .from(subscribers)
      .where(
        and(
          where,
          after
            ? sql`(${subscribers.lastName}, ${subscribers.subscriberPK}) > (${after.lastName}, ${after.subscriberPK})`
            : undefined,
        ),
      )
      .orderBy(asc(subscribers.lastName), asc(subscribers.subscriberPK))
      .limit(limit),
  );
}

// ---- Claims: newest service first, as the search opens ----

type ClaimRow = Pick<typeof claims.$inferSelect, keyof typeof claimColumns>;

const CLAIM_EXPORT: ExportColumn<ClaimRow>[] = [
  { header: 'Claim Number', type: 'text', value: (r) => r.claimNumber, width: 16 },
  { header: 'Patient First Name', type: 'text', value: (r) => r.patientFirstName, width: 20 },
  { header: 'Patient Last Name', type: 'text', value: (r) => r.patientLastName, width: 20 },
  { header: 'Provider', type: 'text', value: (r) => r.providerName, width: 28 },
  { header: 'Claim Type', type: 'text', value: (r) => r.claimType },
  { header: 'Service Date', type: 'date', value: (r) => r.serviceDate },
  { header: 'Billed Amount', type: 'money', value: (r) => r.billedAmount, width: 15 },
  { header: 'Allowed Amount', type: 'money', value: (r) => r.allowedAmount, width: 16 },
  { header: 'Plan Payment', type: 'money', value: (r) => r.planPayment, width: 15 },
  { header: 'Patient Owes', type: 'money', value: (r) => r.patientOwesAmount, width: 15 },
  { header: 'Payment Date', type: 'date', value: (r) => r.paymentDate },
  { header: 'Status', type: 'text', value: (r) => (r.paymentDate ? 'Paid' : 'In-Process') },
];

export function claimExport(caller: Caller, body: z.output<typeof claimExportBody>) {
  const where = claimFilter(caller.employerPK, body);
  return exportFile({ ...caller, list: 'claims', format: body.format }, CLAIM_EXPORT, (after, limit) =>
    caller.db
      .select(claimColumns)
      .from(claims)
      .where(
        and(
          where,
          after
            ? sql`(${claims.serviceDate}, ${claims.claimID}) < (${after.serviceDate}, ${after.claimID})`
            : undefined,
        ),
      )
      .orderBy(desc(claims.serviceDate), desc(claims.claimID))
      .limit(limit),
  );
}

// ---- Enrollment submissions: newest first ----

const requestExportColumns = {
  requestPK: requests.requestPK,
  type: requests.type,
  subscriberLastName: requests.subscriberLastName,
  subscriberFirstName: requests.subscriberFirstName,
  createdAt: requests.createdAt,
  status: requests.status,
};
type RequestRow = Pick<typeof requests.$inferSelect, keyof typeof requestExportColumns>;

/** The day a request was made, in the server's zone (as the list's date filter counts it). */
const localDay = (at: Date) =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;

const REQUEST_EXPORT: ExportColumn<RequestRow>[] = [
  { header: 'Request Number', type: 'number', value: (r) => r.requestPK },
  { header: 'Type', type: 'text', value: (r) => REQUEST_TYPE_LABELS[r.type], width: 30 },
  { header: 'Subscriber Last Name', type: 'text', value: (r) => r.subscriberLastName, width: 22 },
  { header: 'Subscriber First Name', type: 'text', value: (r) => r.subscriberFirstName, width: 22 },
  { header: 'Date Requested', type: 'date', value: (r) => localDay(r.createdAt), width: 16 },
  { header: 'Status', type: 'text', value: (r) => REQUEST_STATUS_LABELS[r.status], width: 18 },
];

export function requestExport(caller: Caller, body: z.output<typeof requestExportBody>) {
  const where = requestFilter(caller.employerPK, body);
  // Keys follow creation, so newest first is key order, and the key alone carries the place.
  return exportFile({ ...caller, list: 'requests', format: body.format }, REQUEST_EXPORT, (after, limit) =>
    caller.db
      .select(requestExportColumns)
      .from(requests)
      .where(and(where, after ? sql`${requests.requestPK} < ${after.requestPK}` : undefined))
      .orderBy(desc(requests.requestPK))
      .limit(limit),
  );
}

// ---- Funding reports, invoices, monthly reports: newest first ----

const documentExportColumns = {
  documentPK: documents.documentPK,
  documentName: documents.documentName,
  createDate: documents.createDate,
};
type DocumentRow = Pick<typeof documents.$inferSelect, keyof typeof documentExportColumns>;

const DOCUMENT_EXPORT: ExportColumn<DocumentRow>[] = [
  { header: 'Document Name', type: 'text', value: (r) => r.documentName, width: 40 },
  { header: 'Create Date', type: 'date', value: (r) => r.createDate },
];

export function documentExport(caller: Caller, kind: DocumentKind, body: z.output<typeof documentExportBody>) {
  const where = documentFilter(caller.employerPK, kind, body.filterOptions);
  return exportFile({ ...caller, list: kind, format: body.format }, DOCUMENT_EXPORT, (after, limit) =>
    caller.db
      .select(documentExportColumns)
      .from(documents)
      .where(
        and(
          where,
          after
            ? sql`(${documents.createDate}, ${documents.documentPK}) < (${after.createDate}, ${after.documentPK})`
            : undefined,
        ),
      )
      .orderBy(desc(documents.createDate), desc(documents.documentPK))
      .limit(limit),
  );
}

// ---- Users of the group: in the order of the screen ----

const USER_STATUS_LABELS = { invited: 'Invited', active: 'Active', deactivated: 'Deactivated' } as const;

const USER_EXPORT: ExportColumn<GroupUser>[] = [
  { header: 'Last Name', type: 'text', value: (r) => r.familyName, width: 20 },
  { header: 'First Name', type: 'text', value: (r) => r.givenName, width: 20 },
  { header: 'E-mail', type: 'text', value: (r) => r.email, width: 30 },
  { header: 'Roles', type: 'text', value: (r) => r.roles.join(', '), width: 30 },
  { header: 'Status', type: 'text', value: (r) => USER_STATUS_LABELS[r.status] },
  { header: 'Last Sign-in', type: 'text', value: (r) => r.lastSignInAt, width: 26 },
  { header: 'MFA', type: 'text', value: (r) => (r.mfaEnabled ? 'On' : 'Off') },
];

export function userExport(caller: Caller, body: z.output<typeof userExportBody>) {
  // A group's users are a few thousand at most: pages of the list's own query.
  let offset = 0;
  return exportFile({ ...caller, list: 'users', format: body.format }, USER_EXPORT, async (after, limit) => {
    if (after === null) offset = 0;
    const page = await userListRows(caller.db, caller.employerPK, body, { offset, limit });
    offset += page.length;
    return page;
  });
}
