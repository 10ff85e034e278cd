// Security bench: starts the portal on a fresh seeded database (PGlite in a temp folder, or
// DATABASE_URL), listens on a loopback port and probes it over real HTTP as an attacker and an
// auditor would. Prints, and exits non-zero on any failure of:
// - the authorization matrix: every endpoint of the table × every seeded account, a user without
//   groups, an anonymous caller and a forged token × the caller's own group, another group and a
//   group that does not exist; a cell is unexpected when a caller without the right gets anything but
//   a refusal, or a caller with it gets a refusal or a 5xx;
// - hostile requests (the server fuzz test's generator) sent over HTTP: count of 5xx;
// - the access audit: exactly one row per PHI read or change and per refused group call, naming the
//   caller and the group;
// - the limit on calls without a token: a flood from one client address (through this machine, a
//   trusted proxy) to a second replica with the default limit is answered 401 up to the limit, then 429
//   with Retry-After, and adds at most limit + 1 audit rows per minute; a valid token from that address
//   and another address are not limited;
// - sign-in protection: wrong passwords before the lock, the right one refused while locked, the same
//   answer for an unknown address, the right one accepted after the delay, the per-address lock.
// The database is read to pick record ids and count audit rows; first each seeded group gets one
// carrier file (a full file, through the service), so the file calls have a file of the group to name.
//
//   npm run bench:security
//   BENCH_FUZZ=20000 npm run bench:security    more hostile requests
//   BENCH_FLOOD=5000 npm run bench:security    more calls without a token from one address
//   DATABASE_URL=postgres://… npm run bench:security
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { generateSync } from 'otplib';
import { endpointUrl, type Endpoint } from '../src/contracts/endpoint';
import { endpoints, type EndpointName } from '../src/contracts/endpoints';
import { canAccess, type Role } from '../src/contracts/permissions';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { closeAnonymousCallWindows, windowStartOf } from '../server/routes/anonymous-call-limit';
import { openDatabase, type Db } from '../server/db/client';
import {
  auditEvents,
  carrierFiles,
  claims,
  dependents,
  divisions,
  documents,
  fsaElections,
  idCards,
  plans,
  requests,
  signInThrottles,
  subscribers,
  userLinks,
} from '../server/db/schema';
import { DEMO_PASSWORD, DEMO_USERS as ACCOUNTS, type DemoUser } from '../server/db/seed/demo-users';
import { seedDatabase } from '../server/db/seed/seed-database';
import { carrierFeedKey, generateFullFile } from '../server/services/carrier-feed';
import { savePlanSbc } from '../server/services/open-enrollment';
import { CALLERS as FUZZ_CALLERS, fuzzRequestOf, fuzzViolation, loadKnownIds } from '../server/test/fuzz-requests';
import { startTestInbox } from '../server/test/mail-inbox';
import { LoginSession, httpSend, signInWith } from '../server/test/sign-in';
import { exitAfter, fixed } from './support/figures';

/** The roles a seeded user holds in a group: the operator's in every group that exists. */
function rolesOf(account: DemoUser, employerPK: number): Role[] {
  if (account.portalAdministrator) return employerPK === UNKNOWN_GROUP ? [] : ['Portal Administrator'];
  return account.groupRoles.find((g) => g.GroupPK === employerPK)?.roles ?? [];
}

const FUZZ_REQUESTS = Number(process.env.BENCH_FUZZ ?? 5_200);
const FUZZ_SEED = 20_251_123;
const FLOOD_CALLS = Number(process.env.BENCH_FLOOD ?? 1_000);
const DEADLINE_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 20 * 60_000);
const LOCK_SECONDS = 2;
const PUBLIC_URL = 'http://localhost';
const OTHER_GROUP = 5;
const UNKNOWN_GROUP = 999_999;
/** Ids no seeded record has, for the group that does not exist. */
const MISSING_PK = 2_000_000_000;
const REFUSALS = new Set([401, 403, 404]);

/** A sample naming a record its group does not have (the operator may ask; the answer is 404). */
const namesMissingRecord = (sample: unknown) =>
  (JSON.stringify(sample).match(/\d{10}/g) ?? []).some((digits) => Number(digits) >= MISSING_PK);

/**
 * Reads of what the seed has none of yet (404): a member's confirmation statement before any
 * submission, the proof of a life event before any is reported.
 */
const NOTHING_YET = new Set<string>(['myStatement', 'requestProof']);

exitAfter(DEADLINE_MS);

// ---------------------------------------------------------------------------------------------------
// Records of a group that each call names.

type Records = {
  employerPK: number;
  divisionPK: number;
  subscriberPK: number;
  /** A subscriber with dependents, and one of them. */
  parentPK: number;
  dependentPK: number;
  cardHolderPK: number;
  fsaHolderPK: number;
  claimPK: number;
  claimantPK: number;
  requestPK: number;
  carrierFilePK: number;
  /** A plan of this year, which the bench gives a Summary of Benefits and Coverage. */
  planPK: number;
  documents: { funding: string; invoice: string; monthly: string };
};

