// A broker's new enrollment through real HTTP, step 1 to Submit, as the replica test and the chaos
// bench drive it: the plain way, and the SPA's way with an Idempotency-Key and retries.
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import type { Db } from '../db/client';
import { coverageOptions, divisions, plans } from '../db/schema';
import { localToday, yearOf } from '../lib/calendar';
import type { Tokens } from '../test/sign-in';

export type Json = Record<string, unknown>;
/** The last name of every member these journeys enroll. */
export const LAST_NAME = 'Replicaton';
const year = yearOf(localToday());

/** Stops the journey with what the server answered instead. */
function must(ok: boolean, step: string, answer: { status: number }): void {
  if (!ok) throw new Error(`${step} answered ${answer.status}`);
}

export const bearer = (tokens: Tokens) => ({ authorization: `Bearer ${tokens.access_token}` });

export async function api(base: string, tokens: Tokens, method: string, url: string, body?: Json, headers: Json = {}) {
  const response = await fetch(base + url, {
    method,
    headers: {
      ...bearer(tokens),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(headers as Record<string, string>),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, etag: response.headers.get('etag'), json: () => JSON.parse(text) as Json };
}

/** The current-year plans and tiers of group 2's first division, as seeded. */
export async function planMenu(db: Db): Promise<Json> {
  const [division] = await db
    .select()
    .from(divisions)
    .where(eq(divisions.employerPK, 2))
    .orderBy(asc(divisions.divisionPK));
  const current = await db
    .select()
    .from(plans)
    .where(and(eq(plans.divisionPK, division!.divisionPK), eq(plans.contractBeginDate, `${year}-01-01`)));
  const tiers = await db
    .select()
    .from(coverageOptions)
    .where(and(eq(coverageOptions.divisionPK, division!.divisionPK), eq(coverageOptions.requiresDependents, false)));
  const of = (type: string) => current.filter((p) => p.planType === type).map((p) => p.planPK);
  return {
    divisions: division!.divisionPK,
    isMedicalCoverage: true,
    employerPlanPK: of('Medical')[0],
    medicalTierPK: tiers.find((x) => x.isMedical)!.coverageOptionPK,
    isDentalCoverage: true,
    employerDentalPlanPK: of('Dental')[0],
    dentalTierPK: tiers.find((x) => !x.isMedical)!.coverageOptionPK,
    isFSA: false,
    FSAElections: [],
  };
}

function subscriberForm(i: number, ssn?: string): Json {
  return {
    firstName: `Rowan${String.fromCharCode(65 + i)}`,
    lastName: LAST_NAME,
    middleName: '',
    ...(ssn ? { ssn } : {}),
    dateOfBirth: '1985-03-14',
    maritalStatusPK: 1,
    genderID: 1,
    address1: '7 Proxy Lane',
    address2: '',
    zipCode: '12345',
    city: 'Springfield',
    stateID: 5,
    phone1: '5550001111',
    phone2: '',
    emailAddress: 'rowan@example.com',
  };
}

export type Send = typeof api;

/**
 * A write as the SPA sends it (src/lib/api-client.ts): one Idempotency-Key for all its tries, sent
 * again after a refused connection or a 502, 503 or 504, a second apart.
 */
export const keyedWrite: Send = async (base, tokens, method, url, body, headers = {}) => {
  const key = `"${randomUUID()}"`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const answer = await api(base, tokens, method, url, body, { ...headers, 'idempotency-key': key });
      if (![502, 503, 504].includes(answer.status) || attempt === 8) return answer;
    } catch (error) {
      if (attempt === 8) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
};

/** A broker's new enrollment, from step 1 to Submit, every call through the proxy. */
export async function enrollAsBroker(
  base: string,
  broker: Tokens,
  i: number,
  ssn: string,
  menu: Json,
  send: Send = api,
): Promise<number> {
  const url = endpointUrl(endpoints.createEnrollmentRequest);
  const created = await send(base, broker, 'POST', url, {
    saveStep: 1,
    employerPK: 2,
    subscriber: subscriberForm(i, ssn),
  });
  must(created.status === 200, 'creating the enrollment', created);
  const { requestPK } = created.json() as { requestPK: number };
  const draft = {
    employerPK: 2,
    subscriber: subscriberForm(i),
    dateOfHire: `${year}-01-10`,
    effectiveDate: `${year}-02-01`,
    occupation: 'Analyst',
    jobTitle: 'Lead',
    hasDependents: false,
    dependents: [],
  };
  const atStep3 = await send(
    base,
    broker,
    'PUT',
    `${url}?requestPK=${requestPK}`,
    { ...draft, saveStep: 3 },
    {
      'if-match': created.etag,
    },
  );
  must(atStep3.status === 200, 'saving step 3', atStep3);
  const submitted = await send(
    base,
    broker,
    'PUT',
    `${url}?requestPK=${requestPK}`,
    { ...draft, ...menu, saveStep: 4, submit: true },
    { 'if-match': atStep3.etag },
  );
  const answer = submitted.status === 200 ? (submitted.json() as Json) : {};
  must(answer.requestPK === requestPK && answer.hasError === false, 'submitting', submitted);
  return requestPK;
}
