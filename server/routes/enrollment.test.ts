import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import { FSA_MESSAGES, RELATIONSHIP_MESSAGE } from '../../src/contracts/enrollment';
import { PLAN_MESSAGES } from '../../src/contracts/plans';
import { PENDING_MESSAGES, PENDING_STATUSES, START_BEFORE_GROUP_MESSAGE } from '../../src/contracts/requests';
import { coverageOptions, divisions, plans, requestStatusHistory, requests, subscribers } from '../db/schema';
import { addDays, localToday, yearOf } from '../lib/calendar';
import { CHOICE_MESSAGES, REQUEST_LOCKED_MESSAGE } from '../services/enrollment';
import { createTestApp, type TestApp } from '../test/test-app';

const FULL_SSN = /\d{3}-\d{2}-\d{4}/;
const ENROLLMENT_URL = endpointUrl(endpoints.createEnrollmentRequest);
const year = yearOf(localToday());

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Method = 'POST' | 'PUT' | 'GET';
type Json = Record<string, unknown>;

/** Every answer of the enrollment calls is checked for a full SSN. */
async function call(email: string, method: Method, payload?: unknown, requestPK?: number | string) {
  const res = await t.app.inject({
    method,
    url: ENROLLMENT_URL + (requestPK === undefined ? '' : `?requestPK=${requestPK}`),
    headers: await t.auth(email),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  expect(res.body).not.toMatch(FULL_SSN);
  return res;
}
const post = (payload: unknown, email = 'hr@example.com') => call(email, 'POST', payload);
/** A save as the wizard sends it: naming the stored version unless the payload names one. */
async function put(requestPK: number | undefined, payload: unknown, email = 'hr@example.com') {
  const [row] =
    typeof requestPK === 'number'
      ? await t.db.select({ version: requests.version }).from(requests).where(eq(requests.requestPK, requestPK))
      : [];
  const versioned = row && payload && typeof payload === 'object' && !('version' in payload);
  return call(email, 'PUT', versioned ? { ...payload, version: row.version } : payload, requestPK);
}
const getDraft = (requestPK: number, email = 'hr@example.com') => call(email, 'GET', undefined, requestPK);

// SSNs with area 9xx are never issued, and the seed never uses them.
let serial = 0;
function freshSsn() {
  serial += 1;
  return `9${String(serial).padStart(2, '0')}-55-${String(1000 + serial).padStart(4, '0')}`;
}

function subscriberForm(ssn?: string): Json {
  return {
    firstName: 'Dana',
    lastName: "O'Neil",
    middleName: 'Q',
    ...(ssn === undefined ? {} : { ssn }),
    dateOfBirth: '1988-04-12',
    maritalStatusPK: 1,
    genderID: 2,
    address1: '12 Main St',
    address2: '',
    zipCode: '12345',
    city: 'Springfield',
    stateID: 5,
    phone1: '5551234567',
    phone2: '',
    emailAddress: 'dana@example.com',
  };
}

function dependentForm(firstName: string, ssn?: string, more: Json = {}): Json {
  return {
    firstName,
    lastName: "O'Neil",
    dateOfBirth: '2015-05-05',
    relationshipPK: 3,
    genderPK: 1,
    ...(ssn === undefined ? {} : { ssn }),
    ...more,
  };
}

const employment = {
  dateOfHire: `${year}-01-10`,
  effectiveDate: `${year}-02-01`,
  occupation: 'Welder',
  jobTitle: 'Lead',
};

function step1(ssn: string, employerPK = 2): Json {
  return { saveStep: 1, employerPK, subscriber: subscriberForm(ssn) };
}

type Menu = Awaited<ReturnType<typeof planMenu>>;

/** The current-year plans and tiers of a division of the group, read from the seeded database. */
async function planMenu(employerPK: number, divisionIndex = 0) {
  const list = await t.db
    .select()
    .from(divisions)
    .where(eq(divisions.employerPK, employerPK))
    .orderBy(asc(divisions.divisionPK));
  const division = list[divisionIndex]!.divisionPK;
  const current = await t.db
    .select()
    .from(plans)
    .where(and(eq(plans.divisionPK, division), eq(plans.contractBeginDate, `${year}-01-01`)))
    .orderBy(asc(plans.planPK));
  const tiers = await t.db
    .select()
    .from(coverageOptions)
    .where(and(eq(coverageOptions.divisionPK, division), eq(coverageOptions.requiresDependents, false)));
  const of = (type: string) => current.filter((p) => p.planType === type).map((p) => p.planPK);
  return {
    division,
    medical: of('Medical')[0]!,
    dental: of('Dental')[0]!,
    fsa: of('FSA'),
    medicalTier: tiers.find((x) => x.isMedical)!.coverageOptionPK,
    dentalTier: tiers.find((x) => !x.isMedical)!.coverageOptionPK,
  };
}

function planAnswers(menu: Menu, more: Json = {}): Json {
  return {
    divisions: menu.division,
    isMedicalCoverage: true,
    employerPlanPK: menu.medical,
    medicalTierPK: menu.medicalTier,
    isDentalCoverage: true,
    employerDentalPlanPK: menu.dental,
    dentalTierPK: menu.dentalTier,
    isFSA: true,
    FSAElections: [{ pk: menu.fsa[0]!, amount: '1,250.00' }],
    ...more,
  };
}

/** A new enrollment saved up to the dependent page (step 3, no dependents). */
async function draftAtStep3(ssn = freshSsn()) {
  const res = await post(step1(ssn));
  expect(res.statusCode).toBe(200);
  const { requestPK } = res.json() as { requestPK: number };
  const body = { employerPK: 2, subscriber: subscriberForm(), ...employment, hasDependents: false, dependents: [] };
  expect((await put(requestPK, { ...body, saveStep: 3 })).statusCode).toBe(200);
  return { requestPK, ssn, body };
}

async function requestRow(requestPK: number) {
  const [row] = await t.db.select().from(requests).where(eq(requests.requestPK, requestPK));
  return row!;
}

async function historyOf(requestPK: number) {
  return t.db
    .select()
    .from(requestStatusHistory)
    .where(eq(requestStatusHistory.requestPK, requestPK))
    .orderBy(asc(requestStatusHistory.requestStatusHistoryPK));
}

describe('creating a request (step 1)', () => {
  it('stores an Incomplete NewEnrollment with its history, the full SSN only in its own column', async () => {
    const ssn = freshSsn();
    const res = await post(step1(ssn));
    expect(res.statusCode).toBe(200);
    const answer = res.json() as { requestPK: number; hasError: boolean };
    expect(answer).toEqual({ requestPK: expect.any(Number), hasError: false });
    expect(answer.requestPK).toBeGreaterThan(0);

    const row = await requestRow(answer.requestPK);
    expect(row).toMatchObject({
      employerPK: 2,
      type: 'NewEnrollment',
      status: 'Incomplete',
      saveStep: 1,
      subscriberPK: null,
      subscriberFirstName: 'Dana',
      subscriberLastName: "O'Neil",
      ssn,
      createdBy: 'user-hr',
    });
    expect(JSON.stringify(row.payload)).not.toMatch(FULL_SSN);
    expect(row.payload.subscriber).toMatchObject({ ssnLast4: ssn.slice(-4), firstName: 'Dana' });
    expect(row.payload.subscriber).not.toHaveProperty('ssn');
    const history = await historyOf(answer.requestPK);
    expect(history.map((h) => [h.status, h.changedBy])).toEqual([['Incomplete', 'user-hr']]);
  });

  it('answers hasError and stores nothing when the SSN is already a subscriber of the group', async () => {
    const [existing] = await t.db.select().from(subscribers).where(eq(subscribers.employerPK, 2)).limit(1);
    const [before] = await t.db.select({ n: count() }).from(requests);
    const res = await post(step1(existing!.ssn));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ requestPK: 0, hasError: true });
    const [after] = await t.db.select({ n: count() }).from(requests);
    expect(after!.n).toBe(before!.n);
  });

  it('accepts an SSN that is a subscriber of another group only', async () => {
    const [other] = await t.db.select().from(subscribers).where(eq(subscribers.employerPK, 3)).limit(1);
    const [inGroup2] = await t.db
      .select({ n: count() })
      .from(subscribers)
      .where(and(eq(subscribers.employerPK, 2), eq(subscribers.ssn, other!.ssn)));
    expect(inGroup2!.n).toBe(0);
    const res = await post(step1(other!.ssn));
    expect(res.statusCode).toBe(200);
    expect(res.json().hasError).toBe(false);
    expect(res.json().requestPK).toBeGreaterThan(0);
  });

  it('makes one request of a double-clicked Next (same user, same SSN)', async () => {
    const ssn = freshSsn();
    const [first, second] = await Promise.all([post(step1(ssn)), post(step1(ssn))]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().requestPK).toBe(first.json().requestPK);
    const again = await post(step1(ssn));
    expect(again.json().requestPK).toBe(first.json().requestPK);
    const [rows] = await t.db.select({ n: count() }).from(requests).where(eq(requests.ssn, ssn));
    expect(rows!.n).toBe(1);
    expect(await historyOf(first.json().requestPK)).toHaveLength(1);
  });

  it('answers field errors with the schema messages, keyed by path', async () => {
    const res = await post({
      saveStep: 1,
      employerPK: 2,
      subscriber: { ...subscriberForm(), firstName: '', ssn: '123' },
    });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json() as { errors: Record<string, string[]> };
    expect(errors['subscriber.firstName']).toContain('Min of 1 character is required.');
    expect(errors['subscriber.ssn']).toContain('Please enter a valid social security number (SSN).');
    const noSsn = await post({ saveStep: 1, employerPK: 2, subscriber: subscriberForm() });
    expect(noSsn.statusCode).toBe(400);
    expect(noSsn.json().errors['subscriber.ssn']).toEqual(['SSN required']);
  });

  it('refuses roles without the member screens and groups the caller has no role in', async () => {
    expect((await post(step1(freshSsn()), 'idcard@example.com')).statusCode).toBe(403);
    expect((await post(step1(freshSsn(), 3))).statusCode).toBe(403);
  });

  it('answers malformed bodies with 400 problems, never 500', async () => {
    const headers = { ...(await t.auth('hr@example.com')), 'content-type': 'application/json' };
    const broken = await t.app.inject({ method: 'POST', url: ENROLLMENT_URL, headers, payload: '{"saveStep": 1,' });
    expect(broken.statusCode).toBe(400);
    expect(broken.headers['content-type']).toContain('application/problem+json');
    const bodies: unknown[] = [
      {},
      { saveStep: 1, employerPK: 2 },
      { saveStep: 1, employerPK: 2, subscriber: 'Dana' },
      { saveStep: 9, employerPK: 2, subscriber: subscriberForm(freshSsn()) },
      { saveStep: 1, employerPK: '2', subscriber: subscriberForm(freshSsn()) },
      { saveStep: 1, employerPK: 2, subscriber: { firstName: 42, ssn: ['x'], address: { deep: [1, 2] } } },
      {
        saveStep: 3,
        employerPK: 2,
        subscriber: subscriberForm(freshSsn()),
        hasDependents: true,
        dependents: ['x', null],
      },
      {
        saveStep: 3,
        employerPK: 2,
        subscriber: subscriberForm(freshSsn()),
        hasDependents: true,
        dependents: [{ ssn: 5 }],
      },
      { ...step1(freshSsn()), saveStep: 4, FSAElections: [{ pk: 'a', amount: 1 }] },
      { ...step1(freshSsn()), submit: true },
    ];
    for (const body of bodies) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ status: 400 });
    }
  });
});

