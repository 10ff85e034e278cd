import { and, asc, eq } from 'drizzle-orm';
import type { LookupKind } from '../../../src/contracts/lookups';
import type { Db } from '../../db/client';
import { lookupValues } from '../../db/schema';

export async function listLookup(db: Db, kind: LookupKind, opts: { commonOnly?: boolean } = {}) {
  return db
    .select({ pk: lookupValues.pk, name: lookupValues.name })
    .from(lookupValues)
    .where(and(eq(lookupValues.kind, kind), opts.commonOnly ? eq(lookupValues.commonReason, true) : undefined))
    .orderBy(asc(lookupValues.sortOrder), asc(lookupValues.pk));
}

/** Without needAll only the common qualifying events are offered. */
export function changePlanReasonList(db: Db, needAll: boolean | undefined) {
  return listLookup(db, 'changePlanReason', { commonOnly: !needAll });
}

export async function dropdownLists(db: Db) {
  const rows = await db.select().from(lookupValues).orderBy(asc(lookupValues.sortOrder), asc(lookupValues.pk));
  const of = (kind: LookupKind) => rows.filter((r) => r.kind === kind).map((r) => ({ pk: r.pk, name: r.name }));
  return {
    genders: of('gender'),
    maritalStatuses: of('maritalStatus'),
    userTypes: of('userType'),
    states: rows.filter((r) => r.kind === 'state').map((r) => ({ pk: r.pk, name: r.name, code: r.code ?? '' })),
    relationships: of('relationship'),
    payFrequencies: of('payFrequency'),
    changePlanReasons: of('changePlanReason'),
    terminatePlanReasons: of('terminatePlanReason'),
  };
}
