// An upload's rows held packed while its worker forms families: each row's cells as one string,
// opened again only to be read. 100,000 rows of 23 columns take about 125 MB as arrays of cells.
// The cells are joined rather than written as JSON: V8 builds a JSON.stringify result of a few hundred
// characters from pieces held together by "cons" strings, each row four or five objects where a join
// makes one flat string (a 100,000-row upload's packed rows: 46 MB of strings as JSON).
import type { StoredRow } from './row-model';

/** Cells joined by a character text almost never holds; a row holding it (or no cell) stays an array. */
const SEPARATOR = '\u0000';

export type PackedRow = { rowNumber: number; sheet: string; packed: string | readonly string[] };

export const packRow = (rowNumber: number, sheet: string, cells: readonly string[]): PackedRow => ({
  rowNumber,
  sheet,
  packed: cells.length === 0 || cells.some((cell) => cell.includes(SEPARATOR)) ? [...cells] : cells.join(SEPARATOR),
});

export const cellsOf = (row: PackedRow): string[] =>
  typeof row.packed === 'string' ? row.packed.split(SEPARATOR) : [...row.packed];

export const openRow = (row: PackedRow): StoredRow => ({
  rowNumber: row.rowNumber,
  sheet: row.sheet,
  cells: cellsOf(row),
  fixes: {},
});
