import { describe, expect, it } from 'vitest';
import { importCellText, importDate } from './cell-text';

describe('importDate', () => {
  it('reads the forms a census uses as yyyy-MM-dd', () => {
    expect(importDate('03/15/1980')).toBe('1980-03-15');
    expect(importDate('3/5/1980')).toBe('1980-03-05');
    expect(importDate('03-15-1980')).toBe('1980-03-15');
    expect(importDate('03.15.1980')).toBe('1980-03-15');
    expect(importDate('1980/3/15')).toBe('1980-03-15');
    expect(importDate('1980-03-15')).toBe('1980-03-15');
  });

  it('passes on what is not a real date as typed, for the wizard’s rule to refuse', () => {
    expect(importDate('02/30/1980')).toBe('02/30/1980');
    expect(importDate('13/45/1990')).toBe('13/45/1990');
    expect(importDate('March 3')).toBe('March 3');
    expect(importDate('03/15/1980/2')).toBe('03/15/1980/2');
  });
});

describe('importCellText', () => {
  it('turns cells as the wizard’s masked inputs would', () => {
    expect(importCellText('phone1', '(617) 555-0100')).toBe('6175550100');
    expect(importCellText('ssn', '123456789')).toBe('123-45-6789');
    expect(importCellText('ssn', '12345678')).toBe('012-34-5678');
    expect(importCellText('zipCode', '2134')).toBe('02134');
    expect(importCellText('zipCode', '021341234')).toBe('02134-1234');
    expect(importCellText('middleName', 'Q.')).toBe('Q');
    expect(importCellText('fsaAmount', '$1,250.00')).toBe('1,250.00');
  });
});
