import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, candidates, interviews, webhookEvents } from '@/db/schema';
import { waitFor } from '../support/candidate-interview';
import { createTestOrg, makeCandidate, makeHiringSetup, makeInterview, type TestOrg } from '../support/factories';
import { makeRecruiter, sessionCookieFor, trpcMutation, trpcQuery } from '../support/recruiters';
import { startTestApp, type TestApp } from '../support/test-app';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

let app: TestApp;
let receiver: WebhookReceiver;
let org: TestOrg;
let cookie: string;
let setup: Awaited<ReturnType<typeof makeHiringSetup>>;
let real: typeof interviews.$inferSelect;
let demoId: string;
let demoReportId: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  app = await startTestApp({ LLM_BASE_URL: '', STT_BASE_URL: '', TTS_BASE_URL: '', AGENT_DISPATCH_URL: '', DEMO_AGENT_TURN_DELAY_MS: '0', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  org = await createTestOrg(app.db, app.url);
  const endpoint = await org.api('/api/v1/webhook-endpoints', { method: 'POST', body: { url: `${receiver.base}/demo`, eventTypes: ['*'] } });
  expect(endpoint.status).toBe(201);
  receiver.register('/demo', endpoint.body.secret);
  setup = await makeHiringSetup(app.db, org.orgId);
  const candidate = await makeCandidate(app.db, org.orgId, { firstName: 'Real', lastName: 'Person' });
  real = await makeInterview(app.db, org.orgId, { candidateId: candidate.id, jobId: setup.job.id, campaignId: setup.campaign.id, stageId: setup.stage.id, configId: setup.config.id, status: 'INVITED' });
  cookie = await sessionCookieFor(app.db, (await makeRecruiter(app.db, org.orgId)).email);

  const run = await trpcMutation(app.url, 'interviews.runDemo', {}, cookie);
  expect(run.status).toBe(200);
  demoId = run.body.result.data.id;
  const completed = await waitFor(async () => {
    const res = await org.api(`/api/v1/interviews/${demoId}`);
    return res.body.status === 'COMPLETED' && res.body.reportId ? res.body : null;
  });
  demoReportId = completed.reportId;
  await waitFor(async () => ((await org.api(`/api/v1/reports/${demoReportId}`)).body.status === 'READY' ? true : null));
}, 60_000);
afterAll(async () => {
  await app?.close();
  await receiver?.close();
});

