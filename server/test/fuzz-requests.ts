// Hostile requests for every call of the endpoint table: values of each endpoint's own schemas, any
// part of them possibly swapped for a hostile value, sent by callers of every kind. The server's fuzz
// test sends them in-process; the security bench sends them over HTTP.
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { endpointUrl, type Endpoint } from '../../src/contracts/endpoint';
import { endpoints, type EndpointName } from '../../src/contracts/endpoints';
import { newDependentForm } from '../../src/contracts/dependents';
import { newSubscriberForm } from '../../src/contracts/subscribers';
import type { Db } from '../db/client';
import { claims, coverageOptions, dependents, divisions, idCards, plans, requests, subscribers } from '../db/schema';
import { arbitraryOf, type JsonSchema } from './json-schema-arbitrary';

const ONE_MB = 1024 * 1024;
const NEAR_LIMIT = 'x'.repeat(ONE_MB - 4096);
const OVER_LIMIT = 'x'.repeat(ONE_MB + 1);

const hostileValue = fc.constantFrom<unknown>(
  2 ** 31,
  2 ** 31 - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 31) - 1,
  1e308,
  -1e308,
  5e-324,
  -1,
  0,
  -0,
  0.5,
  'NaN',
  'Infinity',
  '-1',
  '0',
  '2147483648',
  '9007199254740993',
  '1e309',
  '0x1F',
  '1,000',
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDBFF',
  '\uDC00\uD800',
  '../x',
  '../../../../etc/passwd',
  '..\\..\\boot.ini',
  '%00',
  '%2e%2e%2fx',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '\u202Egnp.exe',
  'ASC; DROP TABLE subscribers',
  'lastName ASC, (select 1) DESC',
  '2024-02-30',
  '0000-00-00',
  '0000-02-29',
  '9999-12-31',
  'x'.repeat(10_000),
  NEAR_LIMIT,
  true,
  false,
  null,
  [],
  [1, 2],
  [{}],
  ['\u0000'],
  {},
  { a: 1 },
  JSON.parse('{"__proto__": {"polluted": true}}'),
  { constructor: { prototype: { polluted: true } } },
);

/** Raw bodies that are not what the content type says, or not JSON at all. */
const rawBodies = fc.constantFrom(
  '{',
  'NaN',
  '{"employerPK": NaN}',
  '{"employerPK": 1e999}',
  '[',
  '"\\u0000"',
  '"\\ud800"',
  '{"employerPK": 2, "employerPK": 3}',
  '{"__proto__": {"polluted": true}}',
  '{"constructor": {"prototype": {"polluted": true}}}',
  'null',
  '[]',
  '42',
  '',
  '\u0000',
  OVER_LIMIT,
);

/** Query strings that no URLSearchParams would write. */
const rawQueries = fc.constantFrom(
  'employerPK=%00',
  'employerPK=%ED%A0%80',
  'employerPK=%ZZ',
  'employerPK=%',
  'pk=1&pk=2',
  'requestPK=1&requestPK=x',
  'subscriberPK[]=1',
  'employerPK=2&file=..%2F..%2Fetc%2Fpasswd',
  'employerPK=2&fileName=%C0%AE%C0%AE%2Fx',
  `employerPK=2&file=${'x'.repeat(9000)}`,
);

export const CALLERS = [
  'hr@example.com',
  'broker@example.com',
  'admin@example.com',
  'idcard@example.com',
  'claims@example.com',
  'finance@example.com',
  'reports@example.com',
  // HR of a group that the test database does not hold: every group it names is someone else's.
  'bench@example.com',
  'nogroups@example.com',
] as const;
export type Caller = (typeof CALLERS)[number] | 'no token';

type Transport =
  | { kind: 'json' }
  | { kind: 'form' }
  | { kind: 'content-type'; contentType: string }
  | { kind: 'raw'; contentType: string; payload: string };

type FuzzInput = {
  caller: Caller;
  query: unknown;
  rawQuery: string | null;
  body: unknown;
  transport: Transport;
};

