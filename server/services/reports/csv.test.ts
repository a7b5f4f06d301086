import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, neutralizeFormula } from './csv';

describe('csv', () => {
  it('neutralizes every formula trigger with a leading single quote', () => {
    for (const text of ['=HYPERLINK("http://x","y")', '+1', '-1+2', '@SUM(A1:A2)', '\tx', '\rx', '\nx']) {
      expect(neutralizeFormula(text)).toBe(`'${text}`);
    }
    for (const text of ['plain', ' =not first', "'quoted", '1+1', 'a@b.c']) expect(neutralizeFormula(text)).toBe(text);
  });

  it('quotes text, doubles inner quotes, writes numbers and empties bare', () => {
    expect(csvCell('Ada')).toBe('"Ada"');
    expect(csvCell('say "hi", then\r\nleave')).toBe('"say ""hi"", then\r\nleave"');
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell(73.5)).toBe('73.5');
    expect(csvCell(-2)).toBe(`"'-2"`);
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
    expect(csvRow(['a', 1, null, '@x'])).toBe(`"a",1,,"'@x"\r\n`);
  });

  it('round-trips through a CSV parser, and no parsed cell starts with a trigger (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.oneof(fc.string(), fc.integer({ min: 0, max: 1000 }), fc.constant(null)), { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 20 }), (rows) => {
        const text = rows.map(csvRow).join('');
        const parsed: string[][] = parse(text, { relax_column_count: false });
        expect(parsed).toHaveLength(rows.length);
        parsed.forEach((cells, r) => {
          cells.forEach((cell, c) => {
            expect(cell).not.toMatch(/^[=+\-@\t\r\n]/);
            const original = rows[r][c];
            const expected = original === null || original === '' ? '' : neutralizeFormula(String(original));
            expect(cell).toBe(expected);
          });
        });
      }),
    );
  });
});