describe('Run a demo interview', () => {
  it('runs on a sample candidate in a sample campaign, never on a real interview, and is marked as a demo', async () => {
    expect(demoId).not.toBe(real.id);
    const [after] = await app.db.select().from(interviews).where(eq(interviews.id, real.id));
    expect(after).toMatchObject({ status: 'INVITED', agentDispatchedAt: null, startedAt: null, isDemo: false });

    const v1 = (await org.api(`/api/v1/interviews/${demoId}`)).body;
    expect(v1).toMatchObject({ isDemo: true, status: 'COMPLETED' });
    expect(v1.campaignId).not.toBe(setup.campaign.id);
    expect(v1.transcript.length).toBeGreaterThan(0);
    expect((await org.api(`/api/v1/interviews/${real.id}`)).body.isDemo).toBe(false);
    const [candidate] = await app.db.select().from(candidates).where(eq(candidates.id, v1.candidateId));
    expect(candidate).toMatchObject({ isDemo: true, firstName: 'Sample' });
    const [campaign] = await app.db.select().from(campaigns).where(eq(campaigns.id, v1.campaignId));
    expect(campaign.isDemo).toBe(true);

    // The dashboard shows the flag (the badge) on the interview page and in the interviews table.
    const view = await trpcQuery(app.url, 'dashboard.interview', { id: demoId }, cookie);
    expect(view.body.result.data.isDemo).toBe(true);
    const rows = await trpcQuery(app.url, 'dashboard.interviews', { page: 1, pageSize: 50 }, cookie);
    expect(rows.body.result.data.items.find((r: { id: string }) => r.id === demoId).isDemo).toBe(true);

    // A second demo reuses the sample campaign.
    const again = await trpcMutation(app.url, 'interviews.runDemo', {}, cookie);
    const second = await waitFor(async () => ((await org.api(`/api/v1/interviews/${again.body.result.data.id}`)).body.status === 'COMPLETED' ? true : null));
    expect(second).toBe(true);
    const demoCampaigns = await app.db.select().from(campaigns).where(and(eq(campaigns.orgId, org.orgId), eq(campaigns.isDemo, true)));
    expect(demoCampaigns.length).toBe(1);
    // Not on REST v1, not for API keys.
    expect((await org.api(`/api/v1/interviews/${real.id}/demo`, { method: 'POST' })).status).toBe(404);
  }, 60_000);

  it('leaves no trace in the overview, the rankings, analytics, exports or webhooks', async () => {
    const v1 = (await org.api(`/api/v1/interviews/${demoId}`)).body;
    // Overview: the demo's completion and its READY report are in no count, histogram or average.
    const overview = (await trpcQuery(app.url, 'dashboard.overview', undefined, cookie)).body.result.data;
    expect(overview.byStatus.COMPLETED).toBe(0);
    expect(overview.averageScore).toBeNull();
    expect(JSON.stringify(overview)).not.toContain(demoId);

    // Rankings: neither the real campaign's nor the sample campaign's.
    for (const campaignId of [setup.campaign.id, v1.campaignId]) {
      const ranking = await trpcQuery(app.url, 'dashboard.campaignRanking', { campaignId, page: 1, pageSize: 50 }, cookie);
      expect(ranking.status).toBe(200);
      expect(JSON.stringify(ranking.body)).not.toContain(demoId);
    }

    // Analytics (CONTRACT §14), scoped to the configuration the demo used and to its campaign.
    for (const scope of [`configId=${v1.configId}`, `campaignId=${v1.campaignId}`, `jobId=${v1.jobId}`]) {
      const funnel = await org.api(`/api/v1/analytics/funnel?${scope}`);
      expect(funnel.status).toBe(200);
      expect(funnel.body.completed ?? funnel.body.funnel?.completed ?? funnel.body.totals?.completed).toBe(0);
    }

    // Exports: JSON and CSV of the sample campaign carry no interview.
    const json = await org.api(`/api/v1/reports/export?campaignId=${v1.campaignId}`);
    expect(json.status).toBe(200);
    expect(json.text).not.toContain(demoId);
    const csv = await org.api(`/api/v1/reports/export?campaignId=${v1.campaignId}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.text).not.toContain(demoId);
    expect(csv.text).not.toContain(demoReportId);

    // Webhooks: a real change after the demo is delivered; nothing of the demo was ever recorded or sent.
    const sentinel = await org.api('/api/v1/candidates', { method: 'POST', body: { email: 'after.demo@example.com' } });
    expect(sentinel.status).toBe(201);
    await receiver.waitFor(() => receiver.on('/demo').some((d) => d.body.data.id === sentinel.body.id));
    const stored = await app.db.select({ body: webhookEvents.body }).from(webhookEvents).where(eq(webhookEvents.orgId, org.orgId));
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) {
      expect(row.body).not.toContain(demoId);
      expect(row.body).not.toContain(demoReportId);
      expect(row.body).not.toContain(v1.candidateId);
    }
    expect(JSON.stringify(receiver.on('/demo'))).not.toContain(demoId);
    expect(receiver.rejected).toEqual([]);
    // The demo's rows exist (the assertions above are about the figures, not an empty database).
    const [{ n }] = await app.db.select({ n: sql<number>`count(*)::int` }).from(interviews).where(and(eq(interviews.orgId, org.orgId), eq(interviews.isDemo, true), eq(interviews.status, 'COMPLETED')));
    expect(Number(n)).toBe(2);
  });

  it('belongs to the organization that ran it', async () => {
    const other = await createTestOrg(app.db, app.url);
    const stranger = await sessionCookieFor(app.db, (await makeRecruiter(app.db, other.orgId)).email);
    const run = await trpcMutation(app.url, 'interviews.runDemo', {}, stranger);
    expect(run.status).toBe(200);
    expect((await org.api(`/api/v1/interviews/${run.body.result.data.id}`)).status).toBe(404);
  });
});
