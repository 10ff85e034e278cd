import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS, IMPORT_MESSAGES } from '../../../../src/contracts/imports';
import { ImportFileError } from './import-file-error';
import { detectDelimiter, readCsv } from './read-csv';

describe('readCsv', () => {
  it('reads a comma file with CRLF line ends', async () => {
    expect(await readCsv('Employee Key,First Name\r\n1,Ann\r\n2,Bob\r\n')).toEqual({
      delimiter: ',',
      rows: [
        ['Employee Key', 'First Name'],
        ['1', 'Ann'],
        ['2', 'Bob'],
      ],
    });
  });

  it('reads a semicolon file whose values hold commas', async () => {
    const { delimiter, rows } = await readCsv('Last Name;First Name;FSA Amount\nMuñoz;François;1,250.00\n');
    expect(delimiter).toBe(';');
    expect(rows[1]).toEqual(['Muñoz', 'François', '1,250.00']);
  });

  it('reads a tab file and a pipe file', async () => {
    expect(await readCsv('A\tB\tC\n1\t2\t3\n')).toEqual({
      delimiter: '\t',
      rows: [
        ['A', 'B', 'C'],
        ['1', '2', '3'],
      ],
    });
    expect((await readCsv('A|B\n1|2\n')).delimiter).toBe('|');
  });

  it('counts delimiters in the header only outside quotes', async () => {
    expect(detectDelimiter('"Name, Last";"Name, First";City\n')).toBe(';');
    expect(detectDelimiter('\n\n  \nA;B,C;D\n1,2,3,4,5,6\n')).toBe(';');
    expect(detectDelimiter('Single Column\n')).toBe(',');
  });

  it('keeps delimiters and line breaks inside quoted fields', async () => {
    const text = 'Name,Address,Note\n"Smith, Ann","12 Main St\nApt 4","said ""hi"""\n';
    expect((await readCsv(text)).rows[1]).toEqual(['Smith, Ann', '12 Main St\nApt 4', 'said "hi"']);
  });

  it('trims around cells only, skips empty lines and pads short rows', async () => {
    const text = 'A,B,C\n\n  x y  , "  q  " ,z\n,,\n1\n\n';
    expect((await readCsv(text)).rows).toEqual([
      ['A', 'B', 'C'],
      ['x y', '  q  ', 'z'],
      ['1', '', ''],
    ]);
  });

  it('keeps a stray quote inside an unquoted value', async () => {
    expect((await readCsv('A,B\n5\'10",x\n')).rows[1]).toEqual(['5\'10"', 'x']);
  });

  it('refuses more than the most data rows allowed, and accepts exactly that many', async () => {
    const body = (n: number) => 'A,B\n' + '1,2\n'.repeat(n);
    expect((await readCsv(body(IMPORT_MAX_ROWS))).rows).toHaveLength(IMPORT_MAX_ROWS + 1);
    await expect(readCsv(body(IMPORT_MAX_ROWS + 1))).rejects.toThrow(new ImportFileError(IMPORT_MESSAGES.tooManyRows));
  });

  it('refuses an unclosed quote with a message naming the line', async () => {
    await expect(readCsv('A,B\n1,"open\n2,3\n')).rejects.toThrow(ImportFileError);
  });

  it('gives no rows for a file of blank lines', async () => {
    expect((await readCsv('\r\n \r\n')).rows).toEqual([]);
  });

  it('reads 10,000 rows of 28 columns quickly', async () => {
    const header = Array.from({ length: 28 }, (_, i) => `Column ${i}`).join(',');
    const line = Array.from({ length: 28 }, (_, i) => `"value ${i}, quoted"`).join(',');
    const text = `${header}\n${`${line}\n`.repeat(10_000)}`;
    const started = performance.now();
    expect((await readCsv(text)).rows).toHaveLength(10_001);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
