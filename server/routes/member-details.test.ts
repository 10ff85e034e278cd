// Subscriber details of a termed member: the coverage they had, with its end dates and the term date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import { coverages, subscribers } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const details = async (pk: number) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `${endpointUrl(endpoints.subscriberDetails)}?pk=${pk}`,
    headers: await t.auth('hr@example.com'),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('SubscriberDetails', () => {
  it('answers a termed member’s last coverage, ending on the term date, and the term date', async () => {
    const [termed] = await t.db
      .select({ subscriberPK: subscribers.subscriberPK, termDate: subscribers.termDate })
      .from(subscribers)
      .innerJoin(coverages, and(eq(coverages.subscriberPK, subscribers.subscriberPK), isNull(coverages.dependentPK)))
      .where(
        and(
          eq(subscribers.employerPK, 2),
          isNotNull(subscribers.termDate),
          eq(coverages.endDate, subscribers.termDate),
        ),
      )
      .limit(1);
    const answer = await details(termed!.subscriberPK);
    expect(answer).toMatchObject({ isTermed: true, termDate: termed!.termDate });
    const plan = answer.planData;
    expect(plan.planName ?? plan.dentalPlanName).toBeTruthy();
    expect([plan.coverageEndDate, plan.dentalCoverageEndDate]).toContain(termed!.termDate);
    expect(plan.divisionID).toBeTruthy();
  });

  it('answers no term date for a member in force', async () => {
    const [active] = await t.db
      .select({ subscriberPK: subscribers.subscriberPK })
      .from(subscribers)
      .where(and(eq(subscribers.employerPK, 2), isNull(subscribers.termDate)))
      .limit(1);
    expect(await details(active!.subscriberPK)).toMatchObject({ isTermed: false, termDate: null });
  });
});