describe('restoring a draft (GET)', () => {
  it('gives back what was typed, SSNs as their last 4 only', async () => {
    const ssn = freshSsn();
    const spouseSsn = freshSsn();
    const { requestPK } = (await post(step1(ssn))).json() as { requestPK: number };
    await put(requestPK, {
      saveStep: 3,
      employerPK: 2,
      changeReasonPK: 2,
      subscriber: subscriberForm(),
      ...employment,
      hasDependents: true,
      dependents: [dependentForm('Robin', spouseSsn, { relationshipPK: 1 })],
    });
    const res = await getDraft(requestPK);
    expect(res.statusCode).toBe(200);
    const draft = res.json();
    expect(draft).toMatchObject({
      requestPK,
      status: 'Incomplete',
      saveStep: 3,
      employerPK: 2,
      changeReasonPK: 2,
      ...employment,
      hasDependents: true,
      subscriber: { firstName: 'Dana', ssnLast4: ssn.slice(-4) },
      dependents: [{ firstName: 'Robin', relationshipPK: 1, ssnLast4: spouseSsn.slice(-4) }],
    });
    expect(draft.subscriber).not.toHaveProperty('ssn');
    expect(draft.dependents[0]).not.toHaveProperty('ssn');
  });

  it('reads seeded drafts too, and answers 404 for other groups, other request types and unknown ids', async () => {
    const [seeded] = await t.db
      .select({ pk: requests.requestPK })
      .from(requests)
      .where(and(eq(requests.employerPK, 2), eq(requests.type, 'NewEnrollment'), eq(requests.createdBy, 'seed')))
      .limit(1);
    if (seeded) expect((await getDraft(seeded.pk)).statusCode).toBe(200);

    const created = await post(step1(freshSsn(), 3), 'broker@example.com');
    const group3PK = created.json().requestPK as number;
    expect((await getDraft(group3PK, 'broker@example.com')).statusCode).toBe(200);
    expect((await getDraft(group3PK)).statusCode).toBe(404);

    const [termination] = await t.db
      .select({ pk: requests.requestPK })
      .from(requests)
      .where(and(eq(requests.employerPK, 2), eq(requests.type, 'Terminate')))
      .limit(1);
    expect((await getDraft(termination!.pk)).statusCode).toBe(404);
    expect((await getDraft(99_999_999)).statusCode).toBe(404);
  });
});

