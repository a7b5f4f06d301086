import { parse } from 'csv-parse/sync';
import { AppError } from '@/server/errors';

/** The columns of a candidate import, as the create fields are named. Only `email` is required. */
export const CANDIDATE_CSV_COLUMNS = ['email', 'firstName', 'lastName', 'phone', 'locale', 'cvUrl', 'tags', 'source'] as const;
export type CandidateCsvColumn = (typeof CANDIDATE_CSV_COLUMNS)[number];

export const CANDIDATE_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const CANDIDATE_IMPORT_MAX_ROWS = 5000;

/** One data record of the file: `row` is its row number as a spreadsheet shows the file (the header is row 1). */
export type CandidateCsvRow = { row: number; cells: Partial<Record<CandidateCsvColumn, string>>; extraValues: number };

/** "First name", "first_name" and "FIRSTNAME" all name firstName; nothing else is guessed. */
const normalize = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
const COLUMN_BY_NORMALIZED = new Map<string, CandidateCsvColumn>(CANDIDATE_CSV_COLUMNS.map((c) => [normalize(c), c]));

const fileError = (message: string) => new AppError('VALIDATION_ERROR', message, { issues: [{ path: 'file', message }] });

/**
 * The records of a candidate CSV file, not yet validated. The first line is the header; its delimiter is a comma,
 * or a semicolon or tab when the header has no comma (spreadsheets in many locales save with `;`). Problems of the
 * file as a whole (too large, not CSV, no email column, an unknown or repeated column, too many rows) fail it with
 * one message. Blank lines are skipped but still counted, so row numbers match the spreadsheet.
 */
export function parseCandidateCsv(text: string): CandidateCsvRow[] {
  if (Buffer.byteLength(text, 'utf8') > CANDIDATE_IMPORT_MAX_BYTES) {
    throw fileError(`The file is larger than ${CANDIDATE_IMPORT_MAX_BYTES / 1024 / 1024} MiB: split it`);
  }
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw fileError('The file is empty');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const delimiter = firstLine.includes(',') ? ',' : firstLine.includes(';') ? ';' : firstLine.includes('\t') ? '\t' : ',';
  let records: string[][];
  try {
    records = parse(body, { delimiter, relax_column_count: true, skip_empty_lines: false, bom: true });
  } catch (error) {
    throw fileError(`The file is not valid CSV: ${(error as Error).message}`);
  }
  const [header = [], ...data] = records;
  const columns = header.map((name) => name.trim());
  const mapped: (CandidateCsvColumn | null)[] = [];
  const problems: string[] = [];
  const seen = new Set<CandidateCsvColumn>();
  columns.forEach((name, index) => {
    if (name === '' && index === columns.length - 1 && index > 0) {
      // A trailing delimiter on the header line, as some spreadsheets write: an unnamed, empty last column.
      mapped.push(null);
      return;
    }
    const column = COLUMN_BY_NORMALIZED.get(normalize(name));
    if (!column) problems.push(`unknown column "${name}"`);
    else if (seen.has(column)) problems.push(`column "${name}" appears twice`);
    else seen.add(column);
    mapped.push(column ?? null);
  });
  if (!seen.has('email')) problems.push('no "email" column');
  if (problems.length > 0) {
    throw fileError(`The header row has ${problems.join(', ')}. The columns are ${CANDIDATE_CSV_COLUMNS.join(', ')} (only email is required).`);
  }
  const rows: CandidateCsvRow[] = [];
  data.forEach((values, index) => {
    if (values.every((v) => v.trim() === '')) return;
    const cells: CandidateCsvRow['cells'] = {};
    values.forEach((value, i) => {
      const column = mapped[i];
      if (column && value.trim() !== '') cells[column] = value.trim();
    });
    // Values beyond the header are an error only when they hold something: spreadsheets pad rows with empty cells.
    const extraValues = values.slice(mapped.length).filter((v) => v.trim() !== '').length + values.filter((v, i) => i < mapped.length && mapped[i] === null && v.trim() !== '').length;
    rows.push({ row: index + 2, cells, extraValues });
  });
  if (rows.length === 0) throw fileError('The file has a header row but no candidates');
  if (rows.length > CANDIDATE_IMPORT_MAX_ROWS) {
    throw fileError(`At most ${CANDIDATE_IMPORT_MAX_ROWS} candidates per import; this file has ${rows.length}: split it`);
  }
  return rows;
}

/** Tags in one cell, separated by semicolons or pipes (a comma would split the CSV cell itself). */
export function splitTags(cell: string): string[] {
  return cell
    .split(/[;|]/)
    .map((t) => t.trim())
    .filter(Boolean);
}
