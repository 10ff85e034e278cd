// The commit of an upload, in batches: each call is one transaction that turns the next families into
// Submitted requests of the wizard's lifecycle (HR approves them in Enrollment Submissions as any
// other). Cancelling stops between calls; a withdrawal cancels the requests not approved yet.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  IMPORT_COMMIT_BATCH,
  IMPORT_MESSAGES,
  type ImportRowKind,
  type ImportView,
  type importCommitBody,
} from '../../../src/contracts/imports';
import { canTransition } from '../../../src/contracts/requests';
import type { TerminationChoice } from '../../../src/contracts/terminations';
import type { Db } from '../../db/client';
import { bulkInsert } from '../../db/bulk-insert';
import { importRows, imports, requestStatusHistory, requests } from '../../db/schema';
import { conflict } from '../../lib/problem';
import { timeSlicer } from '../../lib/time-slice';
import { checkTerminationChoice, storeTerminations } from '../member-requests';
import { setupOf } from './check-rows';
import { viewOf, type ImportCaller } from './enrollment-import';
import { loadImportContext } from './import-context';
import {
  committableKinds,
  countRows,
  importOf,
  loadFacts,
  storedRows,
  updateCheckedRows,
  type ImportRecord,
} from './import-store';
import { checkFamily, familiesOf, ssnOfRow, type CheckedRow, type FamilyRequest } from './row-model';

type CommitBody = z.output<typeof importCommitBody>;

/** The history note of a request made by an upload, so Enrollment Submissions' history tells. */
export const importNote = (record: Pick<ImportRecord, 'importPK' | 'fileName'>) =>
  `Uploaded with ${record.fileName} (upload ${record.importPK})`;

/** The employee rows of an upload's families of these kinds not committed yet (a partial index). */
function waitingFamilies(importPK: number, kinds: readonly ImportRowKind[]) {
  return and(
    eq(importRows.importPK, importPK),
    eq(importRows.isEmployee, true),
    eq(importRows.committed, false),
    inArray(importRows.kind, [...kinds]),
  );
}

async function startCommit(db: Db, record: ImportRecord, body: CommitBody) {
  if (body.mode === 'all' && record.counts.errorRows > 0) throw conflict(IMPORT_MESSAGES.fixErrorsFirst);
  // Only a roster has leavers; the choice is checked as the terminate screen checks it.
  const termination = body.termination && record.counts.termination > 0 ? body.termination : null;
  if (termination) await checkTerminationChoice(db, termination);
  const kinds = committableKinds({ confirmIdentity: body.confirmIdentity, termination });
  const [pending] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(importRows)
    .where(waitingFamilies(record.importPK, kinds));
  const [updated] = await db
    .update(imports)
    .set({
      status: 'committing',
      commitMode: body.mode,
      confirmIdentity: body.confirmIdentity,
      termination,
      toCommit: (pending?.n ?? 0) + record.counts.requestsCreated,
      updatedAt: new Date(),
    })
    .where(eq(imports.importPK, record.importPK))
    .returning();
  return updated!;
}

/** Inserts the batch's requests, their history rows, and marks the rows committed. */
async function writeRequests(
  db: Db,
  caller: ImportCaller,
  record: ImportRecord,
  families: { familyRow: number; request: FamilyRequest }[],
) {
  if (families.length === 0) return [];
  const inserted = await bulkInsert(
    db,
    requests,
    families.map(({ request }) => ({
      employerPK: record.employerPK,
      subscriberPK: request.type === 'Subscriber' ? request.subscriberPK : null,
      type: request.type,
      status: 'Submitted' as const,
      saveStep: 4,
      subscriberFirstName: request.firstName,
      subscriberLastName: request.lastName,
      ssn: request.type === 'NewEnrollment' ? request.ssn : null,
      createdBy: caller.actor,
    })),
    { returning: [requests.requestPK] },
  );
  const requestPKs = inserted.map((r) => Number(r.request_pk));
  // Payloads and dependent SSNs are jsonb, which the array insert cannot carry: one update for the batch.
  await db.execute(sql`
    update requests r set payload = x.payload, dependent_ssns = x.dependent_ssns
    from jsonb_to_recordset(${JSON.stringify(
      families.map(({ request }, i) => ({
        request_pk: requestPKs[i],
        payload: request.payload,
        dependent_ssns: request.type === 'NewEnrollment' ? request.dependentSsns : [],
      })),
    )}::jsonb) as x(request_pk int, payload jsonb, dependent_ssns jsonb)
    where r.request_pk = x.request_pk`);
  await bulkInsert(
    db,
    requestStatusHistory,
    requestPKs.map((requestPK) => ({
      requestPK,
      status: 'Submitted' as const,
      changedBy: caller.actor,
      note: importNote(record),
    })),
  );
  await db.execute(sql`
    update import_rows t set committed = true,
      request_pk = case when t.row_number = x.family_row then x.request_pk else t.request_pk end
    from jsonb_to_recordset(${JSON.stringify(
      families.map((f, i) => ({ family_row: f.familyRow, request_pk: requestPKs[i] })),
    )}::jsonb) as x(family_row int, request_pk int)
    where t.import_pk = ${record.importPK} and t.family_row = x.family_row`);
  return requestPKs;
}

