import { parse } from 'csv-parse/sync';
import { AppError, type ErrorIssue } from '@/server/errors';

/** The columns of a CSV import: the fields of a JSON row, with `results` as a JSON array in its cell. */
export const TEST_SESSION_CSV_COLUMNS = ['candidateId', 'campaignId', 'testName', 'score', 'maxScore', 'startedAt', 'completedAt', 'results'] as const;
const REQUIRED_CSV_COLUMNS = ['candidateId', 'campaignId', 'testName', 'score', 'maxScore', 'completedAt'];
const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * The rows of an import file, not yet validated: a JSON array of objects, or a CSV file with a header row.
 * The format follows the extension (.json, .csv), or the content when there is none: `[` starts JSON.
 * Problems of the file itself (malformed JSON or CSV, unknown columns, a `results` cell that is not JSON) are
 * reported here with the row; the fields are validated afterwards by recordTestSessions.
 */
export function parseTestSessionFile(text: string, fileName = ''): unknown[] {
  const extension = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  const body = text.replace(/^\uFEFF/, '');
  const isJson = extension === 'json' || (extension !== 'csv' && body.trimStart().startsWith('['));
  return isJson ? parseJsonRows(body) : parseCsvRows(body);
}

function parseJsonRows(text: string): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AppError('VALIDATION_ERROR', `The file is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(value)) throw new AppError('VALIDATION_ERROR', 'The JSON file must be an array of test sessions');
  return value;
}

function parseCsvRows(text: string): unknown[] {
  let records: Record<string, string>[];
  try {
    records = parse(text, { columns: true, skip_empty_lines: true, trim: true, relax_quotes: false });
  } catch (error) {
    throw new AppError('VALIDATION_ERROR', `The file is not valid CSV: ${(error as Error).message}`);
  }
  const header = records.length > 0 ? Object.keys(records[0]) : [];
  const issues: ErrorIssue[] = [];
  for (const column of header) {
    if (!(TEST_SESSION_CSV_COLUMNS as readonly string[]).includes(column)) {
      issues.push({ path: `header.${column}`, message: `Unknown column; the columns are ${TEST_SESSION_CSV_COLUMNS.join(', ')}` });
    }
  }
  for (const column of REQUIRED_CSV_COLUMNS) {
    if (records.length > 0 && !header.includes(column)) issues.push({ path: `header.${column}`, message: 'Missing column' });
  }
  const rows = records.map((record, index) => {
    const row: Record<string, unknown> = {};
    for (const [column, cell] of Object.entries(record)) {
      if (cell === '') continue;
      if (column === 'score' || column === 'maxScore') row[column] = NUMERIC.test(cell) ? Number(cell) : cell;
      else if (column === 'results') {
        try {
          row.results = JSON.parse(cell);
        } catch {
          issues.push({ path: `row ${index + 1}.results`, message: 'Must be a JSON array such as [{"task":"t1","score":5,"maxScore":10,"passed":true}]' });
        }
      } else row[column] = cell;
    }
    return row;
  });
  if (issues.length > 0) {
    throw new AppError('VALIDATION_ERROR', `Nothing was imported; ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`, { issues });
  }
  return rows;
}
