import { and, asc, eq, isNull } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import { LIFE_EVENT_MESSAGES, PROOF_MAX_BYTES, type LifeEventOptions } from '../../src/contracts/life-events';
import { OPEN_ENROLLMENT_MESSAGES } from '../../src/contracts/open-enrollment';
import { addDays, firstOfNextMonth, localToday, maxDate, yearOf } from '../lib/calendar';
import { coverages, dependents, lifeEventProofs, plans, requests, subscribers, userGrants } from '../db/schema';
import { processPendingRequests } from '../services/processing';
import { createTestApp, type TestApp } from '../test/test-app';

type Name = keyof typeof endpoints;
const url = (name: Name, query?: Record<string, string | number>) =>
  endpointUrl(endpoints[name]) +
  (query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '');

const HR = 'hr@example.com';
const BROKER = 'broker@example.com';
const EMPLOYEE = 'employee@example.com';
const today = localToday();
// Twenty days ago, kept inside this plan year so that this year's plans cover the birth.
const born = maxDate(addDays(today, -20), `${yearOf(today)}-01-01`);
const PDF = Buffer.from('%PDF-1.4\n% a birth certificate\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let t: TestApp;
let ownPK: number;
let options: LifeEventOptions;
let feedDir: string;

async function call(name: Name, email: string, opts: { query?: Record<string, string | number>; body?: object } = {}) {
  const res = await t.app.inject({
    method: endpoints[name].method,
    url: url(name, opts.query),
    headers: await t.auth(email),
    ...(opts.body ? { payload: opts.body } : {}),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

async function upload(lifeEventPK: number, bytes: Buffer) {
  const res = await t.app.inject({
    method: 'POST',
    url: url('uploadLifeEventProof', { employerPK: 2, lifeEventPK }),
    headers: { ...(await t.auth(EMPLOYEE)), 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

const medical = () => options.coverages.find((c) => c.planType === 'Medical')!;
/** The broadest medical tier: it covers the whole family. */
const familyTier = () =>
  medical()
    .tiers.filter((tier) => tier.coversDependents)
    .at(-1)!;
const newborn = { firstName: 'Ada', lastName: 'Member', dateOfBirth: born, relationshipPK: 3, genderPK: 2 };
const report = (over: Record<string, unknown>) => ({
  employerPK: 2,
  kindCode: 'birth',
  eventDate: born,
  elections: [],
  newDependents: [],
  removeDependentPKs: [],
  proofToFollow: true,
  proofDueDate: addDays(today, 30),
  ...over,
});
/** The INS segment opening the loop of the member with this name (NM1 last and first name). */
function insOf(segments: string[][], lastName: string, firstName: string) {
  const nm1 = segments.findIndex((s) => s[0] === 'NM1' && s[3] === lastName && s[4] === firstName);
  return segments.findLastIndex((s, i) => i < nm1 && s[0] === 'INS');
}
const fieldErrors = (body: Record<string, unknown>) => body.errors as Record<string, string[]>;

beforeAll(async () => {
  t = await createTestApp();
  feedDir = await mkdtemp(join(tmpdir(), 'carrier-feed-'));
  process.env.CARRIER_FEED_DIR = feedDir;
  ownPK = (await t.db.select().from(userGrants).where(eq(userGrants.userId, 'user-employee')))[0]!.subscriberPK!;
  const answer = await call('lifeEventOptions', EMPLOYEE, { query: { employerPK: 2 } });
  expect(answer.status).toBe(200);
  options = answer.body as LifeEventOptions;
});
afterAll(async () => {
  delete process.env.CARRIER_FEED_DIR;
  await rm(feedDir, { recursive: true, force: true });
  await t?.close();
});

describe('what a member may report', () => {
  it('lists the kinds of event with their windows, and the member’s own coverage and household', () => {
    const kind = (code: string) => options.kinds.find((k) => k.code === code)!;
    expect(kind('birth')).toMatchObject({ windowDays: 31, effectiveRule: 'eventDate', requiresNewChild: true });
    expect(kind('marriage')).toMatchObject({ windowDays: 31, effectiveRule: 'firstOfNextMonth' });
    expect(kind('loss-of-medicaid').windowDays).toBe(60);
    expect(kind('divorce')).toMatchObject({ addRelationshipPKs: [], allowsPlanChange: false });
    expect(options.subscriberPK).toBe(ownPK);
    expect(medical().current).not.toBeNull();
    expect(medical().plans.some((p) => p.planPK === medical().current!.planPK)).toBe(true);
    expect(options.dependents.length).toBeGreaterThan(0);
  });

  it('is the member’s alone: HR and brokers have no life event of their own to report', async () => {
    expect((await call('lifeEventOptions', HR, { query: { employerPK: 2 } })).status).toBe(403);
    expect((await call('lifeEventOptions', BROKER, { query: { employerPK: 2 } })).status).toBe(403);
  });
});

describe('reporting an event', () => {
  it('refuses a marriage reported after 31 days, saying why and whom to contact', async () => {
    const late = await call('reportLifeEvent', EMPLOYEE, {
      body: report({ kindCode: 'marriage', eventDate: addDays(today, -40) }),
    });
    expect(late.status).toBe(400);
    const [message] = fieldErrors(late.body).eventDate!;
    expect(message).toContain('Marriage must be reported within 31 days of the event; this one was 40 days ago');
    expect(message).toContain('Contact your HR team');
  });

  it('allows only the changes consistent with the event', async () => {
    const spouse = options.dependents.find((d) => d.relationshipPK === 1 || d.relationshipPK === 24);
    const child = options.dependents.find((d) => d.relationshipPK === 3);
    const divorce = await call('reportLifeEvent', EMPLOYEE, {
      body: report({
        kindCode: 'divorce',
        eventDate: addDays(today, -5),
        newDependents: [{ ...newborn, relationshipPK: 1, firstName: 'New' }],
        removeDependentPKs: child ? [child.dependentPK] : [],
        elections: [
          {
            planType: 'Medical',
            action: 'change',
            planPK: medical().plans.find((p) => p.planPK !== medical().current!.planPK)!.planPK,
            coverageOptionPK: medical().tiers[0]!.coverageOptionPK,
            waiveReason: null,
          },
        ],
      }),
    });
    expect(divorce.status).toBe(400);
    const errors = fieldErrors(divorce.body);
    expect(errors.newDependents).toContain(LIFE_EVENT_MESSAGES.addNotAllowed);
    if (child) expect(errors.removeDependentPKs).toContain(LIFE_EVENT_MESSAGES.removeNotAllowed);
    expect(errors['elections.0.planPK']).toContain(LIFE_EVENT_MESSAGES.planNotAllowed);
    expect(spouse).toBeDefined();

    const noChild = await call('reportLifeEvent', EMPLOYEE, { body: report({}) });
    expect(fieldErrors(noChild.body).newDependents).toContain(LIFE_EVENT_MESSAGES.newChildRequired);
    const uncovered = await call('reportLifeEvent', EMPLOYEE, { body: report({ newDependents: [newborn] }) });
    expect(fieldErrors(uncovered.body).newDependents).toContain(OPEN_ENROLLMENT_MESSAGES.newDependentTier);
    const future = await call('reportLifeEvent', EMPLOYEE, { body: report({ eventDate: addDays(today, 1) }) });
    expect(fieldErrors(future.body).eventDate).toContain(LIFE_EVENT_MESSAGES.future);
    expect(await t.db.$count(requests, eq(requests.type, 'LifeEvent'))).toBe(0);
  });
});

describe('a birth reported 20 days after the event, certificate to follow', () => {
  let requestPK: number;
  let lifeEventPK: number;

  it('becomes one request for HR, effective on the birth date', async () => {
    const body = report({
      newDependents: [newborn],
      elections: [
        {
          planType: 'Medical',
          action: 'change',
          planPK: medical().current!.planPK,
          coverageOptionPK: familyTier().coverageOptionPK,
          waiveReason: null,
        },
      ],
    });
    const made = await call('reportLifeEvent', EMPLOYEE, { body });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ subscriberPK: ownPK, effectiveDate: born });
    requestPK = made.body.requestPK as number;
    lifeEventPK = made.body.lifeEventPK as number;
    const [row] = await t.db.select().from(requests).where(eq(requests.requestPK, requestPK));
    expect(row).toMatchObject({ type: 'LifeEvent', status: 'Submitted', subscriberPK: ownPK, employerPK: 2 });

    // One at a time: a second report waits for HR's decision on the first.
    expect((await call('reportLifeEvent', EMPLOYEE, { body })).status).toBe(409);
    const mine = (await call('lifeEventOptions', EMPLOYEE, { query: { employerPK: 2 } })).body as LifeEventOptions;
    expect(mine.events[0]).toMatchObject({ kindName: 'Birth', eventDate: born, proof: 'toFollow' });
  });

  it('takes the certificate later: a PDF or an image by its bytes, kept encrypted, read by HR', async () => {
    const wrong = await upload(lifeEventPK, Buffer.from('MZ\x90\x00 not a document'));
    expect(wrong.status).toBe(400);
    expect(fieldErrors(wrong.body).file).toEqual([LIFE_EVENT_MESSAGES.proofType]);
    expect((await upload(999_999, PDF)).status).toBe(404);
    const big = await upload(lifeEventPK, Buffer.concat([PDF, Buffer.alloc(PROOF_MAX_BYTES)]));
    expect(big).toMatchObject({ status: 413, body: { detail: 'The file must be 10 MB or less.' } });

    expect((await upload(lifeEventPK, PDF)).status).toBe(200);
    const [stored] = await t.db.select().from(lifeEventProofs).where(eq(lifeEventProofs.lifeEventPK, lifeEventPK));
    expect(stored).toMatchObject({ contentType: 'application/pdf', size: PDF.length });
    expect(stored!.data.includes(Buffer.from('birth certificate'))).toBe(false);

    const read = await t.app.inject({
      method: 'GET',
      url: url('requestProof', { requestPK }),
      headers: await t.auth(HR),
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.rawPayload.equals(PDF)).toBe(true);

    const details = await call('requestDetails', HR, { query: { requestPK, needsView: 'true' } });
    const text = JSON.stringify(details.body);
    expect(text).toContain('Life Event');
    expect(text).toContain('Attached');
    expect(text).toContain('Ada Member');
  });

  it('approved by HR and processed: the newborn covered from the birth date, and the 834 says so', async () => {
    expect((await call('hrApproveRequest', HR, { query: { requestPK } })).status).toBe(200);
    const outcomes = await processPendingRequests(t.db, { limit: 50 });
    expect(outcomes.find((o) => o.requestPK === requestPK)?.status).toBe('PushedToRemote');

    const [baby] = await t.db
      .select()
      .from(dependents)
      .where(and(eq(dependents.subscriberPK, ownPK), eq(dependents.firstName, 'Ada')));
    expect(baby).toMatchObject({ dateOfBirth: born, relationshipPK: 3, ssn: null });
    const babyCover = await t.db.select().from(coverages).where(eq(coverages.dependentPK, baby!.dependentPK));
    expect(babyCover.map((c) => [c.beginDate, c.coverageOptionPK])).toEqual([[born, familyTier().coverageOptionPK]]);
    const own = await t.db
      .select({ beginDate: coverages.beginDate, endDate: coverages.endDate, tier: coverages.coverageOptionPK })
      .from(coverages)
      .innerJoin(plans, eq(plans.planPK, coverages.planPK))
      .where(and(eq(coverages.subscriberPK, ownPK), isNull(coverages.dependentPK), eq(plans.planType, 'Medical')))
      .orderBy(asc(coverages.beginDate));
    expect(own.at(-1)).toMatchObject({ beginDate: born, endDate: null, tier: familyTier().coverageOptionPK });
    expect(own.at(-2)?.endDate).toBe(addDays(born, -1));

    const made = await call('closeCarrierBatch', HR, { body: { employerPK: 2 } });
    const file = made.body.file as { carrierFilePK: number; status: string; problems: string[] };
    expect(file).toMatchObject({ status: 'Delivered', problems: [] });
    const res = await t.app.inject({
      method: 'GET',
      url: url('carrierFile', { employerPK: 2, carrierFilePK: file.carrierFilePK }),
      headers: await t.auth(HR),
    });
    const segments = res.body.split('~').map((s) => s.trim().split('*'));
    // The newborn's loop: an addition (021, benefit selection) covered from the birth date.
    const start = insOf(segments, 'Member', 'Ada');
    expect(start).toBeGreaterThan(0);
    expect(segments[start]!.slice(0, 5)).toEqual(['INS', 'N', '19', '021', 'EC']);
    const loop = segments.slice(
      start,
      segments.findIndex((s, i) => i > start && (s[0] === 'INS' || s[0] === 'SE')),
    );
    expect(loop.some((s) => s[0] === 'DTP' && s[1] === '348' && s[3] === born.replaceAll('-', ''))).toBe(true);
    // The parent's loop: a change, the family tier from the birth date.
    const [{ subscriberID }] = (await t.db
      .select({ subscriberID: subscribers.subscriberID })
      .from(subscribers)
      .where(eq(subscribers.subscriberPK, ownPK))) as [{ subscriberID: string }];
    const parent = segments.findIndex(
      (s, i) => s[0] === 'INS' && s[1] === 'Y' && segments[i + 1]?.[2] === subscriberID,
    );
    expect(segments[parent]!.slice(0, 5)).toEqual(['INS', 'Y', '18', '001', 'EC']);
    const parentLoop = segments.slice(
      parent,
      segments.findIndex((s, i) => i > parent && s[0] === 'INS'),
    );
    const health = parentLoop.findIndex((s) => s[0] === 'HD' && s[3] === 'HLT');
    expect(parentLoop[health + 1]).toEqual(['DTP', '348', 'D8', born.replaceAll('-', '')]);
  });
});

describe('a divorce', () => {
  it('removes the former spouse from the first of next month, and the carrier hears of it as a termination', async () => {
    const fresh = (await call('lifeEventOptions', EMPLOYEE, { query: { employerPK: 2 } })).body as LifeEventOptions;
    const spouse = fresh.dependents.find((d) => d.relationshipPK === 1 || d.relationshipPK === 24)!;
    const childTier = medical().tiers.find((tier) => /child/i.test(tier.tierName))!;
    const made = await call('reportLifeEvent', EMPLOYEE, {
      body: report({
        kindCode: 'divorce',
        eventDate: addDays(today, -3),
        removeDependentPKs: [spouse.dependentPK],
        elections: [
          {
            planType: 'Medical',
            action: 'change',
            planPK: medical().current!.planPK,
            coverageOptionPK: childTier.coverageOptionPK,
            waiveReason: null,
          },
        ],
      }),
    });
    expect(made.status).toBe(200);
    const effective = made.body.effectiveDate as string;
    expect(effective).toBe(firstOfNextMonth(today));
    const requestPK = made.body.requestPK as number;
    expect((await call('hrApproveRequest', HR, { query: { requestPK } })).status).toBe(200);
    const outcomes = await processPendingRequests(t.db, { limit: 50 });
    expect(outcomes.find((o) => o.requestPK === requestPK)?.status).toBe('PushedToRemote');

    const [former] = await t.db.select().from(dependents).where(eq(dependents.dependentPK, spouse.dependentPK));
    expect(former!.termDate).toBe(addDays(effective, -1));
    const spouseCover = await t.db.select().from(coverages).where(eq(coverages.dependentPK, spouse.dependentPK));
    expect(spouseCover.every((c) => c.endDate !== null && c.endDate <= addDays(effective, -1))).toBe(true);

    const made834 = await call('closeCarrierBatch', HR, { body: { employerPK: 2 } });
    const file = made834.body.file as { carrierFilePK: number; status: string; problems: string[] };
    expect(file).toMatchObject({ status: 'Delivered', problems: [] });
    const res = await t.app.inject({
      method: 'GET',
      url: url('carrierFile', { employerPK: 2, carrierFilePK: file.carrierFilePK }),
      headers: await t.auth(HR),
    });
    const segments = res.body.split('~').map((s) => s.trim().split('*'));
    const [first, ...rest] = spouse.name.split(' ');
    const start = insOf(segments, rest.join(' '), first!);
    expect(segments[start]!.slice(0, 5)).toEqual(['INS', 'N', '01', '024', '07']);
  });
});