async function recordsOf(db: Db, employerPK: number): Promise<Records> {
  const first = async <T>(rows: Promise<T[]>) => (await rows)[0];
  const ofGroup = eq(subscribers.employerPK, employerPK);
  const division = await first(
    db.select({ pk: divisions.divisionPK }).from(divisions).where(eq(divisions.employerPK, employerPK)).limit(1),
  );
  const subscriber = await first(db.select({ pk: subscribers.subscriberPK }).from(subscribers).where(ofGroup).limit(1));
  const dependent = await first(
    db
      .select({ pk: dependents.dependentPK, parent: dependents.subscriberPK })
      .from(dependents)
      .innerJoin(subscribers, eq(subscribers.subscriberPK, dependents.subscriberPK))
      .where(ofGroup)
      .limit(1),
  );
  const card = await first(
    db
      .select({ pk: idCards.subscriberPK })
      .from(idCards)
      .innerJoin(subscribers, eq(subscribers.subscriberPK, idCards.subscriberPK))
      .where(ofGroup)
      .limit(1),
  );
  const fsa = await first(
    db
      .select({ pk: fsaElections.subscriberPK })
      .from(fsaElections)
      .innerJoin(subscribers, eq(subscribers.subscriberPK, fsaElections.subscriberPK))
      .where(ofGroup)
      .limit(1),
  );
  const claim = await first(
    db
      .select({ pk: claims.claimID, subscriberPK: claims.subscriberPK })
      .from(claims)
      .where(eq(claims.employerPK, employerPK))
      .limit(1),
  );
  const request = await first(
    db
      .select({ pk: requests.requestPK })
      .from(requests)
      .where(eq(requests.employerPK, employerPK))
      // An enrollment where the group has one: the draft calls read enrollments.
      .orderBy(sql`${requests.type} <> 'NewEnrollment'`, requests.requestPK)
      .limit(1),
  );
  const plan = await first(
    db
      .select({ pk: plans.planPK })
      .from(plans)
      .where(and(eq(plans.employerPK, employerPK), eq(plans.contractBeginDate, `${year}-01-01`)))
      .orderBy(asc(plans.planPK))
      .limit(1),
  );
  const carrierFile = await first(
    db
      .select({ pk: carrierFiles.carrierFilePK })
      .from(carrierFiles)
      .where(eq(carrierFiles.employerPK, employerPK))
      .limit(1),
  );
  const docs = await db
    .select({ kind: documents.kind, name: documents.documentName })
    .from(documents)
    .where(eq(documents.employerPK, employerPK));
  const doc = (kind: string) => docs.find((d) => d.kind === kind)?.name ?? 'missing.pdf';
  // A group without some record (the unknown group has none) is asked about ids nobody has.
  const pk = (value: number | undefined, offset: number) => value ?? MISSING_PK + offset;
  return {
    employerPK,
    divisionPK: pk(division?.pk, 1),
    subscriberPK: pk(subscriber?.pk, 2),
    parentPK: pk(dependent?.parent, 3),
    dependentPK: pk(dependent?.pk, 4),
    cardHolderPK: pk(card?.pk, 5),
    fsaHolderPK: pk(fsa?.pk, 6),
    claimPK: pk(claim?.pk, 7),
    claimantPK: pk(claim?.subscriberPK, 8),
    requestPK: pk(request?.pk, 9),
    carrierFilePK: pk(carrierFile?.pk, 10),
    planPK: pk(plan?.pk, 12),
    documents: { funding: doc('funding'), invoice: doc('invoice'), monthly: doc('monthly') },
  };
}

// ---------------------------------------------------------------------------------------------------
// One call of each endpoint, naming the group's records. Reads are complete and answer 200 when
// allowed; changes send only what locates the record, so an allowed caller gets past authorization
// and is then told what the form lacks (400) or that the record's state forbids it (409) — nothing
// is changed by the bench except ID card requests and drafts.

type Sample = { query?: Record<string, string | number | boolean>; body?: unknown };

