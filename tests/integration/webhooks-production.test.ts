import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpoints } from '@/db/schema';
import { newId } from '@/server/ids';
import { createTestOrg, type TestOrg } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectValidationIssue } from '../support/v1';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

/** Production mode as deployed: WEBHOOK_ALLOW_PRIVATE_URLS unset, so https only and public addresses only. */
let app: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
  app = await startTestApp({ WEBHOOK_RETRY_BASE_SECONDS: '60' });
});
afterAll(async () => {
  await app?.close();
  await receiver?.close();
});

const create = (org: TestOrg, url: string) => org.api('/api/v1/webhook-endpoints', { method: 'POST', body: { url, eventTypes: ['*'] } });

describe('webhook URLs in production', () => {
  it.each([
    `http://example.com/hook`,
    'https://127.0.0.1/hook',
    'https://localhost/hook',
    'https://10.0.0.8/hook',
    'https://192.168.1.20/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.1.1/hook',
    'https://[::1]/hook',
    'https://[fd00::1]/hook',
    'https://[fe80::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://0.0.0.0/hook',
    'https://user:password@example.com/hook',
  ])('%s → 400 naming url', async (url) => {
    const org = await createTestOrg(app.db, app.url);
    const res = await create(org, url);
    expectValidationIssue(res, 'url');
    expect((await org.api('/api/v1/webhook-endpoints')).body.pagination.total).toBe(0);
  });

  it('PATCH to a private URL → 400 naming url', async () => {
    const org = await createTestOrg(app.db, app.url);
    // Stored directly: creation would refuse it; a name that resolved publicly then, say.
    const id = newId('webhookEndpoint');
    await app.db.insert(webhookEndpoints).values({ id, orgId: org.orgId, url: 'https://hooks.example.com/x', eventTypes: ['*'], secret: 'whsec_' + Buffer.alloc(32, 1).toString('base64') });
    expectValidationIssue(await org.api(`/api/v1/webhook-endpoints/${id}`, { method: 'PATCH', body: { url: 'https://127.0.0.1/x' } }), 'url');
  });

  it('is checked again at delivery: an endpoint that now points to a private address gets nothing, and the log says why', async () => {
    const org = await createTestOrg(app.db, app.url);
    const path = '/rebound';
    const id = newId('webhookEndpoint');
    const secret = 'whsec_' + Buffer.alloc(32, 7).toString('base64');
    // As if its name had resolved to a public address at creation and to this machine now (DNS rebinding).
    await app.db.insert(webhookEndpoints).values({ id, orgId: org.orgId, url: `${receiver.base}${path}`, eventTypes: ['*'], secret });
    receiver.register(path, secret);
    const sent = await org.api(`/api/v1/webhook-endpoints/${id}/test`, { method: 'POST' });
    expect(sent.status).toBe(202);
    const deadline = Date.now() + 10_000;
    let items: any[] = [];
    while (Date.now() < deadline) {
      items = (await org.api(`/api/v1/webhook-endpoints/${id}/deliveries`)).body.items;
      if (items.some((d) => d.status === 'FAILED')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(items[0]).toMatchObject({ eventId: sent.body.eventId, status: 'FAILED', responseStatus: null, error: expect.stringMatching(/^Refused: .*(https|private)/) });
    expect(receiver.on(path)).toEqual([]);
  });
});
