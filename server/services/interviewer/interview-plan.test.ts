import { describe, expect, it } from 'vitest';
import { conductedByInterviewer, interviewerPosition, interviewerProgress, interviewQuestions, type PlanTurn } from './interview-plan';

const questions = interviewQuestions(
  [
    { id: 'q1', text: 'One?', criterion: 'a' },
    { id: 'q2', text: 'Two?' },
  ],
  'en',
);
const agent = (turnNumber: number, questionIndex: number | null, followUp = false): PlanTurn => ({
  turnNumber,
  role: 'agent',
  content: `question ${turnNumber}`,
  audioUrl: null,
  isPendingQuestion: true,
  evaluation: questionIndex === null ? null : { interviewer: { questionId: `q${questionIndex + 1}`, questionIndex, followUp } },
});
const answer = (turnNumber: number, evaluation: Record<string, unknown> | null = { scores: {}, flags: [] }): PlanTurn => ({
  turnNumber,
  role: 'candidate',
  content: 'an answer',
  audioUrl: null,
  isPendingQuestion: false,
  evaluation,
});
const plain = { followUps: false };

describe('interviewerPosition', () => {
  it('asks the first question of an empty history', () => {
    expect(interviewerPosition([], questions, plain)).toEqual({ step: 'ask', questionIndex: 0, nextTurn: 1, followUpText: null });
  });
  it('waits for the answer to the pending question, evaluates a recorded one, then asks the next', () => {
    expect(interviewerPosition([agent(1, 0)], questions, plain)).toMatchObject({ step: 'await-answer', question: { turnNumber: 1, questionIndex: 0 } });
    expect(interviewerPosition([agent(1, 0), answer(2, null)], questions, plain)).toMatchObject({ step: 'evaluate', answer: { turnNumber: 2 } });
    expect(interviewerPosition([agent(1, 0), answer(2)], questions, plain)).toEqual({ step: 'ask', questionIndex: 1, nextTurn: 3, followUpText: null });
    expect(interviewerPosition([agent(1, 0), answer(2), agent(3, 1), answer(4)], questions, plain)).toEqual({ step: 'finalize' });
  });
  it('counts agent turns without meta (another agent wrote them) as the questions in order', () => {
    expect(interviewerPosition([agent(1, null), answer(2), agent(3, null)], questions, plain)).toMatchObject({ step: 'await-answer', question: { questionIndex: 1 } });
  });
  it('asks one follow-up when the evaluation asked for one and follow-ups are on, never a second', () => {
    const thin = answer(2, { scores: {}, flags: [], followUpQuestion: 'An example?' });
    expect(interviewerPosition([agent(1, 0), thin], questions, plain)).toMatchObject({ step: 'ask', questionIndex: 1 });
    expect(interviewerPosition([agent(1, 0), thin], questions, { followUps: true })).toEqual({ step: 'ask', questionIndex: 0, nextTurn: 3, followUpText: 'An example?' });
    const history = [agent(1, 0), thin, agent(3, 0, true), answer(4, { scores: {}, flags: [], followUpQuestion: 'Again?' })];
    expect(interviewerPosition(history, questions, { followUps: true })).toEqual({ step: 'ask', questionIndex: 1, nextTurn: 5, followUpText: null });
  });
});

describe('interviewerProgress', () => {
  it('counts answered questions, a follow-up not twice', () => {
    expect(interviewerProgress(interviewerPosition([agent(1, 0)], questions, plain), questions, false)).toEqual({ answered: 0, total: 2 });
    expect(interviewerProgress(interviewerPosition([agent(1, 0), answer(2), agent(3, 0, true)], questions, plain), questions, false)).toEqual({ answered: 1, total: 2 });
    expect(interviewerProgress({ step: 'finalize' }, questions, false)).toEqual({ answered: 2, total: 2 });
  });
  it('falls back to general questions in the candidate language', () => {
    expect(interviewQuestions([], 'fr')[0].text).toMatch(/présenter/);
  });
});

describe('conductedByInterviewer', () => {
  it('is true for an empty history or one the interviewer began, false for another agent\'s', () => {
    expect(conductedByInterviewer([])).toBe(true);
    expect(conductedByInterviewer([agent(1, 0), answer(2)])).toBe(true);
    expect(conductedByInterviewer([agent(1, null), answer(2)])).toBe(false);
  });
});