/**
 * Terminate requests for a roster's members the file no longer holds; a member that can no longer be
 * terminated (terminated meanwhile, a request waiting) keeps its row uncommitted with the reason, as
 * an error row, so that the next batch does not take it up again.
 */
async function terminateLeavers(
  tx: Db,
  caller: ImportCaller,
  record: ImportRecord,
  choice: TerminationChoice,
  leavers: { familyRow: number; subscriberPK: number | null }[],
): Promise<number[]> {
  const subscriberPKs = leavers.map((l) => l.subscriberPK).filter((pk): pk is number => pk !== null);
  const { requestPKs, refused } = await storeTerminations(tx, caller, choice, subscriberPKs, importNote(record));
  const outcomes = leavers.map((l) => ({
    family_row: l.familyRow,
    request_pk: l.subscriberPK === null ? null : (requestPKs.get(l.subscriberPK) ?? null),
    error: l.subscriberPK === null ? null : (refused.get(l.subscriberPK) ?? null),
  }));
  await tx.execute(sql`
    update import_rows t set
      committed = x.request_pk is not null,
      request_pk = x.request_pk,
      has_error = x.error is not null,
      kind = case when x.error is null then t.kind else 'error' end,
      errors = case when x.error is null then t.errors
        else jsonb_build_array(jsonb_build_object('field', 'membership', 'column', null::text, 'message', x.error)) end
    from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) as x(family_row int, request_pk int, error text)
    where t.import_pk = ${record.importPK} and t.family_row = x.family_row`);
  return [...requestPKs.values()];
}

/**
 * One commit step. The families are checked again first: the group may have changed since the preview
 * (another upload, the wizard), and a family that no longer holds is left uncommitted with its reason.
 */
