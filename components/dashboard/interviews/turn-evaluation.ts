/** A turn's evaluation as the dashboard receives it: a JSON object whose documented keys are read one by one. */
type TurnEvaluation = {
  scores?: Record<string, unknown>;
  flags?: unknown[];
  comment?: unknown;
  provenance?: { task?: unknown; model?: unknown; provider?: unknown; promptVersion?: unknown; rubricHash?: unknown };
};

export type ReadEvaluation = { scores: [string, number][]; flags: string[]; comment: string | null; scoredBy: string | null };

/** A model's provenance in one line: "<verb> gpt-4o at api.openai.com · prompt 1a2b3c4d · rubric 3c4d5e6f"; null without a model. */
function provenanceLine(p: TurnEvaluation['provenance'], verb: string): string | null {
  if (!p || typeof p.model !== 'string') return null;
  return [
    `${verb} ${p.model}${typeof p.provider === 'string' ? ` at ${p.provider}` : ''}`,
    typeof p.promptVersion === 'string' ? `prompt ${p.promptVersion.slice(0, 8)}` : null,
    typeof p.rubricHash === 'string' ? `rubric ${p.rubricHash.slice(0, 8)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The documented parts of an answer's evaluation (`scores`, `flags`, `comment`) and, when a model scored it, its
 * provenance in one line ("Scored by …"); other keys are not shown. Null when there is nothing to show.
 */
export function readEvaluation(evaluation: Record<string, unknown> | null | undefined): ReadEvaluation | null {
  if (!evaluation) return null;
  const e = evaluation as TurnEvaluation;
  const scores = Object.entries(e.scores ?? {}).filter((entry): entry is [string, number] => typeof entry[1] === 'number');
  const flags = (Array.isArray(e.flags) ? e.flags : []).filter((f): f is string => typeof f === 'string');
  const comment = typeof e.comment === 'string' && e.comment.trim() ? e.comment : null;
  const scoredBy = e.provenance?.task === 'follow-up-question' ? null : provenanceLine(e.provenance, 'Scored by');
  return scores.length || flags.length || comment ? { scores, flags, comment, scoredBy } : null;
}

/**
 * Who wrote a question the interviewer asked (issue 23, provenance of every AI output): "Follow-up written by …"
 * when a model wrote it (its turn carries the provenance of the request that did); null for the configuration's
 * questions and for an agent's own.
 */
export function questionWrittenBy(evaluation: Record<string, unknown> | null | undefined): string | null {
  const p = (evaluation as TurnEvaluation | null | undefined)?.provenance;
  return p?.task === 'follow-up-question' ? provenanceLine(p, 'Follow-up written by') : null;
}
