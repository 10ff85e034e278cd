// Every row of an upload checked, in two steps around the facts only the database knows: first the
// families and the SSNs they need facts about, then each family against the wizard's rules. Pure,
// so it runs in the upload's worker thread as well as beside the database (a new mapping, a fix).
import { todayIsoDate } from '../../../src/contracts/person-rules';
import type { ImportRecord } from './import-store';
import type { ImportContext } from './import-context';
import type { RowWrite } from './row-batches';
import {
  asStored,
  checkFamily,
  checkOrphan,
  familiesOf,
  ssnOfRow,
  unmappedCounter,
  type CheckedRow,
  type Facts,
  type Setup,
  type StoredRow,
  type UnmappedValue,
} from './row-model';

export function setupOf(
  ctx: ImportContext,
  record: Pick<ImportRecord, 'columns' | 'mapping' | 'valueMappings' | 'format'>,
): Setup {
  const { columns, mapping, valueMappings } = record;
  // Today is read once for all the rows, not once per row.
  return { ctx, columns, mapping, valueMappings, otherGroupsAllowed: record.format === 'x12', today: todayIsoDate() };
}

export type CheckPlan<R = StoredRow> = ReturnType<typeof familiesOf<R>> & {
  /** SSNs on more than one row of the upload. */
  duplicates: Set<string>;
  /** The employees' SSNs: the facts to read. */
  employeeSsns: string[];
  /** Values of list fields that nothing matched. */
  unmapped: UnmappedValue[];
};

/** Families, duplicate SSNs and unmatched values, in one pass over the rows (`open` gives a row's cells). */
export function planChecks<R = StoredRow>(
  rows: readonly R[],
  setup: Setup,
  open: (row: R) => StoredRow = asStored,
): CheckPlan<R> {
  const seen = new Map<string, number>();
  // Each row's SSN as read here, so the employees' need not be opened again.
  const ssnOf = new Map<R, string>();
  const unmapped = unmappedCounter(setup);
  const { families, orphans } = familiesOf(rows, setup, (kept) => {
    const row = open(kept);
    const ssn = ssnOfRow(row, setup);
    if (ssn) {
      seen.set(ssn, (seen.get(ssn) ?? 0) + 1);
      ssnOf.set(kept, ssn);
    }
    unmapped.add(row);
    return row;
  });
  const duplicates = new Set([...seen].filter(([, n]) => n > 1).map(([ssn]) => ssn));
  const employeeSsns = families.map((f) => ssnOf.get(f.employee)).filter((s): s is string => s !== undefined);
  return { families, orphans, duplicates, employeeSsns, unmapped: unmapped.values() };
}

/**
 * Each family checked (then each row without one), its stored rows beside their results. The plan
 * lets go of each family as it is checked, so a long upload's rows can be freed as they are stored.
 */
export function* checkedFamilies<R = StoredRow>(
  plan: CheckPlan<R>,
  setup: Setup,
  facts: Facts,
  open: (row: R) => StoredRow = asStored,
): Generator<RowWrite[]> {
  const families = plan.families.reverse();
  for (let family = families.pop(); family; family = families.pop()) {
    const opened = { employee: open(family.employee), dependents: family.dependents.map(open) };
    const { rows } = checkFamily(opened, setup, facts);
    yield [opened.employee, ...opened.dependents].map((row, i) => ({ ...row, checked: rows[i]! }));
  }
  const orphans = plan.orphans.reverse();
  for (let orphan = orphans.pop(); orphan; orphan = orphans.pop()) {
    const row = open(orphan);
    yield [{ ...row, checked: checkOrphan(row, setup) }];
  }
}

/** Every row checked, in row order; `turn` is awaited after each family (to let other work in). */
export async function checkPlanned(
  plan: CheckPlan,
  setup: Setup,
  facts: Facts,
  turn?: () => Promise<void> | undefined,
): Promise<CheckedRow[]> {
  const checked: CheckedRow[] = [];
  for (const family of checkedFamilies(plan, setup, facts)) {
    for (const row of family) checked.push(row.checked);
    if (turn) await turn();
  }
  return checked.sort((a, b) => a.rowNumber - b.rowNumber);
}