const year = new Date().getFullYear();
const SAMPLES: { readonly [N in EndpointName]: (r: Records) => Sample } = {
  accountAccess: (r) => ({ query: { employerPK: r.employerPK } }),
  accountGroups: () => ({ query: { search: 'a' } }),
  // The caller's own account: bodies that change nothing (400) where a call would change something.
  myAccount: () => ({}),
  changePassword: () => ({ body: { currentPassword: 'x' } }),
  startTotpSetup: () => ({}),
  confirmTotpSetup: () => ({ body: { pending: 'x', code: 'x' } }),
  newRecoveryCodes: () => ({}),
  signOutSession: () => ({ body: {} }),
  signOutOtherSessions: () => ({}),
  startPasskeyRegistration: () => ({}),
  finishPasskeyRegistration: () => ({ body: { pending: 'x' } }),
  removePasskey: () => ({ body: {} }),
  // Group setup: the operator's only; an empty body is told what it lacks (400), nothing is created.
  groupSetupTemplate: () => ({}),
  readGroupWorkbook: () => ({ query: { fileName: 'setup.xlsx' }, body: Buffer.from('not a workbook') }),
  createGroup: () => ({ body: {} }),
  myBenefits: (r) => ({ query: { employerPK: r.employerPK } }),
  myClaims: (r) => ({ query: { employerPK: r.employerPK } }),
  myDocuments: (r) => ({ query: { employerPK: r.employerPK } }),
  myEnrollment: (r) => ({ query: { employerPK: r.employerPK } }),
  myStatement: (r) => ({ query: { employerPK: r.employerPK } }),
  myIdCard: (r) => ({ query: { employerPK: r.employerPK } }),
  submitElections: (r) => ({ body: { employerPK: r.employerPK } }),
  lifeEventOptions: (r) => ({ query: { employerPK: r.employerPK } }),
  // An empty report is told what it lacks (400); a proof for an event that is not there is 404.
  reportLifeEvent: (r) => ({ body: { employerPK: r.employerPK } }),
  uploadLifeEventProof: (r) => ({
    query: { employerPK: r.employerPK, lifeEventPK: MISSING_PK },
    body: Buffer.from('%PDF-1.4\n'),
  }),
  requestProof: (r) => ({ query: { requestPK: r.requestPK } }),
  enrollmentWindow: (r) => ({ query: { employerPK: r.employerPK } }),
  // The seed opens no window: an allowed caller gets an empty list, and a CSV of its header.
  enrollmentStatusList: (r) => ({ query: { employerPK: r.employerPK, status: 'notStarted', recordsPerPage: 5 } }),
  enrollmentStatusCsv: (r) => ({ query: { employerPK: r.employerPK, lastName: 'a' } }),
  // Sends nothing: the seed opens no window (409).
  remindMembers: (r) => ({ body: { employerPK: r.employerPK } }),
  inviteEmployees: (r) => ({ body: { employerPK: r.employerPK, subscriberPK: 0 } }),
  openEnrollmentWindow: (r) => ({ body: { employerPK: r.employerPK } }),
  // The seed has no window: closing answers 409, approving a window that is not there 404.
  closeEnrollmentWindow: (r) => ({ body: { employerPK: r.employerPK } }),
  memberStatements: (r) => ({ query: { subscriberPK: r.subscriberPK } }),
  memberStatementPdf: (r) => ({ query: { subscriberPK: r.subscriberPK, statementPK: MISSING_PK } }),
  approveWindowRequests: (r) => ({ body: { employerPK: r.employerPK, windowPK: MISSING_PK } }),
  planYearList: (r) => ({ query: { employerPK: r.employerPK } }),
  planYearPlans: (r) => ({ query: { employerPK: r.employerPK, beginDate: `${year}-01-01` } }),
  copyPlanYear: (r) => ({ body: { employerPK: r.employerPK } }),
  savePlanRates: (r) => ({ body: { employerPK: r.employerPK } }),
  setPlanSuccessor: (r) => ({ body: { employerPK: r.employerPK } }),
  savePlanDetails: (r) => ({ body: { employerPK: r.employerPK } }),
  setPayFrequency: (r) => ({ body: { employerPK: r.employerPK } }),
  setMembersSeeClaims: (r) => ({ body: { employerPK: r.employerPK } }),
  // Uploads: the file holds no rows (400), and the other calls name an upload nobody has (404).
  importList: (r) => ({ query: { employerPK: r.employerPK } }),
  importUpload: (r) => ({ query: { employerPK: r.employerPK, fileName: 'empty.csv' }, body: Buffer.from('SSN\n') }),
  importRoster: (r) => ({ query: { employerPK: r.employerPK, fileName: 'roster.834' }, body: Buffer.from('not x12') }),
  importView: (r) => ({ query: { employerPK: r.employerPK, importPK: MISSING_PK + 11 } }),
  importRows: (r) => ({ query: { employerPK: r.employerPK, importPK: MISSING_PK + 11 } }),
  importMapping: (r) => ({ body: { employerPK: r.employerPK, importPK: MISSING_PK + 11, mapping: {} } }),
  importFixRow: (r) => ({ body: { employerPK: r.employerPK, importPK: MISSING_PK + 11, rowNumber: 2, cells: {} } }),
  importCommit: (r) => ({ body: { employerPK: r.employerPK, importPK: MISSING_PK + 11, mode: 'valid' } }),
  importCancel: (r) => ({ body: { employerPK: r.employerPK, importPK: MISSING_PK + 11 } }),
  importWithdraw: (r) => ({ body: { employerPK: r.employerPK, importPK: MISSING_PK + 11 } }),
  importTemplate: (r) => ({ query: { employerPK: r.employerPK, format: 'csv' } }),
  importErrorReport: (r) => ({ query: { employerPK: r.employerPK, importPK: MISSING_PK + 11 } }),
  userList: (r) => ({ query: { employerPK: r.employerPK } }),
  userExport: (r) => ({ body: { employerPK: r.employerPK, format: 'csv' } }),
  // Changes name no valid user: an allowed caller is told what the input lacks (400), nothing changes.
  inviteUser: (r) => ({ body: { employerPK: r.employerPK } }),
  resendInvitation: (r) => ({ body: { employerPK: r.employerPK, userId: '?' } }),
  cancelInvitation: (r) => ({ body: { employerPK: r.employerPK, userId: '?' } }),
  changeUserRoles: (r) => ({ body: { employerPK: r.employerPK, userId: '?', roles: [] } }),
  deactivateUser: (r) => ({ body: { employerPK: r.employerPK, userId: '?' } }),
  reactivateUser: (r) => ({ body: { employerPK: r.employerPK, userId: '?' } }),
  resetUserMfa: (r) => ({ body: { employerPK: r.employerPK, userId: '?' } }),
  genderList: () => ({}),
  maritalStatusList: () => ({}),
  userTypeList: () => ({}),
  stateList: () => ({}),
  relationshipList: () => ({}),
  payFrequencyList: () => ({}),
  terminatePlanReasonList: () => ({}),
  changePlanReasonList: () => ({ query: { needAll: true } }),
  dropdownLists: () => ({}),
  employerDetails: (r) => ({ query: { employerPK: r.employerPK } }),
  employerDivisions: (r) => ({ query: { employerPK: r.employerPK } }),
  availablePlanList: (r) => ({
    query: { employerPK: r.employerPK, division: r.divisionPK, year, planType: 'Medical' },
  }),
  coverageOptions: (r) => ({
    query: { employerPK: r.employerPK, isMedical: true, hasDependents: false, divisionId: r.divisionPK },
  }),
  claimSearch: (r) => ({ query: { employerPK: r.employerPK }, body: { recordsPerPage: 5 } }),
  createEnrollmentRequest: (r) => ({ body: { employerPK: r.employerPK, saveStep: 1, subscriber: {} } }),
  updateEnrollmentRequest: (r) => ({
    query: { requestPK: r.requestPK },
    body: { employerPK: r.employerPK, requestPK: r.requestPK, saveStep: 1, subscriber: {} },
  }),
  getEnrollmentRequest: (r) => ({ query: { requestPK: r.requestPK } }),
  subscriberDetails: (r) => ({ query: { pk: r.subscriberPK } }),
  dependentList: (r) => ({ query: { subscriberPK: r.parentPK } }),
  updateSubscriber: (r) => ({ query: { subscriberPK: r.subscriberPK }, body: { employerPK: r.employerPK } }),
  updateDependent: (r) => ({ query: { dependentPK: r.dependentPK }, body: { employerPK: r.employerPK } }),
  subscriberList: (r) => ({ body: { employerPK: r.employerPK, recordsPerPage: 5 } }),
  terminateSubscriber: (r) => ({ body: { employerPK: r.employerPK, subscriberPK: r.subscriberPK } }),
  terminateDependent: (r) => ({
    body: { employerPK: r.employerPK, subscriberPK: r.parentPK, dependentPK: r.dependentPK },
  }),
  dependentEnrollmentDetails: (r) => ({ query: { dependentPK: r.dependentPK } }),
  requestIdCard: (r) => ({ query: { subscriberPK: r.cardHolderPK } }),
  viewIdCard: (r) => ({ query: { subscriberPK: r.cardHolderPK } }),
  requestList: (r) => ({ body: { employerPK: String(r.employerPK), recordsPerPage: '5' } }),
  cancelRequest: (r) => ({ query: { requestPK: r.requestPK } }),
  requestDetails: (r) => ({ query: { requestPK: r.requestPK } }),
  hrApproveRequest: (r) => ({ query: { requestPK: r.requestPK } }),
  viewEnrollmentPdf: (r) => ({ query: { requestPK: r.requestPK } }),
  censusReport: (r) => ({ body: { employerPK: r.employerPK } }),
  censusSummary: (r) => ({ body: { employerPK: r.employerPK } }),
  carrierFileList: (r) => ({ body: { employerPK: r.employerPK } }),
  carrierFile: (r) => ({ query: { employerPK: r.employerPK, carrierFilePK: r.carrierFilePK } }),
  carrierFileView: (r) => ({ query: { employerPK: r.employerPK, carrierFilePK: r.carrierFilePK } }),
  closeCarrierBatch: (r) => ({ body: { employerPK: r.employerPK } }),
  generateFullFile: (r) => ({ body: { employerPK: r.employerPK } }),
  // The SBC: an upload of what is not a PDF (400) and a removal naming no plan (400) change nothing;
  // the download reads the SBC the bench gave the plan.
  uploadPlanSbc: (r) => ({
    query: { employerPK: r.employerPK, planPK: r.planPK, fileName: 'sbc.pdf' },
    body: Buffer.from('not a pdf'),
  }),
  removePlanSbc: (r) => ({ body: { employerPK: r.employerPK } }),
  planSbcPdf: (r) => ({ query: { employerPK: r.employerPK, planPK: r.planPK } }),
  carrierAcknowledgment: (r) => ({ body: { employerPK: r.employerPK } }),
  specAggFileList: (r) => ({ body: { filterOptions: { employerPK: r.employerPK } } }),
  specAggFile: (r) => ({ query: { employerPK: r.employerPK, file: r.documents.monthly } }),
  pageView: () => ({ body: { path: '/' } }),
  accessReport: (r) => ({ query: { employerPK: r.employerPK, recordsPerPage: 5 } }),
  accessReportCsv: (r) => ({ query: { employerPK: r.employerPK } }),
  claimEobPdf: (r) => ({ query: { claimPK: r.claimPK, subscriberPK: r.claimantPK } }),
  idCardPdf: (r) => ({ query: { subscriberPK: r.cardHolderPK } }),
  fsaInformation: (r) => ({ query: { subscriberPK: r.fsaHolderPK } }),
  fundingReportList: (r) => ({ body: { filterOptions: { employerPK: r.employerPK } } }),
  invoiceList: (r) => ({ body: { filterOptions: { employerPK: r.employerPK } } }),
  getFundingReport: (r) => ({ query: { employerPK: r.employerPK, fileName: r.documents.funding } }),
  getInvoice: (r) => ({ query: { employerPK: r.employerPK, fileName: r.documents.invoice } }),
  membershipInsight: (r) => ({ query: { employerPK: r.employerPK } }),
  enrollmentInsight: (r) => ({ query: { employerPK: r.employerPK } }),
  requestsInsight: (r) => ({ query: { employerPK: r.employerPK } }),
  claimsInsight: (r) => ({ query: { employerPK: r.employerPK } }),
  fundingInsight: (r) => ({ query: { employerPK: r.employerPK } }),
  invoiceInsight: (r) => ({ query: { employerPK: r.employerPK } }),
  memberView: (r) => ({ query: { subscriberPK: r.subscriberPK } }),
  memberExport: (r) => ({ body: { employerPK: r.employerPK, format: 'csv' } }),
  claimExport: (r) => ({ query: { employerPK: r.employerPK }, body: { format: 'csv' } }),
  requestExport: (r) => ({ body: { employerPK: r.employerPK, format: 'csv' } }),
  fundingReportExport: (r) => ({ body: { filterOptions: { employerPK: r.employerPK }, format: 'csv' } }),
  invoiceExport: (r) => ({ body: { filterOptions: { employerPK: r.employerPK }, format: 'csv' } }),
  specAggFileExport: (r) => ({ body: { filterOptions: { employerPK: r.employerPK }, format: 'csv' } }),
};

