import { describe, expect, it } from 'vitest';
import { neutraliseFormula } from './spreadsheet-text';

const RISKY = ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '\nx', '\0x', '=HYPERLINK("http://evil","x")'];
const SAFE = ['', 'Ann', 'O’Brien', "'quoted", ' =1', '1-2', 'a=b', '(555) 123-4567'];

describe('neutraliseFormula', () => {
  it('prefixes an apostrophe to values a spreadsheet could take for a formula', () => {
    for (const value of RISKY) expect(neutraliseFormula(value)).toBe(`'${value}`);
  });

  it('leaves every other value as it is', () => {
    for (const value of SAFE) expect(neutraliseFormula(value)).toBe(value);
  });
});
