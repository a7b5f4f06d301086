import type { Scorecard } from './compute-scorecard';

const MAX_FLAGS_LISTED = 10;

/** Words for people: the summary is prose, never the API's codes. */
const RECOMMENDATION_WORDS = { STRONG_YES: 'strong yes', YES: 'yes', NO: 'no', DEFINITELY_NO: 'definitely no', NO_DECISION: 'no decision' } as const;
const flagWords = (code: string) => code.replace(/[_-]+/g, ' ').trim();

/**
 * The summary written without a language model: the scorecard in a few sentences, nothing it does not show.
 * `llmUnavailable` adds a sentence saying a configured model could not be used, so a reader of the report knows
 * why the summary is plainer than usual (the report's generator says `rules` either way).
 */
export function summarizeWithRules(scorecard: Scorecard, options: { llmUnavailable?: boolean } = {}): string {
  const sentences: string[] = [];
  const { candidateTurns, scoredTurns } = scorecard.coverage;
  if (scorecard.overallScore === null) {
    sentences.push(
      candidateTurns === 0
        ? 'No decision: the candidate gave no answer.'
        : `No decision: none of the candidate's ${candidateTurns} ${plural(candidateTurns, 'answer')} carries a usable score.`,
    );
  } else {
    sentences.push(
      `Overall score ${scorecard.overallScore}/100 (AI advice: ${RECOMMENDATION_WORDS[scorecard.recommendation]}), from ${scoredTurns} of ${candidateTurns} candidate ${plural(candidateTurns, 'answer')} scored.`,
    );
    const rated = scorecard.criteria.filter((c) => c.score !== null).sort((a, b) => b.score! - a.score!);
    if (rated.length === 1) {
      sentences.push(`${rated[0].label}: ${rated[0].score}/10.`);
    } else if (rated.length > 1) {
      const best = rated[0];
      const worst = rated[rated.length - 1];
      sentences.push(`Strongest criterion: ${best.label} (${best.score}/10); weakest: ${worst.label} (${worst.score}/10).`);
    }
    const missing = scorecard.criteria.filter((c) => c.score === null);
    if (missing.length > 0) sentences.push(`No evidence for: ${missing.map((c) => c.label).join(', ')}.`);
  }
  if (scorecard.flags.length > 0) {
    const listed = scorecard.flags.slice(0, MAX_FLAGS_LISTED).map((f) => `${flagWords(f.code)} (turn ${f.turnNumber})`);
    const more = scorecard.flags.length - listed.length;
    sentences.push(`Flags: ${listed.join(', ')}${more > 0 ? ` and ${more} more` : ''}.`);
  }
  if (options.llmUnavailable) sentences.push('The language model was unavailable, so this summary was written by rules.');
  return sentences.join(' ');
}

function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}
