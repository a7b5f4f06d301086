import { describe, expect, it } from 'vitest';
import { EvaluationInputSchema, RecordTurnInputSchema, TurnNumberParamSchema, UpdateTurnInputSchema } from './turn-schemas';

describe('turn schemas', () => {
  it('turnNumber is an integer from 1 to 10000, never a string', () => {
    for (const ok of [1, 2, 9999, 10_000]) expect(RecordTurnInputSchema.safeParse({ turnNumber: ok, role: 'agent' }).success).toBe(true);
    for (const bad of [0, -1, 10_001, 1.5, '1', null, Number.MAX_SAFE_INTEGER]) {
      expect(RecordTurnInputSchema.safeParse({ turnNumber: bad, role: 'agent' }).success, String(bad)).toBe(false);
    }
  });

  it('the path turn number accepts plain decimals in range only', () => {
    expect(TurnNumberParamSchema.parse('1')).toBe(1);
    expect(TurnNumberParamSchema.parse('10000')).toBe(10_000);
    for (const bad of ['0', '01', '10001', '1.0', '1e3', ' 1', '-1', 'abc', '']) expect(TurnNumberParamSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('an evaluation keeps unknown keys and checks the documented ones', () => {
    const evaluation = { scores: { a: 0, b: 10, c: 3.3 }, flags: ['x'], comment: 'c', model: { name: 'm' } };
    expect(EvaluationInputSchema.parse(evaluation)).toEqual(evaluation);
    expect(EvaluationInputSchema.parse({})).toEqual({});
    for (const bad of [{ scores: { a: 10.01 } }, { scores: { '': 5 } }, { flags: [''] }, { flags: [1] }, { comment: null }, { x: 'a\u0000b' }, { ['k\u0000']: 1 }]) {
      expect(EvaluationInputSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('an evaluation is at most 16 KiB of JSON, counted in UTF-8 bytes', () => {
    expect(EvaluationInputSchema.safeParse({ n: 'x'.repeat(16 * 1024 - 20) }).success).toBe(true);
    expect(EvaluationInputSchema.safeParse({ n: 'x'.repeat(16 * 1024) }).success).toBe(false);
    // 6,000 characters of 3 bytes each: under 16 K characters, over 16 KiB.
    expect(EvaluationInputSchema.safeParse({ n: '€'.repeat(6000) }).success).toBe(false);
  });

  it('only an agent turn may be a pending question; PATCH needs at least one known field', () => {
    expect(RecordTurnInputSchema.safeParse({ turnNumber: 1, role: 'candidate', isPendingQuestion: true }).success).toBe(false);
    expect(RecordTurnInputSchema.safeParse({ turnNumber: 1, role: 'candidate', isPendingQuestion: false }).success).toBe(true);
    expect(UpdateTurnInputSchema.safeParse({}).success).toBe(false);
    expect(UpdateTurnInputSchema.safeParse({ role: 'agent' }).success).toBe(false);
    expect(UpdateTurnInputSchema.safeParse({ content: '' }).success).toBe(true);
    expect(UpdateTurnInputSchema.safeParse({ evaluation: null }).success).toBe(true);
  });
});
