import { describe, expect, it } from 'vitest';
import type { HistoryDto, TurnDto } from '@/server/services/turns/turn-schemas';
import { progressFrom, simulatedAnswer } from './simulated-agent';

const questions = [
  { id: 'q1', text: 'One?', criterion: 'communication' },
  { id: 'q2', text: 'Two?', criterion: null },
];
const criteria = [{ key: 'communication', label: 'C', weight: 1 }, { key: 'technical', label: 'T', weight: 2 }];

function turn(turnNumber: number, role: 'agent' | 'candidate', fields: Partial<TurnDto> = {}): TurnDto {
  return { turnNumber, role, content: 'x', audioUrl: null, isPendingQuestion: false, evaluation: role === 'candidate' ? { scores: {} } : null, startedAt: null, endedAt: null, offsetMs: null, durationMs: null, createdAt: '', updatedAt: '', ...fields };
}
const history = (turns: TurnDto[]): HistoryDto => ({ interviewId: 'itv_x', status: 'IN_PROGRESS', turns, pendingQuestion: turns.find((t) => t.isPendingQuestion) ?? null });

describe('progressFrom: where a restarted agent resumes', () => {
  it('from nothing, asks the first question at turn 1', () => {
    expect(progressFrom(history([]), questions)).toEqual({ step: 'ask', questionIndex: 0, nextTurn: 1 });
  });
  it('after an unanswered question, waits for its answer', () => {
    expect(progressFrom(history([turn(1, 'agent', { isPendingQuestion: true })]), questions)).toEqual({ step: 'await-answer', questionIndex: 0, nextTurn: 2, questionTurn: 1 });
  });
  it('after an answer still being transcribed, completes it', () => {
    expect(progressFrom(history([turn(1, 'agent'), turn(2, 'candidate', { content: '', evaluation: null })]), questions)).toEqual({
      step: 'complete-answer',
      questionIndex: 0,
      nextTurn: 3,
      answerTurn: 2,
    });
  });
  it('after a completed answer, asks the next question after the last turn number; after the last one, is done', () => {
    expect(progressFrom(history([turn(1, 'agent'), turn(5, 'candidate')]), questions)).toEqual({ step: 'ask', questionIndex: 1, nextTurn: 6 });
    expect(progressFrom(history([turn(1, 'agent'), turn(2, 'candidate'), turn(3, 'agent'), turn(4, 'candidate')]), questions)).toMatchObject({ step: 'done', nextTurn: 5 });
  });
});

describe('simulatedAnswer', () => {
  it('is deterministic per interview and question, and scores the question’s criterion (else a configured one)', () => {
    const a = simulatedAnswer('itv_abc', 0, questions[0], { criteria });
    expect(simulatedAnswer('itv_abc', 0, questions[0], { criteria })).toEqual(a);
    expect(Object.keys(a.evaluation.scores)).toEqual(['communication']);
    const b = simulatedAnswer('itv_abc', 1, questions[1], { criteria });
    expect(Object.keys(b.evaluation.scores)).toEqual(['technical']);
    const scores = Array.from({ length: 50 }, (_, i) => simulatedAnswer(`itv_${i}`, 0, questions[0], { criteria }).evaluation.scores.communication);
    for (const s of scores) {
      expect(s).toBeGreaterThanOrEqual(3);
      expect(s).toBeLessThanOrEqual(10);
    }
    expect(new Set(scores).size).toBeGreaterThan(10);
  });
});
