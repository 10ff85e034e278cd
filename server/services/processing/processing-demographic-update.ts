// Applying a subscriber's or a dependent's demographic update.
import { eq } from 'drizzle-orm';
import { existingDependentForm } from '../../../src/contracts/dependents';
import { existingSubscriberForm } from '../../../src/contracts/subscribers';
import type { Db } from '../../db/client';
import { dependents, subscribers } from '../../db/schema';
import {
  dependentColumns,
  dependentOfMember,
  lockMember,
  ssnColumns,
  ssnHeldByOther,
  subscriberColumns,
} from './processing-member-rows';
import { PROCESSING_NOTES, failedChecks, reject, type Prepared, type RequestRow } from './processing-outcome';

export async function prepareSubscriberUpdate(tx: Db, row: RequestRow): Promise<Prepared> {
  const member = await lockMember(tx, row);
  if (!member) return reject(PROCESSING_NOTES.memberGone);
  const form = existingSubscriberForm.safeParse(row.payload.subscriber);
  if (!form.success) return failedChecks({ subscriber: form.error.issues.map((issue) => issue.message) });
  if (row.ssn && (await ssnHeldByOther(tx, row.employerPK, row.ssn, member.subscriberPK))) {
    return reject(PROCESSING_NOTES.ssnTaken);
  }
  return {
    ok: true,
    apply: async (tx) => {
      await tx
        .update(subscribers)
        .set({ ...subscriberColumns(form.data), ...ssnColumns(row.ssn), updatedAt: new Date() })
        .where(eq(subscribers.subscriberPK, member.subscriberPK));
    },
  };
}

export async function prepareDependentUpdate(tx: Db, row: RequestRow): Promise<Prepared> {
  const member = await lockMember(tx, row);
  if (!member) return reject(PROCESSING_NOTES.memberGone);
  const dependent = await dependentOfMember(tx, member.subscriberPK, row.dependentPK);
  if (!dependent) return reject(PROCESSING_NOTES.dependentGone);
  const form = existingDependentForm.safeParse(row.payload.dependent);
  if (!form.success) return failedChecks({ dependent: form.error.issues.map((issue) => issue.message) });
  return {
    ok: true,
    apply: async (tx) => {
      await tx
        .update(dependents)
        .set({ ...dependentColumns(form.data, member), ...ssnColumns(row.ssn), updatedAt: new Date() })
        .where(eq(dependents.dependentPK, dependent.dependentPK));
    },
  };
}
