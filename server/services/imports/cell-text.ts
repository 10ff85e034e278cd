// A cell's text as the wizard's masked inputs would have turned it: dates typed MM/DD/YYYY stored as
// yyyy-MM-dd, phones as digits, SSNs as 123-45-6789. Spreadsheets also drop leading zeros of numbers
// (ZIP 02134 arrives as 2134, an SSN 012-34-5678 as 12345678), which are put back. Anything that does
// not read as such is passed on as typed, for the wizard's schema to refuse with its own message.
import { isExists } from 'date-fns';
import type { ImportField } from '../../../src/contracts/imports';

const DATE_FIELDS = new Set<ImportField>(['dateOfBirth', 'dateOfHire', 'effectiveDate']);
const PHONE_FIELDS = new Set<ImportField>(['phone1', 'phone2']);
/**
 * The forms the date fields accept (the wizard's typed MM/DD/YYYY, ISO, and their usual variants),
 * as [pattern, which group is the year, the month, the day]. Each is all digits, so a value is read by
 * its shape once and the date checked with date-fns.
 */
const DATE_SHAPES: readonly [RegExp, number, number, number][] = [
  [/^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/, 4, 1, 3],
  [/^(\d{4})([/-])(\d{1,2})\2(\d{1,2})$/, 1, 3, 4],
];
const ISO = /^\d{4}-\d{2}-\d{2}$/;

export function importDate(value: string): string {
  const text = value.trim();
  // Already the stored form: the wizard's schema checks it is a real date.
  if (text === '' || ISO.test(text)) return text;
  for (const [shape, y, m, d] of DATE_SHAPES) {
    const parts = shape.exec(text);
    if (!parts) continue;
    const [year, month, day] = [Number(parts[y]), Number(parts[m]), Number(parts[d])];
    if (year < 1000 || !isExists(year, month - 1, day)) return text;
    return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  }
  return text;
}

function digitsOnly(value: string): string | null {
  const digits = value.replace(/[\s().\-+]/g, '');
  return /^\d+$/.test(digits) ? digits : null;
}

export function importSsn(value: string): string {
  const text = value.trim();
  const digits = /^[\d\s-]+$/.test(text) ? text.replace(/\D/g, '') : null;
  if (!digits || digits.length < 7 || digits.length > 9) return text;
  const full = digits.padStart(9, '0');
  return `${full.slice(0, 3)}-${full.slice(3, 5)}-${full.slice(5)}`;
}

export function importZip(value: string): string {
  const text = value.trim();
  if (/^\d{3,4}$/.test(text)) return text.padStart(5, '0');
  if (/^\d{9}$/.test(text)) return `${text.slice(0, 5)}-${text.slice(5)}`;
  if (/^\d{8}$/.test(text)) return `0${text.slice(0, 4)}-${text.slice(4)}`;
  return text;
}

export function importCellText(field: ImportField, value: string): string {
  if (DATE_FIELDS.has(field)) return importDate(value);
  if (PHONE_FIELDS.has(field)) return value === '' ? '' : (digitsOnly(value) ?? value);
  if (field === 'ssn') return importSsn(value);
  if (field === 'zipCode') return importZip(value);
  if (field === 'middleName') return value.trim().replace(/\.$/, '');
  if (field === 'fsaAmount') return value.trim().replace(/^\$/, '');
  return value.trim();
}
