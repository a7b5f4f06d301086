import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvRow } from '@/server/services/reports/csv';
import { createRecordCounter, fileNameFromContentDisposition, formatBytes } from './export-progress';

/** Feeds `text` to a counter in pieces cut at the given places. */
function countInPieces(format: 'csv' | 'json', text: string, cuts: number[]): number {
  const counter = createRecordCounter(format);
  let from = 0;
  for (const cut of [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b)) {
    counter.push(text.slice(from, cut));
    from = cut;
  }
  counter.push(text.slice(from));
  return counter.count;
}

const cell = fc.oneof(fc.string(), fc.constantFrom('a "quoted" cell', 'line\r\nbreak', '{"json":[1,2]}', '=1+2', '\\'), fc.integer(), fc.constant(null));

describe('createRecordCounter', () => {
  it('CSV: the records after the header, whatever the cells hold and wherever the chunks are cut', () => {
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { maxLength: 20 }), fc.array(fc.nat(), { maxLength: 10 }), (rows, cuts) => {
        const text = csvRow(['type', 'reportId']) + rows.map((r) => csvRow(r)).join('');
        expect(countInPieces('csv', text, cuts)).toBe(rows.length);
      }),
    );
  });

  it('JSON: the items of the interviews and tests arrays, not the objects nested inside them', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.string(), criteria: fc.array(fc.record({ key: fc.string(), score: fc.integer() }), { maxLength: 3 }), summary: fc.string() }), { maxLength: 10 }),
        fc.array(fc.record({ testName: fc.string(), results: fc.array(fc.record({ task: fc.string() }), { maxLength: 2 }) }), { maxLength: 10 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        (interviews, tests, cuts) => {
          const text = `${JSON.stringify({ campaignId: 'cmp_1', exportedAt: '2026-01-01T00:00:00.000Z', interviews, tests })}\n`;
          expect(countInPieces('json', text, cuts)).toBe(interviews.length + tests.length);
        },
      ),
    );
  });

  it('CSV with only a header, and an empty body, count nothing', () => {
    expect(countInPieces('csv', 'type,reportId\r\n', [])).toBe(0);
    expect(countInPieces('csv', '', [])).toBe(0);
    expect(countInPieces('json', '{"campaignId":"cmp_1","interviews":[]}', [3])).toBe(0);
  });
});

describe('fileNameFromContentDisposition', () => {
  it('reads the quoted, bare and RFC 5987 forms, and keeps folders out of the name', () => {
    expect(fileNameFromContentDisposition('attachment; filename="campaign-cmp_1-all-2026-03-01.csv"')).toBe('campaign-cmp_1-all-2026-03-01.csv');
    expect(fileNameFromContentDisposition('attachment; filename=report.json')).toBe('report.json');
    expect(fileNameFromContentDisposition("attachment; filename*=UTF-8''r%C3%A9sultats.csv; filename=\"resultats.csv\"")).toBe('résultats.csv');
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
    expect(fileNameFromContentDisposition(null)).toBeNull();
  });
});

describe('formatBytes', () => {
  it('uses B, KB and MB', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3.5 * 1024 * 1024)).toBe('3.5 MB');
  });
});
