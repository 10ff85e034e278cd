// Text written into a spreadsheet cell that a spreadsheet program might run: OWASP's rule for CSV
// injection, applied to .xlsx string cells too, because Excel turns a typed-looking "=..." into a
// formula when the user edits the cell, and other programs read such strings as formulas outright.

/** Characters that make a cell's text a formula (or hide one behind a control character). */
const FORMULA_START = /^[=+\-@\t\r\n\0]/;

/** The value with a leading apostrophe when it could be taken for a formula; otherwise unchanged. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
