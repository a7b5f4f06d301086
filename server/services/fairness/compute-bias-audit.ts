import { DECLINED, SELF_IDENTIFIED_RACES_ETHNICITIES, SELF_IDENTIFIED_SEXES } from '@/db/schema';
import { fisherExactTwoSided } from './fisher-exact';

export type BiasAuditBasis = 'score' | 'decision';

/** One candidate of the sample: their latest completed interview's outcome and their answers (null: unknown). */
export type AuditRecord = {
  /** basis=score: the report's AI overall score; basis=decision: whether the current decision is ADVANCE. */
  outcome: number | boolean;
  sex: string | null;
  raceEthnicity: string | null;
};

export type AuditCategory = { category: string; n: number; rate: number | null; impactRatio: number | null; excluded: boolean; fisherP: number | null };

export type BiasAuditFigures = {
  basis: BiasAuditBasis;
  sampleSize: number;
  medianScore: number | null;
  unknown: { sex: number; raceEthnicity: number };
  categories: { sex: AuditCategory[]; raceEthnicity: AuditCategory[]; intersectional: AuditCategory[] };
};

/** A category holding under this share of the sample with a known value in its dimension is excluded (LL144's 2 %). */
export const SMALL_CATEGORY_SHARE = 0.02;

export const INTERSECTIONAL_CATEGORIES = SELF_IDENTIFIED_SEXES.flatMap((sex) => SELF_IDENTIFIED_RACES_ETHNICITIES.map((race) => `${sex}/${race}`));

/** The known value of an answer: "declined" and no answer both count as unknown. */
function known(value: string | null): string | null {
  return value === null || value === DECLINED ? null : value;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The figures of CONTRACT §14 from the sample (one record per candidate, already chosen). basis=score: a candidate
 * is "selected" when their AI overall score is strictly above the median of the whole sample (NYC Local Law 144's
 * scoring rate; ties at the median are not above it); basis=decision: when decided ADVANCE (the selection rate).
 */
export function computeBiasAudit(basis: BiasAuditBasis, records: readonly AuditRecord[]): BiasAuditFigures {
  const medianScore = basis === 'score' ? median(records.map((r) => r.outcome as number)) : null;
  const selected = (r: AuditRecord) => (basis === 'score' ? medianScore !== null && (r.outcome as number) > medianScore : r.outcome === true);
  const people = records.map((r) => {
    const sex = known(r.sex);
    const raceEthnicity = known(r.raceEthnicity);
    return { selected: selected(r), sex, raceEthnicity, intersectional: sex && raceEthnicity ? `${sex}/${raceEthnicity}` : null };
  });
  return {
    basis,
    sampleSize: records.length,
    medianScore,
    unknown: { sex: people.filter((p) => p.sex === null).length, raceEthnicity: people.filter((p) => p.raceEthnicity === null).length },
    categories: {
      sex: dimension(SELF_IDENTIFIED_SEXES, people.map((p) => ({ value: p.sex, selected: p.selected }))),
      raceEthnicity: dimension(SELF_IDENTIFIED_RACES_ETHNICITIES, people.map((p) => ({ value: p.raceEthnicity, selected: p.selected }))),
      intersectional: dimension(INTERSECTIONAL_CATEGORIES, people.map((p) => ({ value: p.intersectional, selected: p.selected }))),
    },
  };
}

/**
 * One dimension: every category of it (those nobody chose included, with n 0), each against the rest of the
 * people with a known value in the dimension. Excluded categories keep n and rate, get no impact ratio, and do not
 * set the highest rate the others are compared with.
 */
function dimension(categories: readonly string[], people: { value: string | null; selected: boolean }[]): AuditCategory[] {
  const knownPeople = people.filter((p) => p.value !== null);
  const total = knownPeople.length;
  const selectedTotal = knownPeople.filter((p) => p.selected).length;
  const rows = categories.map((category) => {
    const members = knownPeople.filter((p) => p.value === category);
    const n = members.length;
    const k = members.filter((p) => p.selected).length;
    return {
      category,
      n,
      k,
      rate: n > 0 ? k / n : null,
      excluded: n < SMALL_CATEGORY_SHARE * total || n === 0,
    };
  });
  const comparable = rows.filter((r) => !r.excluded && r.rate !== null).map((r) => r.rate!);
  const highest = comparable.length > 0 ? Math.max(...comparable) : null;
  return rows.map(({ category, n, k, rate, excluded }) => ({
    category,
    n,
    rate,
    // With nobody selected anywhere (highest 0), no ratio is defined.
    impactRatio: excluded || rate === null || highest === null || highest === 0 ? null : rate / highest,
    excluded,
    fisherP: n > 0 ? fisherExactTwoSided(k, n - k, selectedTotal - k, total - n - (selectedTotal - k)) : null,
  }));
}

/** `method` of the response: what was computed, in words, for the published summary. */
export function describeMethod(basis: BiasAuditBasis): string {
  const sample =
    'Sample: for each candidate, their latest completed interview matching the filter (campaign, job or configuration, and completion dates)';
  const outcome =
    basis === 'score'
      ? "whose report has an AI overall score. Rate (scoring rate, NYC Local Law 144): the share of a category whose AI overall score is strictly above the median AI overall score of the whole sample (a score equal to the median is not above it)."
      : "with a current decision by a person. Rate (selection rate): the share of a category whose current decision is ADVANCE.";
  return [
    `${sample} ${outcome}`,
    "Categories: the candidates' voluntary self-identification (sex; race/ethnicity; and their intersection), collected after the interview and never shown to reviewers nor given to the AI. A candidate who declined or did not answer counts as unknown in that dimension (and in the intersection) and is left out of its rates.",
    `Impact ratio: a category's rate divided by the highest rate among the dimension's categories that are not excluded. A category holding under ${SMALL_CATEGORY_SHARE * 100} % of the candidates with a known value in the dimension is excluded: it keeps its count and rate but gets no impact ratio.`,
    "Fisher p: two-sided Fisher exact test of the 2×2 table (this category against the rest of the candidates with a known value in the dimension, selected or not); a small p says the difference in rates is unlikely to be chance alone. Impact ratios under 0.8 (the four-fifths rule) deserve a closer look.",
  ].join(' ');
}
