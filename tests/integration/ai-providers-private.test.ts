import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationProviders } from '@/db/schema';
import { encryptSecret } from '@/server/crypto';
import { keyContext } from '@/server/services/providers/resolve-provider';
import { createTestOrg } from '../support/factories';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';
import { enqueueReport, makeInterviewWithPendingReport, waitForReport } from '../support/report-factories';
import { makeRecruiter, sessionCookieFor, trpcMutation } from '../support/recruiters';
import { startTestApp, TEST_PROVIDER_KEY_SECRET, type TestApp } from '../support/test-app';

/**
 * An organization's provider base URL passes the webhook URLs' check when the operator does not allow private
 * addresses (PROVIDER_ALLOW_PRIVATE_URLS unset, production): at save time, and again at each call, so a name that
 * resolved to a public address when saved and to this host later (DNS rebinding) reaches nothing.
 */
const ORG_KEY = 'sk-org-private-test-key-0a1b2c3d4e5f';
let app: TestApp;
let provider: FakeOpenAi;

beforeAll(async () => {
  provider = await startFakeOpenAi();
  app = await startTestApp({ LLM_BASE_URL: '', STT_BASE_URL: '', TTS_BASE_URL: '', REALTIME_BASE_URL: '', PROVIDER_ALLOW_PRIVATE_URLS: 'false' });
});
afterAll(async () => {
  await app?.close();
  await provider?.close();
});

describe('provider base URLs and private addresses', () => {
  it('are refused at save time and at call time', async () => {
    const org = await createTestOrg(app.db, app.url);
    const user = await makeRecruiter(app.db, org.orgId, { role: 'admin' });
    const admin = await sessionCookieFor(app.db, user.email);
    for (const baseUrl of ['https://127.0.0.1:8443/v1', 'https://169.254.169.254/v1', 'https://localhost/v1', 'https://[::ffff:10.0.0.1]/v1']) {
      const res = await trpcMutation(app.url, 'settings.updateProviders', { llm: { baseUrl, apiKey: ORG_KEY } }, admin);
      expect(res.status, baseUrl).toBe(400);
      expect(res.body.error.data.error.issues[0]).toMatchObject({ path: 'llm.baseUrl', message: expect.stringMatching(/private, loopback, link-local/) });
    }
    const plain = await trpcMutation(app.url, 'settings.updateProviders', { llm: { baseUrl: 'http://api.example.com/v1' } }, admin);
    expect(plain.body.error.data.error.issues[0]).toEqual({ path: 'llm.baseUrl', message: 'Must be an https URL' });
    expect(await app.db.select().from(organizationProviders).where(eq(organizationProviders.orgId, org.orgId))).toEqual([]);

    // A name that passed when saved and now resolves to this host: refused at each call, nothing reaches it.
    const port = new URL(provider.baseUrl).port;
    await app.db.insert(organizationProviders).values({
      orgId: org.orgId,
      kind: 'llm',
      baseUrl: `https://localhost:${port}/v1`,
      apiKeyEncrypted: encryptSecret(ORG_KEY, TEST_PROVIDER_KEY_SECRET, keyContext(org.orgId, 'llm')),
      model: 'org-model',
    });
    const tested = await trpcMutation(app.url, 'settings.testProviders', {}, admin);
    const llm = tested.body.result.data.results.find((r: { kind: string }) => r.kind === 'llm');
    expect(llm).toMatchObject({ configured: true, ok: false, message: expect.stringMatching(/^Base URL refused: Must not point to a private/) });

    const { interview, report } = await makeInterviewWithPendingReport(app.db, org.orgId);
    await enqueueReport(app.db, report.id);
    await waitForReport(app.db, report.id, 'READY');
    const res = await org.api(`/api/v1/reports/interviews/${interview.id}`);
    expect(res.body).toMatchObject({ generator: 'rules' });
    expect(res.body.summary).toMatch(/language model was unavailable/);
    expect(provider.requests).toHaveLength(0);
  }, 120_000);
});