/** A form's schema without upper bounds on numbers: the open records that carry it have none. */
function openForm(schema: z.ZodType): JsonSchema {
  return JSON.parse(JSON.stringify(z.toJSONSchema(schema, { io: 'input' })), (key, value) =>
    key === 'maximum' || key === 'exclusiveMaximum' ? undefined : value,
  ) as JsonSchema;
}

function jsonSchemaOf(schema: z.ZodType, name: EndpointName): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  if ((name === 'createEnrollmentRequest' || name === 'updateEnrollmentRequest') && json.properties) {
    // The contract leaves these open (the service checks them per step); fuzz them as the forms fill them.
    json.properties.subscriber = openForm(newSubscriberForm);
    json.properties.dependents = { type: 'array', maxItems: 3, items: openForm(newDependentForm) };
  }
  return json;
}

function inputOf(name: EndpointName, knownIds: KnownIds): fc.Arbitrary<FuzzInput> {
  const endpoint: Endpoint = endpoints[name];
  const part = (schema: z.ZodType | undefined) =>
    schema
      ? fc
          .constantFrom(0, 2, 6)
          .chain((weight) => arbitraryOf(jsonSchemaOf(schema, name), hostileValue, weight, knownIds))
      : fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, { arbitrary: hostileValue, weight: 1 });
  const form = endpoint.bodyEncoding === 'form';
  const transport: fc.Arbitrary<Transport> = fc.oneof(
    { arbitrary: fc.constant<Transport>({ kind: form ? 'form' : 'json' }), weight: 12 },
    { arbitrary: fc.constant<Transport>({ kind: form ? 'json' : 'form' }), weight: 1 },
    {
      arbitrary: fc
        .constantFrom(
          'text/plain',
          'application/xml',
          'multipart/form-data; boundary=x',
          'application/json; charset=utf-16',
          'application/octet-stream',
        )
        .map((contentType): Transport => ({ kind: 'content-type', contentType })),
      weight: 1,
    },
    {
      arbitrary: fc
        .record({
          contentType: fc.constantFrom('application/json', 'application/x-www-form-urlencoded'),
          payload: rawBodies,
        })
        .map((raw): Transport => ({ kind: 'raw', ...raw })),
      weight: 1,
    },
  );
  return fc.record({
    caller: fc.oneof(
      { arbitrary: fc.constantFrom<Caller>('hr@example.com', 'broker@example.com'), weight: 6 },
      { arbitrary: fc.constantFrom<Caller>(...CALLERS), weight: 3 },
      { arbitrary: fc.constant<Caller>('no token'), weight: 1 },
    ),
    query: part(endpoint.query),
    rawQuery: fc.oneof({ arbitrary: fc.constant(null), weight: 12 }, { arbitrary: rawQueries, weight: 1 }),
    body: endpoint.method === 'GET' ? fc.constant(undefined) : part(endpoint.body),
    transport,
  });
}

const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));

/** Percent-encoding that keeps lone surrogates (as their 3-byte form) instead of throwing or replacing them. */
function encode(value: unknown): string {
  let out = '';
  for (const char of asText(value)) {
    const code = char.codePointAt(0)!;
    out +=
      code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            .map((byte) => `%${byte.toString(16).toUpperCase()}`)
            .join('')
        : encodeURIComponent(char);
  }
  return out;
}

/** Fields as `a=1&b=2`; a list repeats its key, anything else is sent as one text. */
function encodeFields(fields: unknown): string {
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) return encode(fields);
  return Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .flatMap(([key, value]) =>
      (Array.isArray(value) && value.length > 0 ? value : [value]).map((item) => `${encode(key)}=${encode(item)}`),
    )
    .join('&');
}

function queryString(query: unknown, rawQuery: string | null): string {
  if (rawQuery !== null) return `?${rawQuery}`;
  if (query === undefined) return '';
  const text = encodeFields(query);
  return text ? `?${text}` : '';
}

