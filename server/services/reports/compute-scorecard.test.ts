import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeScorecard, recommendationFor, type ScorecardTurn } from './compute-scorecard';

const CRITERIA = [
  { key: 'communication', label: 'Communication', weight: 1 },
  { key: 'technical', label: 'Technical depth', weight: 2 },
];

const agent = (turnNumber: number, evaluation: Record<string, unknown> | null = null): ScorecardTurn => ({ turnNumber, role: 'agent', evaluation });
const candidate = (turnNumber: number, evaluation: Record<string, unknown> | null): ScorecardTurn => ({ turnNumber, role: 'candidate', evaluation });

describe('computeScorecard', () => {
  it('averages each criterion, weights the overall score and lists the evidence', () => {
    const card = computeScorecard({
      criteria: CRITERIA,
      turns: [
        agent(1),
        candidate(2, { scores: { communication: 8 }, flags: [], comment: 'clear' }),
        agent(3),
        candidate(4, { scores: { technical: 6, communication: 6 } }),
        agent(5),
        candidate(6, { scores: { technical: 9 } }),
      ],
    });
    expect(card.criteria).toEqual([
      { key: 'communication', label: 'Communication', score: 7, weight: 1, evidenceTurns: [2, 4] },
      { key: 'technical', label: 'Technical depth', score: 7.5, weight: 2, evidenceTurns: [4, 6] },
    ]);
    // (7 * 1 + 7.5 * 2) / 3 = 7.333… → 73.3
    expect(card.overallScore).toBe(73.3);
    expect(card.recommendation).toBe('YES');
    expect(card.coverage).toEqual({ candidateTurns: 3, scoredTurns: 3 });
    expect(card.flags).toEqual([]);
  });

  it('gives NO_DECISION and a null score when no candidate turn is scored', () => {
    const card = computeScorecard({
      criteria: CRITERIA,
      turns: [agent(1, { scores: { communication: 10 } }), candidate(2, null), candidate(3, { comment: 'no scores' }), candidate(4, { scores: {} })],
    });
    expect(card.overallScore).toBeNull();
    expect(card.recommendation).toBe('NO_DECISION');
    expect(card.coverage).toEqual({ candidateTurns: 3, scoredTurns: 0 });
    expect(card.criteria.map((c) => c.score)).toEqual([null, null]);
    expect(card.criteria.map((c) => c.evidenceTurns)).toEqual([[], []]);
  });

  it('gives NO_DECISION for an interview without any turn', () => {
    expect(computeScorecard({ criteria: null, turns: [] })).toEqual({
      overallScore: null,
      recommendation: 'NO_DECISION',
      criteria: [],
      flags: [],
      coverage: { candidateTurns: 0, scoredTurns: 0 },
    });
  });

  it('ignores agent evaluations, invalid scores and keys outside the configured criteria', () => {
    const card = computeScorecard({
      criteria: CRITERIA,
      turns: [
        agent(1, { scores: { communication: 0 } }),
        candidate(2, { scores: { communication: 11, technical: -1, culture: 9 } }),
        candidate(3, { scores: { communication: '9', technical: Number.NaN } }),
        candidate(4, { scores: { technical: 4 } }),
      ],
    });
    expect(card.criteria).toEqual([
      { key: 'communication', label: 'Communication', score: null, weight: 1, evidenceTurns: [] },
      { key: 'technical', label: 'Technical depth', score: 4, weight: 2, evidenceTurns: [4] },
    ]);
    // Only technical has evidence: the missing criterion does not pull the score down.
    expect(card.overallScore).toBe(40);
    expect(card.recommendation).toBe('NO');
    expect(card.coverage).toEqual({ candidateTurns: 3, scoredTurns: 1 });
  });

  it('without a configuration, takes the criteria from the evaluations with weight 1', () => {
    const card = computeScorecard({
      criteria: null,
      turns: [candidate(2, { scores: { motivation: 9, english: 7 } }), candidate(4, { scores: { english: 9 } })],
    });
    expect(card.criteria).toEqual([
      { key: 'motivation', label: 'motivation', score: 9, weight: 1, evidenceTurns: [2] },
      { key: 'english', label: 'english', score: 8, weight: 1, evidenceTurns: [2, 4] },
    ]);
    expect(card.overallScore).toBe(85);
    expect(card.recommendation).toBe('STRONG_YES');
  });

  it('an empty criteria list counts as no configuration', () => {
    const card = computeScorecard({ criteria: [], turns: [candidate(1, { scores: { a: 2 } })] });
    expect(card.criteria.map((c) => c.key)).toEqual(['a']);
    expect(card.overallScore).toBe(20);
    expect(card.recommendation).toBe('DEFINITELY_NO');
  });

  it('collects flags with their turn, once per turn and code, in turn order', () => {
    const card = computeScorecard({
      criteria: null,
      turns: [
        candidate(6, { flags: ['off_topic'] }),
        candidate(2, { scores: { a: 5 }, flags: ['inconsistency', 'inconsistency', '', 42, ' off_topic '] }),
      ],
    });
    expect(card.flags).toEqual([
      { code: 'inconsistency', turnNumber: 2 },
      { code: 'off_topic', turnNumber: 2 },
      { code: 'off_topic', turnNumber: 6 },
    ]);
  });

  it('zero weights cannot produce a score', () => {
    const card = computeScorecard({ criteria: [{ key: 'a', label: 'A', weight: 0 }], turns: [candidate(1, { scores: { a: 10 } })] });
    expect(card.criteria[0].score).toBe(10);
    expect(card.overallScore).toBeNull();
    expect(card.recommendation).toBe('NO_DECISION');
  });

  it('maps the thresholds of the recommendation', () => {
    expect(recommendationFor(100)).toBe('STRONG_YES');
    expect(recommendationFor(80)).toBe('STRONG_YES');
    expect(recommendationFor(79.9)).toBe('YES');
    expect(recommendationFor(60)).toBe('YES');
    expect(recommendationFor(59.9)).toBe('NO');
    expect(recommendationFor(40)).toBe('NO');
    expect(recommendationFor(39.9)).toBe('DEFINITELY_NO');
    expect(recommendationFor(0)).toBe('DEFINITELY_NO');
    expect(recommendationFor(null)).toBe('NO_DECISION');
  });

  it('always stays within 0..100 and decides only with evidence (property)', () => {
    const evaluation = fc.option(
      fc.record({ scores: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'z'), fc.oneof(fc.double({ min: -5, max: 15 }), fc.integer({ min: 0, max: 10 }))) }),
      { nil: null },
    );
    const turn = fc.record({ turnNumber: fc.integer({ min: 1, max: 200 }), role: fc.constantFrom('agent' as const, 'candidate' as const), evaluation });
    const criteria = fc.option(
      fc.uniqueArray(fc.record({ key: fc.constantFrom('a', 'b', 'c'), label: fc.string(), weight: fc.integer({ min: 1, max: 5 }) }), { selector: (c) => c.key }),
      { nil: null },
    );
    fc.assert(
      fc.property(fc.uniqueArray(turn, { selector: (t) => t.turnNumber, maxLength: 30 }), criteria, (turns, configured) => {
        const card = computeScorecard({ turns, criteria: configured });
        expect(card.coverage.scoredTurns).toBeLessThanOrEqual(card.coverage.candidateTurns);
        if (card.coverage.scoredTurns === 0) {
          expect(card.overallScore).toBeNull();
          expect(card.recommendation).toBe('NO_DECISION');
        } else {
          expect(card.overallScore).not.toBeNull();
          expect(card.overallScore!).toBeGreaterThanOrEqual(0);
          expect(card.overallScore!).toBeLessThanOrEqual(100);
          expect(card.recommendation).toBe(recommendationFor(card.overallScore));
        }
        for (const c of card.criteria) {
          expect(c.score === null).toBe(c.evidenceTurns.length === 0);
          if (c.score !== null) expect(c.score).toBeGreaterThanOrEqual(0);
          if (c.score !== null) expect(c.score).toBeLessThanOrEqual(10);
        }
      }),
    );
  });
});
