import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { CANDIDATE_IMPORT_MAX_BYTES, CANDIDATE_IMPORT_MAX_ROWS, parseCandidateCsv, splitTags } from './parse-candidate-csv';

function fileErrorOf(text: string): string {
  try {
    parseCandidateCsv(text);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).appCode).toBe('VALIDATION_ERROR');
    expect((error as AppError).issues?.[0].path).toBe('file');
    return (error as AppError).message;
  }
  throw new Error('expected the file to be refused');
}

describe('parseCandidateCsv', () => {
  it('reads the cells by column name, trimmed, empty cells left out, rows numbered as a spreadsheet shows them', () => {
    const rows = parseCandidateCsv(
      '\uFEFFemail,firstName,lastName,phone,locale,cvUrl,tags,source\r\n' +
        'ada@example.com, Ada ,Lovelace,,en,,math;poetry,Referral\r\n' +
        '\r\n' +
        '"grace@example.com","Grace ""Amazing""","Hopper","+1 555 0100","en-US","https://cv.example/g.pdf","navy|cobol",\r\n',
    );
    expect(rows).toEqual([
      { row: 2, extraValues: 0, cells: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', locale: 'en', tags: 'math;poetry', source: 'Referral' } },
      {
        row: 4,
        extraValues: 0,
        cells: { email: 'grace@example.com', firstName: 'Grace "Amazing"', lastName: 'Hopper', phone: '+1 555 0100', locale: 'en-US', cvUrl: 'https://cv.example/g.pdf', tags: 'navy|cobol' },
      },
    ]);
  });

  it('accepts columns in any order, a subset of them, and header spellings such as "First name" or first_name', () => {
    const rows = parseCandidateCsv('First name;E-mail;last_name\nAlan;alan@example.com;Turing\n');
    expect(rows).toEqual([{ row: 2, extraValues: 0, cells: { firstName: 'Alan', email: 'alan@example.com', lastName: 'Turing' } }]);
  });

  it('reads semicolon- and tab-separated files by their header, and keeps commas inside quoted cells', () => {
    expect(parseCandidateCsv('email;source\na@example.com;"Job fair, Paris"\n')[0].cells).toEqual({ email: 'a@example.com', source: 'Job fair, Paris' });
    expect(parseCandidateCsv('email\tsource\na@example.com\tLinkedIn\n')[0].cells).toEqual({ email: 'a@example.com', source: 'LinkedIn' });
  });

  it('counts values beyond the header, but not empty padding cells', () => {
    const [padded, extra] = parseCandidateCsv('email,firstName\na@example.com,Ann,,\nb@example.com,Bob,surprise\n');
    expect(padded.extraValues).toBe(0);
    expect(extra.extraValues).toBe(1);
  });

  it('refuses a file without an email column, with an unknown or repeated column, empty, or not CSV', () => {
    expect(fileErrorOf('firstName,lastName\nAda,Lovelace\n')).toContain('no "email" column');
    expect(fileErrorOf('email,nickname\na@example.com,Al\n')).toContain('unknown column "nickname"');
    expect(fileErrorOf('email,Email\na@example.com,b@example.com\n')).toContain('column "Email" appears twice');
    expect(fileErrorOf('')).toBe('The file is empty');
    expect(fileErrorOf('email\n\n\n')).toContain('no candidates');
    expect(fileErrorOf('email,firstName\na@example.com,"Ada\n')).toMatch(/not valid CSV/);
  });

  it(`refuses more than ${CANDIDATE_IMPORT_MAX_ROWS} rows and more than 2 MiB`, () => {
    const header = 'email\n';
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `c${i}@example.com`).join('\n');
    expect(parseCandidateCsv(header + rows(CANDIDATE_IMPORT_MAX_ROWS))).toHaveLength(CANDIDATE_IMPORT_MAX_ROWS);
    expect(fileErrorOf(header + rows(CANDIDATE_IMPORT_MAX_ROWS + 1))).toContain(`At most ${CANDIDATE_IMPORT_MAX_ROWS}`);
    // Multi-byte characters count as the bytes they take.
    expect(fileErrorOf(`email,source\na@example.com,${'é'.repeat(CANDIDATE_IMPORT_MAX_BYTES / 2)}\n`)).toContain('larger than 2 MiB');
  });
});

describe('splitTags', () => {
  it('splits on semicolons and pipes, trims, drops empty parts', () => {
    expect(splitTags(' backend ; senior|| remote ;')).toEqual(['backend', 'senior', 'remote']);
    expect(splitTags('one tag, with a comma')).toEqual(['one tag, with a comma']);
  });
});
