// An upload's rows held packed while its worker forms families: each row's cells as one JSON string,
// opened again only to be read. 100,000 rows of 23 columns take about 125 MB as arrays of cells and
// about 30 MB packed, and a family's rows are opened once more when it is checked.
import type { StoredRow } from './row-model';

export type PackedRow = { rowNumber: number; sheet: string; packed: string };

export const packRow = (rowNumber: number, sheet: string, cells: readonly string[]): PackedRow => ({
  rowNumber,
  sheet,
  packed: JSON.stringify(cells),
});

export const cellsOf = (row: PackedRow): string[] => JSON.parse(row.packed) as string[];

export const openRow = (row: PackedRow): StoredRow => ({
  rowNumber: row.rowNumber,
  sheet: row.sheet,
  cells: cellsOf(row),
  fixes: {},
});
