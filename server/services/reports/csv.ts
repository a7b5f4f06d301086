/** A CSV cell before encoding; null and undefined are empty cells. */
export type CsvValue = string | number | boolean | null | undefined;

/**
 * What makes a spreadsheet read a cell as a formula (OWASP "CSV injection"): = + - @ tab CR LF, and their
 * fullwidth forms ＝ ＋ － ＠ (U+FF1D, U+FF0B, U+FF0D, U+FF20), which some spreadsheets normalise to ASCII.
 */
const FORMULA_TRIGGER = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Prefixes a single quote to text that a spreadsheet would otherwise evaluate, per OWASP. */
export function neutralizeFormula(text: string): string {
  return FORMULA_TRIGGER.test(text) ? `'${text}` : text;
}

/**
 * One cell, RFC 4180: text is always wrapped in double quotes (inner quotes doubled), as OWASP recommends beside
 * the formula prefix; numbers and booleans are written bare, empty values as nothing.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    const text = String(value);
    // A negative number would start with "-": keep the guarantee that no cell starts with a trigger.
    return FORMULA_TRIGGER.test(text) ? quote(neutralizeFormula(text)) : text;
  }
  return quote(neutralizeFormula(value));
}

/** One record with its CRLF line ending. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

function quote(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}
