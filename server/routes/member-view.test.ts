import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import type { MemberView } from '../../src/contracts/member-view';
import { auditEvents, claims, coverages, subscribers } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

const FULL_SSN = /\d{3}-\d{2}-\d{4}/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const view = async (subscriberPK: number, email = 'hr@example.com') =>
  t.app.inject({
    method: 'GET',
    url: `${endpointUrl(endpoints.memberView)}?subscriberPK=${subscriberPK}`,
    headers: await t.auth(email),
  });

/** A termed subscriber of the group whose coverage ended. */
async function termedMember(employerPK = 2) {
  const [row] = await t.db
    .select({ pk: subscribers.subscriberPK, termDate: subscribers.termDate })
    .from(subscribers)
    .innerJoin(coverages, eq(coverages.subscriberPK, subscribers.subscriberPK))
    .where(and(eq(subscribers.employerPK, employerPK), isNotNull(subscribers.termDate), isNotNull(coverages.endDate)))
    .limit(1);
  return row!;
}

describe('member view', () => {
  it('shows a termed member with the ended coverage and its end date, SSNs as last 4 only', async () => {
    const member = await termedMember();
    const res = await view(member.pk);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(FULL_SSN);
    const body = res.json() as MemberView;
    expect(body.subscriber.termDate).toBe(member.termDate);
    expect(body.subscriber.ssnLast4).toMatch(/^\d{4}$/);
    const stored = await t.db
      .select({ endDate: coverages.endDate })
      .from(coverages)
      .where(and(eq(coverages.subscriberPK, member.pk), isNull(coverages.dependentPK)));
    const ended = body.coverage.filter((c) => c.dependentPK === null && c.planType !== 'FSA' && c.endDate !== null);
    expect(ended.length).toBe(stored.filter((c) => c.endDate !== null).length);
    expect(ended.map((c) => c.endDate)).toContain(stored.find((c) => c.endDate !== null)!.endDate);
    // HR holds no claims role: the claims are not part of the answer.
    expect(body.claims).toBeNull();
  });

  it('is audited as a read of the subscriber and the dependents it answered', async () => {
    const [withDeps] = await t.db
      .select({ pk: subscribers.subscriberPK })
      .from(subscribers)
      .where(eq(subscribers.employerPK, 2))
      .orderBy(desc(subscribers.subscriberPK))
      .limit(1);
    const res = await view(withDeps!.pk, 'broker@example.com');
    expect(res.statusCode).toBe(200);
    const body = res.json() as MemberView;
    const [row] = await t.db
      .select({ action: auditEvents.action, records: auditEvents.records })
      .from(auditEvents)
      .where(eq(auditEvents.endpoint, 'memberView'))
      .orderBy(desc(auditEvents.auditEventPK))
      .limit(1);
    expect(row!.action).toBe('access.read');
    expect(row!.records).toContain(`subscriber:${withDeps!.pk}`);
    for (const d of body.dependents) expect(row!.records).toContain(`dependent:${d.dependentPK}`);
  });

  it('carries the claims for a role that may see them', async () => {
    const [claimant] = await t.db
      .select({ pk: claims.subscriberPK })
      .from(claims)
      .where(eq(claims.employerPK, 2))
      .limit(1);
    const res = await view(claimant!.pk, 'admin@example.com');
    const body = res.json() as MemberView;
    const stored = await t.db.select({ id: claims.claimID }).from(claims).where(eq(claims.subscriberPK, claimant!.pk));
    expect(body.claims?.map((c) => c.claimID).sort()).toEqual(stored.map((c) => c.id).sort());
  });

  it('answers a member of another group as missing and refuses roles without member access', async () => {
    const other = await termedMember(3);
    expect((await view(other.pk)).statusCode).toBe(404);
    const own = await termedMember(2);
    expect((await view(own.pk, 'claims@example.com')).statusCode).toBe(403);
    expect((await view(own.pk, 'idcard@example.com')).statusCode).toBe(403);
  });
});
