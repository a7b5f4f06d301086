import { createHash } from 'node:crypto';
import type { ConfigProvenance } from '@/db/schema/interview-configs';

/**
 * Where an AI output came from (issue 23, "Provenance"): enough to say which provider, model, prompt and rubric
 * produced it, with which parameters, on which input, when and how fast. The prompt's text lives in this
 * repository; its version is a hash of that text (and of the output format the model was held to), so a change
 * of either is a new version without anyone having to remember to bump a number. Hashes, never the texts: the
 * record can be kept longer than the candidate's words.
 */
export type AiProvenance = {
  /** What was produced: one answer's evaluation, or a report's summary. */
  task: 'answer-evaluation' | 'report-summary';
  /** The provider's host (from its base URL): which service was asked, never its key. */
  provider: string;
  model: string;
  /** sha256 (16 hex) of the system prompt and the output format. */
  promptVersion: string;
  /** sha256 (16 hex) of the criteria the output was scored on, when it scores. */
  rubricHash: string | null;
  /** sha256 (16 hex) of the message the model read. */
  inputHash: string;
  parameters: { temperature: number; seed: number };
  /** When the request was made, and how long the model took (ms). */
  at: string;
  durationMs: number;
};

/**
 * A follow-up question a model wrote: written by the same request as the evaluation of the answer it follows up
 * on, so that request's provenance, kept on the question's own turn with its own task.
 */
export type FollowUpProvenance = Omit<AiProvenance, 'task'> & { task: 'follow-up-question' };

/**
 * One AI output of an interview's transcript, as the report lists them: an answer's evaluation (on the answer's
 * turn) or a follow-up question a model wrote (on the question's turn), with that turn's number.
 */
export type TurnOutputProvenance = Omit<AiProvenance, 'task'> & { task: 'answer-evaluation' | 'follow-up-question'; turnNumber: number };

const str = (v: unknown): v is string => typeof v === 'string';
const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The provenance of every AI output on these turns, in turn order: each turn's `evaluation.provenance` when it is
 * a complete record (an evaluation an agent posted without one, or a record from before provenance was kept, is
 * left out rather than half shown). The fields are copied one by one, so nothing else a turn carries leaks.
 */
export function turnOutputsOf(turns: readonly { turnNumber: number; evaluation: unknown }[]): TurnOutputProvenance[] {
  const outputs: TurnOutputProvenance[] = [];
  for (const turn of [...turns].sort((a, b) => a.turnNumber - b.turnNumber)) {
    const p = (turn.evaluation as { provenance?: Record<string, unknown> } | null)?.provenance;
    if (!p || typeof p !== 'object') continue;
    const parameters = p.parameters as { temperature?: unknown; seed?: unknown } | undefined;
    if (p.task !== 'answer-evaluation' && p.task !== 'follow-up-question') continue;
    if (!str(p.provider) || !str(p.model) || !str(p.promptVersion) || !str(p.inputHash) || !str(p.at) || !num(p.durationMs)) continue;
    if (!parameters || !num(parameters.temperature) || !num(parameters.seed)) continue;
    outputs.push({
      turnNumber: turn.turnNumber,
      task: p.task,
      provider: p.provider,
      model: p.model,
      promptVersion: p.promptVersion,
      rubricHash: str(p.rubricHash) ? p.rubricHash : null,
      inputHash: p.inputHash,
      parameters: { temperature: parameters.temperature, seed: parameters.seed },
      at: p.at,
      durationMs: p.durationMs,
    });
  }
  return outputs;
}

/** Deterministic parameters: the same input scored again with the same provenance gives the same output as far as the provider allows. */
export const DETERMINISTIC = { temperature: 0, seed: 7 } as const;

/** A short content hash (the first 16 hex characters of sha256): enough to tell versions apart. */
export function contentHash(...parts: string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\u0000');
  return hash.digest('hex').slice(0, 16);
}

/** The provider as a host name (`api.openai.com`, `localhost:8080`), or the text given when it is not a URL. */
export function providerOf(baseURL: string): string {
  try {
    return new URL(baseURL).host;
  } catch {
    return 'unknown';
  }
}

/** One model configuration that scored answers of a report: provider, model and prompt, and how many answers it scored. */
export type ScoringEvaluator = { provider: string; model: string; promptVersion: string; answers: number };

/**
 * What a report's scores came from, kept on the report when it is generated (so it outlives the turns' words):
 * the rubric the scorecard weighed (a hash of the configuration's criteria, labels and weights) and the model
 * configurations that scored its answers; `summary` is the provenance of the summary when a model wrote it.
 */
export type ReportProvenance = {
  summary: AiProvenance | null;
  scoring: { rubricVersion: string; evaluators: ScoringEvaluator[] };
  /**
   * The provenance of the question set the interview was conducted with, when a model drafted it (as its
   * configuration recorded it when the report was generated); null when a person wrote it. Absent on reports
   * generated before it was kept.
   */
  questionSet?: QuestionSetProvenance | null;
};

/** A question set a model drafted (as its configuration records it): the model, prompt, input, parameters, and whether a person edited it. */
export type QuestionSetProvenance = ConfigProvenance;

