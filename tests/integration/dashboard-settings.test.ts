import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '@/db/schema';
import { sha256Hex } from '@/server/crypto';
import { newId } from '@/server/ids';
import { createTestOrg, request, type TestOrg } from '../support/factories';
import { insertMailboxMessage } from '../support/mailbox';
import { apiKeyCaller } from '../support/recruiter-caller';
import { makeRecruiter, sessionCookieFor, trpcMutation, trpcQuery } from '../support/recruiters';
import { startTestApp, TEST_AGENT_SECRET, TEST_MEDIA_TOKEN_SECRET, type TestApp } from '../support/test-app';

/** The Settings page's procedures over the dashboard's tRPC endpoint: API keys, the local mailbox, the integration state. */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ RESEND_API_KEY: '', RESEND_BASE_URL: '', AGENT_DISPATCH_URL: '', AGENT_DISPATCH_SECRET: '', LLM_BASE_URL: '' });
});
afterAll(() => app?.close());

async function recruiterOrg(): Promise<TestOrg & { cookie: string }> {
  const org = await createTestOrg(app.db, app.url);
  const user = await makeRecruiter(app.db, org.orgId);
  return { ...org, cookie: await sessionCookieFor(app.db, user.email) };
}

const errorOf = (res: { body: any }) => res.body.error.data.error as { code: string; message: string; issues?: { path: string; message: string }[] };

const insertMessage = (orgId: string, fields: { to: string; subject: string; createdAt: Date }) => insertMailboxMessage(app.db, orgId, fields);

describe('API keys from the dashboard', () => {
  it('creates a key whose plaintext is returned once; lists never return a hash or the plaintext; revoking stops it at once', async () => {
    const org = await recruiterOrg();
    const created = await trpcMutation(app.url, 'apiKeys.create', { name: 'ATS integration', scopes: ['interviews:read'] }, org.cookie);
    expect(created.status).toBe(200);
    const key = created.body.result.data;
    expect(key).toMatchObject({ id: expect.stringMatching(/^key_/), key: expect.stringMatching(/^isk_[0-9A-Za-z]{40}$/), name: 'ATS integration', scopes: ['interviews:read'] });
    expect(Object.keys(key).sort()).toEqual(['createdAt', 'id', 'key', 'name', 'prefix', 'scopes']);
    const [stored] = await app.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(stored.keyHash).toBe(sha256Hex(key.key));

    const used = await request(app.url, '/api/v1/interviews', { key: key.key });
    expect(used.status).toBe(200);
    const list = await trpcQuery(app.url, 'apiKeys.list', {}, org.cookie);
    expect(list.status).toBe(200);
    const text = JSON.stringify(list.body);
    // Neither the digest (under any name) nor the plaintext of any key of the organization leaves the server.
    expect(text).not.toContain(stored.keyHash);
    expect(text).not.toContain(sha256Hex(org.apiKey));
    expect(text).not.toContain(key.key);
    expect(text).not.toContain(org.apiKey);
    expect(text).not.toMatch(/hash/i);
    const item = list.body.result.data.items.find((i: { id: string }) => i.id === key.id);
    expect(Object.keys(item).sort()).toEqual(['createdAt', 'id', 'lastUsedAt', 'name', 'prefix', 'revokedAt', 'scopes']);
    expect(item).toMatchObject({ prefix: key.prefix, revokedAt: null, lastUsedAt: expect.any(String) });
    expect(list.body.result.data.items.map((i: { id: string }) => i.id).sort()).toEqual([key.id, org.apiKeyId].sort());

    const revoked = await trpcMutation(app.url, 'apiKeys.revoke', { id: key.id }, org.cookie);
    expect(revoked.status).toBe(200);
    expect(revoked.body.result.data).toEqual({ id: key.id, revokedAt: expect.any(String) });
    expect((await request(app.url, '/api/v1/interviews', { key: key.key })).status).toBe(401);
    // Revoking again is harmless and keeps the first time.
    expect((await trpcMutation(app.url, 'apiKeys.revoke', { id: key.id }, org.cookie)).body.result.data.revokedAt).toBe(revoked.body.result.data.revokedAt);
  });

  it("another organization's key id is NOT_FOUND exactly like a missing or malformed one, and stays active", async () => {
    const a = await recruiterOrg();
    const b = await recruiterOrg();
    const foreign = await trpcMutation(app.url, 'apiKeys.revoke', { id: a.apiKeyId }, b.cookie);
    const missing = await trpcMutation(app.url, 'apiKeys.revoke', { id: newId('apiKey') }, b.cookie);
    const malformed = await trpcMutation(app.url, 'apiKeys.revoke', { id: 'not-a-key-id' }, b.cookie);
    for (const res of [foreign, missing, malformed]) {
      expect(res.status).toBe(404);
      expect(errorOf(res)).toMatchObject({ code: 'NOT_FOUND', message: errorOf(missing).message });
    }
    expect((await a.api('/api/v1/interviews')).status).toBe(200);
    const listB = await trpcQuery(app.url, 'apiKeys.list', {}, b.cookie);
    expect(listB.body.result.data.items.map((i: { id: string }) => i.id)).toEqual([b.apiKeyId]);
  });

  it('explains a bad scope list field by field', async () => {
    const org = await recruiterOrg();
    const none = await trpcMutation(app.url, 'apiKeys.create', { name: 'x', scopes: [] }, org.cookie);
    expect(none.status).toBe(400);
    expect(errorOf(none).issues).toEqual([{ path: 'scopes', message: 'Give at least one scope' }]);
    const unknown = await trpcMutation(app.url, 'apiKeys.create', { scopes: ['admin'] }, org.cookie);
    expect(errorOf(unknown).issues?.[0]).toMatchObject({ path: 'scopes.0', message: expect.stringContaining('Unknown scope "admin"') });
  });
});

