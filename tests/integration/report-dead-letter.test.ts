import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports } from '@/db/schema';
import { getJobQueue, QUEUES } from '@/server/jobs/queue';
import { DEAD_LETTERED_REASON, STRANDED_REASON } from '@/server/services/reports/fail-stranded-reports';
import { createTestOrg, type TestOrg } from '../support/factories';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';
import { recruiterCaller } from '../support/recruiter-caller';
import { enqueueReport, makeInterviewWithPendingReport } from '../support/report-factories';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Nothing stays PENDING forever. A generate-report job whose every attempt dies hard (here: the language model
 * never answers, so pg-boss times the job out before the handler's own last-attempt path can run) lands in the
 * dead-letter queue, and the report becomes FAILED with a reason, retryable from the dashboard. The maintenance
 * sweep fails old PENDING reports that no job will ever pick up.
 */

let app: TestApp;
let llm: FakeOpenAi;
let org: TestOrg;
beforeAll(async () => {
  llm = await startFakeOpenAi();
  llm.setChatMode({ kind: 'hang' });
  app = await startTestApp({
    LLM_BASE_URL: llm.baseUrl,
    LLM_API_KEY: 'test',
    // Longer than the job may run: the job times out while the handler still waits.
    LLM_TIMEOUT_MS: '120000',
    JOB_EXPIRE_SECONDS: '10',
    JOB_RETRY_LIMIT: '0',
  });
  org = await createTestOrg(app.db, app.url);
}, 180_000);
afterAll(async () => {
  await app?.close();
  await llm?.close();
});

async function waitForStatus(reportId: string, status: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await org.api(`/api/v1/reports/${reportId}`);
    if (res.body?.status === status) return res;
    if (Date.now() > deadline) throw new Error(`report ${reportId} is not ${status}: ${res.status} ${res.text}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('reports whose job is lost', () => {
  it('a dead-lettered generate-report job makes its report FAILED with a reason; the dashboard retry regenerates it', async () => {
    const { report } = await makeInterviewWithPendingReport(app.db, org.orgId);
    await enqueueReport(app.db, report.id);
    const failed = await waitForStatus(report.id, 'FAILED', 40_000);
    expect(failed.status).toBe(200);
    const [row] = await app.db.select().from(reports).where(eq(reports.id, report.id));
    expect(row.failureReason).toBe(DEAD_LETTERED_REASON);

    llm.setChatMode({ kind: 'ok' });
    const retried = await recruiterCaller(app.db, org.orgId).reports.retry({ reportId: report.id });
    expect(retried).toEqual({ id: report.id, status: 'PENDING' });
    const ready = await waitForStatus(report.id, 'READY', 30_000);
    expect(ready.body.generator).toMatch(/^llm:/);
    llm.setChatMode({ kind: 'hang' });
  }, 90_000);

  it('the maintenance sweep fails an old PENDING report that no job will pick up, and leaves one with a job alone', async () => {
    const stranded = await makeInterviewWithPendingReport(app.db, org.orgId);
    const queued = await makeInterviewWithPendingReport(app.db, org.orgId);
    const fresh = await makeInterviewWithPendingReport(app.db, org.orgId);
    const hourAgo = new Date(Date.now() - 3600_000);
    await app.db.update(reports).set({ createdAt: hourAgo }).where(eq(reports.id, stranded.report.id));
    await app.db.update(reports).set({ createdAt: hourAgo }).where(eq(reports.id, queued.report.id));
    // A job waiting for later: the sweep must not touch its report.
    await app.db.transaction(async (tx) => {
      const { enqueueJob } = await import('@/server/jobs/queue');
      await enqueueJob(tx, QUEUES.generateReport, { reportId: queued.report.id }, { startAfter: 3600 });
    });

    await getJobQueue().boss.send(QUEUES.maintenance, {});
    const failed = await waitForStatus(stranded.report.id, 'FAILED', 30_000);
    expect(failed.status).toBe(200);
    const rows = await app.db.select({ id: reports.id, status: reports.status, failureReason: reports.failureReason }).from(reports).where(eq(reports.orgId, org.orgId));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(stranded.report.id)?.failureReason).toBe(STRANDED_REASON);
    expect(byId.get(queued.report.id)?.status).toBe('PENDING');
    expect(byId.get(fresh.report.id)?.status).toBe('PENDING');
  }, 60_000);
});