function payloadOf(input: FuzzInput): { payload?: string; contentType?: string } {
  const { transport, body } = input;
  switch (transport.kind) {
    case 'raw':
      return { payload: transport.payload, contentType: transport.contentType };
    case 'content-type':
      return { payload: asText(body ?? {}), contentType: transport.contentType };
    case 'form':
      return body === undefined
        ? {}
        : { payload: encodeFields(body), contentType: 'application/x-www-form-urlencoded' };
    case 'json':
      return body === undefined ? {} : { payload: JSON.stringify(body) ?? 'null', contentType: 'application/json' };
  }
}

/** An input as a failure message shows it: long texts shortened, odd characters escaped. */
function describeInput(name: EndpointName, input: FuzzInput): string {
  const shorten = (_key: string, value: unknown) =>
    typeof value === 'string' && value.length > 200 ? `<${value.length} chars: ${value.slice(0, 20)}…>` : value;
  return `${name} ${JSON.stringify(input, shorten)}`;
}

/** Ids of seeded records by the parameter names that carry them, so that calls reach the services. */
export type KnownIds = Record<string, fc.Arbitrary<number>>;

/** Up to 40 ids of a table; of groups 2 and 3 where the table has a group (the callers' own and another). */
async function idsOf(db: Db, column: PgColumn, table: PgTable, group?: PgColumn) {
  const ids: number[] = [];
  for (const employerPK of group ? [2, 3] : [null]) {
    const rows = await db
      .select({ id: column })
      .from(table)
      .where(group && employerPK !== null ? eq(group, employerPK) : undefined)
      .orderBy(column)
      .limit(group ? 20 : 40);
    ids.push(...rows.map((row) => row.id as number));
  }
  return fc.constantFrom(...ids);
}

export async function loadKnownIds(db: Db): Promise<KnownIds> {
  const subscriber = await idsOf(db, subscribers.subscriberPK, subscribers, subscribers.employerPK);
  const dependent = await idsOf(db, dependents.dependentPK, dependents);
  const division = await idsOf(db, divisions.divisionPK, divisions, divisions.employerPK);
  const plan = await idsOf(db, plans.planPK, plans, plans.employerPK);
  const tier = await idsOf(db, coverageOptions.coverageOptionPK, coverageOptions, coverageOptions.employerPK);
  return {
    employerPK: fc.constantFrom(2, 3, 4, 6),
    pk: subscriber,
    subscriberPK: subscriber,
    dependentPK: dependent,
    requestPK: await idsOf(db, requests.requestPK, requests, requests.employerPK),
    claimPK: await idsOf(db, claims.claimID, claims, claims.employerPK),
    idCardPK: await idsOf(db, idCards.idCardPK, idCards),
    division,
    divisionId: division,
    divisions: division,
    employerPlanPK: plan,
    employerDentalPlanPK: plan,
    medicalTierPK: tier,
    dentalTierPK: tier,
  };
}

/** One hostile request, ready to send: the path with its query, and the body as sent. */
export type FuzzRequest = {
  name: EndpointName;
  caller: Caller;
  method: Endpoint['method'];
  url: string;
  contentType?: string;
  payload?: string;
  /** The input as a failure message shows it. */
  describe(): string;
};

export function fuzzRequestOf(name: EndpointName, knownIds: KnownIds): fc.Arbitrary<FuzzRequest> {
  const endpoint = endpoints[name];
  return inputOf(name, knownIds).map((input) => ({
    name,
    caller: input.caller,
    method: endpoint.method,
    url: endpointUrl(endpoint) + queryString(input.query, input.rawQuery),
    ...payloadOf(input),
    describe: () => describeInput(name, input),
  }));
}

/**
 * What every answer must satisfy whatever the input: no 5xx, 401 without a token, 403 without groups
 * (except the caller's own account calls, which answer them too: never a 401 or 403 then).
 */
export function fuzzViolation(request: FuzzRequest, status: number): string | null {
  if (status >= 500) return 'server error';
  if (request.caller === 'no token' && status !== 401) return 'no token, not 401';
  const own = endpoints[request.name].area === 'self';
  if (request.caller === 'nogroups@example.com' && !own && status !== 403) return 'caller without groups, not 403';
  if (request.caller === 'nogroups@example.com' && own && (status === 401 || status === 403)) {
    return 'caller without groups refused their own account call';
  }
  return null;
}
