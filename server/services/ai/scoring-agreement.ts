/**
 * Agreement between a model's scores and reference scores on the 0–10 scale (issue 23, `npm run eval:scoring`):
 * quadratic weighted kappa (QWK, on scores rounded to whole points), exact and adjacent (±1) agreement, the mean
 * difference (model − reference) and, over repeated scorings of the same answers, the spread.
 */
export type AgreementFigures = { n: number; qwk: number | null; exact: number; adjacent: number; meanDifference: number };

const LEVELS = 11; // 0..10

/** Cohen's kappa with quadratic weights; null when it is undefined (every score the same on both sides). */
export function quadraticWeightedKappa(a: readonly number[], b: readonly number[]): number | null {
  if (a.length !== b.length || a.length === 0) return null;
  const n = a.length;
  const observed = Array.from({ length: LEVELS }, () => new Array<number>(LEVELS).fill(0));
  const histA = new Array<number>(LEVELS).fill(0);
  const histB = new Array<number>(LEVELS).fill(0);
  for (let k = 0; k < n; k++) {
    const i = clampLevel(a[k]);
    const j = clampLevel(b[k]);
    observed[i][j]++;
    histA[i]++;
    histB[j]++;
  }
  let weightedObserved = 0;
  let weightedExpected = 0;
  for (let i = 0; i < LEVELS; i++) {
    for (let j = 0; j < LEVELS; j++) {
      const w = ((i - j) * (i - j)) / ((LEVELS - 1) * (LEVELS - 1));
      weightedObserved += w * observed[i][j];
      weightedExpected += (w * histA[i] * histB[j]) / n;
    }
  }
  return weightedExpected === 0 ? null : 1 - weightedObserved / weightedExpected;
}

function clampLevel(score: number): number {
  return Math.min(LEVELS - 1, Math.max(0, Math.round(score)));
}

export function agreementFigures(model: readonly number[], reference: readonly number[]): AgreementFigures {
  const n = model.length;
  let exact = 0;
  let adjacent = 0;
  let difference = 0;
  for (let k = 0; k < n; k++) {
    const gap = Math.abs(Math.round(model[k]) - Math.round(reference[k]));
    if (gap === 0) exact++;
    if (gap <= 1) adjacent++;
    difference += model[k] - reference[k];
  }
  return { n, qwk: quadraticWeightedKappa(model, reference), exact: n ? exact / n : 0, adjacent: n ? adjacent / n : 0, meanDifference: n ? difference / n : 0 };
}

/** The spread of repeated scorings: per answer, the range (max − min) and the standard deviation, each averaged over the answers. */
export function repeatSpread(runs: readonly (readonly number[])[]): { meanRange: number; meanSd: number } {
  if (runs.length === 0) return { meanRange: 0, meanSd: 0 };
  let range = 0;
  let sd = 0;
  for (const scores of runs) {
    const mean = scores.reduce((s, x) => s + x, 0) / scores.length;
    range += Math.max(...scores) - Math.min(...scores);
    sd += Math.sqrt(scores.reduce((s, x) => s + (x - mean) ** 2, 0) / scores.length);
  }
  return { meanRange: range / runs.length, meanSd: sd / runs.length };
}
