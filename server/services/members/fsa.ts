import { asc, desc, eq } from 'drizzle-orm';
import type { FsaItem, FsaType } from '../../../src/contracts/plans';
import type { Db } from '../../db/client';
import { fsaElections, plans } from '../../db/schema';

/** Plans carry no FSA kind of their own; dependent care plans say so in their code or name. */
function fsaTypeOf(plan: { planCode: string; planName: string }): FsaType {
  return /^DC/i.test(plan.planCode) || /dependent\s*care/i.test(plan.planName) ? 'Dependent Care' : 'Health Care';
}

/** A subscriber's FSA elections, newest plan year first; none is an empty list. */
export async function fsaInformation(db: Db, subscriberPK: number): Promise<{ result: FsaItem[] }> {
  const rows = await db
    .select({
      planName: plans.planName,
      planCode: plans.planCode,
      planYear: fsaElections.planYear,
      electionAmount: fsaElections.electionAmount,
      availableBalance: fsaElections.availableBalance,
      planEnd: plans.contractEndDate,
    })
    .from(fsaElections)
    .innerJoin(plans, eq(plans.planPK, fsaElections.planPK))
    .where(eq(fsaElections.subscriberPK, subscriberPK))
    .orderBy(desc(fsaElections.planYear), asc(plans.planName), asc(fsaElections.fsaElectionPK));
  return {
    result: rows.map((r) => ({
      fsaName: r.planName,
      fsaType: fsaTypeOf(r),
      fsaYear: r.planYear,
      electionAmount: r.electionAmount,
      AvailableBalance: r.availableBalance,
      planEnd: r.planEnd,
    })),
  };
}
