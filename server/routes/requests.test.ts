import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import { REQUEST_STATUS_GROUPS, REQUEST_STATUS_FILTER_MESSAGE, type RequestStatus } from '../../src/contracts/requests';
import {
  coverageOptions,
  coverages,
  dependents,
  divisions,
  employers,
  fsaElections,
  plans,
  requestStatusHistory,
  requests,
  subscribers,
} from '../db/schema';
import { addDays, localToday, yearOf } from '../lib/calendar';
import { PROCESSING_NOTES, processPendingRequests } from '../services/processing';
import { escapeHtml } from '../lib/html';
import { APPROVED_ON_SUBMISSION_NOTE, PROCESSING_ACTOR } from '../services/member-requests';
import { pdfText } from '../test/pdf-text';
import { createTestApp, type TestApp } from '../test/test-app';
import { memberCountDrift } from '../test/member-counts';
import { subscriberUpdateForm } from '../test/subscriber-form';

const FULL_SSN = /\d{3}-\d{2}-\d{4}/;
const year = yearOf(localToday());
type Name = keyof typeof endpoints;
type Json = Record<string, unknown>;
type Subscriber = typeof subscribers.$inferSelect;
type ListItem = {
  pk: number;
  type: string;
  subscriberFirstName: string;
  subscriberLastName: string;
  dateRequested: string;
  status: RequestStatus;
};

