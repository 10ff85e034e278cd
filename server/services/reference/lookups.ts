import { asc } from 'drizzle-orm';
import type { LookupKind } from '../../../src/contracts/lookups';
import type { Db } from '../../db/client';
import { lookupValues } from '../../db/schema';

type LookupRow = typeof lookupValues.$inferSelect;

const read = new WeakMap<Db, Promise<LookupRow[]>>();

/**
 * Every reference list, in display order, read once per database handle: only the seed writes them,
 * before the server answers its first call, and a lookup's query was most of a small call's cost.
 */
function lookupRows(db: Db): Promise<LookupRow[]> {
  let rows = read.get(db);
  if (!rows) {
    // A drizzle query runs again at every `then`: held as a settled promise, it runs once.
    rows = (async () => db.select().from(lookupValues).orderBy(asc(lookupValues.sortOrder), asc(lookupValues.pk)))();
    read.set(db, rows);
    // A failed read is tried again by the next call.
    rows.catch(() => read.delete(db));
  }
  return rows;
}

export async function listLookup(db: Db, kind: LookupKind, opts: { commonOnly?: boolean } = {}) {
  return (await lookupRows(db))
    .filter((row) => row.kind === kind && (!opts.commonOnly || row.commonReason))
    .map((row) => ({ pk: row.pk, name: row.name }));
}

/** Without needAll only the common qualifying events are offered. */
export function changePlanReasonList(db: Db, needAll: boolean | undefined) {
  return listLookup(db, 'changePlanReason', { commonOnly: !needAll });
}

export async function dropdownLists(db: Db) {
  const rows = await lookupRows(db);
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
