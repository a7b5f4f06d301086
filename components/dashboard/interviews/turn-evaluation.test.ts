import { describe, expect, it } from 'vitest';
import { questionWrittenBy, readEvaluation } from './turn-evaluation';

const provenance = { provider: 'api.openai.com', model: 'gpt-4o', promptVersion: '1a2b3c4d5e6f7a8b', rubricHash: '3c4d5e6f7a8b9c0d', inputHash: 'ffff', at: '2026-11-27T03:00:00.000Z', durationMs: 800 };

describe("a turn's AI output in the transcript", () => {
  it("an answer's evaluation: scores, flags, comment and the model that scored it", () => {
    expect(readEvaluation({ scores: { communication: 7, bad: 'x' }, flags: ['off_topic', 3], comment: ' Clear. ', provenance: { ...provenance, task: 'answer-evaluation' } })).toEqual({
      scores: [['communication', 7]],
      flags: ['off_topic'],
      comment: ' Clear. ',
      scoredBy: 'Scored by gpt-4o at api.openai.com · prompt 1a2b3c4d · rubric 3c4d5e6f',
    });
    expect(readEvaluation({ scores: { communication: 7 } })).toMatchObject({ scoredBy: null });
    expect(readEvaluation(null)).toBeNull();
    expect(readEvaluation({ other: 1 })).toBeNull();
  });

  it('a follow-up question a model wrote says which model, provider and prompt wrote it', () => {
    const followUp = { interviewer: { followUp: true, answerTurn: 2 }, provenance: { ...provenance, task: 'follow-up-question' } };
    expect(questionWrittenBy(followUp)).toBe('Follow-up written by gpt-4o at api.openai.com · prompt 1a2b3c4d · rubric 3c4d5e6f');
    // Nothing to show as an evaluation: it scores nothing.
    expect(readEvaluation(followUp)).toBeNull();
    // A configured question, an answer's evaluation, an erased record without a model: no line.
    expect(questionWrittenBy({ interviewer: { followUp: false } })).toBeNull();
    expect(questionWrittenBy({ provenance: { ...provenance, task: 'answer-evaluation' } })).toBeNull();
    expect(questionWrittenBy({ provenance: { task: 'follow-up-question' } })).toBeNull();
    expect(questionWrittenBy(null)).toBeNull();
  });
});
