import type { Recommendation, ReportCoverage, ReportCriterion, ReportFlag } from '@/db/schema';

export type ScorecardCriterionConfig = { key: string; label: string; weight: number };

export type ScorecardTurn = {
  turnNumber: number;
  role: 'agent' | 'candidate';
  /** As the agent stored it: `{ scores: { criterion: 0..10 }, flags: [code], comment }`, other keys ignored. */
  evaluation: Record<string, unknown> | null;
};

export type Scorecard = {
  /** 0–100, one decimal; null when no candidate turn carries a usable score. */
  overallScore: number | null;
  recommendation: Recommendation;
  criteria: ReportCriterion[];
  flags: ReportFlag[];
  coverage: ReportCoverage;
};

/** Lower bounds of the overall score (0–100) for each recommendation, best first. */
export const RECOMMENDATION_THRESHOLDS: readonly { min: number; recommendation: Exclude<Recommendation, 'NO_DECISION'> }[] = [
  { min: 80, recommendation: 'STRONG_YES' },
  { min: 60, recommendation: 'YES' },
  { min: 40, recommendation: 'NO' },
  { min: 0, recommendation: 'DEFINITELY_NO' },
];

export const MIN_CRITERION_SCORE = 0;
export const MAX_CRITERION_SCORE = 10;

/**
 * The scorecard of an interview, from its candidate turns' evaluations and the configuration's criteria.
 *
 * - With configured criteria, only those keys count (scores for other keys are ignored); without a
 *   configuration (or with an empty criteria list) every key seen in an evaluation is a criterion of weight 1,
 *   in order of first appearance.
 * - A criterion's score is the mean of its valid scores (finite numbers within 0..10; anything else is ignored,
 *   never clamped), with the turns that gave them as evidence.
 * - The overall score is the weighted mean of the criteria that have evidence, times 10. A criterion without
 *   evidence keeps a null score and does not pull the overall down.
 * - No scored candidate turn (or only zero weights) means NO_DECISION and a null score: nothing is invented.
 */
export function computeScorecard(input: { turns: readonly ScorecardTurn[]; criteria: readonly ScorecardCriterionConfig[] | null }): Scorecard {
  const candidateTurns = input.turns.filter((t) => t.role === 'candidate').sort((a, b) => a.turnNumber - b.turnNumber);
  const configured = input.criteria && input.criteria.length > 0 ? input.criteria : null;

  const byKey = new Map<string, { config: ScorecardCriterionConfig; scores: number[]; evidenceTurns: number[] }>();
  for (const config of configured ?? []) {
    if (!byKey.has(config.key)) byKey.set(config.key, { config, scores: [], evidenceTurns: [] });
  }

  const flags: ReportFlag[] = [];
  let scoredTurns = 0;
  for (const turn of candidateTurns) {
    const { scores, flagCodes } = readEvaluation(turn.evaluation);
    let scored = false;
    for (const [key, score] of scores) {
      let entry = byKey.get(key);
      if (!entry) {
        if (configured) continue;
        entry = { config: { key, label: key, weight: 1 }, scores: [], evidenceTurns: [] };
        byKey.set(key, entry);
      }
      entry.scores.push(score);
      if (!entry.evidenceTurns.includes(turn.turnNumber)) entry.evidenceTurns.push(turn.turnNumber);
      scored = true;
    }
    if (scored) scoredTurns++;
    for (const code of flagCodes) flags.push({ code, turnNumber: turn.turnNumber });
  }

  let weighted = 0;
  let totalWeight = 0;
  const criteria: ReportCriterion[] = [];
  for (const { config, scores, evidenceTurns } of byKey.values()) {
    const mean = scores.length > 0 ? scores.reduce((sum, s) => sum + s, 0) / scores.length : null;
    const weight = Number.isFinite(config.weight) && config.weight > 0 ? config.weight : 0;
    if (mean !== null && weight > 0) {
      weighted += mean * weight;
      totalWeight += weight;
    }
    criteria.push({ key: config.key, label: config.label, score: mean === null ? null : round(mean, 2), weight: config.weight, evidenceTurns });
  }

  const overallScore = totalWeight > 0 ? round((weighted / totalWeight) * 10, 1) : null;
  return {
    overallScore,
    recommendation: recommendationFor(overallScore),
    criteria,
    flags,
    coverage: { candidateTurns: candidateTurns.length, scoredTurns },
  };
}

export function recommendationFor(overallScore: number | null): Recommendation {
  if (overallScore === null) return 'NO_DECISION';
  return RECOMMENDATION_THRESHOLDS.find((t) => overallScore >= t.min)?.recommendation ?? 'DEFINITELY_NO';
}

/** The usable parts of one evaluation: valid scores in key order, and distinct non-empty flag codes. */
function readEvaluation(evaluation: Record<string, unknown> | null): { scores: [string, number][]; flagCodes: string[] } {
  if (!evaluation || typeof evaluation !== 'object') return { scores: [], flagCodes: [] };
  const scores: [string, number][] = [];
  const rawScores = evaluation.scores;
  if (rawScores && typeof rawScores === 'object' && !Array.isArray(rawScores)) {
    for (const [key, value] of Object.entries(rawScores)) {
      if (key.trim() === '') continue;
      if (typeof value === 'number' && Number.isFinite(value) && value >= MIN_CRITERION_SCORE && value <= MAX_CRITERION_SCORE) {
        scores.push([key, value]);
      }
    }
  }
  const flagCodes: string[] = [];
  if (Array.isArray(evaluation.flags)) {
    for (const code of evaluation.flags) {
      if (typeof code === 'string' && code.trim() !== '' && !flagCodes.includes(code.trim())) flagCodes.push(code.trim());
    }
  }
  return { scores, flagCodes };
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