// ---------------------------------------------------------------------------------------------------
// Callers.

type Caller = {
  label: string;
  email: string | null;
  authorization: string | null;
  /** Roles per group, as the server should see them (none for anonymous and forged callers). */
  rolesIn(employerPK: number): string[];
  /** Whether any of the caller's groups grants the area (else the call is refused before its body is read). */
  grantsSomewhere(area: Endpoint['area']): boolean;
  ownGroup: number;
};

const base64urlJson = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Tokens an attacker could make: claims changed under a real signature, and an unsigned one. */
function forgeries(token: string): { label: string; token: string }[] {
  const [header = '', payload = '', signature = ''] = token.split('.');
  const claimsOf = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const elevated = base64urlJson({ ...claimsOf, sub: 'user-admin', email: 'admin@example.com' });
  return [
    { label: 'forged (claims changed)', token: `${header}.${elevated}.${signature}` },
    { label: 'forged (alg none)', token: `${base64urlJson({ alg: 'none', typ: 'at+jwt' })}.${payload}.` },
  ];
}

// ---------------------------------------------------------------------------------------------------

const failures: string[] = [];
let shownInSection = 0;
const heading = (title: string) => {
  shownInSection = 0;
  console.log(`\n${title}`);
};
const fail = (what: string) => {
  failures.push(what);
  if (++shownInSection <= 10) console.error(`  ✗ ${what}`);
};

/**
 * One request as sent, byte for byte, whatever the method (fetch refuses a GET with a body, which an
 * attacker's client would send).
 */