/** The version of a rubric: its criteria's keys, labels and weights in order, hashed (empty: no configuration). */
export function rubricVersionOf(criteria: readonly { key: string; label: string; weight: number }[] | null): string {
  return contentHash(JSON.stringify((criteria ?? []).map((c) => [c.key, c.label, c.weight])));
}

/** The distinct provider, model and prompt that scored the evaluations (a model's only), with their counts of answers. */
export function scoringEvaluatorsOf(evaluations: readonly unknown[]): ScoringEvaluator[] {
  const byKey = new Map<string, ScoringEvaluator>();
  for (const evaluation of evaluations) {
    const p = (evaluation as { provenance?: Partial<AiProvenance> } | null)?.provenance;
    if (!p || typeof p.model !== 'string' || typeof p.provider !== 'string' || typeof p.promptVersion !== 'string') continue;
    const key = JSON.stringify([p.provider, p.model, p.promptVersion]);
    const entry = byKey.get(key) ?? { provider: p.provider, model: p.model, promptVersion: p.promptVersion, answers: 0 };
    entry.answers++;
    byKey.set(key, entry);
  }
  return [...byKey.values()].sort((a, b) => b.answers - a.answers);
}

/** What the rest of a campaign's reports were mostly scored with: the most frequent rubric and model configuration. */
export type CampaignUsual = { reports: number; rubricVersion: string | null; evaluator: Omit<ScoringEvaluator, 'answers'> | null };
export type ProvenanceDifference = 'model' | 'prompt' | 'rubric';

/**
 * How a report's scoring differs from the rest of its campaign: the rubric, the model (or provider) or the
 * prompt. A report scored by no model differs in model only if the rest was scored by one.
 */
export function differencesFromCampaign(own: ReportProvenance['scoring'], usual: CampaignUsual): ProvenanceDifference[] {
  const differences: ProvenanceDifference[] = [];
  if (usual.rubricVersion !== null && own.rubricVersion !== usual.rubricVersion) differences.push('rubric');
  const e = usual.evaluator;
  if (e) {
    if (own.evaluators.length === 0 || own.evaluators.some((o) => o.model !== e.model || o.provider !== e.provider)) differences.push('model');
    if (own.evaluators.some((o) => o.promptVersion !== e.promptVersion)) differences.push('prompt');
  }
  return differences;
}

/** The report's sentence about it, for recruiters and for the v1 report (null when nothing differs). */
export function campaignNotice(own: ReportProvenance['scoring'], usual: CampaignUsual, differences: ProvenanceDifference[]): string | null {
  if (differences.length === 0) return null;
  const parts: string[] = [];
  if (differences.includes('model')) {
    const mine = own.evaluators.map((o) => `${o.model} at ${o.provider}`).join(', ') || 'no model';
    parts.push(`model ${mine} (the rest: ${usual.evaluator!.model} at ${usual.evaluator!.provider})`);
  }
  if (differences.includes('prompt')) parts.push(`prompt ${own.evaluators.map((o) => o.promptVersion).join(', ')} (the rest: ${usual.evaluator!.promptVersion})`);
  if (differences.includes('rubric')) parts.push(`rubric ${own.rubricVersion} (the rest: ${usual.rubricVersion})`);
  return `Scored with a different ${parts.join(', ')} than the rest of its campaign (${usual.reports} other report${usual.reports === 1 ? '' : 's'}): compare its scores with care.`;
}

/** A model configuration as the audit log names it: `provider/model@promptVersion`. */
export function modelLabel(p: { provider: string; model: string; promptVersion: string }): string {
  return `${p.provider}/${p.model}@${p.promptVersion}`;
}

/**
 * What the audit log's `report.generated` entry says about a report's AI (issue 23; AI Act Art. 12): the rubric,
 * the models that scored its answers (with how many answers each) and wrote its follow-up questions, the model
 * that wrote the summary with its input hash and duration, and the model that drafted its question set. Labels,
 * hashes and figures: no words, so the entry outlives an erasure unchanged.
 */
export function reportGeneratedDetails(input: {
  interviewId: string;
  generator: string;
  provenance: ReportProvenance;
  outputs: readonly TurnOutputProvenance[];
}): Record<string, string | number | null | string[]> {
  const { summary, scoring } = input.provenance;
  const followUps = new Map<string, number>();
  for (const o of input.outputs) if (o.task === 'follow-up-question') followUps.set(modelLabel(o), (followUps.get(modelLabel(o)) ?? 0) + 1);
  return {
    interviewId: input.interviewId,
    generator: input.generator,
    rubricVersion: scoring.rubricVersion,
    scoredBy: scoring.evaluators.map((e) => `${modelLabel(e)} (${e.answers} answer${e.answers === 1 ? '' : 's'})`),
    followUpsBy: [...followUps].map(([label, n]) => `${label} (${n} question${n === 1 ? '' : 's'})`),
    summaryBy: summary ? modelLabel(summary) : null,
    questionSetBy: input.provenance.questionSet ? `${modelLabel(input.provenance.questionSet)}${input.provenance.questionSet.editedByHuman ? ' (edited by a person)' : ''}` : null,
    summaryInputHash: summary?.inputHash ?? null,
    summaryDurationMs: summary?.durationMs ?? null,
  };
}
