import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestOrg } from '../support/factories';
import { FAKE_SUMMARY, startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';
import { enqueueReport, makeInterviewWithPendingReport, waitForReport } from '../support/report-factories';
import { startTestApp, type TestApp } from '../support/test-app';

const LLM_KEY = 'sk-test-llm-key-0123456789';
let app: TestApp;
let llm: FakeOpenAi;

beforeAll(async () => {
  llm = await startFakeOpenAi();
  app = await startTestApp({ LLM_BASE_URL: llm.baseUrl, LLM_API_KEY: LLM_KEY, LLM_MODEL: 'fake-model', LLM_TIMEOUT_MS: '1000' });
});
afterAll(async () => {
  await app?.close();
  await llm?.close();
});
beforeEach(() => {
  llm.setChatMode({ kind: 'ok' });
  llm.requests.length = 0;
});

/** A finished interview's report, generated through the real queue, as the REST route returns it. */
async function generate() {
  const org = await createTestOrg(app.db, app.url);
  const { interview, report } = await makeInterviewWithPendingReport(app.db, org.orgId);
  await enqueueReport(app.db, report.id);
  await waitForReport(app.db, report.id, 'READY');
  const res = await org.api(`/api/v1/reports/interviews/${interview.id}`);
  expect(res.status).toBe(200);
  return res.body;
}

describe('interview report generation with a language model', () => {
  it('takes the summary from the model through the OpenAI SDK, and keeps the computed scores', async () => {
    // The model also tries to change the verdict: only its summary is used.
    llm.setChatMode({ kind: 'ok', content: JSON.stringify({ summary: FAKE_SUMMARY, overallScore: 100, recommendation: 'STRONG_YES' }) });
    const report = await generate();
    expect(report).toMatchObject({ status: 'READY', generator: 'llm:fake-model', summary: FAKE_SUMMARY, overallScore: 76.7, recommendation: 'YES' });

    expect(llm.requests).toHaveLength(1);
    const [request] = llm.requests;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe(`Bearer ${LLM_KEY}`);
    expect(request.body.model).toBe('fake-model');
    expect(request.body.response_format.type).toBe('json_schema');
    const payload = JSON.parse(request.body.messages.at(-1).content);
    expect(payload.scorecard).toMatchObject({ overallScore: 76.7, recommendation: 'YES', coverage: { candidateTurns: 3, scoredTurns: 3 } });
    expect(payload.jobTitle).toBe('Backend engineer');
    expect(payload.transcript).toHaveLength(6);
    expect(request.body.messages[0].content).toMatch(/do not change/i);
  });

  it('falls back to the rules summary when the model answers 5xx (after the SDK retried twice)', async () => {
    llm.setChatMode({ kind: 'status', status: 503 });
    const report = await generate();
    expect(report).toMatchObject({ status: 'READY', generator: 'rules', overallScore: 76.7, recommendation: 'YES' });
    expect(report.summary).toMatch(/^Overall score 76.7\/100/);
    expect(report.summary).toMatch(/language model was unavailable/);
    expect(llm.requests).toHaveLength(3);
  });

  it('falls back when the model answers something that is not the expected JSON', async () => {
    for (const content of ['Sure! Here is a summary: great candidate.', JSON.stringify({ verdict: 'hire' }), JSON.stringify({ summary: '' })]) {
      llm.setChatMode({ kind: 'ok', content });
      const report = await generate();
      expect(report.generator).toBe('rules');
      expect(report.summary).toMatch(/language model was unavailable/);
    }
  });

  it('falls back when the model does not answer within LLM_TIMEOUT_MS', async () => {
    llm.setChatMode({ kind: 'hang' });
    const started = Date.now();
    const report = await generate();
    expect(report.generator).toBe('rules');
    expect(report.summary).toMatch(/language model was unavailable/);
    // One try and two retries of 1 s each, plus the SDK's backoff.
    expect(llm.requests).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
  });
});
