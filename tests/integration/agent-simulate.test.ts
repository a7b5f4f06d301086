import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviews, reports, turns } from '@/db/schema';
import { AgentApiError } from '@/server/agent/agent-client';
import { createInProcessFetch } from '@/server/agent/in-process-fetch';
import { conductInterview, pollInterviewReport, simulatedAnswer } from '@/server/agent/simulated-agent';
import { mintMediaToken } from '@/server/auth/media-token';
import { agentApi, makeAgentInterview } from '../support/agent';
import { runGroup } from '../support/child-processes';
import { createTestOrg, makeCandidate, makeConfig, makeInterview, makeJob } from '../support/factories';
import { startTestApp, TEST_AGENT_SECRET, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const auth = { agentSecret: TEST_AGENT_SECRET };

async function turnsOf(interviewId: string) {
  return (await agentApi(app.url, `/api/interviews/${interviewId}/history`)).body.turns as any[];
}

describe('simulated voice agent, end to end over HTTP', () => {
  it('conducts the whole interview: questions, answers completed by PATCH, a restart halfway, finalize', async () => {
    const org = await createTestOrg(app.db, app.url);
    const { interview, config } = await makeAgentInterview(app.db, org.orgId, { status: 'INVITED' });
    const events: string[] = [];
    const result = await conductInterview({ baseUrl: app.url, interviewId: interview.id, auth, onEvent: (m) => events.push(m) });

    expect(result).toMatchObject({ interviewId: interview.id, questionsAsked: 2, turnsRecorded: 4, resumedAfterTurn: 1 });
    expect(result.finalize).toMatchObject({ interviewId: interview.id, status: 'COMPLETED', reportId: expect.stringMatching(/^rpt_/) });
    expect(['PENDING', 'READY']).toContain(result.finalize.reportStatus);
    expect(events.some((e) => e.startsWith('restart: resuming from history (1 turns, pending question: turn 1)'))).toBe(true);

    const history = await turnsOf(interview.id);
    expect(history.map((t) => [t.turnNumber, t.role])).toEqual([
      [1, 'agent'],
      [2, 'candidate'],
      [3, 'agent'],
      [4, 'candidate'],
    ]);
    // The simulated agent opens as the service's own interviewer does: the catalogue's greeting and AI disclosure.
    expect(history[0].content).toContain('Hello Grace, thank you for joining this interview for the');
    expect(history[0].content).toContain('I am an AI interviewer; a person will review your answers and make any decision.');
    expect(history[0].content).toContain(config.questions[0].text);
    expect(history[2].content).toBe(config.questions[1].text);
    for (const [i, answer] of [history[1], history[3]].entries()) {
      const expected = simulatedAnswer(interview.id, i, { ...config.questions[i], criterion: config.questions[i].criterion ?? null }, config);
      expect(answer.content).toBe(expected.content);
      expect(answer.evaluation).toEqual(expected.evaluation);
      const score = answer.evaluation.scores[config.questions[i].criterion!];
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(10);
      expect(Date.parse(answer.updatedAt)).toBeGreaterThan(Date.parse(answer.createdAt));
    }
    expect(history.every((t) => !t.isPendingQuestion)).toBe(true);

    const [stored] = await app.db.select().from(interviews).where(eq(interviews.id, interview.id));
    expect(stored.status).toBe('COMPLETED');
    const [report] = await app.db.select().from(reports).where(eq(reports.interviewId, interview.id));
    expect(report.id).toBe(result.finalize.reportId);

    // Running it again on the completed interview only repeats the finalize answer.
    const again = await conductInterview({ baseUrl: app.url, interviewId: interview.id, auth });
    expect(again.finalize.reportId).toBe(result.finalize.reportId);
    expect(again.turnsRecorded).toBe(0);
  });

  it('resumes a conversation another agent left mid-answer, with a media token, and keeps turn numbers contiguous', async () => {
    const org = await createTestOrg(app.db, app.url);
    const candidate = await makeCandidate(app.db, org.orgId, { firstName: 'Zoé', locale: 'fr' });
    const job = await makeJob(app.db, org.orgId, 'Développeuse');
    const config = await makeConfig(app.db, org.orgId, {
      questions: Array.from({ length: 5 }, (_, i) => ({ id: `q${i + 1}`, text: `Question ${i + 1}?`, criterion: i % 2 ? 'technical' : 'communication' })),
    });
    const interview = await makeInterview(app.db, org.orgId, { candidateId: candidate.id, jobId: job.id, configId: config.id, status: 'DRAFT', invitedAt: null });
    const post = (body: unknown) => agentApi(app.url, `/api/interviews/${interview.id}/turns`, { method: 'POST', body });
    expect((await post({ turnNumber: 1, role: 'agent', content: 'Question 1?', isPendingQuestion: true })).status).toBe(201);
    expect((await post({ turnNumber: 2, role: 'candidate', content: '' })).status).toBe(201);

    const { token } = await mintMediaToken(interview.id);
    const result = await conductInterview({ baseUrl: app.url, interviewId: interview.id, auth: { mediaToken: token } });
    expect(result.questionsAsked).toBe(5);
    expect(result.turnsRecorded).toBe(8);
    const history = await turnsOf(interview.id);
    expect(history.map((t) => t.turnNumber)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(history.filter((t) => t.role === 'agent').map((t) => t.content)).toEqual(['Question 1?', 'Question 2?', 'Question 3?', 'Question 4?', 'Question 5?']);
    for (const answer of history.filter((t) => t.role === 'candidate')) {
      expect(answer.content).not.toBe('');
      expect(Object.keys(answer.evaluation.scores)).toHaveLength(1);
    }
    expect(await app.db.$count(turns, eq(turns.interviewId, interview.id))).toBe(10);
  });

  it('runs in-process through the same route handlers, and refuses a cancelled interview', async () => {
    const org = await createTestOrg(app.db, app.url);
    const { interview } = await makeAgentInterview(app.db, org.orgId);
    const result = await conductInterview({ baseUrl: 'http://in-process.invalid', fetch: createInProcessFetch(), interviewId: interview.id, auth });
    expect(result.finalize.status).toBe('COMPLETED');
    expect(await app.db.$count(turns, eq(turns.interviewId, interview.id))).toBe(4);

    const { interview: cancelled } = await makeAgentInterview(app.db, org.orgId, { status: 'CANCELLED', cancelledAt: new Date() });
    await expect(conductInterview({ baseUrl: app.url, interviewId: cancelled.id, auth })).rejects.toThrow(/CANCELLED/);
    await expect(conductInterview({ baseUrl: app.url, interviewId: cancelled.id, auth: { agentSecret: 'wrong-secret-value' } })).rejects.toBeInstanceOf(AgentApiError);
  });

  it('npm run agent:simulate -- --interview … conducts it over HTTP and prints JSON', async () => {
    const org = await createTestOrg(app.db, app.url);
    const { interview } = await makeAgentInterview(app.db, org.orgId);
    const { code, stdout, stderr } = await runGroup(
      process.execPath,
      ['--import', 'tsx', 'scripts/agent-simulate.ts', '--interview', interview.id, '--url', app.url, '--secret', TEST_AGENT_SECRET],
      { cwd: process.cwd(), env: { ...process.env, LOG_LEVEL: 'silent' }, timeoutMs: 60_000 },
    );
    expect(code, stderr).toBe(0);
    const printed = JSON.parse(stdout);
    expect(printed).toMatchObject({ interviewId: interview.id, turnsRecorded: 4, finalize: { status: 'COMPLETED', reportId: expect.stringMatching(/^rpt_/) } });
    const [stored] = await app.db.select().from(interviews).where(eq(interviews.id, interview.id));
    expect(stored.status).toBe('COMPLETED');

    const failure = await runGroup(process.execPath, ['--import', 'tsx', 'scripts/agent-simulate.ts', '--interview', interview.id, '--bogus'], {
      cwd: process.cwd(),
      env: { ...process.env, LOG_LEVEL: 'silent' },
      timeoutMs: 60_000,
    });
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain('Unknown option --bogus');
  });
});

describe('report polling', () => {
  it('polls the v1 report route through 202 until the report is READY, and fails clearly on 404', async () => {
    const seen: string[] = [];
    let calls = 0;
    const server = createServer((req, res) => {
      seen.push(`${req.url} ${req.headers.authorization}`);
      calls++;
      res.setHeader('content-type', 'application/json');
      if (req.url?.endsWith('/itv_missing00000000')) {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Report not found' } }));
      } else if (calls < 3) {
        res.statusCode = 202;
        res.end(JSON.stringify({ id: 'rpt_x', status: 'PENDING' }));
      } else {
        res.end(JSON.stringify({ id: 'rpt_x', status: 'READY', overallScore: 72 }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const report = await pollInterviewReport({ baseUrl, apiKey: 'isk_test', interviewId: 'itv_abcdefgh', intervalMs: 10 });
      expect(report).toEqual({ id: 'rpt_x', status: 'READY', overallScore: 72 });
      expect(seen).toEqual(Array(3).fill('/api/v1/reports/interviews/itv_abcdefgh Bearer isk_test'));
      await expect(pollInterviewReport({ baseUrl, apiKey: 'isk_test', interviewId: 'itv_missing00000000', intervalMs: 10 })).rejects.toMatchObject({ status: 404 });
    } finally {
      server.close();
    }
  });
});
