import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviews, reports, turns } from '@/db/schema';
import { finalizeInterview } from '@/server/services/interviews/finalize-interview';
import { requestInterviewReport } from '@/server/services/reports/request-interview-report';
import { agentApi, makeAgentInterview } from '../support/agent';
import { createTestOrg, makeCandidate, makeConfig, makeInterview, makeJob, makeStage } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
// No workers: the generate-report jobs stay queued, so the tests see exactly what finalize enqueued.
beforeAll(async () => {
  app = await startTestApp({ RUN_WORKER: 'false' });
});
afterAll(() => app?.close());

const finalize = (id: string, body?: unknown) => agentApi(app.url, `/api/interviews/${id}/finalize`, { method: 'POST', body });
const postTurn = (id: string, body: unknown) => agentApi(app.url, `/api/interviews/${id}/turns`, { method: 'POST', body });

async function startedInterview(fields: Parameters<typeof makeAgentInterview>[2] = {}) {
  const org = await createTestOrg(app.db, app.url);
  const made = await makeAgentInterview(app.db, org.orgId, fields);
  expect((await postTurn(made.interview.id, { turnNumber: 1, role: 'agent', content: 'First question?', isPendingQuestion: true })).status).toBe(201);
  return { org, ...made };
}

async function jobsFor(reportId: string) {
  const { rows } = await app.database.executeSql(`select name, data from pgboss.job where name = 'generate-report' and data->>'reportId' = $1`, [reportId]);
  return rows as { name: string; data: { reportId: string } }[];
}

async function countReportJobs(): Promise<number> {
  const { rows } = await app.database.executeSql(`select count(*)::int as n from pgboss.job where name = 'generate-report'`, []);
  return rows[0].n;
}

async function reportRows(interviewId: string) {
  return app.db.select().from(reports).where(eq(reports.interviewId, interviewId));
}

