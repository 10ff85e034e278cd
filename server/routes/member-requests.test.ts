import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import { MESSAGES } from '../../src/contracts/person-rules';
import { PENDING_MESSAGES } from '../../src/contracts/requests';
import {
  DEPENDENT_ALREADY_TERMED_MESSAGE,
  RETRO_TERMINATION_MESSAGE,
  SUBSCRIBER_ALREADY_TERMED_MESSAGE,
} from '../../src/contracts/terminations';
import { dependents, requestStatusHistory, requests, subscribers, terminations } from '../db/schema';
import { addDays, localToday } from '../lib/calendar';
import { createTestApp, type TestApp } from '../test/test-app';
import { subscriberUpdateForm } from '../test/subscriber-form';

const FULL_SSN = /\d{3}-\d{2}-\d{4}/;
type Name = keyof typeof endpoints;
const url = (name: Name, query?: Record<string, number>) =>
  endpointUrl(endpoints[name]) +
  (query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '');

type Subscriber = typeof subscribers.$inferSelect;
type Dependent = typeof dependents.$inferSelect;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Every answer of these calls is checked for a full SSN. */
async function call(email: string, name: Name, payload: unknown, query?: Record<string, number>) {
  const res = await t.app.inject({
    method: 'POST',
    url: url(name, query),
    headers: await t.auth(email),
    payload: payload as object,
  });
  expect(res.body).not.toMatch(FULL_SSN);
  return res;
}

// Each test takes members nobody has asked anything about yet (no seeded or earlier request).
const used = new Set<number>();
const noRequests = sql`not exists (select 1 from requests r where r.subscriber_pk = ${subscribers.subscriberPK})`;

async function freshSubscriber(employerPK = 2): Promise<Subscriber> {
  const [row] = await t.db
    .select()
    .from(subscribers)
    .where(
      and(
        eq(subscribers.employerPK, employerPK),
        isNull(subscribers.termDate),
        noRequests,
        used.size ? notInArray(subscribers.subscriberPK, [...used]) : undefined,
      ),
    )
    .orderBy(subscribers.subscriberPK)
    .limit(1);
  used.add(row!.subscriberPK);
  return row!;
}

async function freshDependent(
  opts: { employerPK?: number; termed?: boolean } = {},
): Promise<{ s: Subscriber; d: Dependent }> {
  const [row] = await t.db
    .select({ s: subscribers, d: dependents })
    .from(dependents)
    .innerJoin(subscribers, eq(subscribers.subscriberPK, dependents.subscriberPK))
    .where(
      and(
        eq(subscribers.employerPK, opts.employerPK ?? 2),
        isNull(subscribers.termDate),
        opts.termed ? isNotNull(dependents.termDate) : isNull(dependents.termDate),
        noRequests,
        used.size ? notInArray(subscribers.subscriberPK, [...used]) : undefined,
      ),
    )
    .orderBy(dependents.dependentPK)
    .limit(1);
  used.add(row!.s.subscriberPK);
  return row!;
}

function dependentForm(d: Dependent) {
  return {
    dependentPK: d.dependentPK,
    firstName: d.firstName,
    lastName: d.lastName,
    middleInitial: d.middleInitial ?? '',
    dateOfBirth: d.dateOfBirth,
    relationshipPK: d.relationshipPK,
    genderPK: d.genderPK,
    maritalStatusPK: d.maritalStatusPK,
    phone1: d.phone1 ?? '',
    phone2: d.phone2 ?? '',
    emailAddress: d.email ?? '',
    sameAddress: d.sameAddress,
    ...(d.ssnLast4 ? { ssnLast4: d.ssnLast4 } : {}),
  };
}

const updateSubscriber = (
  email: string,
  s: Subscriber,
  changes: Record<string, unknown> = {},
  employerPK = s.employerPK,
) =>
  call(
    email,
    'updateSubscriber',
    { subscriber: subscriberUpdateForm(s, changes), changeReasonDetails: { comment: 'Moved' }, employerPK },
    { subscriberPK: s.subscriberPK },
  );

const terminationOf = (s: Subscriber, changes: Record<string, unknown> = {}) => ({
  subscriberPK: s.subscriberPK,
  employerPK: s.employerPK,
  dependentPK: null,
  firstName: s.firstName,
  lastName: s.lastName,
  eventDate: localToday(),
  terminationDate: localToday(),
  reasonPK: 1,
  comment: 'Resigned',
  ...changes,
});

