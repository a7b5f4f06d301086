import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviews, reports } from '@/db/schema';
import type { Database } from '@/db/client';
import { reportRetryCommand } from '@/server/cli/commands/report-retry';
import { generateInterviewReport } from '@/server/services/reports/generate-interview-report';
import { createTestOrg } from '../support/factories';
import { enqueueReport, makeInterviewWithPendingReport, recruiterCaller, waitForReport } from '../support/report-factories';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  // No LLM_BASE_URL: summaries come from the rules.
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('interview report generation (rules)', () => {
  it('scores a finished interview through the queue and serves the report on both routes', async () => {
    const org = await createTestOrg(app.db, app.url);
    const { interview, report, candidate, setup } = await makeInterviewWithPendingReport(app.db, org.orgId);
    await enqueueReport(app.db, report.id);
    await waitForReport(app.db, report.id, 'READY');

    const res = await org.api(`/api/v1/reports/interviews/${interview.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: report.id,
      type: 'interview',
      status: 'READY',
      interviewId: interview.id,
      candidateId: candidate.id,
      jobId: setup.job.id,
      campaignId: setup.campaign.id,
      // communication (8 + 6) / 2 = 7, technical (9 + 7) / 2 = 8; weights 1 and 2 → (7 + 16) / 3 × 10 = 76.7
      overallScore: 76.7,
      recommendation: 'YES',
      criteria: [
        { key: 'communication', label: 'Communication', score: 7, weight: 1, evidenceTurns: [2, 4] },
        { key: 'technical', label: 'Technical depth', score: 8, weight: 2, evidenceTurns: [4, 6] },
      ],
      flags: [{ code: 'name_dropping', turnNumber: 4 }],
      coverage: { candidateTurns: 3, scoredTurns: 3 },
      generator: 'rules',
      failureReason: null,
    });
    expect(res.body.summary).toContain('Overall score 76.7/100');
    expect(res.body.transcript.map((t: { turnNumber: number; role: string }) => [t.turnNumber, t.role])).toEqual([
      [1, 'agent'],
      [2, 'candidate'],
      [3, 'agent'],
      [4, 'candidate'],
      [5, 'agent'],
      [6, 'candidate'],
    ]);
    expect(res.body.transcript[1].content).toBe('I build payment systems.');
    expect(Date.parse(res.body.completedAt)).not.toBeNaN();
    expect(Date.parse(res.body.createdAt)).not.toBeNaN();

    const byId = await org.api(`/api/v1/reports/${report.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(res.body);

    // The interview's own view shows the same scorecard, and the interview stays COMPLETED.
    const [stored] = await app.db.select().from(interviews).where(eq(interviews.id, interview.id));
    expect(stored.status).toBe('COMPLETED');
  });

  it('gives NO_DECISION and a null score when no answer was scored, and without a configuration', async () => {
    const org = await createTestOrg(app.db, app.url);
    const { interview, report } = await makeInterviewWithPendingReport(app.db, org.orgId, {
      withConfig: false,
      turns: [
        { turnNumber: 1, role: 'agent', content: 'Hello?', evaluation: { scores: { communication: 10 } } },
        { turnNumber: 2, role: 'candidate', content: '…', evaluation: { comment: 'inaudible', flags: ['no_answer'] } },
      ],
    });
    await enqueueReport(app.db, report.id);
    await waitForReport(app.db, report.id, 'READY');
    const res = await org.api(`/api/v1/reports/interviews/${interview.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'READY',
      overallScore: null,
      recommendation: 'NO_DECISION',
      criteria: [],
      flags: [{ code: 'no_answer', turnNumber: 2 }],
      coverage: { candidateTurns: 1, scoredTurns: 0 },
    });
    expect(res.body.summary).toMatch(/^No decision/);
  });

  it('answers 202 with { id, status } while the report is pending, on both routes', async () => {
    const org = await createTestOrg(app.db, app.url);
    const { interview, report } = await makeInterviewWithPendingReport(app.db, org.orgId);
    const res = await org.api(`/api/v1/reports/interviews/${interview.id}`);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ id: report.id, status: 'PENDING' });
    expect(res.headers.get('ratelimit-limit')).toBeTruthy();
    const byId = await org.api(`/api/v1/reports/${report.id}`);
    expect(byId.status).toBe(202);
    expect(byId.body).toEqual({ id: report.id, status: 'PENDING' });
  });

  it('marks the report FAILED on a permanent error, and a retry makes it READY', async () => {
    const org = await createTestOrg(app.db, app.url);
    // A report whose interview is not finished cannot be scored: no retry of the job would change that.
    const { interview, report } = await makeInterviewWithPendingReport(app.db, org.orgId, { status: 'IN_PROGRESS' });
    await enqueueReport(app.db, report.id);
    const failed = await waitForReport(app.db, report.id, 'FAILED');
    expect(failed.failureReason).toMatch(/not COMPLETED/);

    const res = await org.api(`/api/v1/reports/interviews/${interview.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: report.id,
      status: 'FAILED',
      overallScore: null,
      recommendation: null,
      summary: null,
      criteria: [],
      flags: [],
      coverage: null,
      generator: null,
      completedAt: null,
    });
    expect(res.body.failureReason).toMatch(/not COMPLETED/);
    const [untouched] = await app.db.select().from(interviews).where(eq(interviews.id, interview.id));
    expect(untouched.status).toBe('IN_PROGRESS');

    // Once the cause is mended, a recruiter retries it.
    await app.db.update(interviews).set({ status: 'COMPLETED', completedAt: new Date() }).where(eq(interviews.id, interview.id));
    const recruiter = recruiterCaller(app.db, org.orgId);
    await expect(recruiter.reports.retry({ reportId: report.id })).resolves.toEqual({ id: report.id, status: 'PENDING' });
    const ready = await waitForReport(app.db, report.id, 'READY');
    expect(ready.failureReason).toBeNull();
    expect(ready.overallScore).toBe(76.7);

    // A READY (or PENDING) report cannot be retried.
    await expect(recruiter.reports.retry({ reportId: report.id })).rejects.toMatchObject({ appCode: 'INVALID_STATE' });
  });

  it('retries from the CLI with report:retry --id', async () => {
    const org = await createTestOrg(app.db, app.url);
    const { interview, report } = await makeInterviewWithPendingReport(app.db, org.orgId, { status: 'IN_PROGRESS' });
    await enqueueReport(app.db, report.id);
    await waitForReport(app.db, report.id, 'FAILED');
    await app.db.update(interviews).set({ status: 'COMPLETED', completedAt: new Date() }).where(eq(interviews.id, interview.id));

    const output = await reportRetryCommand.run({ database: app.database, args: { id: report.id } });
    expect(output).toEqual({ id: report.id, status: 'PENDING' });
    await waitForReport(app.db, report.id, 'READY');
    await expect(reportRetryCommand.run({ database: app.database, args: { id: report.id } })).rejects.toThrow(/Only a FAILED report/);
    await expect(reportRetryCommand.run({ database: app.database, args: { id: 'rpt_doesnotexist0000000000' } })).rejects.toThrow(/Report not found/);
    await expect(reportRetryCommand.run({ database: app.database, args: {} })).rejects.toThrow(/--id/);
  });

  it("a recruiter cannot retry another organization's report", async () => {
    const org = await createTestOrg(app.db, app.url);
    const other = await createTestOrg(app.db, app.url);
    const { report } = await makeInterviewWithPendingReport(app.db, other.orgId, { status: 'IN_PROGRESS' });
    await app.db.update(reports).set({ status: 'FAILED', failureReason: 'x' }).where(eq(reports.id, report.id));
    await expect(recruiterCaller(app.db, org.orgId).reports.retry({ reportId: report.id })).rejects.toMatchObject({ appCode: 'NOT_FOUND' });
    const [still] = await app.db.select().from(reports).where(eq(reports.id, report.id));
    expect(still.status).toBe('FAILED');
  });

  it('is safe to run twice: a READY report is left alone', async () => {
    const org = await createTestOrg(app.db, app.url);
    const { report } = await makeInterviewWithPendingReport(app.db, org.orgId);
    await expect(generateInterviewReport(app.db, { reportId: report.id })).resolves.toEqual({ outcome: 'ready', generator: 'rules' });
    const [first] = await app.db.select().from(reports).where(eq(reports.id, report.id));
    await expect(generateInterviewReport(app.db, { reportId: report.id })).resolves.toEqual({ outcome: 'skipped', reason: 'report is READY' });
    const [second] = await app.db.select().from(reports).where(eq(reports.id, report.id));
    expect(second).toEqual(first);
  });

  it('rethrows a transient error for the queue to retry, and fails the report on the last attempt', async () => {
    const org = await createTestOrg(app.db, app.url);
    const { interview, report } = await makeInterviewWithPendingReport(app.db, org.orgId);
    // The first read (the report) works; the next ones fail as a lost connection would.
    const flaky = (): Database => {
      let selects = 0;
      return new Proxy(app.db, {
        get(target, prop, receiver) {
          if (prop === 'select') {
            return (...args: unknown[]) => {
              if (++selects > 1) throw new Error('connection terminated unexpectedly');
              return (target.select as (...a: unknown[]) => unknown)(...args);
            };
          }
          return Reflect.get(target, prop, receiver);
        },
      });
    };
    await expect(generateInterviewReport(flaky(), { reportId: report.id })).rejects.toThrow(/connection terminated/);
    const [pending] = await app.db.select().from(reports).where(eq(reports.id, report.id));
    expect(pending.status).toBe('PENDING');

    const outcome = await generateInterviewReport(flaky(), { reportId: report.id, finalAttempt: true });
    expect(outcome.outcome).toBe('failed');
    const [failed] = await app.db.select().from(reports).where(eq(reports.id, report.id));
    expect(failed.status).toBe('FAILED');
    expect(failed.failureReason).toMatch(/after several attempts/);
    expect(failed.failureReason).not.toMatch(/connection/);
    const [stored] = await app.db.select().from(interviews).where(eq(interviews.id, interview.id));
    expect(stored.status).toBe('COMPLETED');
  });
});