describe('POST /api/interviews/:id/finalize', () => {
  it('completes the interview, requests a PENDING report and enqueues its job', async () => {
    const { org, interview } = await startedInterview();
    const endedAt = new Date(Date.now() - 5_000).toISOString();
    const res = await finalize(interview.id, { endedAt, audioUrl: 'https://media.example.com/full.ogg' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    expect(res.body).toEqual({ interviewId: interview.id, status: 'COMPLETED', endedAt, reportId: expect.stringMatching(/^rpt_/), reportStatus: 'PENDING' });

    const [stored] = await app.db.select().from(interviews).where(eq(interviews.id, interview.id));
    expect(stored.status).toBe('COMPLETED');
    expect(stored.completedAt).toBeInstanceOf(Date);
    expect(stored.endedAt?.toISOString()).toBe(endedAt);
    expect(stored.audioUrl).toBe('https://media.example.com/full.ogg');

    const [report] = await reportRows(interview.id);
    expect(report).toMatchObject({ id: res.body.reportId, orgId: org.orgId, type: 'interview', status: 'PENDING' });
    const jobs = await jobsFor(report.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0].data).toEqual({ reportId: report.id });

    // Nobody answers a closed interview: its question is no longer pending.
    const history = await agentApi(app.url, `/api/interviews/${interview.id}/history`);
    expect(history.body.status).toBe('COMPLETED');
    expect(history.body.pendingQuestion).toBeNull();

    const v1 = await org.api(`/api/v1/interviews/${interview.id}`);
    expect(v1.body).toMatchObject({ status: 'COMPLETED', reportId: report.id, audioUrl: 'https://media.example.com/full.ogg', endedAt });
  });

  it('endedAt defaults to now; an empty body is fine', async () => {
    const { interview } = await startedInterview();
    const before = Date.now();
    const res = await agentApi(app.url, `/api/interviews/${interview.id}/finalize`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.endedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(res.body.endedAt)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('a retry answers the first body again, whatever it says, and requests nothing more', async () => {
    const { interview } = await startedInterview();
    const first = await finalize(interview.id, {});
    expect(first.status).toBe(200);
    for (const body of [{}, undefined, { generateReport: false }, { endedAt: new Date(Date.now() - 60_000).toISOString(), audioUrl: 'https://media.example.com/other.ogg' }]) {
      const again = await finalize(interview.id, body);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
    }
    expect(await reportRows(interview.id)).toHaveLength(1);
    expect(await jobsFor(first.body.reportId)).toHaveLength(1);
    const [stored] = await app.db.select().from(interviews).where(eq(interviews.id, interview.id));
    expect(stored.audioUrl).toBeNull();
  });

  it('50 concurrent finalizes: one report, one job, identical bodies', async () => {
    const { interview } = await startedInterview();
    const results = await Promise.all(Array.from({ length: 50 }, () => finalize(interview.id, {})));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const bodies = new Set(results.map((r) => JSON.stringify(r.body)));
    expect(bodies.size).toBe(1);
    const rows = await reportRows(interview.id);
    expect(rows).toHaveLength(1);
    expect(results[0].body.reportId).toBe(rows[0].id);
    expect(await jobsFor(rows[0].id)).toHaveLength(1);
  });

  it('409 before the conversation started (DRAFT, INVITED) and on CANCELLED or EXPIRED interviews', async () => {
    const past = new Date(Date.now() - 60_000);
    for (const fields of [
      { status: 'DRAFT' as const, invitedAt: null },
      { status: 'INVITED' as const },
      { status: 'INVITED' as const, expiresAt: past },
      { status: 'CANCELLED' as const, cancelledAt: new Date() },
      { status: 'EXPIRED' as const, expiresAt: past },
    ]) {
      const org = await createTestOrg(app.db, app.url);
      const { interview } = await makeAgentInterview(app.db, org.orgId, fields);
      const res = await finalize(interview.id, {});
      expect(res.status, fields.status).toBe(409);
      expect(res.body.error.code).toBe('INVALID_STATE');
      const [stored] = await app.db.select().from(interviews).where(eq(interviews.id, interview.id));
      expect(stored.status).toBe(fields.status);
      expect(await reportRows(interview.id)).toHaveLength(0);
    }
  });

  it('400 for unknown or invalid fields and an endedAt in the future or before the start; 413 past 256 KiB', async () => {
    const { interview } = await startedInterview();
    const cases: [unknown, string][] = [
      [{ reason: 'done' }, 'reason'],
      [{ endedAt: 'yesterday' }, 'endedAt'],
      [{ endedAt: '2026-01-01' }, 'endedAt'],
      [{ endedAt: new Date(Date.now() + 24 * 3600_000).toISOString() }, 'endedAt'],
      [{ endedAt: new Date(Date.now() - 24 * 3600_000).toISOString() }, 'endedAt'],
      [{ audioUrl: 'ftp://media.example.com/a.ogg' }, 'audioUrl'],
      [{ generateReport: 'yes' }, 'generateReport'],
    ];
    for (const [body, path] of cases) {
      const res = await finalize(interview.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    const big = await agentApi(app.url, `/api/interviews/${interview.id}/finalize`, { method: 'POST', rawBody: JSON.stringify({ audioUrl: `https://x.example.com/${'a'.repeat(300 * 1024)}` }), headers: { 'content-type': 'application/json' } });
    expect(big.status).toBe(413);
    const [stored] = await app.db.select().from(interviews).where(eq(interviews.id, interview.id));
    expect(stored.status).toBe('IN_PROGRESS');
  });
});

describe('generateReport default', () => {
  it("follows the stage: a stage with generateReport false gives reportId null and no job", async () => {
    const org = await createTestOrg(app.db, app.url);
    const { interview, campaign } = await makeAgentInterview(app.db, org.orgId);
    const quiet = await makeStage(app.db, org.orgId, campaign.id, { name: 'No report', generateReport: false });
    await app.db.update(interviews).set({ stageId: quiet.id }).where(eq(interviews.id, interview.id));
    await postTurn(interview.id, { turnNumber: 1, role: 'agent', content: 'Q' });
    const jobsBefore = await countReportJobs();
    const res = await finalize(interview.id, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'COMPLETED', reportId: null, reportStatus: null });
    expect(await reportRows(interview.id)).toHaveLength(0);
    expect(await countReportJobs()).toBe(jobsBefore);
    // The retry tells the same story.
    expect((await finalize(interview.id, { generateReport: true })).body).toEqual(res.body);
  });

  it('an explicit generateReport wins over the stage, both ways', async () => {
    const org = await createTestOrg(app.db, app.url);
    const { interview: a, campaign } = await makeAgentInterview(app.db, org.orgId);
    const quiet = await makeStage(app.db, org.orgId, campaign.id, { generateReport: false });
    await app.db.update(interviews).set({ stageId: quiet.id }).where(eq(interviews.id, a.id));
    await postTurn(a.id, { turnNumber: 1, role: 'agent', content: 'Q' });
    expect((await finalize(a.id, { generateReport: true })).body.reportId).toMatch(/^rpt_/);
    const { interview: b } = await startedInterview();
    expect((await finalize(b.id, { generateReport: false })).body).toMatchObject({ reportId: null, reportStatus: null });
    expect(await reportRows(b.id)).toHaveLength(0);
  });

  it("without a stage, the configuration decides; with neither, a report is made", async () => {
    const org = await createTestOrg(app.db, app.url);
    const candidate = await makeCandidate(app.db, org.orgId);
    const job = await makeJob(app.db, org.orgId);
    const quietConfig = await makeConfig(app.db, org.orgId, { generateReport: false });
    const withConfig = await makeInterview(app.db, org.orgId, { candidateId: candidate.id, jobId: job.id, configId: quietConfig.id });
    const bare = await makeInterview(app.db, org.orgId, { candidateId: candidate.id, jobId: job.id });
    for (const { id } of [withConfig, bare]) await postTurn(id, { turnNumber: 1, role: 'agent', content: 'Q' });
    expect((await finalize(withConfig.id)).body.reportId).toBeNull();
    const res = await finalize(bare.id);
    expect(res.body).toMatchObject({ reportId: expect.stringMatching(/^rpt_/), reportStatus: 'PENDING' });
    expect(await jobsFor(res.body.reportId)).toHaveLength(1);
  });
});

describe('the report request is part of the transaction', () => {
  it('a rolled-back transaction leaves neither the report nor its job; a committed one leaves both, once', async () => {
    const org = await createTestOrg(app.db, app.url);
    const { interview } = await makeAgentInterview(app.db, org.orgId);
    let requested: { reportId: string } | undefined;
    const error = await app.db
      .transaction(async (tx) => {
        requested = await requestInterviewReport(tx, { orgId: org.orgId, interviewId: interview.id });
        throw new Error('roll back');
      })
      .catch((e: Error) => e.message);
    expect(error).toBe('roll back');
    expect(requested?.reportId).toMatch(/^rpt_/);
    expect(await reportRows(interview.id)).toHaveLength(0);
    expect(await jobsFor(requested!.reportId)).toHaveLength(0);

    const first = await app.db.transaction((tx) => requestInterviewReport(tx, { orgId: org.orgId, interviewId: interview.id }));
    const second = await app.db.transaction((tx) => requestInterviewReport(tx, { orgId: org.orgId, interviewId: interview.id }));
    expect(second).toEqual(first);
    expect(await reportRows(interview.id)).toHaveLength(1);
    expect(await jobsFor(first.reportId)).toHaveLength(1);
  });

  it("the service keeps the organization in its queries: another organization's id is not found", async () => {
    const { interview } = await startedInterview();
    const other = await createTestOrg(app.db, app.url);
    await expect(finalizeInterview(app.db, { orgId: other.orgId, interviewId: interview.id })).rejects.toMatchObject({ appCode: 'NOT_FOUND' });
    const [stored] = await app.db.select().from(interviews).where(eq(interviews.id, interview.id));
    expect(stored.status).toBe('IN_PROGRESS');
    expect(await app.db.$count(turns, eq(turns.interviewId, interview.id))).toBe(1);
  });
});
