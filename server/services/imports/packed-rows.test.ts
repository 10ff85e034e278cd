import { describe, expect, it } from 'vitest';
import { cellsOf, openRow, packRow } from './packed-rows';

describe('packed rows', () => {
  it('gives back exactly the cells packed, empty ones, quotes, commas and line breaks included', () => {
    const cells = ['', 'O\'Brien, "Pat"', 'line\r\nbreak', '[1,2]', 'Zoë 😀', ''];
    const row = packRow(7, 'CSV', cells);
    expect(typeof row.packed).toBe('string');
    expect(cellsOf(row)).toEqual(cells);
    expect(openRow(row)).toEqual({ rowNumber: 7, sheet: 'CSV', cells, fixes: {} });
  });

  it('keeps a row whose text holds the separator as its cells, and reads it the same way', () => {
    const cells = ['a\u0000b', '', 'c'];
    const row = packRow(3, 'Enrollments', cells);
    expect(cellsOf(row)).toEqual(cells);
    // The caller's array may be reused: the packed row has its own copy.
    cells[0] = 'changed';
    expect(cellsOf(row)).toEqual(['a\u0000b', '', 'c']);
  });

  it('tells a row of one empty cell from a row of none', () => {
    expect(cellsOf(packRow(2, 'CSV', ['']))).toEqual(['']);
    expect(cellsOf(packRow(2, 'CSV', []))).toEqual([]);
  });

  it('opens a row into cells of its own, so a fix to one never changes the packed text', () => {
    const row = packRow(5, 'CSV', ['Kai', 'Lee']);
    const opened = cellsOf(row);
    opened[0] = 'Changed';
    expect(cellsOf(row)).toEqual(['Kai', 'Lee']);
  });
});