function rawRequest(url: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<number>((resolve, reject) => {
    // Always framed by its length: Node sends a GET's body unframed otherwise.
    const framed = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
    // A new connection each time: one the server closed after a refusal is never reused.
    const request = http.request(url, { method, headers: framed, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-security-'));
const database = await openDatabase(
  process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: path.join(dataDir, 'db') },
);
try {
  await seedDatabase(database.db);
  // Invitations and reset links arrive here, over SMTP, as they would at a mail server.
  const inbox = await startTestInbox();
  const config = loadConfig({
    PUBLIC_URL,
    SMTP_URL: inbox.smtpUrl,
    DATA_DIR: dataDir,
    SERVE_SPA: 'false',
    PROCESSING_INTERVAL_MS: '0',
    SIGN_IN_LOCK_SECONDS: String(LOCK_SECONDS),
    // The matrix and the hostile requests expect 401 for every call without a token from this address;
    // the limit has its own section, on a second replica with the default.
    ANONYMOUS_CALLS_PER_MINUTE: '1000000',
  });
  const app = await buildApp({ config, db: database.db });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const send = httpSend(base);
    console.log(`Portal on ${base} (${database.driver}); everything below goes over HTTP.`);

    // ---- Callers: every seeded account except the large benchmark group's HR, whose group exists only
    // in large seeds; plus no groups, anonymous and forged tokens.
    const started = performance.now();
    const tokens = new Map<string, string>();
    for (const email of new Set([...ACCOUNTS.map((a) => a.email), ...FUZZ_CALLERS])) {
      tokens.set(email, await signInWith(send, email, PUBLIC_URL));
    }
    const callers: Caller[] = ACCOUNTS.filter((a) => a.email !== 'bench@example.com').map((account) => ({
      label: account.email,
      email: account.email,
      authorization: `Bearer ${tokens.get(account.email)}`,
      rolesIn: (employerPK) => rolesOf(account, employerPK),
      grantsSomewhere: (area) =>
        account.portalAdministrator === true
          ? canAccess(['Portal Administrator'], area)
          : account.groupRoles.some((g) => canAccess(g.roles, area)),
      ownGroup: account.groupRoles[0]?.GroupPK ?? 2,
    }));
    const nobody = { email: null, rolesIn: () => [], grantsSomewhere: () => false, ownGroup: 2 };
    callers.push({ label: 'anonymous', authorization: null, ...nobody });
    for (const forged of forgeries(tokens.get('hr@example.com')!)) {
      callers.push({ label: forged.label, authorization: `Bearer ${forged.token}`, ...nobody });
    }

    const records = new Map<number, Records>();
    const groups = [...new Set(callers.map((c) => c.ownGroup)), OTHER_GROUP];
    for (const group of groups) await generateFullFile(database.db, group, 'bench', {});
    for (const group of [...groups, UNKNOWN_GROUP]) records.set(group, await recordsOf(database.db, group));
    const sbcKey = await carrierFeedKey(database.db);
    for (const group of groups) {
      const { planPK } = records.get(group)!;
      const sbc = { fileName: 'sbc.pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n'), uploadedBy: 'bench', key: sbcKey };
      if (planPK < MISSING_PK) await savePlanSbc(database.db, group, { planPK, ...sbc });
    }
    const lastAuditPK = async () =>
      (
        await database.db
          .select({ n: sql<number>`coalesce(max(${auditEvents.auditEventPK}), 0)::int` })
          .from(auditEvents)
      )[0]!.n;
    const accessRowsAfter = (after: number) =>
      database.db
        .select()
        .from(auditEvents)
        .where(and(gt(auditEvents.auditEventPK, after), isNotNull(auditEvents.endpoint)))
        .orderBy(asc(auditEvents.auditEventPK));

    const call = async (endpoint: Endpoint, sample: Sample, authorization: string | null) => {
      const search = sample.query
        ? `?${new URLSearchParams(Object.entries(sample.query).map(([k, v]) => [k, String(v)]))}`
        : '';
      const form = endpoint.bodyEncoding === 'form';
      const file = endpoint.bodyEncoding === 'file';
      const body =
        sample.body === undefined
          ? undefined
          : file
            ? new Uint8Array(sample.body as Buffer)
            : form
              ? new URLSearchParams(sample.body as Record<string, string>).toString()
              : JSON.stringify(sample.body);
      const contentType = file
        ? 'application/octet-stream'
        : form
          ? 'application/x-www-form-urlencoded'
          : 'application/json';
      const response = await fetch(`${base}${endpointUrl(endpoint)}${search}`, {
        method: endpoint.method,
        headers: {
          ...(authorization ? { authorization } : {}),
          ...(body !== undefined ? { 'content-type': contentType } : {}),
        },
        body,
      });
      await response.arrayBuffer();
      return response.status;
    };

    // ---- Authorization matrix, with the audit rows each call leaves.
    heading('Authorization matrix');
    let cells = 0;
    let unexpected = 0;
    const audit = {
      reads: { calls: 0, rows: 0 },
      changes: { calls: 0, rows: 0 },
      refused: { calls: 0, rows: 0 },
      others: { calls: 0, rows: 0 },
    };
    for (const [name, endpoint] of Object.entries(endpoints) as [EndpointName, Endpoint][]) {
      for (const caller of callers) {
        const targets =
          endpoint.scope.kind === 'user'
            ? ([['any', caller.ownGroup]] as const)
            : ([
                ['own', caller.ownGroup],
                ['other', OTHER_GROUP],
                ['unknown', UNKNOWN_GROUP],
              ] as const);
        for (const [target, group] of targets) {
          cells++;
          const roles = caller.rolesIn(group);
          const signedIn = caller.email !== null;
          const account = ACCOUNTS.find((a) => a.email === caller.email);
          const hasGroups = account?.portalAdministrator ? 1 : (account?.groupRoles.length ?? 0);
          const allowed =
            (signedIn && endpoint.area === 'self') ||
            (signedIn &&
              hasGroups > 0 &&
              // A call naming no group is judged by the roles of the caller's own group (the operator's for group setup).
              roles.length > 0 &&
              canAccess(roles, endpoint.area));
          const before = await lastAuditPK();
          const sample = SAMPLES[name](records.get(group)!);
          const status = await call(endpoint, sample, caller.authorization);
          const cell = `${name} × ${caller.label} × ${target} group: ${status}`;
          const wrong = allowed
            ? (REFUSALS.has(status) && !(status === 404 && (namesMissingRecord(sample) || NOTHING_YET.has(name)))) ||
              status >= 500
            : !REFUSALS.has(status) || (!signedIn && status !== 401);
          if (wrong) {
            unexpected++;
            fail(`${cell} (expected ${allowed ? 'an answer' : signedIn ? '403 or 404' : '401'})`);
          }

          const rows = await accessRowsAfter(before);
          const refused = REFUSALS.has(status);
          const kind = refused
            ? endpoint.scope.kind === 'user'
              ? 'others'
              : 'refused'
            : endpoint.audit?.action === 'read'
              ? 'reads'
              : endpoint.audit?.action === 'change'
                ? 'changes'
                : 'others';
          const expectedRows = kind === 'others' && !endpoint.audit ? 0 : 1;
          audit[kind].calls++;
          audit[kind].rows += rows.length;
          if (rows.length !== expectedRows) fail(`${cell}: ${rows.length} audit rows, expected ${expectedRows}`);
          const row = rows[0];
          if (row && kind !== 'others') {
            const actorOk = signedIn ? row.actorEmail === caller.email : row.actor === 'anonymous';
            // Without a caller nothing is looked up, and a caller whose roles grant the call nowhere is
            // refused before a body naming the group is read; a group that does not exist may be named.
            const unread =
              !signedIn ||
              (!caller.grantsSomewhere(endpoint.area) &&
                endpoint.scope.kind === 'employer' &&
                endpoint.scope.in === 'body');
            // A record the group does not have belongs to no group.
            const { scope } = endpoint;
            const noRecord =
              scope.kind === 'resource' &&
              Object.keys(scope.refs).some((param) => Number(sample.query?.[param]) >= MISSING_PK);
            // The caller's own account calls name no group.
            const ownAccount = scope.kind === 'user';
            const groupOk =
              target === 'unknown' || row.employerPK === (unread || noRecord || ownAccount ? null : group);
            if (!actorOk || !groupOk || row.status !== status || row.endpoint !== name) {
              fail(`${cell}: audit row names ${row.actorEmail ?? row.actor}, group ${row.employerPK}, ${row.status}`);
            }
          }
        }
      }
    }
    console.log(`  cells tested: ${cells}   unexpected: ${unexpected}`);
    console.log(
      `  callers: ${callers.length} (${ACCOUNTS.length - 1} accounts incl. no groups, anonymous, 2 forged tokens)`,
    );

    heading('Access audit (rows per call)');
    for (const [kind, { calls, rows }] of Object.entries(audit)) {
      console.log(
        `  ${kind.padEnd(8)} calls: ${String(calls).padStart(5)}   rows: ${String(rows).padStart(5)}   per call: ${calls ? fixed(rows / calls, 2) : '-'}`,
      );
    }

    // ---- Hostile requests over HTTP.
    heading(`Hostile requests (${FUZZ_REQUESTS} over HTTP, seed ${FUZZ_SEED})`);
    const knownIds = await loadKnownIds(database.db);
    const names = Object.keys(endpoints) as EndpointName[];
    const perEndpoint = Math.ceil(FUZZ_REQUESTS / names.length);
    const statuses = new Map<number, number>();
    let sent = 0;
    let serverErrors = 0;
    const hangUps: string[] = [];
    let violations = 0;
    const fuzzStart = performance.now();
    for (const [index, name] of names.entries()) {
      for (const request of fc.sample(fuzzRequestOf(name, knownIds), {
        seed: FUZZ_SEED + index,
        numRuns: perEndpoint,
      })) {
        const token = request.caller === 'no token' ? null : tokens.get(request.caller);
        sent++;
        let status: number;
        try {
          status = await rawRequest(
            `${base}${request.url}`,
            request.method,
            {
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...(request.contentType ? { 'content-type': request.contentType } : {}),
            },
            request.payload,
          );
        } catch (error) {
          // The server hung up without an answer: no worse than a 4xx for the caller, but shown.
          hangUps.push(`${(error as Error).message}: ${request.describe().slice(0, 200)}`);
          continue;
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500) serverErrors++;
        // Over a real socket, Node's HTTP server refuses oversized heads (431) before any route runs.
        const violation = status === 431 ? null : fuzzViolation(request, status);
        if (violation) {
          violations++;
          fail(`${violation}: ${status} ${request.describe().slice(0, 300)}`);
        }
      }
    }
    const seconds = (performance.now() - fuzzStart) / 1000;
    console.log(
      `  sent: ${sent}   5xx: ${serverErrors}   other violations: ${violations - serverErrors}   (${fixed(sent / seconds, 0)} req/s)`,
    );
    if (hangUps.length > 0)
      console.log(`  closed without an answer: ${hangUps.length}, e.g. ${hangUps.slice(0, 3).join('\n    ')}`);
    console.log(
      `  answers: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join('  ')}`,
    );

    // ---- The limit on calls without a token, on a second replica of the same database with the default
    // limit. The bench stands in for a proxy on this machine (trusted by default) that names the client.
    const limited = await buildApp({
      config: loadConfig({ PUBLIC_URL, DATA_DIR: dataDir, SERVE_SPA: 'false', PROCESSING_INTERVAL_MS: '0' }),
      db: database.db,
    });
    try {
      const limit = loadConfig({}).anonymousCallsPerMinute;
      heading(`Calls without a token (${FLOOD_CALLS} from one address; limit ${limit} a minute)`);
      const limitedBase = await limited.listen({ port: 0, host: '127.0.0.1' });
      const member = `${endpointUrl(endpoints.subscriberDetails)}?pk=1`;
      const fromClient = async (client: string, authorization?: string) => {
        const response = await fetch(`${limitedBase}${member}`, {
          headers: { 'x-forwarded-for': client, ...(authorization ? { authorization } : {}) },
        });
        await response.arrayBuffer();
        return response;
      };
      const client = '203.0.113.77';
      const before = await lastAuditPK();
      const firstWindow = windowStartOf(Date.now(), { windowSeconds: 60 });
      const answers = new Map<number, number>();
      let firstRetryAfter: string | null = null;
      for (let sent = 0; sent < FLOOD_CALLS; sent += 50) {
        const batch = Array.from({ length: Math.min(50, FLOOD_CALLS - sent) }, () => fromClient(client));
        for (const response of await Promise.all(batch)) {
          answers.set(response.status, (answers.get(response.status) ?? 0) + 1);
          if (response.status === 429) firstRetryAfter ??= response.headers.get('retry-after');
        }
      }
      // A flood that runs into the next minute is counted afresh there.
      const windows = (windowStartOf(Date.now(), { windowSeconds: 60 }) - firstWindow) / 60_000 + 1;
      const refused = answers.get(401) ?? 0;
      const throttled = answers.get(429) ?? 0;
      console.log(
        `  answers: 401×${refused}  429×${throttled}${answers.size > 2 ? '  others!' : ''}` +
          `   (minutes spanned: ${windows}; first Retry-After: ${firstRetryAfter ?? '-'} s)`,
      );
      if (refused + throttled !== FLOOD_CALLS) fail('a call without a token got neither 401 nor 429');
      if (refused < Math.min(limit, FLOOD_CALLS) || refused > limit * windows)
        fail(`${refused} calls answered 401, expected ${limit} a minute`);
      if (throttled > 0 && !(Number(firstRetryAfter) >= 1 && Number(firstRetryAfter) <= 60))
        fail(`429 with Retry-After ${firstRetryAfter}`);
      const withToken = await fromClient(client, `Bearer ${tokens.get('hr@example.com')}`);
      const otherClient = await fromClient('203.0.113.78');
      console.log(
        `  then from the same address with a valid token: ${withToken.status}; from another address: ${otherClient.status}`,
      );
      if ([401, 429].includes(withToken.status))
        fail(`a valid token from a limited address answered ${withToken.status}`);
      if (otherClient.status !== 401) fail(`another address answered ${otherClient.status}`);

      // Close every window now, as the replicas' own closer does a minute after each ends.
      await closeAnonymousCallWindows(database.db, { windowSeconds: 60 }, Date.now() + 120_000);
      const rows = await database.db
        .select({ action: auditEvents.action, detail: auditEvents.detail })
        .from(auditEvents)
        .where(
          and(gt(auditEvents.auditEventPK, before), eq(auditEvents.ip, client), eq(auditEvents.actor, 'anonymous')),
        );
      const summaries = rows.filter((row) => row.action === 'access.throttled');
      const counted = summaries.reduce((sum, row) => sum + Number(row.detail?.throttled ?? 0), 0);
      console.log(
        `  audit rows of calls without a token from that address: ${rows.length} (${rows.length - summaries.length} refusals, ` +
          `${summaries.length} summary counting ${counted} calls answered 429); bound ${(limit + 1) * windows}`,
      );
      if (rows.length > (limit + 1) * windows) fail(`${rows.length} audit rows for one address's flood`);
      if (rows.length - summaries.length !== refused) fail('a call answered 401 left no audit row, or one too many');
      if (counted !== throttled) fail(`the summary counts ${counted} calls answered 429, not ${throttled}`);
    } finally {
      await limited.close();
    }

    // ---- Accounts: who may grant what, the second factor, single-use links.
    heading('Accounts');
    const usersCall = (name: EndpointName, email: string, body: Record<string, unknown>) =>
      fetch(`${base}${endpointUrl(endpoints[name])}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.get(email)}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (res) => ({ status: res.status, body: await res.text() }));
    const person = (email: string, roles: Role[]) => ({ email, givenName: 'Bench', familyName: 'Person', roles });
    const grantRules: [string, Promise<{ status: number }>, number][] = [
      [
        'a GroupAdmin grants Broker',
        usersCall('inviteUser', 'admin@example.com', { employerPK: 2, ...person('b.broker@example.com', ['Broker']) }),
        403,
      ],
      [
        'a GroupAdmin of group 2 invites into group 3',
        usersCall('inviteUser', 'admin@example.com', { employerPK: 3, ...person('b.other@example.com', ['HR']) }),
        403,
      ],
      [
        'a broker of group 3 invites into it',
        usersCall('inviteUser', 'broker@example.com', { employerPK: 3, ...person('b.third@example.com', ['HR']) }),
        403,
      ],
      [
        'the last GroupAdmin of group 2 is demoted',
        usersCall('changeUserRoles', 'admin@example.com', { employerPK: 2, userId: 'user-admin', roles: ['HR'] }),
        409,
      ],
    ];
    for (const [what, answer, expected] of grantRules) {
      const { status } = await answer;
      console.log(`  ${what}: ${status}`);
      if (status !== expected) fail(`${what} answered ${status}, expected ${expected}`);
    }

    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const page = (url: string, fields?: Record<string, string>) =>
      send(
        fields
          ? { method: 'POST', url, headers: form, payload: new URLSearchParams(fields).toString() }
          : { method: 'GET', url },
      );
    const linkPath = async (to: string, subject: RegExp) =>
      new URL((await inbox.waitForMail(to, { subject })).links[0] ?? '/').pathname;
    const password = 'bench lantern orchard 47';
    const mfaEmail = 'bench.mfa@example.com';
    const invited = await usersCall('inviteUser', 'admin@example.com', { employerPK: 2, ...person(mfaEmail, ['HR']) });
    if (invited.status !== 200) fail(`inviting a person answered ${invited.status}`);
    const invitation = await linkPath(mfaEmail, /invited/);
    const setUp = await page(invitation, { password, confirm: password });
    const secret = (/<code id="totp-secret">([^<]+)<\/code>/.exec(setUp.body)?.[1] ?? '').replace(/\s/g, '');
    const pending = /name="pending" value="([^"]+)"/.exec(setUp.body)?.[1] ?? '';
    const totp = (stepsAhead: number) =>
      generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
    const accepted = await page(invitation, { pending, code: totp(0) });
    if (!accepted.body.includes('Save your recovery codes')) fail('an invitation could not be accepted with TOTP');
    const usedInvitation = await page(invitation);
    console.log(`  invitation link used again: ${usedInvitation.statusCode}`);
    if (usedInvitation.statusCode !== 400) fail(`a used invitation link answered ${usedInvitation.statusCode}`);

    const stale = 'bench.stale@example.com';
    await usersCall('inviteUser', 'admin@example.com', { employerPK: 2, ...person(stale, ['HR']) });
    const staleLink = await linkPath(stale, /invited/);
    await database.db
      .update(userLinks)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(isNull(userLinks.usedAt));
    const expiredInvitation = await page(staleLink);
    console.log(`  expired invitation link: ${expiredInvitation.statusCode}`);
    if (expiredInvitation.statusCode !== 400)
      fail(`an expired invitation link answered ${expiredInvitation.statusCode}`);

    const secondFactor = async () => {
      const login = await LoginSession.open(send, PUBLIC_URL);
      return { login, asked: await login.submit(mfaEmail, password) };
    };
    const first = await secondFactor();
    const code = totp(1);
    const signedIn = await first.login.submitStep(first.asked, { code });
    const replay = await secondFactor();
    const replayed = await replay.login.submitStep(replay.asked, { code });
    console.log(
      `  TOTP sign-in: ${signedIn.code ? 'signed in' : 'REFUSED'}; the same code again: ${replayed.code ? 'ACCEPTED' : 'refused'}`,
    );
    if (!signedIn.code || replayed.code) fail('a TOTP code signed in twice, or not at all');
    await database.db.delete(signInThrottles);
    const guessing = await secondFactor();
    let wrongCodes = 0;
    let codeLocked = false;
    for (let answer = guessing.asked; wrongCodes < 20 && !codeLocked;) {
      answer = await guessing.login.submitStep(answer, { code: totp(0) === '000000' ? '111111' : '000000' });
      wrongCodes++;
      codeLocked = answer.statusCode === 429;
    }
    console.log(`  wrong codes until the account locks: ${codeLocked ? wrongCodes : 'never'}`);
    if (!codeLocked || wrongCodes !== 5) fail(`wrong TOTP codes locked after ${wrongCodes}, expected 5`);

    const resetEmail = 'invoice@example.com';
    await database.db.delete(signInThrottles);
    await page('/idp/forgot-password', { email: resetEmail });
    const reset = await linkPath(resetEmail, /Reset/);
    const opened = await page(reset);
    const changed = await page(reset, { password, confirm: password });
    const usedReset = await page(reset);
    console.log(
      `  reset link: ${opened.statusCode}, password changed ${changed.statusCode}, used again ${usedReset.statusCode}`,
    );
    if (
      opened.statusCode !== 200 ||
      !changed.body.includes('Your password was changed') ||
      usedReset.statusCode !== 400
    )
      fail('a reset link did not work exactly once');
    await page('/idp/forgot-password', { email: resetEmail });
    const staleReset = await linkPath(resetEmail, /Reset/);
    await database.db
      .update(userLinks)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(isNull(userLinks.usedAt));
    const expiredReset = await page(staleReset);
    console.log(`  expired reset link: ${expiredReset.statusCode}`);
    if (expiredReset.statusCode !== 400) fail(`an expired reset link answered ${expiredReset.statusCode}`);
    // The next section counts this address's failures from zero.
    await database.db.delete(signInThrottles);

    // ---- Sign-in protection, last: it locks the bench's own address.
    heading(`Sign-in protection (lock ${LOCK_SECONDS} s here; 30 s by default)`);
    const LOCKED = 'Too many failed sign-in attempts';
    const failUntilLocked = async (session: LoginSession, email: string) => {
      for (let attempt = 1; attempt <= 20; attempt++) {
        const answer = await session.submit(email, 'wrong-password');
        if (answer.statusCode === 429 && answer.body.includes(LOCKED)) return attempt;
        if (answer.code) return Number.NaN;
      }
      return Number.POSITIVE_INFINITY;
    };
    const known = 'reports@example.com';
    const session = await LoginSession.open(send, PUBLIC_URL);
    const knownAttempts = await failUntilLocked(session, known);
    console.log(`  wrong passwords until the account locks: ${knownAttempts} (the last one answers the lock)`);
    if (knownAttempts !== 5) fail(`account locked after ${knownAttempts} wrong passwords, expected 5`);

    const whileLocked = await session.submit(known, DEMO_PASSWORD);
    console.log(
      `  right password while locked: ${whileLocked.code ? 'ACCEPTED' : `refused (${whileLocked.statusCode})`}`,
    );
    if (whileLocked.code || !whileLocked.body.includes(LOCKED)) fail('the right password was not refused while locked');

    const unknownAttempts = await failUntilLocked(session, 'nobody-here@example.com');
    console.log(`  same for an address that has no account: ${unknownAttempts}`);
    if (unknownAttempts !== knownAttempts) fail('an unknown address is told apart from a real one');

    await new Promise((resolve) => setTimeout(resolve, LOCK_SECONDS * 1000 + 500));
    const afterDelay = await session.submit(known, DEMO_PASSWORD);
    console.log(
      `  right password after the delay: ${afterDelay.code ? 'signed in' : `refused (${afterDelay.statusCode})`}`,
    );
    if (!afterDelay.code) fail('the right password was refused after the lock ran out');

    // Distinct addresses: only the per-address counter can lock them.
    const address = await LoginSession.open(send, PUBLIC_URL);
    let addressFailures = 0;
    let addressLocked = false;
    for (let attempt = 1; attempt <= 40 && !addressLocked; attempt++) {
      const answer = await address.submit(`probe-${attempt}@example.net`, 'wrong-password');
      addressFailures++;
      addressLocked = answer.statusCode === 429;
    }
    const otherAccount = await address.submit('hr@example.com', DEMO_PASSWORD);
    console.log(
      `  failures from one address (different accounts) until it locks: ${addressLocked ? addressFailures : 'never'}` +
        ` (after the 10 above); another account's right password then: ${otherAccount.code ? 'ACCEPTED' : 'refused'}`,
    );
    if (!addressLocked || otherAccount.code) fail('one address could keep guessing across accounts');

    const total = (performance.now() - started) / 1000;
    console.log(`\n${failures.length === 0 ? 'PASS' : `FAIL (${failures.length})`} in ${fixed(total)} s`);
  } finally {
    await app.close();
    await inbox.close();
  }
} finally {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failures.length === 0 ? 0 : 1);
