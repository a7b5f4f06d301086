import { describe, expect, it } from 'vitest';
import { fisherExactTwoSided } from './fisher-exact';

/**
 * Published values. Each table is written [[a, b], [c, d]] as fisherExactTwoSided(a, b, c, d) reads it.
 * - Fisher's lady tasting tea, [[3, 1], [1, 3]]: p = 0.4857 (R, `?fisher.test`, "TeaTasting";
 *   https://stat.ethz.ch/R-manual/R-devel/library/stats/html/fisher.test.html), = 34/70 exactly.
 * - R's "Convictions" example of the same page, matrix(c(2, 10, 15, 3), nrow = 2) (filled by column, so
 *   [[2, 15], [10, 3]]): two-sided p = 0.0005367 (SciPy's `fisher_exact` gives 0.0005367241191434358).
 * - Wikipedia, "Fisher's exact test", the studying example [[1, 9], [11, 3]]: p ≈ 0.002759
 *   (https://en.wikipedia.org/wiki/Fisher%27s_exact_test).
 */
describe('fisherExactTwoSided', () => {
  it('gives the tea-tasting p-value of R (34/70)', () => {
    expect(fisherExactTwoSided(3, 1, 1, 3)).toBeCloseTo(34 / 70, 12);
    expect(fisherExactTwoSided(3, 1, 1, 3)).toBeCloseTo(0.4857, 4);
  });

  it("gives R's Convictions p-value", () => {
    expect(fisherExactTwoSided(2, 15, 10, 3)).toBeCloseTo(0.0005367241191434358, 10);
  });

  it("gives Wikipedia's studying example", () => {
    expect(fisherExactTwoSided(1, 9, 11, 3)).toBeCloseTo(0.0027594561852200836, 10);
  });

  it('is symmetric in rows, columns and transposition', () => {
    // SciPy: fisher_exact([[7, 2], [3, 9]]).pvalue = 0.029973122852379817.
    const p = fisherExactTwoSided(7, 2, 3, 9);
    expect(p).toBeCloseTo(0.029973122852379817, 10);
    expect(fisherExactTwoSided(3, 9, 7, 2)).toBeCloseTo(p, 12);
    expect(fisherExactTwoSided(2, 7, 9, 3)).toBeCloseTo(p, 12);
    expect(fisherExactTwoSided(7, 3, 2, 9)).toBeCloseTo(p, 12);
  });

  it('is 1 when the table cannot be anything else or shows no difference at all', () => {
    expect(fisherExactTwoSided(0, 0, 0, 0)).toBe(1);
    expect(fisherExactTwoSided(0, 0, 4, 5)).toBe(1);
    expect(fisherExactTwoSided(5, 5, 5, 5)).toBe(1);
  });

  it('counts ties within the relative tolerance (a symmetric table: both tails)', () => {
    // [[0, 5], [5, 0]] and [[5, 0], [0, 5]] are equally (im)probable: 2 / C(10, 5) = 2/252.
    expect(fisherExactTwoSided(0, 5, 5, 0)).toBeCloseTo(2 / 252, 12);
  });

  it('stays a probability on large tables', () => {
    // SciPy: fisher_exact([[480, 520], [400, 600]]).pvalue = 0.00037009594888980866.
    expect(fisherExactTwoSided(480, 520, 400, 600)).toBeCloseTo(0.00037009594888980866, 9);
  });

  it('refuses a cell that is not a count', () => {
    expect(() => fisherExactTwoSided(-1, 0, 0, 0)).toThrow(RangeError);
    expect(() => fisherExactTwoSided(1.5, 0, 0, 0)).toThrow(RangeError);
  });
});
