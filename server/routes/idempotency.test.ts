import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import { auditEvents, idempotencyKeys, requests, subscribers } from '../db/schema';
import { quietMembersOf } from '../test/quiet-members';
import { createTestApp, type TestApp } from '../test/test-app';
import { subscriberUpdateForm } from '../test/subscriber-form';
import { deleteExpiredIdempotencyKeys } from './idempotency';

type Subscriber = typeof subscribers.$inferSelect;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HR = 'hr@example.com';
const used = new Set<number>();

/** A member of group 2 nobody has asked anything about yet. */
async function freshSubscriber(): Promise<Subscriber> {
  const rows = await t.db
    .select()
    .from(subscribers)
    .where(quietMembersOf(2))
    .orderBy(subscribers.subscriberPK)
    .limit(20);
  const row = rows.find((r) => !used.has(r.subscriberPK))!;
  used.add(row.subscriberPK);
  return row;
}

function update(s: Subscriber, key: string | null, changes: Record<string, unknown> = {}, email = HR) {
  return (async () =>
    t.app.inject({
      method: 'POST',
      url: `${endpointUrl(endpoints.updateSubscriber)}?subscriberPK=${s.subscriberPK}`,
      headers: { ...(await t.auth(email)), ...(key === null ? {} : { 'idempotency-key': key }) },
      payload: {
        subscriber: subscriberUpdateForm(s, changes),
        changeReasonDetails: { comment: 'Moved' },
        employerPK: s.employerPK,
      },
    }))();
}

const requestsOf = async (s: Subscriber) =>
  (await t.db.select().from(requests).where(eq(requests.subscriberPK, s.subscriberPK))).length;

const subOf = async (email: string) => {
  const token = (await t.auth(email)).authorization.split(' ')[1]!;
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
};

describe('Idempotency-Key on changes', () => {
  it('replays a retried change instead of making it twice, and says so', async () => {
    const s = await freshSubscriber();
    const first = await update(s, '"retry-1"', { city: 'Dayton' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await update(s, '"retry-1"', { city: 'Dayton' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await requestsOf(s)).toBe(1);
    // The replay is audited as one, apart from the change.
    const rows = await t.db
      .select({ detail: auditEvents.detail })
      .from(auditEvents)
      .where(sql`${auditEvents.records} @> array[${`subscriber:${s.subscriberPK}`}]::text[]`);
    expect(rows.filter((r) => (r.detail as { replayed?: boolean } | null)?.replayed === true)).toHaveLength(1);
  });

  it('replays a new enrollment with its draft version (ETag), so the next step can go on', async () => {
    const create = async () =>
      t.app.inject({
        method: 'POST',
        url: endpointUrl(endpoints.createEnrollmentRequest),
        headers: { ...(await t.auth(HR)), 'idempotency-key': '"enroll-1"' },
        payload: {
          saveStep: 1,
          employerPK: 2,
          subscriber: {
            firstName: 'Kelda',
            lastName: 'Retryman',
            middleName: '',
            ssn: '958-21-4410',
            dateOfBirth: '1984-02-11',
            maritalStatusPK: 1,
            genderID: 1,
            address1: '1 Retry Way',
            address2: '',
            zipCode: '12345',
            city: 'Springfield',
            stateID: 5,
            phone1: '5550002222',
            phone2: '',
            emailAddress: 'kelda@example.com',
          },
        },
      });
    const first = await create();
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBeTruthy();
    const again = await create();
    expect(again.json()).toEqual(first.json());
    expect(again.headers.etag).toBe(first.headers.etag);
    const made = await t.db.select().from(requests).where(eq(requests.subscriberLastName, 'Retryman'));
    expect(made).toHaveLength(1);
  });

  it('refuses the same key with another request (422) and keeps a refusal for its retries', async () => {
    const s = await freshSubscriber();
    expect((await update(s, '"retry-2"', { city: 'Akron' })).statusCode).toBe(200);
    const other = await update(s, '"retry-2"', { city: 'Toledo' });
    expect(other.statusCode).toBe(422);
    expect(other.json().detail).toMatch(/already used for another request/);

    // A second change while the first is pending is refused; its retry gets the same refusal.
    const refused = await update(s, '"retry-3"', { city: 'Toledo' });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    const retried = await update(s, '"retry-3"', { city: 'Toledo' });
    expect(retried.statusCode).toBe(refused.statusCode);
    expect(retried.json()).toEqual(refused.json());
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(await requestsOf(s)).toBe(1);
  });

  it('keeps each caller’s keys apart, and refuses a malformed key', async () => {
    const s = await freshSubscriber();
    expect((await update(s, '"shared"')).statusCode).toBe(200);
    const t2 = await freshSubscriber();
    const broker = await update(t2, '"shared"', {}, 'broker@example.com');
    expect(broker.headers['idempotent-replayed']).toBeUndefined();
    expect(broker.statusCode).toBe(200);
    const bad = await update(s, '"unterminated');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/Idempotency-Key/);
    // Without a key a change is made as before.
    const u = await freshSubscriber();
    expect((await update(u, null)).statusCode).toBe(200);
  });

  it('answers a retry while the first call is still running with 409 and Retry-After', async () => {
    const s = await freshSubscriber();
    const actor = await subOf(HR);
    if (process.env.DATABASE_URL) {
      // The first call's transaction holds its claim: PostgreSQL's other connections wait on it.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let claimed!: () => void;
      const claimedYet = new Promise<void>((resolve) => (claimed = resolve));
      const first = t.db.transaction(async (tx) => {
        await tx.insert(idempotencyKeys).values({ actor, key: 'in-flight', fingerprint: 'x', status: 0 });
        claimed();
        await held;
      });
      await claimedYet;
      const retry = await update(s, '"in-flight"');
      release();
      await first;
      expect(retry.statusCode).toBe(409);
      expect(retry.headers['retry-after']).toBe('1');
    } else {
      // The embedded database runs one transaction at a time: the retry waits its turn and replays.
      const [a, b] = await Promise.all([update(s, '"in-flight"'), update(s, '"in-flight"')]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']]).toContain('true');
    }
    expect(await requestsOf(s)).toBeLessThanOrEqual(1);
  });

  it('forgets keys after 24 hours', async () => {
    const actor = await subOf(HR);
    await t.db.insert(idempotencyKeys).values({
      actor,
      key: 'old',
      fingerprint: 'x',
      status: 200,
      createdAt: new Date(Date.now() - 25 * 3_600_000),
    });
    expect(await deleteExpiredIdempotencyKeys(t.db)).toBeGreaterThanOrEqual(1);
    const left = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'old'));
    expect(left).toHaveLength(0);
    expect((await t.db.select().from(idempotencyKeys)).length).toBeGreaterThan(0);
  });
});
