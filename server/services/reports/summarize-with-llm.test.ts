import { describe, expect, it } from 'vitest';
import { computeScorecard } from './compute-scorecard';
import { LlmSummaryError, promptPayload, summarizeWithLlm } from './summarize-with-llm';

const scorecard = computeScorecard({ criteria: null, turns: [{ turnNumber: 1, role: 'candidate', evaluation: { scores: { a: 7 } } }] });

describe('promptPayload', () => {
  it('gives the model the computed scorecard and the transcript', () => {
    const payload = promptPayload({ jobTitle: 'Engineer', scorecard, transcript: [{ turnNumber: 1, role: 'candidate', content: 'Hello' }] });
    expect(payload).toEqual({
      jobTitle: 'Engineer',
      scorecard: { overallScore: 70, recommendation: 'YES', criteria: scorecard.criteria, flags: [], coverage: { candidateTurns: 1, scoredTurns: 1 } },
      transcript: [{ turnNumber: 1, role: 'candidate', content: 'Hello' }],
    });
  });

  it('bounds each turn and the whole transcript', () => {
    const long = 'x'.repeat(10_000);
    const transcript = Array.from({ length: 40 }, (_, i) => ({ turnNumber: i + 1, role: 'candidate' as const, content: long }));
    const payload = promptPayload({ jobTitle: null, scorecard, transcript });
    expect(payload.transcript[0].content).toHaveLength(4_000 + ' […]'.length);
    expect(payload.transcript.length).toBeLessThan(40);
    expect(payload.transcriptTruncated).toBe(true);
    expect(JSON.stringify(payload).length).toBeLessThan(70_000);
  });
});

describe('summarizeWithLlm', () => {
  it('reports an unreachable endpoint as a connection failure', async () => {
    // Port 9 (discard) on localhost: nothing listens there, so the connection is refused at once.
    const error = await summarizeWithLlm({ baseURL: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'm', timeoutMs: 500 }, { jobTitle: null, scorecard, transcript: [] }).catch((e) => e);
    expect(error).toBeInstanceOf(LlmSummaryError);
    expect(['connection', 'timeout']).toContain(error.reason);
  });
});
