/**
 * Fisher's exact test of a 2×2 table, two-sided, as R's `fisher.test` and SciPy's `fisher_exact` compute it: the
 * probability, under the hypergeometric distribution with the table's margins fixed, of every table at most as
 * probable as the one observed. No well-kept JavaScript statistics library offers it (docs/DECISIONS.md, "Bias
 * audit"), so it is written once here and tested against published values (fisher-exact.test.ts).
 */

/** R's tolerance: tables whose probability is within this relative distance of the observed one count as "as probable". */
const RELATIVE_TOLERANCE = 1 + 1e-7;

const logFactorials: number[] = [0];

/** ln(n!), by summing logarithms once up to the largest n asked for (exact enough for any sample an audit sees). */
function logFactorial(n: number): number {
  for (let k = logFactorials.length; k <= n; k++) logFactorials[k] = logFactorials[k - 1] + Math.log(k);
  return logFactorials[n];
}

function logChoose(n: number, k: number): number {
  return logFactorial(n) - logFactorial(k) - logFactorial(n - k);
}

/**
 * The two-sided p-value of the table
 *
 *            | outcome | no outcome
 *   group    |    a    |     b
 *   rest     |    c    |     d
 *
 * Cells are counts (non-negative integers). A table with an empty margin has one possible arrangement: p = 1.
 */
export function fisherExactTwoSided(a: number, b: number, c: number, d: number): number {
  for (const cell of [a, b, c, d]) {
    if (!Number.isInteger(cell) || cell < 0) throw new RangeError(`A cell of a 2×2 table must be a non-negative integer, got ${cell}`);
  }
  const row1 = a + b;
  const col1 = a + c;
  const n = a + b + c + d;
  const logDenominator = logChoose(n, row1);
  // The probability of `x` in the top-left cell with the margins fixed (hypergeometric).
  const logProbability = (x: number) => logChoose(col1, x) + logChoose(n - col1, row1 - x) - logDenominator;
  const observed = logProbability(a);
  const threshold = observed + Math.log(RELATIVE_TOLERANCE);
  let p = 0;
  for (let x = Math.max(0, row1 - (n - col1)); x <= Math.min(row1, col1); x++) {
    const logP = logProbability(x);
    if (logP <= threshold) p += Math.exp(logP);
  }
  return Math.min(1, p);
}
