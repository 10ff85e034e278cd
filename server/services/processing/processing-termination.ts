// Applying a subscriber's or a dependent's termination on the date stored with the request.
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coverages, dependents, subscribers, terminations } from '../../db/schema';
import { dependentOfMember, endCoverages, lockMember } from './processing-member-rows';
import { PROCESSING_NOTES, reject, type Prepared, type RequestRow } from './processing-outcome';

async function terminationOf(tx: Db, requestPK: number) {
  const [termination] = await tx
    .select({ terminationDate: terminations.terminationDate })
    .from(terminations)
    .where(eq(terminations.requestPK, requestPK));
  return termination ?? null;
}

/**
 * The checks both terminations make, in order: the one they end is there, is not termed yet, and the
 * request has its termination. Then `end` applies it on the stored last day.
 */
async function terminationOn<T extends { termDate: string | null }>(
  tx: Db,
  row: RequestRow,
  ended: T | null,
  notes: { gone: string; termed: string },
  end: (tx: Db, ended: T, lastDay: string) => Promise<void>,
): Promise<Prepared> {
  if (!ended) return reject(notes.gone);
  if (ended.termDate !== null) return reject(notes.termed);
  const termination = await terminationOf(tx, row.requestPK);
  if (!termination) return reject(PROCESSING_NOTES.noTermination);
  const lastDay = termination.terminationDate;
  return { ok: true, apply: (tx) => end(tx, ended, lastDay) };
}

/** The subscriber, the dependents still covered and every coverage end on the termination date. */
export async function prepareTermination(tx: Db, row: RequestRow): Promise<Prepared> {
  const member = await lockMember(tx, row);
  const notes = { gone: PROCESSING_NOTES.memberGone, termed: PROCESSING_NOTES.memberTermed };
  return terminationOn(tx, row, member, notes, async (tx, member, lastDay) => {
    const now = new Date();
    await tx
      .update(subscribers)
      .set({ termDate: lastDay, updatedAt: now })
      .where(eq(subscribers.subscriberPK, member.subscriberPK));
    await tx
      .update(dependents)
      .set({ termDate: lastDay, updatedAt: now })
      .where(
        and(
          eq(dependents.subscriberPK, member.subscriberPK),
          or(isNull(dependents.termDate), gt(dependents.termDate, lastDay)),
        ),
      );
    await endCoverages(tx, eq(coverages.subscriberPK, member.subscriberPK), lastDay);
  });
}

export async function prepareDependentTermination(tx: Db, row: RequestRow): Promise<Prepared> {
  const member = await lockMember(tx, row);
  if (!member) return reject(PROCESSING_NOTES.memberGone);
  const dependent = await dependentOfMember(tx, member.subscriberPK, row.dependentPK);
  const notes = { gone: PROCESSING_NOTES.dependentGone, termed: PROCESSING_NOTES.dependentTermed };
  return terminationOn(tx, row, dependent, notes, async (tx, dependent, lastDay) => {
    await tx
      .update(dependents)
      .set({ termDate: lastDay, updatedAt: new Date() })
      .where(eq(dependents.dependentPK, dependent.dependentPK));
    await endCoverages(tx, eq(coverages.dependentPK, dependent.dependentPK), lastDay);
  });
}
