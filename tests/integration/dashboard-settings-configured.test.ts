import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOrg } from '../support/factories';
import { insertMailboxMessage } from '../support/mailbox';
import { makeRecruiter, sessionCookieFor, trpcQuery } from '../support/recruiters';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A deployment wired to real providers: Resend for email, an agent platform for dispatch, a language model for
 * reports. Nothing is sent in this file (no interview is created), so the providers' URLs are never called.
 */
const DISPATCH_SECRET = 'dispatch-secret-0123456789';
const RESEND_KEY = 're_test_configured_key';
const LLM_KEY = 'sk-test-llm-key';
let app: TestApp;
let cookie: string;
let orgId: string;

beforeAll(async () => {
  app = await startTestApp({
    RESEND_API_KEY: RESEND_KEY,
    RESEND_BASE_URL: 'http://127.0.0.1:9/resend',
    AGENT_DISPATCH_URL: 'https://user:pass@agents.example.test/dispatch?token=platform-token',
    AGENT_DISPATCH_SECRET: DISPATCH_SECRET,
    LLM_BASE_URL: 'http://127.0.0.1:9/llm',
    LLM_API_KEY: LLM_KEY,
    LLM_MODEL: 'gpt-test',
  });
  const org = await createTestOrg(app.db, app.url);
  orgId = org.orgId;
  cookie = await sessionCookieFor(app.db, (await makeRecruiter(app.db, orgId)).email);
});
afterAll(() => app?.close());

describe('Settings when providers are configured', () => {
  it('the local mailbox is refused (FORBIDDEN), messages from before the switch included', async () => {
    const message = await insertMailboxMessage(app.db, orgId, { to: 'grace@navy.example', subject: 'Before the switch' });
    for (const res of [await trpcQuery(app.url, 'mailbox.list', {}, cookie), await trpcQuery(app.url, 'mailbox.get', { id: message.id }, cookie)]) {
      expect(res.status).toBe(403);
      expect(res.body.error.data.error).toMatchObject({ code: 'FORBIDDEN', message: 'The local mailbox is off: email is delivered by Resend (RESEND_API_KEY is set)' });
      expect(JSON.stringify(res.body)).not.toContain('Before the switch');
    }
  });

  it('the integration state names the providers without their secrets, credentials or query strings', async () => {
    const res = await trpcQuery(app.url, 'settings.integration', undefined, cookie);
    expect(res.status).toBe(200);
    expect(res.body.result.data).toMatchObject({
      dispatch: { mode: 'webhook', url: 'https://agents.example.test/dispatch', timeoutMs: 10_000, signatureHeaders: ['X-Timestamp', 'X-Signature'] },
      email: { transport: 'resend' },
      reports: { generator: 'llm', model: 'gpt-test' },
    });
    const text = JSON.stringify(res.body);
    for (const secret of [DISPATCH_SECRET, 'platform-token', 'user:pass', RESEND_KEY, LLM_KEY]) expect(text).not.toContain(secret);
  });

  it('the pages say so: Settings shows Resend and the agent platform, the mailbox page explains it is off', async () => {
    const settings = await fetch(`${app.url}/settings/developers`, { headers: { cookie } });
    expect(settings.status).toBe(200);
    const html = await settings.text();
    expect(html).toContain('Agent platform');
    expect(html).toContain('https://agents.example.test/dispatch');
    expect(html).not.toContain('Open the local mailbox');
    for (const secret of [DISPATCH_SECRET, 'platform-token', RESEND_KEY, LLM_KEY]) expect(html).not.toContain(secret);
    const mailbox = await fetch(`${app.url}/settings/mailbox`, { headers: { cookie } });
    expect(mailbox.status).toBe(200);
    expect(await mailbox.text()).toContain('The local mailbox is off');
  });
});
