/**
 * How far a person's scores agree with the AI's on one criterion (CONTRACT §14), from pairs of integer scores on
 * the 0–10 scale. Pure: no database, so the one definition of each figure is testable by hand.
 */
export const SCORE_LEVELS = 11;

export type ScorePair = { ai: number; human: number };

export type AgreementFigures = {
  pairs: number;
  /** Share of pairs with the same score; null without pairs. */
  exactAgreement: number | null;
  /** Share of pairs at most one point apart; null without pairs. */
  adjacentAgreement: number | null;
  /** Quadratic weighted kappa over the 11 levels; null with fewer than 2 pairs or no variance. */
  qwk: number | null;
  aiMean: number | null;
  humanMean: number | null;
  /** (aiMean − humanMean) / pooled SD; null with fewer than 2 pairs or a pooled SD of 0. */
  standardizedMeanDifference: number | null;
};

/** A score on the 0–10 scale as a level: rounded to the nearest integer (halves up), kept within 0–10. */
export function toScoreLevel(score: number): number {
  return Math.min(SCORE_LEVELS - 1, Math.max(0, Math.round(score)));
}

/**
 * Cohen's kappa with quadratic weights, w(i, j) = (i − j)² / (k − 1)²: 1 − Σ w·observed / Σ w·expected, where
 * `expected` is the product of the two raters' marginal distributions scaled to the number of pairs (what chance
 * agreement would give). "No variance" is the case where that expected disagreement is 0 (both raters gave every
 * pair one and the same level): the ratio is undefined there, so null, as with fewer than two pairs.
 */
export function quadraticWeightedKappa(pairs: readonly ScorePair[], levels = SCORE_LEVELS): number | null {
  const n = pairs.length;
  if (n < 2) return null;
  const aiCounts = new Array<number>(levels).fill(0);
  const humanCounts = new Array<number>(levels).fill(0);
  let observed = 0;
  for (const { ai, human } of pairs) {
    aiCounts[ai] += 1;
    humanCounts[human] += 1;
    observed += weight(ai, human, levels);
  }
  let expected = 0;
  for (let i = 0; i < levels; i++) {
    if (aiCounts[i] === 0) continue;
    for (let j = 0; j < levels; j++) expected += (weight(i, j, levels) * aiCounts[i] * humanCounts[j]) / n;
  }
  if (expected === 0) return null;
  return 1 - observed / expected;
}

function weight(i: number, j: number, levels: number): number {
  return (i - j) ** 2 / (levels - 1) ** 2;
}

/** Every figure of one criterion from its pairs (levels 0–10, see toScoreLevel). */
export function agreementFigures(pairs: readonly ScorePair[]): AgreementFigures {
  const n = pairs.length;
  if (n === 0) {
    return { pairs: 0, exactAgreement: null, adjacentAgreement: null, qwk: null, aiMean: null, humanMean: null, standardizedMeanDifference: null };
  }
  const exact = pairs.filter((p) => p.ai === p.human).length;
  const adjacent = pairs.filter((p) => Math.abs(p.ai - p.human) <= 1).length;
  const aiMean = mean(pairs.map((p) => p.ai));
  const humanMean = mean(pairs.map((p) => p.human));
  return {
    pairs: n,
    exactAgreement: exact / n,
    adjacentAgreement: adjacent / n,
    qwk: quadraticWeightedKappa(pairs),
    aiMean,
    humanMean,
    standardizedMeanDifference: standardizedMeanDifference(pairs.map((p) => p.ai), pairs.map((p) => p.human)),
  };
}

/**
 * Cohen's d with the pooled standard deviation of the two sets of scores, each with its sample variance (n − 1):
 * SD = √(((n₁ − 1)·s₁² + (n₂ − 1)·s₂²) / (n₁ + n₂ − 2)). Null when it cannot be computed (fewer than 2 scores on
 * a side) or when the pooled SD is 0 (every score equal on both sides).
 */
export function standardizedMeanDifference(a: readonly number[], b: readonly number[]): number | null {
  if (a.length < 2 || b.length < 2) return null;
  const pooledVariance = ((a.length - 1) * sampleVariance(a) + (b.length - 1) * sampleVariance(b)) / (a.length + b.length - 2);
  if (pooledVariance === 0) return null;
  return (mean(a) - mean(b)) / Math.sqrt(pooledVariance);
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

function sampleVariance(values: readonly number[]): number {
  const m = mean(values);
  return values.reduce((sum, v) => sum + (v - m) ** 2, 0) / (values.length - 1);
}