describe('saving later steps (PUT)', () => {
  it('stores the step sent, including 3 when going back from the plan page', async () => {
    const { requestPK, body } = await draftAtStep3();
    expect((await requestRow(requestPK)).saveStep).toBe(3);
    const menu = await planMenu(2);
    expect((await put(requestPK, { ...body, ...planAnswers(menu), saveStep: 4 })).json()).toEqual({
      requestPK,
      hasError: false,
    });
    const atPlan = await requestRow(requestPK);
    expect(atPlan.saveStep).toBe(4);
    expect(atPlan.status).toBe('Incomplete');
    // The group effective date is the medical plan's contract begin date, whatever the browser says.
    expect(atPlan.payload.groupEffectiveDate).toBe(`${year}-01-01`);
    expect(
      (await put(requestPK, { ...body, ...planAnswers(menu), saveStep: 3, groupEffectiveDate: '2001-01-01' }))
        .statusCode,
    ).toBe(200);
    const back = await requestRow(requestPK);
    expect(back.saveStep).toBe(3);
    expect(back.payload.groupEffectiveDate).toBe(`${year}-01-01`);
    expect(back.updatedAt.getTime()).toBeGreaterThanOrEqual(atPlan.updatedAt.getTime());
  });

  it('keeps stored SSNs when none is typed, matching dependents by their last 4', async () => {
    const ssn = freshSsn();
    const [a, b] = [freshSsn(), freshSsn()];
    const { requestPK } = (await post(step1(ssn))).json() as { requestPK: number };
    const base = { saveStep: 3, employerPK: 2, subscriber: subscriberForm(), ...employment, hasDependents: true };
    const typed = await put(requestPK, { ...base, dependents: [dependentForm('Alex', a), dependentForm('Blair', b)] });
    expect(typed.statusCode).toBe(200);
    const stored = await requestRow(requestPK);
    expect(stored.ssn).toBe(ssn);
    expect(stored.dependentSsns).toEqual([a, b]);

    // What a reloaded wizard sends: last 4 only. Alex is deleted, so Blair moves to position 0.
    const draft = (await getDraft(requestPK)).json() as { dependents: Json[] };
    const blair = draft.dependents[1]!;
    const resent = await put(requestPK, {
      ...base,
      subscriber: { ...subscriberForm(), ssnLast4: ssn.slice(-4) },
      dependents: [blair],
    });
    expect(resent.statusCode).toBe(200);
    const after = await requestRow(requestPK);
    expect(after.ssn).toBe(ssn);
    expect(after.dependentSsns).toEqual([b]);
    expect(JSON.stringify(after.payload)).not.toMatch(FULL_SSN);

    // A new dependent without an SSN, in a new enrollment, still needs one.
    const missing = await put(requestPK, { ...base, dependents: [blair, dependentForm('Casey')] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ 'dependents.1.ssn': ['SSN required'] });
  });

  it('answers hasError and saves nothing when a newly typed SSN is already a subscriber', async () => {
    const { requestPK, ssn, body } = await draftAtStep3();
    const [existing] = await t.db.select().from(subscribers).where(eq(subscribers.employerPK, 2)).limit(1);
    const res = await put(requestPK, { ...body, saveStep: 2, subscriber: subscriberForm(existing!.ssn) });
    expect(res.json()).toEqual({ requestPK, hasError: true });
    const row = await requestRow(requestPK);
    expect(row.ssn).toBe(ssn);
    expect(row.saveStep).toBe(3);
  });

  it('refuses a dependent whose relationship is not offered', async () => {
    const { requestPK, body } = await draftAtStep3();
    const res = await put(requestPK, {
      ...body,
      saveStep: 3,
      hasDependents: true,
      dependents: [dependentForm('Jo', freshSsn(), { relationshipPK: 2 })],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['dependents.0.relationshipPK']).toEqual([RELATIONSHIP_MESSAGE]);
  });

  it('requires requestPK, and answers 404 for unknown requests', async () => {
    const { body } = await draftAtStep3();
    const missing = await put(undefined, { ...body, saveStep: 2 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('requestPK');
    expect((await put('abc' as unknown as number, { ...body, saveStep: 2 })).statusCode).toBe(400);
    expect((await put(99_999_999, { ...body, saveStep: 2 })).statusCode).toBe(404);
  });
});

describe('the plan page rules', () => {
  let menu: Menu;
  beforeAll(async () => {
    menu = await planMenu(2);
  });
  const atPlan = async (answers: Json, more: Json = {}) => {
    const { requestPK, body } = await draftAtStep3();
    return put(requestPK, { ...body, ...answers, saveStep: 4, ...more });
  };

  it('refuses an effective date before the group effective date with the spec message', async () => {
    const res = await atPlan(planAnswers(menu), { effectiveDate: `${year - 1}-12-01` });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ effectiveDate: [START_BEFORE_GROUP_MESSAGE] });
  });

  it('takes an empty effective date as the group effective date', async () => {
    expect((await atPlan(planAnswers(menu), { effectiveDate: '' })).statusCode).toBe(200);
  });

  it('refuses plans of another division or another employer', async () => {
    const otherDivision = await planMenu(2, 1);
    const otherEmployer = await planMenu(3);
    for (const medical of [otherDivision.medical, otherEmployer.medical]) {
      const res = await atPlan(planAnswers(menu, { employerPlanPK: medical }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ employerPlanPK: [CHOICE_MESSAGES.medicalPlan] });
    }
    const dental = await atPlan(planAnswers(menu, { employerDentalPlanPK: otherDivision.dental }));
    expect(dental.json().errors).toEqual({ employerDentalPlanPK: [CHOICE_MESSAGES.dentalPlan] });
    const fsa = await atPlan(planAnswers(menu, { FSAElections: [{ pk: otherEmployer.fsa[0]!, amount: '100.00' }] }));
    expect(fsa.json().errors).toEqual({ 'FSAElections.0.pk': [CHOICE_MESSAGES.fsaPlan] });
    const division = await atPlan(planAnswers(menu, { divisions: otherEmployer.division }));
    expect(division.json().errors.divisions).toEqual([CHOICE_MESSAGES.division]);
  });

  it('refuses a plan of the wrong kind and a tier of the wrong kind', async () => {
    const planKind = await atPlan(planAnswers(menu, { employerPlanPK: menu.dental }));
    expect(planKind.json().errors).toEqual({ employerPlanPK: [CHOICE_MESSAGES.medicalPlan] });
    const tiers = await atPlan(planAnswers(menu, { medicalTierPK: menu.dentalTier, dentalTierPK: menu.medicalTier }));
    expect(tiers.statusCode).toBe(400);
    expect(tiers.json().errors).toEqual({
      medicalTierPK: [CHOICE_MESSAGES.medicalTier],
      dentalTierPK: [CHOICE_MESSAGES.dentalTier],
    });
  });

  it('refuses a plan whose contract ended before the effective date', async () => {
    const [lastYear] = await t.db
      .select({ pk: plans.planPK })
      .from(plans)
      .where(
        and(
          eq(plans.divisionPK, menu.division),
          eq(plans.planType, 'Medical'),
          eq(plans.contractBeginDate, `${year - 1}-01-01`),
        ),
      )
      .limit(1);
    const res = await atPlan(planAnswers(menu, { employerPlanPK: lastYear!.pk }));
    expect(res.json().errors).toEqual({ employerPlanPK: [CHOICE_MESSAGES.contractEnded] });
  });

  it('refuses duplicate FSA plans and badly written amounts with the schema messages', async () => {
    const [fsa] = menu.fsa;
    const duplicate = await atPlan(
      planAnswers(menu, {
        FSAElections: [
          { pk: fsa, amount: '100.00' },
          { pk: fsa, amount: '200.00' },
        ],
      }),
    );
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().errors).toEqual({ FSAElections: [FSA_MESSAGES.duplicate] });
    const amount = await atPlan(planAnswers(menu, { FSAElections: [{ pk: fsa, amount: '12,50' }] }));
    expect(amount.statusCode).toBe(400);
    expect(amount.json().errors).toEqual({ 'FSAElections.0.amount': [FSA_MESSAGES.amount] });
  });

  it('on a plain step-4 save checks only what is filled in', async () => {
    expect((await atPlan({ divisions: menu.division })).statusCode).toBe(200);
  });

  it('lists every missing plan answer on submit', async () => {
    const res = await atPlan({}, { submit: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      divisions: [PLAN_MESSAGES.division],
      isMedicalCoverage: [PLAN_MESSAGES.medicalAnswer],
      isDentalCoverage: [PLAN_MESSAGES.dentalAnswer],
    });
    const halfway = await atPlan(
      { divisions: menu.division, isMedicalCoverage: true, isDentalCoverage: true, isFSA: true },
      { submit: true },
    );
    expect(halfway.json().errors).toEqual({
      employerPlanPK: [PLAN_MESSAGES.medicalPlan],
      medicalTierPK: [PLAN_MESSAGES.medicalTier],
      employerDentalPlanPK: [PLAN_MESSAGES.dentalPlan],
      dentalTierPK: [PLAN_MESSAGES.dentalTier],
      FSAElections: [FSA_MESSAGES.none],
    });
  });

  it('submits only from step 4', async () => {
    const res = await atPlan(planAnswers(menu), { saveStep: 3, submit: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('saveStep');
  });
});

describe('submitting', () => {
  it('submits the request once, however often Submit is clicked, then refuses changes', async () => {
    const menu = await planMenu(2);
    const { requestPK, body } = await draftAtStep3();
    const final = { ...body, ...planAnswers(menu), saveStep: 4, submit: true };
    const [first, second] = await Promise.all([put(requestPK, final), put(requestPK, final)]);
    expect(first.json()).toEqual({ requestPK, hasError: false });
    expect(second.json()).toEqual({ requestPK, hasError: false });
    expect((await put(requestPK, final)).json()).toEqual({ requestPK, hasError: false });

    // Submitted by HR, so approved on submission as well.
    const row = await requestRow(requestPK);
    expect(row.status).toBe('HRApproved');
    const history = await historyOf(requestPK);
    expect(history.map((h) => h.status)).toEqual(['Incomplete', 'Submitted', 'HRApproved']);
    expect(history[1]!.changedBy).toBe('user-hr');

    const edit = await put(requestPK, { ...body, ...planAnswers(menu), saveStep: 4 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().detail).toBe(REQUEST_LOCKED_MESSAGE);
    expect((await getDraft(requestPK)).json().status).toBe('HRApproved');
  });

  it('answers hasError on submit when the SSN became a subscriber meanwhile', async () => {
    const menu = await planMenu(2);
    const { requestPK, ssn, body } = await draftAtStep3();
    const [template] = await t.db.select().from(subscribers).where(eq(subscribers.employerPK, 2)).limit(1);
    const { subscriberPK: _pk, ...copy } = template!;
    await t.db.insert(subscribers).values({ ...copy, subscriberID: `T${ssn}`, ssn, ssnLast4: ssn.slice(-4) });
    const res = await put(requestPK, { ...body, ...planAnswers(menu), saveStep: 4, submit: true });
    expect(res.json()).toEqual({ requestPK, hasError: true });
    expect((await requestRow(requestPK)).status).toBe('Incomplete');
  });
});

describe('groups', () => {
  it('never lets a request be reached through another group', async () => {
    const created = await post(step1(freshSsn(), 3), 'broker@example.com');
    expect(created.statusCode).toBe(200);
    const requestPK = created.json().requestPK as number;
    const body = { saveStep: 2, subscriber: subscriberForm(), ...employment };
    // The broker holds both groups: the body's group must be the request's.
    expect((await put(requestPK, { ...body, employerPK: 2 }, 'broker@example.com')).statusCode).toBe(404);
    expect((await put(requestPK, { ...body, employerPK: 3 }, 'broker@example.com')).statusCode).toBe(200);
    // HR of group 2 cannot name group 3, nor reach its request through group 2.
    expect((await put(requestPK, { ...body, employerPK: 3 })).statusCode).toBe(403);
    expect((await put(requestPK, { ...body, employerPK: 2 })).statusCode).toBe(404);
    expect((await getDraft(requestPK)).statusCode).toBe(404);
  });
});

describe('change coverage (existing member)', () => {
  /** An active member of group 2 with no request of any kind yet. */
  async function quietMember() {
    const [row] = await t.db
      .select()
      .from(subscribers)
      .where(
        and(
          eq(subscribers.employerPK, 2),
          isNull(subscribers.termDate),
          sql`not exists (select 1 from requests r where r.subscriber_pk = ${subscribers.subscriberPK})`,
        ),
      )
      .orderBy(asc(subscribers.subscriberPK))
      .limit(1);
    return row!;
  }
  const memberPayload = (member: typeof subscribers.$inferSelect, more: Json = {}) => ({
    saveStep: 1,
    employerPK: 2,
    subscriberPK: member.subscriberPK,
    changeReasonPK: 4,
    subscriber: { ...subscriberForm(), firstName: member.firstName.slice(0, 25), ssnLast4: member.ssnLast4 },
    ...more,
  });

  it('creates one ChangeCoverage request per member and user, SSN optional', async () => {
    const member = await quietMember();
    const [first, second] = await Promise.all([post(memberPayload(member)), post(memberPayload(member))]);
    expect(first.statusCode).toBe(200);
    expect(second.json().requestPK).toBe(first.json().requestPK);
    const row = await requestRow(first.json().requestPK);
    expect(row).toMatchObject({
      type: 'ChangeCoverage',
      status: 'Incomplete',
      subscriberPK: member.subscriberPK,
      ssn: null,
      changeReasonPK: 4,
    });
    expect((row.payload.subscriber as Json).ssnLast4).toBe(member.ssnLast4);
    const draft = (await getDraft(row.requestPK)).json();
    expect(draft).toMatchObject({ subscriberPK: member.subscriberPK, subscriber: { ssnLast4: member.ssnLast4 } });
  });

  it('accepts the member’s own dependents but no one else’s', async () => {
    const member = await quietMember();
    const { requestPK } = (await post(memberPayload(member))).json() as { requestPK: number };
    const res = await put(requestPK, {
      ...memberPayload(member, { saveStep: 3, ...employment, hasDependents: true }),
      dependents: [
        dependentForm('Kim', undefined, { dependentPK: 99_999_999, ssnLast4: '1234' }),
        dependentForm('Lou'),
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'dependents.0.dependentPK': [CHOICE_MESSAGES.dependent] });
  });

  it('answers 404 for a member of another group and 409 when a change is already pending', async () => {
    const [other] = await t.db.select().from(subscribers).where(eq(subscribers.employerPK, 3)).limit(1);
    expect((await post(memberPayload(other!))).statusCode).toBe(404);

    const [pending] = await t.db
      .select({ subscriberPK: requests.subscriberPK })
      .from(requests)
      .where(
        and(
          eq(requests.employerPK, 2),
          eq(requests.type, 'ChangeCoverage'),
          inArray(requests.status, [...PENDING_STATUSES]),
          isNotNull(requests.subscriberPK),
        ),
      )
      .limit(1);
    const [member] = await t.db.select().from(subscribers).where(eq(subscribers.subscriberPK, pending!.subscriberPK!));
    const res = await post(memberPayload(member!));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(PENDING_MESSAGES.ChangeCoverage);
  });

  it('submits a change of coverage, which then counts as pending', async () => {
    const member = await quietMember();
    const menu = await planMenu(2);
    const effectiveDate = addDays(`${year}-01-01`, 45);
    const { requestPK } = (await post(memberPayload(member))).json() as { requestPK: number };
    const res = await put(requestPK, {
      ...memberPayload(member, { saveStep: 4, ...employment, effectiveDate, hasDependents: false, dependents: [] }),
      ...planAnswers(menu),
      submit: true,
    });
    expect(res.json()).toEqual({ requestPK, hasError: false });
    expect((await requestRow(requestPK)).status).toBe('HRApproved');
    // Now pending: a new change for the same member is refused.
    expect((await post(memberPayload(member))).statusCode).toBe(409);
  });
});