const url = (name: Name, query?: Record<string, string | number | boolean>) =>
  endpointUrl(endpoints[name]) +
  (query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Every answer of these calls is checked for a full SSN. */
async function call(email: string, method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: path,
    headers: await t.auth(email),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  expect(res.body).not.toMatch(FULL_SSN);
  return res;
}

/** The draft's stored version, which every save of it names (as the wizard does). */
async function versionOf(requestPK: number) {
  const [row] = await t.db
    .select({ version: requests.version })
    .from(requests)
    .where(eq(requests.requestPK, requestPK));
  return row!.version;
}

/** Request/List as the SPA sends it: form-encoded. */
async function list(email: string, fields: Record<string, string | number>) {
  const res = await t.app.inject({
    method: 'POST',
    url: url('requestList'),
    headers: { ...(await t.auth(email)), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(
      Object.entries({ employerPK: 2, ...fields }).map(([k, v]) => [k, String(v)]),
    ).toString(),
  });
  expect(res.body).not.toMatch(FULL_SSN);
  return res;
}
const listed = async (fields: Record<string, string | number>, email = 'hr@example.com') =>
  (await list(email, { recordsPerPage: 100, ...fields })).json() as { list: ListItem[]; recordCount: number };

const cancel = (requestPK: number, email = 'hr@example.com') =>
  call(email, 'POST', url('cancelRequest', { requestPK }));
const approve = (requestPK: number, email = 'hr@example.com') =>
  call(email, 'POST', url('hrApproveRequest', { requestPK }));
const details = (requestPK: number, email = 'hr@example.com', needsView = true) =>
  call(email, 'GET', url('requestDetails', { requestPK, needsView }));
const pdf = async (requestPK: number, email = 'hr@example.com') =>
  t.app.inject({ method: 'GET', url: url('viewEnrollmentPdf', { requestPK }), headers: await t.auth(email) });

async function statusOf(requestPK: number) {
  const [row] = await t.db.select({ status: requests.status }).from(requests).where(eq(requests.requestPK, requestPK));
  return row!.status;
}
async function historyOf(requestPK: number) {
  return t.db
    .select()
    .from(requestStatusHistory)
    .where(eq(requestStatusHistory.requestPK, requestPK))
    .orderBy(asc(requestStatusHistory.requestStatusHistoryPK));
}

// ---------------------------------------------------------------------------------------------------
// Making requests through the API.

// SSNs with area 9xx are never issued, and the seed never uses them.
let serial = 0;
function freshSsn() {
  serial += 1;
  return `97${serial % 10}-44-${String(2000 + serial).padStart(4, '0')}`;
}

function personForm(names: { firstName: string; lastName: string }, ssn?: string): Json {
  return {
    ...names,
    middleName: 'Q',
    ...(ssn === undefined ? {} : { ssn }),
    dateOfBirth: '1985-07-19',
    maritalStatusPK: 1,
    genderID: 2,
    address1: '12 Main St',
    address2: '',
    zipCode: '12345',
    city: 'Springfield',
    stateID: 5,
    phone1: '5551234567',
    phone2: '',
    emailAddress: 'member@example.com',
  };
}

/** Current-year plans and single-person tiers of the group's first division. */
async function planMenu(employerPK = 2) {
  const [division] = await t.db
    .select()
    .from(divisions)
    .where(eq(divisions.employerPK, employerPK))
    .orderBy(asc(divisions.divisionPK))
    .limit(1);
  const current = await t.db
    .select()
    .from(plans)
    .where(and(eq(plans.divisionPK, division!.divisionPK), eq(plans.contractBeginDate, `${year}-01-01`)))
    .orderBy(asc(plans.planPK));
  const tiers = await t.db
    .select()
    .from(coverageOptions)
    .where(and(eq(coverageOptions.divisionPK, division!.divisionPK), eq(coverageOptions.requiresDependents, false)));
  const of = (type: string) => current.filter((p) => p.planType === type);
  return {
    division: division!.divisionPK,
    medical: of('Medical')[0]!,
    dental: of('Dental')[0]!,
    fsa: of('FSA')[0]!,
    medicalTier: tiers.find((x) => x.isMedical)!,
    dentalTier: tiers.find((x) => !x.isMedical)!,
  };
}
type Menu = Awaited<ReturnType<typeof planMenu>>;

type Enrollment = {
  names: { firstName: string; lastName: string };
  ssn: string;
  dependentSsn: string;
  more?: Json;
};

function newEnrollment(lastName: string, firstName = 'Dana', more: Json = {}): Enrollment {
  return { names: { firstName, lastName }, ssn: freshSsn(), dependentSsn: freshSsn(), more };
}

/** Wizard steps 1 to 3 (one dependent); answers the requestPK and the body later steps repeat. */
async function startEnrollment(email: string, e: Enrollment) {
  const created = await call(email, 'POST', url('createEnrollmentRequest'), {
    saveStep: 1,
    employerPK: 2,
    subscriber: personForm(e.names, e.ssn),
  });
  expect(created.statusCode).toBe(200);
  const { requestPK } = created.json() as { requestPK: number };
  const body = {
    employerPK: 2,
    subscriber: personForm(e.names),
    dateOfHire: `${year}-01-10`,
    effectiveDate: `${year}-02-01`,
    occupation: 'Welder',
    jobTitle: 'Lead',
    hasDependents: true,
    dependents: [
      {
        firstName: 'Robin',
        lastName: e.names.lastName,
        dateOfBirth: '2015-05-05',
        relationshipPK: 3,
        genderPK: 1,
        ssn: e.dependentSsn,
      },
    ],
    ...e.more,
  };
  const saved = await call(email, 'PUT', url('updateEnrollmentRequest', { requestPK }), {
    ...body,
    saveStep: 3,
    version: await versionOf(requestPK),
  });
  expect(saved.statusCode).toBe(200);
  // Later saves leave the SSNs out; the server keeps the stored ones.
  return {
    requestPK,
    body: { ...body, dependents: [{ ...body.dependents[0], ssn: undefined, ssnLast4: e.dependentSsn.slice(-4) }] },
  };
}

function planAnswers(menu: Menu): Json {
  return {
    divisions: menu.division,
    isMedicalCoverage: true,
    employerPlanPK: menu.medical.planPK,
    medicalTierPK: menu.medicalTier.coverageOptionPK,
    isDentalCoverage: true,
    employerDentalPlanPK: menu.dental.planPK,
    dentalTierPK: menu.dentalTier.coverageOptionPK,
    isFSA: true,
    FSAElections: [{ pk: menu.fsa.planPK, amount: '1,250.00' }],
  };
}

/** The whole wizard, submitted from the plan page. */
async function submitEnrollment(email: string, e: Enrollment) {
  const menu = await planMenu();
  const { requestPK, body } = await startEnrollment(email, e);
  const res = await call(email, 'PUT', url('updateEnrollmentRequest', { requestPK }), {
    ...body,
    ...planAnswers(menu),
    saveStep: 4,
    submit: true,
    version: await versionOf(requestPK),
  });
  expect(res.json()).toEqual({ requestPK, hasError: false });
  return { requestPK, menu };
}

const used = new Set<number>();
/** An active member of the group nobody has asked anything about yet. */
async function quietMember(employerPK = 2, covered = false): Promise<Subscriber> {
  const [row] = await t.db
    .select()
    .from(subscribers)
    .where(
      and(
        eq(subscribers.employerPK, employerPK),
        isNull(subscribers.termDate),
        sql`not exists (select 1 from requests r where r.subscriber_pk = ${subscribers.subscriberPK})`,
        used.size ? notInArray(subscribers.subscriberPK, [...used]) : undefined,
        covered
          ? sql`exists (select 1 from coverages c where c.subscriber_pk = ${subscribers.subscriberPK} and c.end_date is null)`
          : undefined,
      ),
    )
    .orderBy(asc(subscribers.subscriberPK))
    .limit(1);
  used.add(row!.subscriberPK);
  return row!;
}

async function requestUpdate(email: string, s: Subscriber, changes: Json = {}) {
  const res = await call(email, 'POST', url('updateSubscriber', { subscriberPK: s.subscriberPK }), {
    subscriber: subscriberUpdateForm(s, changes),
    changeReasonDetails: { comment: 'Moved' },
    employerPK: s.employerPK,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { requestPK: number; status: RequestStatus };
}

async function requestTermination(email: string, s: Subscriber, more: Json = {}) {
  const res = await call(email, 'POST', url('terminateSubscriber'), {
    subscriberPK: s.subscriberPK,
    employerPK: s.employerPK,
    firstName: s.firstName,
    lastName: s.lastName,
    eventDate: localToday(),
    terminationDate: localToday(),
    reasonPK: 1,
    comment: 'Resigned',
    ...more,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { requestPK: number; status: RequestStatus };
}

/** Runs the worker and answers what became of the given request. */
async function processed(requestPK: number) {
  const outcomes = await processPendingRequests(t.db);
  return outcomes.find((o) => o.requestPK === requestPK);
}

// ---------------------------------------------------------------------------------------------------

describe('Request/List', () => {
  // Three requests of one family name, made on known days, for the name, sort and date filters.
  const family: number[] = [];
  beforeAll(async () => {
    for (const [first, last, at] of [
      ['Ava', 'Marlowe-Adams', new Date(2021, 2, 10, 0, 30)],
      ['Bea', 'Marlowe-Baker', new Date(2021, 2, 12, 23, 30)],
      ['Cy', 'Marlowe-Cole', new Date(2021, 2, 13, 0, 0)],
    ] as const) {
      const { requestPK } = await startEnrollment('broker@example.com', newEnrollment(last, first));
      await t.db.update(requests).set({ createdAt: at }).where(eq(requests.requestPK, requestPK));
      family.push(requestPK);
    }
  });

  it('answers a form-encoded list of the group, newest first, 20 a page, zero-based', async () => {
    const res = await list('hr@example.com', { page: 0 });
    expect(res.statusCode).toBe(200);
    const first = res.json() as { list: ListItem[]; recordCount: number };
    const [total] = await t.db.select({ n: count() }).from(requests).where(eq(requests.employerPK, 2));
    expect(first.recordCount).toBe(total!.n);
    expect(first.list.length).toBe(Math.min(20, total!.n));
    const dates = first.list.map((r) => r.dateRequested);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(first.list[0]).toEqual({
      pk: expect.any(Number),
      type: expect.any(String),
      subscriberFirstName: expect.any(String),
      subscriberLastName: expect.any(String),
      dateRequested: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      status: expect.any(String),
    });

    const ten = (await list('hr@example.com', { recordsPerPage: 10 })).json().list as ListItem[];
    const pageA = (await list('hr@example.com', { recordsPerPage: 5, page: 0 })).json().list as ListItem[];
    const pageB = (await list('hr@example.com', { recordsPerPage: 5, page: 1 })).json().list as ListItem[];
    expect([...pageA, ...pageB].map((r) => r.pk)).toEqual(ten.map((r) => r.pk));
    const beyond = (await list('hr@example.com', { page: 1000 })).json();
    expect(beyond).toEqual({ list: [], recordCount: total!.n });

    // Later pages bring the total of their filter: the server answers it back without counting.
    const held = (await list('hr@example.com', { recordsPerPage: 5, page: 1, knownCount: total!.n + 3 })).json();
    expect(held.recordCount).toBe(total!.n + 3);
    expect((held.list as ListItem[]).map((r) => r.pk)).toEqual(pageB.map((r) => r.pk));
  });

  it('sorts on the chosen column both ways', async () => {
    const asc = await listed({ lastName: 'marlowe', sortColumn: 'subscriberLastName ASC' });
    expect(asc.list.map((r) => r.subscriberLastName)).toEqual(['Marlowe-Adams', 'Marlowe-Baker', 'Marlowe-Cole']);
    const desc = await listed({ lastName: 'marlowe', sortColumn: 'subscriberLastName DESC' });
    expect(desc.list.map((r) => r.subscriberLastName)).toEqual(['Marlowe-Cole', 'Marlowe-Baker', 'Marlowe-Adams']);
    const byDate = await listed({ lastName: 'marlowe', sortColumn: 'dateRequested ASC' });
    expect(byDate.list.map((r) => r.pk)).toEqual(family);
    const byStatus = (await listed({ sortColumn: 'status DESC' })).list.map((r) => r.status);
    expect(byStatus).toEqual([...byStatus].sort().reverse());
    const bad = await list('hr@example.com', { sortColumn: 'ssn ASC' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('sortColumn');
  });

  it('filters by name, case-insensitively and in part', async () => {
    const byLast = await listed({ lastName: 'ARLOWE-B' });
    expect(byLast.list.map((r) => r.pk)).toEqual([family[1]]);
    const byFirst = await listed({ firstName: 'av', lastName: 'marlowe' });
    expect(byFirst.list.map((r) => r.pk)).toEqual([family[0]]);
    // A typed % is a character, not a wildcard.
    expect((await listed({ lastName: '%' })).recordCount).toBe(0);
  });

  it('filters by date requested, both days included', async () => {
    const range = await listed({ lastName: 'marlowe', dateFrom: '2021-03-10', dateTo: '2021-03-12' });
    expect(range.list.map((r) => r.pk).sort()).toEqual([family[0], family[1]].sort());
    const oneDay = await listed({ lastName: 'marlowe', dateFrom: '2021-03-13', dateTo: '2021-03-13' });
    expect(oneDay.list.map((r) => r.pk)).toEqual([family[2]]);
    const from = await listed({ lastName: 'marlowe', dateFrom: '2021-03-11', dateTo: '' });
    expect(from.list.map((r) => r.pk).sort()).toEqual([family[1], family[2]].sort());
    // The last calendar day has no day after it: up to it means no end at all, not a failure.
    const toTheEnd = await listed({ lastName: 'marlowe', dateFrom: '2021-03-11', dateTo: '9999-12-31' });
    expect(toTheEnd.list.map((r) => r.pk).sort()).toEqual([family[1], family[2]].sort());
    expect((await list('hr@example.com', { dateFrom: '03/10/2021' })).statusCode).toBe(400);
  });

  it('filters by one status, by a list of statuses and by the simple names', async () => {
    const all = await listed({});
    const count = (statuses: readonly string[]) => all.list.filter((r) => statuses.includes(r.status)).length;

    const cancelled = await listed({ RequestStatus: 'Cancelled' });
    expect(cancelled.recordCount).toBe(count(['Cancelled']));
    expect(cancelled.list.every((r) => r.status === 'Cancelled')).toBe(true);
    expect((await listed({ RequestStatus: '' })).recordCount).toBe(all.recordCount);

    const two = await listed({ RequestStatusList: 'Submitted,HRApproved' });
    expect(two.recordCount).toBe(count(['Submitted', 'HRApproved']));

    let sum = 0;
    for (const [name, statuses] of Object.entries(REQUEST_STATUS_GROUPS)) {
      const group = await listed({ RequestStatusList: name });
      expect(
        group.list.every((r) => (statuses as readonly string[]).includes(r.status)),
        name,
      ).toBe(true);
      expect(group.recordCount, name).toBe(count(statuses));
      sum += group.recordCount;
    }
    expect(sum).toBe(all.recordCount);
    expect((await listed({ RequestStatusList: 'Processed,Cancelled' })).recordCount).toBe(
      count(['PushedToRemote', 'Cancelled']),
    );
    // Both filters apply together.
    expect((await listed({ RequestStatus: 'Incomplete', RequestStatusList: 'Processed' })).recordCount).toBe(0);

    const bad = await list('hr@example.com', { RequestStatusList: 'Submitted,Bogus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.RequestStatusList).toEqual([REQUEST_STATUS_FILTER_MESSAGE]);
    expect((await list('hr@example.com', { RequestStatus: 'Bogus' })).statusCode).toBe(400);
  });

  it('serves HR and brokers of the group only', async () => {
    expect((await list('broker@example.com', {})).statusCode).toBe(200);
    expect((await list('admin@example.com', {})).statusCode).toBe(200);
    expect((await list('idcard@example.com', {})).statusCode).toBe(403);
    expect((await list('hr@example.com', { employerPK: 3 })).statusCode).toBe(403);
    const missing = await list('hr@example.com', { employerPK: '' as unknown as number });
    expect(missing.statusCode).toBe(400);
  });
});

describe('Request/CancelRequest', () => {
  it('cancels an incomplete and a submitted request, recording who', async () => {
    const { requestPK: draft } = await startEnrollment('hr@example.com', newEnrollment('Cancelable'));
    const res = await cancel(draft);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ requestPK: draft, status: 'Cancelled' });
    expect((await historyOf(draft)).map((h) => [h.status, h.changedBy])).toEqual([
      ['Incomplete', 'user-hr'],
      ['Cancelled', 'user-hr'],
    ]);

    const submitted = await requestUpdate('broker@example.com', await quietMember());
    expect(submitted.status).toBe('Submitted');
    const byBroker = await cancel(submitted.requestPK, 'broker@example.com');
    expect(byBroker.json()).toEqual({ requestPK: submitted.requestPK, status: 'Cancelled' });
    expect((await historyOf(submitted.requestPK)).at(-1)).toMatchObject({
      status: 'Cancelled',
      changedBy: 'user-broker',
    });
  });

  it('refuses to cancel a request past submission with 409', async () => {
    const [pushed] = await t.db
      .select({ pk: requests.requestPK })
      .from(requests)
      .where(and(eq(requests.employerPK, 2), eq(requests.status, 'PushedToRemote')))
      .limit(1);
    const res = await cancel(pushed!.pk);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      status: 409,
      detail: 'Only a request that is Incomplete or Submitted can be cancelled; this request is PushedToRemote.',
    });
    expect(await statusOf(pushed!.pk)).toBe('PushedToRemote');

    const { requestPK } = await startEnrollment('hr@example.com', newEnrollment('Twice'));
    expect((await cancel(requestPK)).statusCode).toBe(200);
    expect((await cancel(requestPK)).statusCode).toBe(409);
  });
});

describe('Request/HRApproveRequest', () => {
  it('lets HR approve a submitted request once; brokers cannot approve', async () => {
    const { requestPK, status } = await requestUpdate('broker@example.com', await quietMember());
    expect(status).toBe('Submitted');

    const byBroker = await approve(requestPK, 'broker@example.com');
    expect(byBroker.statusCode).toBe(403);
    expect(await statusOf(requestPK)).toBe('Submitted');
    expect((await approve(requestPK, 'idcard@example.com')).statusCode).toBe(403);

    const res = await approve(requestPK);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ requestPK, status: 'HRApproved' });
    expect((await historyOf(requestPK)).map((h) => [h.status, h.changedBy])).toEqual([
      ['Submitted', 'user-broker'],
      ['HRApproved', 'user-hr'],
    ]);

    const again = await approve(requestPK);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(
      'Only a request that is Submitted can be approved by HR; this request is HRApproved.',
    );
  });

  it('lets a GroupAdmin approve, and refuses drafts', async () => {
    const { requestPK } = await requestUpdate('broker@example.com', await quietMember());
    expect((await approve(requestPK, 'admin@example.com')).json()).toEqual({ requestPK, status: 'HRApproved' });
    const { requestPK: draft } = await startEnrollment('broker@example.com', newEnrollment('Drafty'));
    expect((await approve(draft)).statusCode).toBe(409);
  });
});

describe('approval on submission', () => {
  it('approves a request HR submits at once, with a history row of its own', async () => {
    const { requestPK } = await submitEnrollment('hr@example.com', newEnrollment('Selfapproved'));
    expect(await statusOf(requestPK)).toBe('HRApproved');
    const history = await historyOf(requestPK);
    expect(history.map((h) => [h.status, h.changedBy, h.note])).toEqual([
      ['Incomplete', 'user-hr', null],
      ['Submitted', 'user-hr', null],
      ['HRApproved', 'user-hr', APPROVED_ON_SUBMISSION_NOTE],
    ]);
    const answer = (await details(requestPK)).json();
    expect(answer.history).toEqual([
      { status: 'Incomplete', changedBy: 'user-hr', changedAt: expect.any(String), note: null },
      { status: 'Submitted', changedBy: 'user-hr', changedAt: expect.any(String), note: null },
      { status: 'HRApproved', changedBy: 'user-hr', changedAt: expect.any(String), note: APPROVED_ON_SUBMISSION_NOTE },
    ]);
  });

  it('approves member requests of HR and GroupAdmin on submission, not a broker’s', async () => {
    expect((await requestUpdate('hr@example.com', await quietMember())).status).toBe('HRApproved');
    expect((await requestUpdate('admin@example.com', await quietMember())).status).toBe('HRApproved');
    expect((await requestUpdate('broker@example.com', await quietMember())).status).toBe('Submitted');
    const termination = await requestTermination('hr@example.com', await quietMember());
    expect(termination.status).toBe('HRApproved');
  });
});

describe('processing', () => {
  it('takes a broker’s enrollment from Submitted to PushedToRemote once HR approves, creating the member', async () => {
    const e = newEnrollment('Processwell', 'Pat');
    const { requestPK, menu } = await submitEnrollment('broker@example.com', e);
    expect(await statusOf(requestPK)).toBe('Submitted');
    expect(await processed(requestPK)).toBeUndefined();
    expect(await statusOf(requestPK)).toBe('Submitted');

    expect((await approve(requestPK)).json().status).toBe('HRApproved');
    expect(await processed(requestPK)).toEqual({ requestPK, status: 'PushedToRemote' });
    const history = await historyOf(requestPK);
    expect(history.map((h) => [h.status, h.changedBy])).toEqual([
      ['Incomplete', 'user-broker'],
      ['Submitted', 'user-broker'],
      ['HRApproved', 'user-hr'],
      ['HEZApproved', PROCESSING_ACTOR],
      ['PushedToRemote', PROCESSING_ACTOR],
    ]);

    const found = await call('hr@example.com', 'POST', url('subscriberList'), {
      employerPK: 2,
      lastName: 'Processwell',
    });
    const [member] = found.json().list as {
      subscriberPK: number;
      subscriberID: string;
      ssnLast4: string;
      isTermed: boolean;
      hasPendingRequest: boolean;
    }[];
    expect(member).toMatchObject({ ssnLast4: e.ssn.slice(-4), isTermed: false, hasPendingRequest: false });
    expect(member!.subscriberID).toMatch(/^S02\d{6}$/);
    const [row] = await t.db.select().from(subscribers).where(eq(subscribers.subscriberPK, member!.subscriberPK));
    expect(row).toMatchObject({
      ssn: e.ssn,
      firstName: 'Pat',
      effectiveDate: `${year}-02-01`,
      divisionPK: menu.division,
    });
    const [request] = await t.db.select().from(requests).where(eq(requests.requestPK, requestPK));
    expect(request!.subscriberPK).toBe(member!.subscriberPK);

    const deps = await call('hr@example.com', 'GET', url('dependentList', { subscriberPK: member!.subscriberPK }));
    expect(deps.json()).toMatchObject([
      { firstName: 'Robin', ssnLast4: e.dependentSsn.slice(-4), dependentID: `${member!.subscriberID}-01` },
    ]);
    const [dependent] = await t.db.select().from(dependents).where(eq(dependents.subscriberPK, member!.subscriberPK));
    expect(dependent!.ssn).toBe(e.dependentSsn);

    const rows = await t.db.select().from(coverages).where(eq(coverages.subscriberPK, member!.subscriberPK));
    expect(rows.map((c) => [c.planPK, c.dependentPK === null, c.beginDate, c.endDate]).sort()).toEqual(
      [
        [menu.medical.planPK, true, `${year}-02-01`, null],
        [menu.medical.planPK, false, `${year}-02-01`, null],
        [menu.dental.planPK, true, `${year}-02-01`, null],
        [menu.dental.planPK, false, `${year}-02-01`, null],
      ].sort(),
    );
    const fsa = await t.db.select().from(fsaElections).where(eq(fsaElections.subscriberPK, member!.subscriberPK));
    expect(fsa).toMatchObject([
      { planPK: menu.fsa.planPK, electionAmount: 1250, availableBalance: 1250, planYear: year },
    ]);

    const detail = (await call('hr@example.com', 'GET', url('subscriberDetails', { pk: member!.subscriberPK }))).json();
    expect(detail).toMatchObject({
      isMedicalCoverage: true,
      isDentalCoverage: true,
      employerPlanPK: menu.medical.planPK,
      planData: { planName: menu.medical.planName, coverage: menu.medicalTier.name },
    });
  });

  it('applies an update: the address changes', async () => {
    const s = await quietMember();
    const { requestPK } = await requestUpdate('broker@example.com', s, {
      address1: '400 New Harbor Way',
      city: 'Portland',
      zipCode: '97201',
    });
    await approve(requestPK);
    expect(await processed(requestPK)).toEqual({ requestPK, status: 'PushedToRemote' });
    const [after] = await t.db.select().from(subscribers).where(eq(subscribers.subscriberPK, s.subscriberPK));
    expect(after).toMatchObject({
      address1: '400 New Harbor Way',
      city: 'Portland',
      zipCode: '97201',
      ssn: s.ssn,
      firstName: s.firstName,
    });
  });

  it('applies a termination: the member, the dependents and the coverages end', async () => {
    const [withDependents] = await t.db
      .select({ s: subscribers })
      .from(subscribers)
      .innerJoin(dependents, and(eq(dependents.subscriberPK, subscribers.subscriberPK), isNull(dependents.termDate)))
      .where(
        and(
          eq(subscribers.employerPK, 2),
          isNull(subscribers.termDate),
          sql`not exists (select 1 from requests r where r.subscriber_pk = ${subscribers.subscriberPK})`,
          notInArray(subscribers.subscriberPK, [...used]),
        ),
      )
      .limit(1);
    const s = withDependents!.s;
    used.add(s.subscriberPK);
    const today = localToday();
    const { requestPK, status } = await requestTermination('hr@example.com', s);
    expect(status).toBe('HRApproved');
    expect(await processed(requestPK)).toEqual({ requestPK, status: 'PushedToRemote' });

    const active = await call('hr@example.com', 'POST', url('subscriberList'), {
      employerPK: 2,
      ssn: s.ssnLast4,
      recordsPerPage: 100,
    });
    expect((active.json().list as { subscriberPK: number }[]).map((m) => m.subscriberPK)).not.toContain(s.subscriberPK);
    const all = await call('hr@example.com', 'POST', url('subscriberList'), {
      employerPK: 2,
      ssn: s.ssnLast4,
      recordsPerPage: 100,
      includeTermedMembers: true,
    });
    expect(
      (all.json().list as { subscriberPK: number; isTermed: boolean }[]).find((m) => m.subscriberPK === s.subscriberPK),
    ).toMatchObject({
      isTermed: true,
      hasPendingRequest: false,
    });
    const deps = await t.db.select().from(dependents).where(eq(dependents.subscriberPK, s.subscriberPK));
    expect(deps.every((d) => d.termDate !== null && d.termDate <= today)).toBe(true);
    const rows = await t.db.select().from(coverages).where(eq(coverages.subscriberPK, s.subscriberPK));
    expect(rows.every((c) => c.endDate !== null && c.endDate <= today && c.beginDate <= today)).toBe(true);
  });

  it('applies a dependent termination to that dependent and its coverage only', async () => {
    const [pair] = await t.db
      .select({ s: subscribers, d: dependents })
      .from(dependents)
      .innerJoin(subscribers, eq(subscribers.subscriberPK, dependents.subscriberPK))
      .where(
        and(
          eq(subscribers.employerPK, 2),
          isNull(subscribers.termDate),
          isNull(dependents.termDate),
          sql`exists (select 1 from coverages c where c.dependent_pk = ${dependents.dependentPK} and c.end_date is null)`,
          sql`not exists (select 1 from requests r where r.subscriber_pk = ${subscribers.subscriberPK})`,
          notInArray(subscribers.subscriberPK, [...used]),
        ),
      )
      .limit(1);
    const { s, d } = pair!;
    used.add(s.subscriberPK);
    const res = await call('hr@example.com', 'POST', url('terminateDependent'), {
      subscriberPK: s.subscriberPK,
      dependentPK: d.dependentPK,
      employerPK: 2,
      firstName: d.firstName,
      lastName: d.lastName,
      eventDate: localToday(),
      terminationDate: localToday(),
      reasonPK: 1,
    });
    const { requestPK } = res.json();
    expect(await processed(requestPK)).toEqual({ requestPK, status: 'PushedToRemote' });
    const [after] = await t.db.select().from(dependents).where(eq(dependents.dependentPK, d.dependentPK));
    expect(after!.termDate).toBe(localToday());
    const own = await t.db.select().from(coverages).where(eq(coverages.dependentPK, d.dependentPK));
    expect(own.every((c) => c.endDate !== null && c.endDate <= localToday())).toBe(true);
    const [subscriberAfter] = await t.db.select().from(subscribers).where(eq(subscribers.subscriberPK, s.subscriberPK));
    expect(subscriberAfter!.termDate).toBeNull();
  });

  it('applies a change of coverage: old coverages end the day before, new ones begin', async () => {
    const s = await quietMember(2, true);
    const menu = await planMenu();
    const effectiveDate = `${year}-03-01`;
    const before = await t.db
      .select()
      .from(coverages)
      .where(and(eq(coverages.subscriberPK, s.subscriberPK), isNull(coverages.endDate)));
    const created = await call('hr@example.com', 'POST', url('createEnrollmentRequest'), {
      saveStep: 1,
      employerPK: 2,
      subscriberPK: s.subscriberPK,
      changeReasonPK: 4,
      subscriber: subscriberUpdateForm(s),
    });
    const { requestPK } = created.json();
    const submitted = await call('hr@example.com', 'PUT', url('updateEnrollmentRequest', { requestPK }), {
      version: await versionOf(requestPK),
      saveStep: 4,
      employerPK: 2,
      subscriberPK: s.subscriberPK,
      changeReasonPK: 4,
      subscriber: subscriberUpdateForm(s),
      effectiveDate,
      hasDependents: false,
      dependents: [],
      ...planAnswers(menu),
      isDentalCoverage: false,
      isFSA: false,
      FSAElections: [],
      submit: true,
    });
    expect(submitted.json()).toEqual({ requestPK, hasError: false });
    expect(await processed(requestPK)).toEqual({ requestPK, status: 'PushedToRemote' });

    const rows = await t.db.select().from(coverages).where(eq(coverages.subscriberPK, s.subscriberPK));
    const open = rows.filter((c) => c.endDate === null);
    expect(open).toMatchObject([{ planPK: menu.medical.planPK, dependentPK: null, beginDate: effectiveDate }]);
    expect(before.length).toBeGreaterThan(0);
    for (const old of before) {
      const now = rows.find((c) => c.coveragePK === old.coveragePK);
      if (old.beginDate < effectiveDate) expect(now?.endDate).toBe(addDays(effectiveDate, -1));
      else expect(now).toBeUndefined();
    }
  });

  it('rejects a request whose checks fail, with the reason as the note', async () => {
    const e = newEnrollment('Latecomer');
    const { requestPK } = await submitEnrollment('hr@example.com', e);
    // Someone with the same SSN came on file after approval.
    const [template] = await t.db.select().from(subscribers).where(eq(subscribers.employerPK, 2)).limit(1);
    const { subscriberPK: _pk, ...copy } = template!;
    await t.db
      .insert(subscribers)
      .values({ ...copy, subscriberID: `X${requestPK}`, ssn: e.ssn, ssnLast4: e.ssn.slice(-4) });

    expect(await processed(requestPK)).toEqual({ requestPK, status: 'HEZRejected', note: PROCESSING_NOTES.ssnTaken });
    expect((await historyOf(requestPK)).at(-1)).toMatchObject({
      status: 'HEZRejected',
      changedBy: PROCESSING_ACTOR,
      note: PROCESSING_NOTES.ssnTaken,
    });
    const [people] = await t.db
      .select({ n: count() })
      .from(subscribers)
      .where(and(eq(subscribers.employerPK, 2), eq(subscribers.ssn, e.ssn)));
    expect(people!.n).toBe(1);
  });

  it('processes each request once when workers run side by side', async () => {
    const first = await submitEnrollment('hr@example.com', newEnrollment('Parallel-One'));
    const second = await submitEnrollment('hr@example.com', newEnrollment('Parallel-Two'));
    const runs = await Promise.all([processPendingRequests(t.db), processPendingRequests(t.db)]);
    const pks = runs.flat().map((o) => o.requestPK);
    expect(pks.filter((pk) => pk === first.requestPK)).toHaveLength(1);
    expect(pks.filter((pk) => pk === second.requestPK)).toHaveLength(1);
    const [made] = await t.db
      .select({ n: count() })
      .from(subscribers)
      .where(and(eq(subscribers.employerPK, 2), sql`${subscribers.lastName} like 'Parallel-%'`));
    expect(made!.n).toBe(2);
  });
});

describe('member counts', () => {
  /** The list's unfiltered totals of group 2: active, and with termed members. */
  async function listedTotals() {
    const total = async (includeTermedMembers: boolean) =>
      (await call('hr@example.com', 'POST', url('subscriberList'), { employerPK: 2, includeTermedMembers })).json()
        .recordCount as number;
    return { active: await total(false), all: await total(true) };
  }
  const counted = async () => ({
    active: await t.db.$count(subscribers, and(eq(subscribers.employerPK, 2), isNull(subscribers.termDate))),
    all: await t.db.$count(subscribers, eq(subscribers.employerPK, 2)),
  });

  it('stay exact when a member is added, terminated and reinstated', async () => {
    const before = await listedTotals();
    expect(before).toEqual(await counted());

    const { requestPK } = await submitEnrollment('hr@example.com', newEnrollment('Countwell'));
    expect(await processed(requestPK)).toEqual({ requestPK, status: 'PushedToRemote' });
    const added = await listedTotals();
    expect(added).toEqual({ active: before.active + 1, all: before.all + 1 });
    expect(added).toEqual(await counted());

    const s = await quietMember();
    const termination = await requestTermination('hr@example.com', s);
    expect(await processed(termination.requestPK)).toEqual({
      requestPK: termination.requestPK,
      status: 'PushedToRemote',
    });
    const termed = await listedTotals();
    expect(termed).toEqual({ active: added.active - 1, all: added.all });
    expect(termed).toEqual(await counted());

    // No call of the portal reinstates yet; the counts follow any write of the member, whatever its path.
    await t.db.update(subscribers).set({ termDate: null }).where(eq(subscribers.subscriberPK, s.subscriberPK));
    expect(await listedTotals()).toEqual({ active: added.active, all: added.all });
    expect(await memberCountDrift(t.db)).toEqual([]);
  });

  it('stay exact when a change is rolled back, and when members are deleted', async () => {
    const before = await listedTotals();
    const s = await quietMember();
    await expect(
      t.db.transaction(async (tx) => {
        await tx
          .update(subscribers)
          .set({ termDate: localToday() })
          .where(eq(subscribers.subscriberPK, s.subscriberPK));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await listedTotals()).toEqual(before);

    await t.db.delete(subscribers).where(eq(subscribers.subscriberPK, s.subscriberPK));
    expect(await listedTotals()).toEqual({ active: before.active - 1, all: before.all - 1 });
    expect(await memberCountDrift(t.db)).toEqual([]);
  });
});

describe('Request/RequestDetails', () => {
  it('renders the request as escaped HTML with masked SSNs, plan names and the timeline', async () => {
    const script = '<script>alert(1)</script>';
    const e = newEnrollment('Escaper', 'Eve', { occupation: script, jobTitle: '"><img src=x onerror=alert(2)>' });
    const { requestPK, menu } = await submitEnrollment('broker@example.com', e);
    // Names cannot carry markup through the API (the name rules refuse it); stored data may all the same.
    const [row] = await t.db.select().from(requests).where(eq(requests.requestPK, requestPK));
    await t.db
      .update(requests)
      .set({ payload: { ...row!.payload, subscriber: { ...(row!.payload.subscriber as Json), firstName: script } } })
      .where(eq(requests.requestPK, requestPK));

    const res = await details(requestPK);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ requestPK, type: 'NewEnrollment', status: 'Submitted' });
    const html = answer.content as string;
    expect(html).not.toMatch(/<script|<img|onerror=alert\(2\)>/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(html).not.toMatch(FULL_SSN);
    expect(html).toContain(`***-**-${e.ssn.slice(-4)}`);
    expect(html).toContain(`***-**-${e.dependentSsn.slice(-4)}`);
    for (const text of [
      'Escaper',
      'Robin',
      menu.medical.planName,
      menu.dental.planName,
      menu.fsa.planName,
      menu.medicalTier.name,
      '$1,250.00',
      'New Enrollment',
      '12 Main St',
    ]) {
      expect(html).toContain(escapeHtml(text));
    }
    expect(html).toMatch(/^<article class="request-document">.*<\/article>$/s);
    expect(answer.history.map((h: { status: string }) => h.status)).toEqual(['Incomplete', 'Submitted']);

    const bare = (await details(requestPK, 'hr@example.com', false)).json();
    expect(bare.content).toBe('');

    // Statuses read as words in the document, as on the screen.
    expect((await approve(requestPK)).statusCode).toBe(200);
    const approved = (await details(requestPK)).json().content as string;
    expect(approved).toContain('HR Approved');
    expect(approved).not.toContain('HRApproved');
  });

  it('escapes free text of member requests too, and shows the member on file', async () => {
    const s = await quietMember();
    const { requestPK } = await requestTermination('broker@example.com', s, {
      comment: '<b onclick="x()">Bye</b> (SSN 123-45-6789)',
    });
    const html = (await details(requestPK)).json().content as string;
    expect(html).toContain('&lt;b onclick=&quot;x()&quot;&gt;Bye&lt;/b&gt;');
    expect(html).not.toContain('<b ');
    // A full SSN typed into free text shows as its last 4 only (the helper checks the whole answer).
    expect(html).toContain('(SSN ***-**-6789)');
    expect(html).toContain(`***-**-${s.ssnLast4}`);
    expect(html).toContain(escapeHtml(s.lastName));
    expect(html).toContain('Subscriber Termination');
  });
});

describe('Report/ViewEnrollmentPDF', () => {
  it('is a real PDF with the group and the subscriber, inline, and no full SSN', async () => {
    const e = newEnrollment('Pdfington', 'Paula');
    const { requestPK, menu } = await submitEnrollment('broker@example.com', e);
    const res = await pdf(requestPK);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`inline; filename="Enrollment Request ${requestPK}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = await pdfText(res.rawPayload);
    const [group] = await t.db.select().from(employers).where(eq(employers.employerPK, 2));
    expect(text).toContain(group!.employerName);
    expect(text).toContain('Paula Q Pdfington');
    expect(text).toContain(menu.medical.planName);
    expect(text).toContain('Status History');
    expect(text).toContain(`***-**-${e.ssn.slice(-4)}`);
    expect(text).not.toMatch(FULL_SSN);
  });

  it('serves the seeded requests of every type', async () => {
    const seeded = await t.db
      .select({ pk: requests.requestPK })
      .from(requests)
      .where(eq(requests.employerPK, 2))
      .orderBy(asc(requests.requestPK))
      .limit(11);
    for (const { pk } of seeded) {
      const res = await pdf(pk);
      expect(res.statusCode, String(pk)).toBe(200);
      expect(await pdfText(res.rawPayload)).not.toMatch(FULL_SSN);
      expect((await details(pk)).statusCode).toBe(200);
    }
  });
});

describe('other groups', () => {
  it('answers 404 for a request of another group on every call, and for unknown ids', async () => {
    const s = await quietMember(3);
    const { requestPK } = await requestUpdate('broker@example.com', s);
    const calls = [() => cancel(requestPK), () => approve(requestPK), () => details(requestPK), () => pdf(requestPK)];
    for (const attempt of calls) expect((await attempt()).statusCode).toBe(404);
    expect(await statusOf(requestPK)).toBe('Submitted');
    for (const attempt of [cancel, approve, details, pdf]) expect((await attempt(99_999_999)).statusCode).toBe(404);
    // The broker of group 3 sees it, but may not approve it.
    expect((await details(requestPK, 'broker@example.com')).statusCode).toBe(200);
    expect((await approve(requestPK, 'broker@example.com')).statusCode).toBe(403);
  });
});
