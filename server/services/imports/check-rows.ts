// Every row of an upload checked, in two steps around the facts only the database knows: first the
// families and the SSNs they need facts about, then each family against the wizard's rules. Pure,
// so it runs in the upload's worker thread as well as beside the database (a new mapping, a fix).
import type { ImportRecord } from './import-store';
import type { ImportContext } from './import-context';
import type { RowWrite } from './row-batches';
import {
  checkFamily,
  checkOrphan,
  familiesOf,
  ssnOfRow,
  type CheckedRow,
  type Facts,
  type Setup,
  type StoredRow,
} from './row-model';

export function setupOf(
  ctx: ImportContext,
  record: Pick<ImportRecord, 'columns' | 'mapping' | 'valueMappings' | 'format'>,
): Setup {
  const { columns, mapping, valueMappings } = record;
  return { ctx, columns, mapping, valueMappings, otherGroupsAllowed: record.format === 'x12' };
}

export type CheckPlan = ReturnType<typeof familiesOf> & {
  /** SSNs on more than one row of the upload. */
  duplicates: Set<string>;
  /** The employees' SSNs: the facts to read. */
  employeeSsns: string[];
};

export function planChecks(rows: readonly StoredRow[], setup: Setup): CheckPlan {
  const { families, orphans } = familiesOf(rows, setup);
  const seen = new Map<string, number>();
  for (const row of rows) {
    const ssn = ssnOfRow(row, setup);
    if (ssn) seen.set(ssn, (seen.get(ssn) ?? 0) + 1);
  }
  const duplicates = new Set([...seen].filter(([, n]) => n > 1).map(([ssn]) => ssn));
  const employeeSsns = families.map((f) => ssnOfRow(f.employee, setup)).filter((s): s is string => s !== null);
  return { families, orphans, duplicates, employeeSsns };
}

/**
 * Each family checked (then each row without one), its stored rows beside their results. The plan
 * lets go of each family as it is checked, so a long upload's rows can be freed as they are stored.
 */
export function* checkedFamilies(plan: CheckPlan, setup: Setup, facts: Facts): Generator<RowWrite[]> {
  const families = plan.families.reverse();
  for (let family = families.pop(); family; family = families.pop()) {
    const { rows } = checkFamily(family, setup, facts);
    yield [family.employee, ...family.dependents].map((row, i) => ({ ...row, checked: rows[i]! }));
  }
  const orphans = plan.orphans.reverse();
  for (let orphan = orphans.pop(); orphan; orphan = orphans.pop())
    yield [{ ...orphan, checked: checkOrphan(orphan, setup) }];
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
