import { afterAll, beforeAll, describe, it } from 'vitest';
import fc from 'fast-check';
import { endpoints, type EndpointName } from '../../src/contracts/endpoints';
import { CALLERS, fuzzRequestOf, fuzzViolation, loadKnownIds, type Caller, type KnownIds } from '../test/fuzz-requests';
import { startTestInbox, type TestInbox } from '../test/mail-inbox';
import { createTestApp, type TestApp } from '../test/test-app';

// Property-based fuzzing of every call of the endpoint table (see fuzz-requests.ts). No answer may be a
// 5xx; a call without a token is always 401 and a caller without groups always 403.

const SEED = 20_250_724;
const REQUESTS_PER_RUN = 5_200;

let t: TestApp;
let inbox: TestInbox;
const headers = new Map<Caller, Record<string, string>>();
let knownIds: KnownIds = {};

beforeAll(async () => {
  // Its calls without a token must all answer 401, however many come from this one address.
  // Calls that send mail (invitations, reminders) reach a real SMTP server, so a 5xx is never the mail's.
  inbox = await startTestInbox();
  t = await createTestApp({ env: { ANONYMOUS_CALLS_PER_MINUTE: '1000000', SMTP_URL: inbox.smtpUrl } });
  headers.set('no token', {});
  for (const caller of CALLERS) headers.set(caller, await t.auth(caller));
  knownIds = await loadKnownIds(t.db);
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const names = Object.keys(endpoints) as EndpointName[];
const runsPerEndpoint = Math.ceil(REQUESTS_PER_RUN / names.length);

describe('fuzzing every endpoint', () => {
  it.each(names.map((name, index) => [name, index] as const))(
    '%s never answers 5xx',
    async (name, index) => {
      await fc.assert(
        fc.asyncProperty(fuzzRequestOf(name, knownIds), async (request) => {
          const res = await t.app.inject({
            method: request.method,
            url: request.url,
            headers: {
              ...headers.get(request.caller),
              ...(request.contentType ? { 'content-type': request.contentType } : {}),
            },
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
          });
          const violation = fuzzViolation(request, res.statusCode);
          if (violation)
            throw new Error(`${violation}: ${res.statusCode} ${res.body.slice(0, 300)}\n${request.describe()}`);
        }),
        { seed: SEED + index, numRuns: runsPerEndpoint, endOnFailure: true },
      );
    },
    120_000,
  );
});
