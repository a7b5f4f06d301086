import { describe, expect, it } from 'vitest';
import { computeScorecard } from './compute-scorecard';
import { summarizeWithRules } from './summarize-with-rules';

const CRITERIA = [
  { key: 'communication', label: 'Communication', weight: 1 },
  { key: 'technical', label: 'Technical depth', weight: 2 },
  { key: 'culture', label: 'Culture', weight: 1 },
];

describe('summarizeWithRules', () => {
  it('states the score, the strongest and weakest criteria, the gaps and the flags', () => {
    const card = computeScorecard({
      criteria: CRITERIA,
      turns: [
        { turnNumber: 2, role: 'candidate', evaluation: { scores: { communication: 6 } } },
        { turnNumber: 4, role: 'candidate', evaluation: { scores: { technical: 9 }, flags: ['off_topic'] } },
        { turnNumber: 6, role: 'candidate', evaluation: null },
      ],
    });
    expect(summarizeWithRules(card)).toBe(
      'Overall score 80/100 (AI advice: strong yes), from 2 of 3 candidate answers scored. ' +
        'Strongest criterion: Technical depth (9/10); weakest: Communication (6/10). No evidence for: Culture. Flags: off topic (turn 4).',
    );
  });

  it('says there is no decision rather than inventing one', () => {
    const card = computeScorecard({ criteria: CRITERIA, turns: [{ turnNumber: 2, role: 'candidate', evaluation: null }] });
    expect(summarizeWithRules(card)).toBe("No decision: none of the candidate's 1 answer carries a usable score.");
    expect(summarizeWithRules(computeScorecard({ criteria: null, turns: [] }))).toBe('No decision: the candidate gave no answer.');
  });

  it('notes when a configured language model could not be used', () => {
    const card = computeScorecard({ criteria: null, turns: [{ turnNumber: 1, role: 'candidate', evaluation: { scores: { a: 5 } } }] });
    const summary = summarizeWithRules(card, { llmUnavailable: true });
    expect(summary).toBe('Overall score 50/100 (AI advice: no), from 1 of 1 candidate answer scored. a: 5/10. The language model was unavailable, so this summary was written by rules.');
  });

  it('lists at most ten flags', () => {
    const turns = Array.from({ length: 12 }, (_, i) => ({ turnNumber: i + 1, role: 'candidate' as const, evaluation: { flags: ['x'] } }));
    expect(summarizeWithRules(computeScorecard({ criteria: null, turns }))).toMatch(/x \(turn 10\) and 2 more\.$/);
  });
});