describe('the local mailbox', () => {
  it("lists the organization's messages only, newest first, without their bodies; opens one with its text and HTML", async () => {
    const a = await recruiterOrg();
    const b = await recruiterOrg();
    const older = await insertMessage(a.orgId, { to: 'grace@navy.example', subject: 'Interview invitation: Analyst at A', createdAt: new Date(Date.now() - 60_000) });
    const newer = await insertMessage(a.orgId, { to: 'alan@bletchley.example', subject: 'Reminder: your interview', createdAt: new Date() });
    await insertMessage(b.orgId, { to: 'someone@b.example', subject: 'Interview invitation: at B', createdAt: new Date() });

    const list = await trpcQuery(app.url, 'mailbox.list', {}, a.cookie);
    expect(list.status).toBe(200);
    expect(list.body.result.data.items).toEqual([
      { id: newer.id, to: 'alan@bletchley.example', subject: 'Reminder: your interview', createdAt: newer.createdAt.toISOString() },
      { id: older.id, to: 'grace@navy.example', subject: 'Interview invitation: Analyst at A', createdAt: older.createdAt.toISOString() },
    ]);
    const paged = await trpcQuery(app.url, 'mailbox.list', { page: 2, pageSize: 1 }, a.cookie);
    expect(paged.body.result.data).toEqual({ items: [expect.objectContaining({ id: older.id })], pagination: { page: 2, pageSize: 1, total: 2, totalPages: 2 } });

    const opened = await trpcQuery(app.url, 'mailbox.get', { id: older.id }, a.cookie);
    expect(opened.status).toBe(200);
    expect(opened.body.result.data).toEqual({
      id: older.id,
      from: 'Interview Screening <no-reply@interviews.localhost>',
      to: 'grace@navy.example',
      subject: 'Interview invitation: Analyst at A',
      text: older.text,
      html: older.html,
      createdAt: older.createdAt.toISOString(),
    });
  });

  it("another organization's message id is NOT_FOUND exactly like a missing or malformed one", async () => {
    const a = await recruiterOrg();
    const b = await recruiterOrg();
    const message = await insertMessage(a.orgId, { to: 'grace@navy.example', subject: 'Private', createdAt: new Date() });
    const foreign = await trpcQuery(app.url, 'mailbox.get', { id: message.id }, b.cookie);
    const missing = await trpcQuery(app.url, 'mailbox.get', { id: newId('mailboxMessage') }, b.cookie);
    const malformed = await trpcQuery(app.url, 'mailbox.get', { id: 'itv_0000000000000000000000' }, b.cookie);
    for (const res of [foreign, missing, malformed]) {
      expect(res.status).toBe(404);
      expect(errorOf(res)).toMatchObject({ code: 'NOT_FOUND', message: errorOf(missing).message });
      expect(JSON.stringify(res.body)).not.toContain('Private');
    }
    expect((await trpcQuery(app.url, 'mailbox.list', {}, b.cookie)).body.result.data.items).toEqual([]);
  });
});

describe('integration settings', () => {
  it('say which secrets are set and where interviews are dispatched, never the secrets themselves', async () => {
    const org = await recruiterOrg();
    const res = await trpcQuery(app.url, 'settings.integration', undefined, org.cookie);
    expect(res.status).toBe(200);
    expect(res.body.result.data).toMatchObject({
      agent: { secretConfigured: true, routes: expect.arrayContaining([{ method: 'POST', path: '/api/interviews/:id/turns', description: expect.any(String) }]) },
      mediaToken: { secretConfigured: true, algorithm: 'HS256', audience: 'interview-screening:agent', lifetimeSeconds: 7200 },
      dispatch: { mode: 'interviewer', transcription: null, speech: null, evaluation: null, followUps: false, storage: 'local', answerTimeLimitSeconds: 180 },
      email: { transport: 'mailbox' },
      reports: { generator: 'rules', model: null },
    });
    expect(JSON.stringify(res.body)).not.toContain(TEST_AGENT_SECRET);
    expect(JSON.stringify(res.body)).not.toContain(TEST_MEDIA_TOKEN_SECRET);
  });
});

describe('who may call them', () => {
  it('an API key never reaches the Settings procedures, not even with every scope', async () => {
    const org = await createTestOrg(app.db, app.url);
    const caller = apiKeyCaller(app.db, org.orgId);
    for (const call of [
      () => caller.apiKeys.list({}),
      () => caller.apiKeys.create({ scopes: ['interviews:read'] }),
      () => caller.apiKeys.revoke({ id: org.apiKeyId }),
      () => caller.mailbox.list({}),
      () => caller.mailbox.get({ id: newId('mailboxMessage') }),
      () => caller.settings.integration(),
    ]) {
      await expect(call()).rejects.toMatchObject({ appCode: 'FORBIDDEN' });
    }
    // Over HTTP the dashboard endpoint knows sessions only: a key there is no one (401).
    const res = await trpcQuery(app.url, 'mailbox.list', {}, undefined, { authorization: `Bearer ${org.apiKey}` });
    expect(res.status).toBe(401);
    // And none of them is on REST v1.
    for (const path of ['/api/v1/mailbox', '/api/v1/api-keys', '/api/v1/settings/integration']) {
      expect((await org.api(path)).status, path).toBe(404);
    }
  });
});
