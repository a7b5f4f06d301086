import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toAppError } from '@/server/errors';
import { newId } from '@/server/ids';
import { createTestOrg, makeHiringSetup } from '../support/factories';
import { apiKeyCaller, recruiterCaller } from '../support/recruiter-caller';
import { startTestApp, TEST_AGENT_SECRET, type TestApp } from '../support/test-app';
import { startFakeGreenhouse, type FakeGreenhouse } from '../support/fake-greenhouse';
import { eq } from 'drizzle-orm';
import { atsOrders, atsWritebacks, interviews } from '@/db/schema';

/** Settings → Integrations' procedures (dashboard only): admins only, each organization sees and changes only its own. */
let app: TestApp;
let greenhouse: FakeGreenhouse;
beforeAll(async () => {
  app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_BASE_SECONDS: '0.2', WEBHOOK_RETRY_WINDOW_SECONDS: '1', RESEND_API_KEY: '', RESEND_BASE_URL: '' });
  greenhouse = await startFakeGreenhouse(app.url);
});
afterAll(async () => {
  await greenhouse?.close();
  await app?.close();
});

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'OK';
  } catch (error) {
    return toAppError(error).appCode;
  }
};

describe('integrations router', () => {
  it('an admin connects Greenhouse (key shown once), maps a test, sees the log; the key works against the protocol', async () => {
    const org = await createTestOrg(app.db, app.url);
    const setup = await makeHiringSetup(app.db, org.orgId);
    const admin = recruiterCaller(app.db, org.orgId, 'admin');
    const created = await admin.integrations.createCredential({ ats: 'greenhouse' });
    expect(created.key).toMatch(/^iik_/);
    const test = await admin.integrations.createTestMapping({ ats: 'greenhouse', name: 'Screening', campaignId: setup.campaign.id, configId: setup.config.id });
    expect((await greenhouse.call(created.key, 'list_tests')).body).toEqual([{ partner_test_id: test.id, partner_test_name: 'Screening' }]);
    const overview = await admin.integrations.get({ ats: 'greenhouse' });
    expect(overview.endpoints.map((e) => e.url)).toEqual(['list_tests', 'send_test', 'test_status', 'response_error'].map((op) => `http://localhost:3999/api/integrations/greenhouse/${op}`));
    expect(overview.credentials).toEqual([expect.objectContaining({ id: created.id, prefix: created.key.slice(0, 10), lastUsedAt: expect.any(String), revokedAt: null })]);
    expect(JSON.stringify(overview)).not.toContain(created.key);
    expect(overview.tests).toEqual([expect.objectContaining({ id: test.id, campaignId: setup.campaign.id, jobId: setup.job.id, configId: setup.config.id })]);
    expect(overview.log.map((l) => l.operation)).toEqual(['list_tests']);

    const renamed = await admin.integrations.updateTestMapping({ id: test.id, name: 'Screening v2', campaignId: setup.campaign.id, stageId: setup.stage.id, configId: null });
    expect(renamed).toMatchObject({ name: 'Screening v2', stageId: setup.stage.id, configId: null });
    await admin.integrations.revokeCredential({ id: created.id });
    expect((await greenhouse.call(created.key, 'list_tests')).status).toBe(401);
  });

  it('a failed write-back is retried from Settings once, and only a failed one', async () => {
    const org = await createTestOrg(app.db, app.url);
    const setup = await makeHiringSetup(app.db, org.orgId);
    const admin = recruiterCaller(app.db, org.orgId, 'admin');
    const { key } = await admin.integrations.createCredential({ ats: 'greenhouse' });
    const test = await admin.integrations.createTestMapping({ ats: 'greenhouse', name: 'Screening', campaignId: setup.campaign.id });
    let refusing = true;
    const sent = await greenhouse.sendTest(key, { partnerTestId: test.id, email: `retry-${newId('candidate').slice(4).toLowerCase()}@example.com`, answer: () => (refusing ? 500 : 200) });
    expect(sent.status).toBe(200);
    // Finalized by the agent without a report: the result is settled at once, and the write-back queued.
    const [order] = await app.db.select().from(atsOrders).where(eq(atsOrders.id, sent.body.partner_interview_id));
    await app.db.update(interviews).set({ status: 'IN_PROGRESS', startedAt: new Date() }).where(eq(interviews.id, order.interviewId));
    const finalized = await fetch(`${app.url}/api/interviews/${order.interviewId}/finalize`, { method: 'POST', headers: { 'x-agent-secret': TEST_AGENT_SECRET, 'content-type': 'application/json' }, body: JSON.stringify({ generateReport: false }) });
    expect(finalized.status, await finalized.text()).toBe(200);
    const failed = await waitForStatus(admin, 'FAILED');
    expect(failed.attempts).toBeGreaterThanOrEqual(1);
    expect(await codeOf(admin.integrations.retryWriteback({ id: newId('atsWriteback') }))).toBe('NOT_FOUND');
    refusing = false;
    const retried = await admin.integrations.retryWriteback({ id: failed.id });
    expect(retried.status).toBe('PENDING');
    await waitForStatus(admin, 'SUCCEEDED');
    expect(greenhouse.on(sent.callbackPath).filter((p) => p.answeredWith === 200)).toHaveLength(1);
    expect(await codeOf(admin.integrations.retryWriteback({ id: failed.id }))).toBe('CONFLICT');
    const [row] = await app.db.select().from(atsWritebacks).where(eq(atsWritebacks.id, failed.id));
    expect(row.series).toBe(1);
  });

  it('Lever: the webhook address per integration, its signature token given later; admins of the organization only', async () => {
    const a = await createTestOrg(app.db, app.url);
    const b = await createTestOrg(app.db, app.url);
    const adminA = recruiterCaller(app.db, a.orgId, 'admin');
    const adminB = recruiterCaller(app.db, b.orgId, 'admin');
    const created = await adminA.integrations.createCredential({ ats: 'lever', apiKey: 'lever-key' });
    expect(created).toMatchObject({ hasApiKey: true, hasSigningSecret: false, webhookUrl: `http://localhost:3999/api/integrations/lever/webhook/${created.id}` });
    expect((await adminA.integrations.get({ ats: 'lever' })).credentials).toEqual([expect.objectContaining({ id: created.id, webhookUrl: created.webhookUrl })]);
    // Greenhouse's and Ashby's credentials have no webhook address.
    expect((await adminA.integrations.createCredential({ ats: 'greenhouse' })).webhookUrl).toBeNull();

    for (const role of ['recruiter', 'viewer'] as const) {
      const caller = recruiterCaller(app.db, a.orgId, role);
      expect(await codeOf(caller.integrations.setCredentialSecrets({ id: created.id, signingSecret: 'x' }))).toBe('FORBIDDEN');
      expect(await codeOf(caller.integrations.leverStages({ credentialId: created.id }))).toBe('FORBIDDEN');
    }
    expect(await codeOf(adminB.integrations.setCredentialSecrets({ id: created.id, signingSecret: 'x' }))).toBe('NOT_FOUND');
    expect(await codeOf(adminB.integrations.leverStages({ credentialId: created.id }))).toBe('NOT_FOUND');
    expect(await codeOf(adminA.integrations.setCredentialSecrets({ id: created.id }))).toBe('VALIDATION_ERROR');

    const updated = await adminA.integrations.setCredentialSecrets({ id: created.id, signingSecret: 'lever-signature-token' });
    expect(updated).toMatchObject({ id: created.id, hasApiKey: true, hasSigningSecret: true });
    expect(JSON.stringify(await adminA.integrations.get({ ats: 'lever' }))).not.toContain('lever-signature-token');
    const setup = await makeHiringSetup(app.db, a.orgId);
    expect(await codeOf(adminA.integrations.createTestMapping({ ats: 'lever', name: 'No stage', campaignId: setup.campaign.id }))).toBe('VALIDATION_ERROR');
    expect(await adminA.integrations.createTestMapping({ ats: 'lever', name: 'Phone screen', campaignId: setup.campaign.id, atsStageId: 'stage-1' })).toMatchObject({ atsStageId: 'stage-1' });

    await adminA.integrations.revokeCredential({ id: created.id });
    expect(await codeOf(adminA.integrations.setCredentialSecrets({ id: created.id, signingSecret: 'y' }))).toBe('NOT_FOUND');
  });

  it('recruiters, viewers and API keys are refused; another organization’s ids behave as missing ones', async () => {
    const a = await createTestOrg(app.db, app.url);
    const b = await createTestOrg(app.db, app.url);
    const setupA = await makeHiringSetup(app.db, a.orgId);
    const adminA = recruiterCaller(app.db, a.orgId, 'admin');
    const adminB = recruiterCaller(app.db, b.orgId, 'admin');
    const credential = await adminA.integrations.createCredential({ ats: 'greenhouse' });
    const test = await adminA.integrations.createTestMapping({ ats: 'greenhouse', name: 'A test', campaignId: setupA.campaign.id });

    for (const role of ['recruiter', 'viewer'] as const) {
      const caller = recruiterCaller(app.db, a.orgId, role);
      expect(await codeOf(caller.integrations.get({ ats: 'greenhouse' }))).toBe('FORBIDDEN');
      expect(await codeOf(caller.integrations.createCredential({ ats: 'greenhouse' }))).toBe('FORBIDDEN');
      expect(await codeOf(caller.integrations.revokeCredential({ id: credential.id }))).toBe('FORBIDDEN');
      expect(await codeOf(caller.integrations.createTestMapping({ ats: 'greenhouse', name: 'x', campaignId: setupA.campaign.id }))).toBe('FORBIDDEN');
    }
    expect(await codeOf(apiKeyCaller(app.db, a.orgId).integrations.get({ ats: 'greenhouse' }))).not.toBe('OK');

    // B cannot see, revoke, change or target A's things.
    expect((await adminB.integrations.get({ ats: 'greenhouse' })).credentials).toEqual([]);
    expect(await codeOf(adminB.integrations.revokeCredential({ id: credential.id }))).toBe('NOT_FOUND');
    expect(await codeOf(adminB.integrations.revokeCredential({ id: newId('atsCredential') }))).toBe('NOT_FOUND');
    expect(await codeOf(adminB.integrations.updateTestMapping({ id: test.id, name: 'taken', campaignId: setupA.campaign.id }))).toBe('VALIDATION_ERROR');
    const setupB = await makeHiringSetup(app.db, b.orgId);
    expect(await codeOf(adminB.integrations.updateTestMapping({ id: test.id, name: 'taken', campaignId: setupB.campaign.id }))).toBe('NOT_FOUND');
    expect(await codeOf(adminB.integrations.createTestMapping({ ats: 'greenhouse', name: 'x', campaignId: setupA.campaign.id }))).toBe('VALIDATION_ERROR');
    expect(await codeOf(adminB.integrations.createTestMapping({ ats: 'greenhouse', name: 'x', campaignId: setupB.campaign.id, configId: setupA.config.id }))).toBe('VALIDATION_ERROR');
    expect(await codeOf(adminB.integrations.createTestMapping({ ats: 'greenhouse', name: 'x', campaignId: setupB.campaign.id, stageId: setupA.stage.id }))).toBe('VALIDATION_ERROR');

    // The interview page's source: only the organization's own interviews.
    const sent = await greenhouse.sendTest(credential.key, { partnerTestId: test.id, email: 'source@example.com' });
    const [order] = await app.db.select().from(atsOrders).where(eq(atsOrders.id, sent.body.partner_interview_id));
    expect(await recruiterCaller(app.db, a.orgId, 'viewer').integrations.interviewSource({ interviewId: order.interviewId })).toEqual({ ats: 'greenhouse', label: 'Greenhouse', orderId: order.id, testName: 'A test' });
    expect(await adminB.integrations.interviewSource({ interviewId: order.interviewId })).toBeNull();
  });
});

async function waitForStatus(admin: ReturnType<typeof recruiterCaller>, status: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [writeback] = (await admin.integrations.get({ ats: 'greenhouse' })).writebacks;
    if (writeback?.status === status) return writeback;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${status}; last ${JSON.stringify(writeback)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
