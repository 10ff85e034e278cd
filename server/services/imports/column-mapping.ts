// Which file column feeds which field: the group's last mapping (by header text) first, then the
// field's label and the other names carriers' census files use for it.
import { IMPORT_FIELDS, type ImportField, type ImportMapping } from '../../../src/contracts/imports';
import { normalise } from './import-context';

const NAMES: ReadonlyMap<ImportField, string[]> = new Map(
  IMPORT_FIELDS.map((f) => [f.key, [f.label, f.key, ...f.headers].map(normalise)]),
);

/** Field → header text, as a group's mapping is remembered for its next file. */
export type RememberedColumns = Partial<Record<ImportField, string>>;

export function autoMapping(columns: readonly string[], remembered: RememberedColumns | null): ImportMapping {
  const normalised = columns.map(normalise);
  const taken = new Set<number>();
  const mapping: ImportMapping = {};
  const take = (field: ImportField, index: number) => {
    if (index < 0 || taken.has(index) || mapping[field] !== undefined) return;
    mapping[field] = index;
    taken.add(index);
  };
  if (remembered) {
    for (const [field, header] of Object.entries(remembered) as [ImportField, string][])
      take(field, columns.indexOf(header));
  }
  for (const [field, names] of NAMES)
    take(
      field,
      normalised.findIndex((h) => names.includes(h)),
    );
  for (const { key } of IMPORT_FIELDS) mapping[key] ??= null;
  return mapping;
}

export function rememberedColumns(columns: readonly string[], mapping: ImportMapping): RememberedColumns {
  const out: RememberedColumns = {};
  for (const [field, index] of Object.entries(mapping) as [ImportField, number | null][])
    if (index !== null && columns[index] !== undefined) out[field] = columns[index];
  return out;
}

/** A mapping may only name columns the file has, each column at most once. */
export function mappingProblems(columns: readonly string[], mapping: ImportMapping): string[] {
  const seen = new Map<number, ImportField>();
  const problems: string[] = [];
  for (const [field, index] of Object.entries(mapping) as [ImportField, number | null][]) {
    if (index === null || index === undefined) continue;
    if (index >= columns.length) problems.push(`${field}: the file has no column ${index + 1}.`);
    const other = seen.get(index);
    if (other) problems.push(`${field}: column "${columns[index]}" is already read as ${other}.`);
    seen.set(index, field);
  }
  return problems;
}