export async function commitImport(
  db: Db,
  caller: ImportCaller,
  body: CommitBody,
): Promise<ImportView & { requestPKs: number[] }> {
  return db.transaction(async (tx) => {
    let record = await importOf(tx, caller.employerPK, body.importPK, true);
    if (record.status === 'preview') record = await startCommit(tx, record, body);
    else if (record.status !== 'committing') throw conflict(IMPORT_MESSAGES.notPreview);

    const kinds = committableKinds(record);
    const next = await tx
      .select({ familyRow: importRows.familyRow, kind: importRows.kind, subscriberPK: importRows.subscriberPK })
      .from(importRows)
      .where(waitingFamilies(record.importPK, kinds))
      .orderBy(importRows.rowNumber)
      .limit(IMPORT_COMMIT_BATCH);
    const ctx = await loadImportContext(tx, caller.employerPK);
    const setup = setupOf(ctx, record);

    let requestPKs: number[] = [];
    const leavers = next.filter((n) => n.kind === 'termination');
    if (leavers.length > 0 && record.termination) {
      requestPKs = await terminateLeavers(tx, caller, record, record.termination, leavers);
    }
    const families = next.filter((n) => n.kind !== 'termination');
    if (families.length > 0) {
      const rows = await storedRows(
        tx,
        record.importPK,
        inArray(
          importRows.familyRow,
          families.map((n) => n.familyRow),
        ),
      );
      const checkedFamilies = familiesOf(rows, setup).families;
      const ssns = rows.map((r) => ssnOfRow(r, setup)).filter((s): s is string => s !== null);
      // Duplicates were refused at the preview; the batch's own are checked again.
      const seen = new Set<string>();
      const duplicates = new Set(ssns.filter((s) => (seen.has(s) ? true : (seen.add(s), false))));
      const facts = await loadFacts(tx, caller.employerPK, ssns, duplicates);
      const ready: { familyRow: number; request: FamilyRequest }[] = [];
      const changed: CheckedRow[] = [];
      // Checking 500 families takes tens of ms: other calls get a turn between slices of it.
      const turn = timeSlicer();
      for (const family of checkedFamilies) {
        await turn();
        const checked = checkFamily(family, setup, facts);
        if (checked.request && kinds.includes(checked.kind))
          ready.push({ familyRow: family.employee.rowNumber, request: checked.request });
        else changed.push(...checked.rows);
      }
      await updateCheckedRows(tx, record.importPK, changed);
      requestPKs = [...requestPKs, ...(await writeRequests(tx, caller, record, ready))];
    }

    const counts = await countRows(tx, record.importPK, {
      ...record.counts,
      requestsCreated: record.counts.requestsCreated + requestPKs.length,
    });
    const done = next.length < IMPORT_COMMIT_BATCH;
    // Families that stopped being committable on the way shrink the work left.
    const toCommit = done ? counts.requestsCreated : record.toCommit;
    const [updated] = await tx
      .update(imports)
      .set({ counts, toCommit, status: done ? 'committed' : 'committing', updatedAt: new Date() })
      .where(eq(imports.importPK, record.importPK))
      .returning();
    return { ...(await viewOf(tx, updated!, ctx, caller)), requestPKs };
  });
}

/**
 * Stops a commit between batches (what is committed stays, and the upload ends as cancelled), or
 * discards a preview never committed: its rows, which hold SSNs, are deleted at once.
 */
export async function cancelImport(db: Db, caller: ImportCaller, importPK: number) {
  return db.transaction(async (tx) => {
    const record = await importOf(tx, caller.employerPK, importPK, true);
    // 'reading': an upload stopped while its rows were stored (a restart); it can only be discarded.
    if (!['preview', 'committing', 'reading'].includes(record.status)) throw conflict(IMPORT_MESSAGES.notPreview);
    const status = record.status === 'committing' ? ('cancelled' as const) : ('discarded' as const);
    if (status === 'discarded') await tx.delete(importRows).where(eq(importRows.importPK, importPK));
    const [updated] = await tx
      .update(imports)
      .set({ status, updatedAt: new Date() })
      .where(eq(imports.importPK, importPK))
      .returning();
    return viewOf(tx, updated!, await loadImportContext(tx, caller.employerPK), caller);
  });
}

/** Withdraws an upload: every request of it still Submitted (not approved) is cancelled, together. */
export async function withdrawImport(db: Db, caller: ImportCaller, importPK: number) {
  return db.transaction(async (tx) => {
    await importOf(tx, caller.employerPK, importPK, true);
    if (!canTransition('Submitted', 'cancel')) throw conflict(IMPORT_MESSAGES.nothingToWithdraw);
    const cancelled = await tx.execute(sql`
      update requests q set status = 'Cancelled', updated_at = now()
      from import_rows r
      where r.import_pk = ${importPK} and r.committed and q.request_pk = r.request_pk
        and q.employer_pk = ${caller.employerPK} and q.status = 'Submitted'
      returning q.request_pk`);
    const requestPKs = (cancelled.rows as { request_pk: number }[]).map((r) => Number(r.request_pk));
    if (requestPKs.length === 0) throw conflict(IMPORT_MESSAGES.nothingToWithdraw);
    await bulkInsert(
      tx,
      requestStatusHistory,
      requestPKs.map((requestPK) => ({
        requestPK,
        status: 'Cancelled' as const,
        changedBy: caller.actor,
        note: `Withdrawn with upload ${importPK}`,
      })),
    );
    const [updated] = await tx
      .update(imports)
      .set({ status: 'withdrawn', updatedAt: new Date() })
      .where(eq(imports.importPK, importPK))
      .returning();
    return viewOf(tx, updated!, await loadImportContext(tx, caller.employerPK), caller);
  });
}