async function requestRow(requestPK: number) {
  const [row] = await t.db.select().from(requests).where(eq(requests.requestPK, requestPK));
  return row!;
}

async function listed(s: Subscriber) {
  const res = await call('hr@example.com', 'subscriberList', {
    employerPK: s.employerPK,
    lastName: s.lastName,
    ssn: s.ssnLast4,
    recordsPerPage: 100,
  });
  return (
    res.json().list as { subscriberPK: number; hasPendingRequest: boolean; pendingRequestTypes: string[] }[]
  ).find((item) => item.subscriberPK === s.subscriberPK);
}

describe('UpdateSubscriber', () => {
  it('stores a submitted request (HR approves its own at once) with history, leaves the member as is and shows it as pending', async () => {
    const s = await freshSubscriber();
    const res = await updateSubscriber('hr@example.com', s, { address1: '77 Harbor View Rd.', zipCode: '02134-1234' });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toEqual({ requestPK: expect.any(Number), status: 'HRApproved' });

    const row = await requestRow(answer.requestPK);
    expect(row).toMatchObject({
      type: 'Subscriber',
      status: 'HRApproved',
      employerPK: 2,
      subscriberPK: s.subscriberPK,
      dependentPK: null,
      subscriberFirstName: s.firstName,
      subscriberLastName: s.lastName,
      createdBy: 'user-hr',
      ssn: null,
    });
    expect(row.payload).toMatchObject({ subscriber: { address1: '77 Harbor View Rd.', ssnLast4: s.ssnLast4 } });
    expect(JSON.stringify(row.payload)).not.toMatch(FULL_SSN);
    const history = await t.db
      .select()
      .from(requestStatusHistory)
      .where(eq(requestStatusHistory.requestPK, answer.requestPK))
      .orderBy(requestStatusHistory.requestStatusHistoryPK);
    expect(history).toMatchObject([
      { status: 'Submitted', changedBy: 'user-hr' },
      { status: 'HRApproved', changedBy: 'user-hr', note: 'approved on submission' },
    ]);

    const [after] = await t.db.select().from(subscribers).where(eq(subscribers.subscriberPK, s.subscriberPK));
    expect(after).toEqual(s);

    expect(await listed(s)).toMatchObject({ hasPendingRequest: true, pendingRequestTypes: ['Subscriber'] });
    const details = await t.app.inject({
      method: 'GET',
      url: url('subscriberDetails', { pk: s.subscriberPK }),
      headers: await t.auth('hr@example.com'),
    });
    expect(details.json()).toMatchObject({ hasPendingRequest: true, pendingRequestTypes: ['Subscriber'] });

    const second = await updateSubscriber('hr@example.com', s, { city: 'Elsewhere' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      status: 409,
      detail: 'Update request for this subscriber is already pending.',
    });
  });

  it('lets only one of two simultaneous updates through', async () => {
    const s = await freshSubscriber();
    const answers = await Promise.all([
      updateSubscriber('hr@example.com', s, { city: 'Aurora' }),
      updateSubscriber('hr@example.com', s, { city: 'Boulder' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('answers a bad zip with the spec’s message on the field, and accepts a city of 30 characters', async () => {
    const s = await freshSubscriber();
    const bad = await updateSubscriber('hr@example.com', s, { zipCode: '1234' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['subscriber.zipCode']).toContain(MESSAGES.zip);

    const tooLong = await updateSubscriber('hr@example.com', s, { city: 'C'.repeat(31) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toHaveProperty(['subscriber.city']);

    const ok = await updateSubscriber('hr@example.com', s, { city: 'Rancho Santa Margarita Heights' });
    expect('Rancho Santa Margarita Heights').toHaveLength(30);
    expect(ok.statusCode).toBe(200);
  });

  it('keeps a typed SSN server-side only and insists on the last 4 on file otherwise', async () => {
    const s = await freshSubscriber();
    const mismatch = await updateSubscriber('hr@example.com', s, { ssnLast4: s.ssnLast4 === '0000' ? '0001' : '0000' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toHaveProperty(['subscriber.ssnLast4']);

    const badMask = await updateSubscriber('hr@example.com', s, { ssn: '123456789' });
    expect(badMask.statusCode).toBe(400);
    expect(badMask.json().errors).toHaveProperty(['subscriber.ssn']);

    const [other] = await t.db
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.employerPK, 2), sql`${subscribers.subscriberPK} <> ${s.subscriberPK}`))
      .limit(1);
    const taken = await updateSubscriber('hr@example.com', s, { ssn: other!.ssn });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toHaveProperty(['subscriber.ssn']);

    const ssn = '900-12-3456';
    const res = await updateSubscriber('hr@example.com', s, { ssn });
    expect(res.statusCode).toBe(200);
    const row = await requestRow(res.json().requestPK);
    expect(row.ssn).toBe(ssn);
    expect(row.payload).toMatchObject({ subscriber: { ssnLast4: '3456' } });
    expect(JSON.stringify(row.payload)).not.toContain(ssn);
  });

  it('checks lookups and the change reason', async () => {
    const s = await freshSubscriber();
    const res = await call(
      'hr@example.com',
      'updateSubscriber',
      {
        subscriber: subscriberUpdateForm(s, { stateID: 9999 }),
        changeReasonDetails: { changeReasonPK: 9999 },
        employerPK: 2,
      },
      { subscriberPK: s.subscriberPK },
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(
      expect.arrayContaining(['subscriber.stateID', 'changeReasonDetails.changeReasonPK']),
    );
  });

  it('answers 400 for a malformed or incomplete body, never 500', async () => {
    const s = await freshSubscriber();
    const headers = { ...(await t.auth('hr@example.com')), 'content-type': 'application/json' };
    const broken = await t.app.inject({
      method: 'POST',
      url: url('updateSubscriber', { subscriberPK: s.subscriberPK }),
      headers,
      payload: '{"subscriber": {',
    });
    expect(broken.statusCode).toBe(400);
    for (const payload of [{}, { subscriber: 'x', employerPK: 2 }, { subscriber: {}, employerPK: 'two' }, []]) {
      const res = await call('hr@example.com', 'updateSubscriber', payload, { subscriberPK: s.subscriberPK });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('UpdateDependent', () => {
  const updateDependent = (email: string, d: Dependent, changes: Record<string, unknown> = {}, employerPK = 2) =>
    call(
      email,
      'updateDependent',
      { dependent: { ...dependentForm(d), ...changes }, employerPK },
      { dependentPK: d.dependentPK },
    );

  it('stores a Dependent request and refuses a second one', async () => {
    const { s, d } = await freshDependent();
    const res = await updateDependent('hr@example.com', d, { phone1: '15551234567' });
    expect(res.statusCode).toBe(200);
    const row = await requestRow(res.json().requestPK);
    expect(row).toMatchObject({
      type: 'Dependent',
      status: 'HRApproved',
      subscriberPK: s.subscriberPK,
      dependentPK: d.dependentPK,
      subscriberLastName: s.lastName,
    });
    expect(row.payload).toMatchObject({ dependent: { phone1: '15551234567' } });
    const [after] = await t.db.select().from(dependents).where(eq(dependents.dependentPK, d.dependentPK));
    expect(after).toEqual(d);
    expect(await listed(s)).toMatchObject({ hasPendingRequest: true, pendingRequestTypes: ['Dependent'] });

    const second = await updateDependent('hr@example.com', d, { phone1: '15550000000' });
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe(PENDING_MESSAGES.Dependent);
  });

  it('validates the form, the relationship and the dependent named in the body', async () => {
    const { d } = await freshDependent();
    const bad = await updateDependent('hr@example.com', d, { phone1: '12ab', relationshipPK: 5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty(['dependent.phone1']);
    const notOffered = await updateDependent('hr@example.com', d, { relationshipPK: 5 });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().errors).toHaveProperty(['dependent.relationshipPK']);
    const zip = await updateDependent('hr@example.com', d, { sameAddress: false, address: { zipCode: '999' } });
    expect(zip.statusCode).toBe(400);
    expect(zip.json().errors['dependent.address.zipCode']).toContain(MESSAGES.zip);
    const other = await updateDependent('hr@example.com', d, { dependentPK: d.dependentPK + 1 });
    expect(other.statusCode).toBe(400);
  });
});

describe('TerminateSubscriber', () => {
  const terminate = (email: string, body: unknown) => call(email, 'terminateSubscriber', body);

  it('stores a Terminate request and its termination, then refuses a second', async () => {
    const s = await freshSubscriber();
    const res = await terminate('hr@example.com', terminationOf(s));
    expect(res.statusCode).toBe(200);
    const { requestPK } = res.json();
    expect(await requestRow(requestPK)).toMatchObject({
      type: 'Terminate',
      status: 'HRApproved',
      subscriberPK: s.subscriberPK,
    });
    const [termination] = await t.db.select().from(terminations).where(eq(terminations.requestPK, requestPK));
    expect(termination).toMatchObject({
      subscriberPK: s.subscriberPK,
      dependentPK: null,
      eventDate: localToday(),
      terminationDate: localToday(),
      reasonPK: 1,
      comment: 'Resigned',
      createdBy: 'user-hr',
    });
    const [after] = await t.db.select().from(subscribers).where(eq(subscribers.subscriberPK, s.subscriberPK));
    expect(after!.termDate).toBeNull();
    expect((await listed(s))?.pendingRequestTypes).toContain('Terminate');

    const second = await terminate('hr@example.com', terminationOf(s));
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe('Terminate request for this subscriber is already pending.');
  });

  it('a pending termination stops an update and a change of coverage of that subscriber, with its own text', async () => {
    const s = await freshSubscriber();
    expect((await terminate('hr@example.com', terminationOf(s))).statusCode).toBe(200);

    const update = await updateSubscriber('hr@example.com', s, { city: 'Elsewhere' });
    expect(update.statusCode).toBe(409);
    expect(update.json().detail).toBe(PENDING_MESSAGES.Terminate);

    const change = await call('hr@example.com', 'createEnrollmentRequest', {
      saveStep: 1,
      employerPK: s.employerPK,
      subscriberPK: s.subscriberPK,
      changeReasonPK: 4,
      subscriber: subscriberUpdateForm(s, {}),
    });
    expect(change.statusCode).toBe(409);
    expect(change.json().detail).toBe(PENDING_MESSAGES.Terminate);
  });

  it('refuses dates more than 90 days back with the spec’s message, accepts exactly 90', async () => {
    const s = await freshSubscriber();
    const late = addDays(localToday(), -91);
    const res = await terminate('hr@example.com', terminationOf(s, { terminationDate: late }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.terminationDate).toEqual([RETRO_TERMINATION_MESSAGE]);
    expect(res.json().detail).toBe("A retro termination date cannot exceed more than 90 days from today's date.");
    const event = await terminate('hr@example.com', terminationOf(s, { eventDate: late }));
    expect(event.statusCode).toBe(400);
    expect(event.json().errors.eventDate).toEqual([RETRO_TERMINATION_MESSAGE]);

    const edge = addDays(localToday(), -90);
    const ok = await terminate('hr@example.com', terminationOf(s, { eventDate: edge, terminationDate: edge }));
    expect(ok.statusCode).toBe(200);
  });

  it('accepts reason 99, refuses unknown reasons, missing dates and a dependentPK', async () => {
    const s = await freshSubscriber();
    const unknown = await terminate('hr@example.com', terminationOf(s, { reasonPK: 42 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty('reasonPK');
    const noDate = await terminate('hr@example.com', terminationOf(s, { eventDate: '' }));
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().errors.eventDate).toContain('Event Date is required!');
    const { d } = await freshDependent();
    const withDependent = await terminate('hr@example.com', terminationOf(s, { dependentPK: d.dependentPK }));
    expect(withDependent.statusCode).toBe(400);
    expect((await terminate('hr@example.com', terminationOf(s, { reasonPK: 99 }))).statusCode).toBe(200);
  });

  it('refuses a subscriber who is already terminated', async () => {
    const [termed] = await t.db
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.employerPK, 2), isNotNull(subscribers.termDate)))
      .orderBy(desc(subscribers.subscriberPK))
      .limit(1);
    const res = await terminate('hr@example.com', terminationOf(termed!));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(SUBSCRIBER_ALREADY_TERMED_MESSAGE);
  });
});

describe('TerminateDependent', () => {
  const terminate = (email: string, body: unknown) => call(email, 'terminateDependent', body);

  it('stores a TerminateDependent request and its termination, then refuses a second', async () => {
    const { s, d } = await freshDependent();
    const res = await terminate(
      'hr@example.com',
      terminationOf(s, { dependentPK: d.dependentPK, firstName: d.firstName, reasonPK: 7 }),
    );
    expect(res.statusCode).toBe(200);
    const { requestPK } = res.json();
    expect(await requestRow(requestPK)).toMatchObject({ type: 'TerminateDependent', dependentPK: d.dependentPK });
    const [termination] = await t.db.select().from(terminations).where(eq(terminations.requestPK, requestPK));
    expect(termination).toMatchObject({ subscriberPK: s.subscriberPK, dependentPK: d.dependentPK, reasonPK: 7 });
    const [after] = await t.db.select().from(dependents).where(eq(dependents.dependentPK, d.dependentPK));
    expect(after!.termDate).toBeNull();

    const second = await terminate('hr@example.com', terminationOf(s, { dependentPK: d.dependentPK }));
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe(PENDING_MESSAGES.TerminateDependent);
  });

  it('answers an already-termed dependent with the spec’s message', async () => {
    const { s, d } = await freshDependent({ termed: true });
    const res = await terminate('hr@example.com', terminationOf(s, { dependentPK: d.dependentPK }));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(DEPENDENT_ALREADY_TERMED_MESSAGE);
  });

  it('needs a dependent of that subscriber, and none once the subscriber’s termination is pending', async () => {
    const { s, d } = await freshDependent();
    expect((await terminate('hr@example.com', terminationOf(s))).statusCode).toBe(400);
    const { d: stranger } = await freshDependent();
    expect(
      (await terminate('hr@example.com', terminationOf(s, { dependentPK: stranger.dependentPK }))).statusCode,
    ).toBe(404);

    expect((await call('hr@example.com', 'terminateSubscriber', terminationOf(s))).statusCode).toBe(200);
    const res = await terminate('hr@example.com', terminationOf(s, { dependentPK: d.dependentPK }));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(PENDING_MESSAGES.Terminate);
  });
});

describe('groups and roles', () => {
  it('hides members of other groups (404) and refuses groups the user has no role in (403)', async () => {
    const other = await freshSubscriber(3);
    expect((await updateSubscriber('hr@example.com', other, {}, 2)).statusCode).toBe(404);
    const { d: otherDependent } = await freshDependent({ employerPK: 3 });
    const dep = await call(
      'hr@example.com',
      'updateDependent',
      { dependent: dependentForm(otherDependent), employerPK: 2 },
      { dependentPK: otherDependent.dependentPK },
    );
    expect(dep.statusCode).toBe(404);
    expect(
      (await call('hr@example.com', 'terminateSubscriber', terminationOf(other, { employerPK: 2 }))).statusCode,
    ).toBe(404);
    expect(
      (await call('hr@example.com', 'terminateSubscriber', terminationOf(other, { employerPK: 3 }))).statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          'hr@example.com',
          'terminateDependent',
          terminationOf(other, { employerPK: 2, dependentPK: otherDependent.dependentPK }),
        )
      ).statusCode,
    ).toBe(404);

    // Own member, but the body names another group.
    const own = await freshSubscriber();
    expect((await updateSubscriber('broker@example.com', own, {}, 3)).statusCode).toBe(404);
  });

  it('lets a broker of groups 2, 3 and 4 act in group 3, and keeps ID-card-only users out', async () => {
    const s = await freshSubscriber(3);
    expect((await updateSubscriber('broker@example.com', s, { phone2: '15559876543' })).statusCode).toBe(200);
    // Another member: the pending update would stop a termination of the first.
    const res = await call('broker@example.com', 'terminateSubscriber', terminationOf(await freshSubscriber(3)));
    expect(res.statusCode).toBe(200);
    expect((await requestRow(res.json().requestPK)).createdBy).toBe('user-broker');

    const own = await freshSubscriber();
    expect((await updateSubscriber('idcard@example.com', own)).statusCode).toBe(403);
    expect((await call('idcard@example.com', 'terminateSubscriber', terminationOf(own))).statusCode).toBe(403);
    const { d } = await freshDependent();
    const dep = await call(
      'idcard@example.com',
      'updateDependent',
      { dependent: dependentForm(d), employerPK: 2 },
      { dependentPK: d.dependentPK },
    );
    expect(dep.statusCode).toBe(403);
  });
});
