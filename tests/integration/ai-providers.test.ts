import { readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocketServer } from 'ws';
import { auditEvents, organizationProviders, turns } from '@/db/schema';
import { decryptSecret } from '@/server/crypto';
import { contentHash } from '@/server/services/ai/provenance';
import { EVALUATION_PROMPT_VERSION } from '@/server/services/interviewer/evaluate-answer';
import { keyContext } from '@/server/services/providers/resolve-provider';
import { makeInvitedInterview, waitFor } from '../support/candidate-interview';
import { countSearchedColumns, searchWholeDatabase } from '../support/database-search';
import { createTestOrg, request, type TestOrg } from '../support/factories';
import { FAKE_SUMMARY, startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';
import { enqueueReport, makeInterviewWithPendingReport, waitForReport } from '../support/report-factories';
import { makeRecruiter, sessionCookieFor, trpcMutation, trpcQuery, type TrpcResponse } from '../support/recruiters';
import { startTestApp, TEST_PROVIDER_KEY_SECRET, type TestApp } from '../support/test-app';

/**
 * Settings → AI providers (CONTRACT §16): an organization's own language model, speech and real-time providers
 * over the operator's environment, over real HTTP. The operator's provider and the organization's are two local
 * OpenAI-compatible servers, called through the real `openai` SDK; the realtime one is a small WebSocket server
 * that opens a session as the OpenAI Realtime protocol does.
 */
// Before any import reads it: server/log.ts picks its destination at load.
const logDir = vi.hoisted(() => {
  const fs = require('node:fs') as typeof import('node:fs');
  const os = require('node:os') as typeof import('node:os');
  const path = require('node:path') as typeof import('node:path');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'itv-providers-'));
  process.env.LOG_DESTINATION = path.join(dir, 'app.log');
  process.env.LOG_LEVEL = 'debug';
  return dir;
});

const ORG_KEY = 'sk-org-a-plain-key-7f3c9e21d4b8a650';
const OPERATOR_KEY = 'sk-operator-key-0123456789abcdef';

let app: TestApp;
let operator: FakeOpenAi;
let orgProvider: FakeOpenAi;
let realtime: { baseUrl: string; sessions: { authorization: string | undefined; model: string | null }[]; close: () => Promise<void> };
/** Every response body the tests got, searched for the key at the end. */
const responses: string[] = [];

/** A realtime server: `session.created` for the right key, else an error event that echoes the key as OpenAI's does. */
async function startFakeRealtime(expectedKey: string) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/v1/realtime' });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const sessions: { authorization: string | undefined; model: string | null }[] = [];
  wss.on('connection', (socket, req) => {
    const model = new URL(req.url ?? '/', 'http://x').searchParams.get('model');
    sessions.push({ authorization: req.headers.authorization, model });
    if (req.headers.authorization === `Bearer ${expectedKey}`) socket.send(JSON.stringify({ type: 'session.created', event_id: 'ev_1', session: { model } }));
    else socket.send(JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message: `Incorrect API key provided: ${req.headers.authorization?.slice(7)}.` } }));
  });
  return {
    baseUrl: `http://127.0.0.1:${(wss.address() as AddressInfo).port}/v1`,
    sessions,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}

beforeAll(async () => {
  operator = await startFakeOpenAi();
  orgProvider = await startFakeOpenAi();
  realtime = await startFakeRealtime(ORG_KEY);
  app = await startTestApp({
    LLM_BASE_URL: operator.baseUrl,
    LLM_API_KEY: OPERATOR_KEY,
    LLM_MODEL: 'operator-model',
    STT_BASE_URL: '',
    TTS_BASE_URL: '',
    REALTIME_BASE_URL: '',
    // The fakes listen on 127.0.0.1; one test turns this off to see the private-address check.
    PROVIDER_ALLOW_PRIVATE_URLS: 'true',
    LOG_FLUSH_MS: '0',
    STORAGE_DIR: path.join(logDir, 'storage'),
    S3_BUCKET: '',
  });
});
afterAll(async () => {
  await app?.close();
  await operator?.close();
  await orgProvider?.close();
  await realtime?.close();
  delete process.env.LOG_DESTINATION;
  if (logDir) await rm(logDir, { recursive: true, force: true });
});

type Org = TestOrg & { admin: string };

async function orgWithAdmin(existing?: TestOrg): Promise<Org> {
  const org = existing ?? (await createTestOrg(app.db, app.url));
  const user = await makeRecruiter(app.db, org.orgId, { role: 'admin' });
  return { ...org, admin: await sessionCookieFor(app.db, user.email) };
}

function kept(res: TrpcResponse): TrpcResponse {
  responses.push(JSON.stringify(res.body));
  return res;
}
const getProviders = (cookie: string) => trpcQuery(app.url, 'settings.providers', undefined, cookie).then(kept);
const updateProviders = (cookie: string, input: unknown) => trpcMutation(app.url, 'settings.updateProviders', input, cookie).then(kept);
const testProviders = (cookie: string, input: unknown = {}) => trpcMutation(app.url, 'settings.testProviders', input, cookie).then(kept);
const kindOf = (res: TrpcResponse, kind: string) => res.body.result.data.providers.find((p: { kind: string }) => p.kind === kind);
const resultOf = (res: TrpcResponse, kind: string) => res.body.result.data.results.find((p: { kind: string }) => p.kind === kind);

/** A finished interview's report, generated through the real queue, as REST v1 returns it. */
async function reportFor(org: TestOrg) {
  const { interview, report } = await makeInterviewWithPendingReport(app.db, org.orgId);
  await enqueueReport(app.db, report.id);
  await waitForReport(app.db, report.id, 'READY');
  const res = await org.api(`/api/v1/reports/interviews/${interview.id}`);
  responses.push(res.text);
  expect(res.status).toBe(200);
  return res.body;
}

/** The organization's own OpenAI-compatible server for every kind, with its key. */
async function setOwnProviders(org: Org) {
  const res = await updateProviders(org.admin, {
    llm: { baseUrl: orgProvider.baseUrl, apiKey: ORG_KEY, model: 'org-model' },
    stt: { baseUrl: orgProvider.baseUrl, apiKey: ORG_KEY, model: 'org-whisper' },
    tts: { baseUrl: orgProvider.baseUrl, apiKey: ORG_KEY, model: 'org-tts', voice: 'verse' },
    realtime: { baseUrl: realtime.baseUrl, apiKey: ORG_KEY, model: 'org-realtime', voice: 'marin' },
  });
  expect(res.status).toBe(200);
  return res;
}

describe('Settings → AI providers', () => {
  it('is for admins: a viewer and a recruiter are refused reading, changing and testing it', async () => {
    const org = await orgWithAdmin();
    for (const role of ['viewer', 'recruiter'] as const) {
      const user = await makeRecruiter(app.db, org.orgId, { role });
      const cookie = await sessionCookieFor(app.db, user.email);
      expect((await getProviders(cookie)).status).toBe(403);
      expect((await updateProviders(cookie, { llm: { apiKey: ORG_KEY } })).status).toBe(403);
      expect((await testProviders(cookie)).status).toBe(403);
    }
    // Nothing was stored by the refused calls, and an API key (even with every scope) has no such procedure.
    expect(await app.db.select().from(organizationProviders).where(eq(organizationProviders.orgId, org.orgId))).toEqual([]);
    const viaKey = await request(app.url, '/api/trpc/settings.providers', { key: org.apiKey });
    expect(viaKey.status).toBe(401);
    expect((await getProviders(org.admin)).status).toBe(200);
  });

  it('the Settings page shows the AI providers section to admins only, with the key as set and its last 4 characters', async () => {
    const org = await orgWithAdmin();
    await updateProviders(org.admin, { llm: { apiKey: ORG_KEY } });
    const page = await fetch(`${app.url}/settings/developers`, { headers: { cookie: org.admin } });
    expect(page.status).toBe(200);
    const html = await page.text();
    responses.push(html);
    expect(html).toContain('AI providers');
    expect(html).toContain(`ends in ${ORG_KEY.slice(-4)}`);
    const viewer = await makeRecruiter(app.db, org.orgId, { role: 'viewer' });
    const viewerPage = await fetch(`${app.url}/settings/developers`, { headers: { cookie: await sessionCookieFor(app.db, viewer.email) } });
    expect(viewerPage.status).toBe(200);
    expect(await viewerPage.text()).not.toContain('AI providers');
  });

  it("without settings the operator's environment applies, and its key and URL are not shown", async () => {
    const org = await orgWithAdmin();
    const res = await getProviders(org.admin);
    expect(kindOf(res, 'llm')).toEqual({
      kind: 'llm',
      baseUrl: null,
      model: null,
      voice: null,
      apiKey: { set: false, last4: null, unreadable: false },
      effective: { configured: true, baseUrlSource: 'environment', keySource: 'environment', model: 'operator-model', voice: null },
      operatorDefault: { configured: true, model: 'operator-model', voice: null },
    });
    expect(kindOf(res, 'stt').effective.configured).toBe(false);
    expect(JSON.stringify(res.body)).not.toContain(operator.baseUrl);
    expect(JSON.stringify(res.body)).not.toContain(OPERATOR_KEY);

    operator.requests.length = 0;
    const report = await reportFor(org);
    expect(report).toMatchObject({ generator: 'llm:operator-model', summary: FAKE_SUMMARY });
    expect(operator.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${OPERATOR_KEY}`]);
  });

  it("an organization's settings apply to its next report and answer evaluation at once, and never to another organization", async () => {
    const s = await makeInvitedInterview(app.db, app.url);
    const a = await orgWithAdmin(s.org);
    const b = await orgWithAdmin();
    const saved = await setOwnProviders(a);
    expect(kindOf(saved, 'llm')).toMatchObject({
      baseUrl: orgProvider.baseUrl,
      model: 'org-model',
      apiKey: { set: true, last4: ORG_KEY.slice(-4), unreadable: false },
      effective: { configured: true, baseUrlSource: 'organization', keySource: 'organization', model: 'org-model' },
    });
    expect(kindOf(saved, 'tts')).toMatchObject({ voice: 'verse', effective: { voice: 'verse' } });

    // The candidate's page offers what the organization's providers can do; the question is spoken by them.
    orgProvider.requests.length = 0;
    operator.requests.length = 0;
    const session = await s.candidateApi.session();
    responses.push(session.text);
    expect(session.body.voice).toEqual({ transcription: true, speech: 'server', live: true });
    expect((await s.candidateApi.start()).status).toBe(200);
    const speech = await s.candidateApi.speech(1);
    expect(speech.status).toBe(200);
    await speech.arrayBuffer();
    const answer = 'I studied mathematics, then spent five years building payment systems in a small team.';
    expect((await s.candidateApi.answer(1, { text: answer })).status).toBe(200);
    const [, candidateTurn] = await waitFor(async () => {
      const rows = await app.db.select().from(turns).where(eq(turns.interviewId, s.interview.id)).orderBy(asc(turns.turnNumber));
      return rows[1]?.evaluation ? rows : null;
    });
    expect(candidateTurn.evaluation).toMatchObject({ evaluator: 'llm:org-model', scores: expect.any(Object) });
    const speechCall = orgProvider.requests.find((r) => r.path === '/v1/audio/speech');
    expect(speechCall?.body).toMatchObject({ model: 'org-tts', voice: 'verse' });
    const evaluation = orgProvider.requests.find((r) => r.body?.response_format?.json_schema?.name === 'answer_evaluation');
    expect(evaluation?.headers.authorization).toBe(`Bearer ${ORG_KEY}`);
    expect(evaluation?.body.model).toBe('org-model');
    // Provenance (issue 23): which provider, model, prompt and rubric scored it, on which input, deterministically.
    expect(evaluation?.body).toMatchObject({ temperature: 0, seed: 7 });
    expect(candidateTurn.evaluation?.provenance).toEqual({
      task: 'answer-evaluation',
      provider: new URL(orgProvider.baseUrl).host,
      model: 'org-model',
      promptVersion: EVALUATION_PROMPT_VERSION,
      rubricHash: expect.stringMatching(/^[0-9a-f]{16}$/),
      inputHash: contentHash(evaluation!.body.messages[1].content),
      parameters: { temperature: 0, seed: 7 },
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      durationMs: expect.any(Number),
    });
    expect(JSON.stringify(candidateTurn.evaluation)).not.toContain(ORG_KEY);

    // The report job of organization A uses A's model; B's still uses the operator's, with the operator's key.
    orgProvider.requests.length = 0;
    operator.requests.length = 0;
    expect(await reportFor(a)).toMatchObject({ generator: 'llm:org-model', summary: FAKE_SUMMARY });
    expect(orgProvider.requests.map((r) => [r.path, r.headers.authorization, r.body.model])).toEqual([['/v1/chat/completions', `Bearer ${ORG_KEY}`, 'org-model']]);
    expect(await reportFor(b)).toMatchObject({ generator: 'llm:operator-model' });
    expect(operator.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${OPERATOR_KEY}`]);
    expect(orgProvider.requests).toHaveLength(1);

    // B sees none of A's settings.
    const seenByB = await getProviders(b.admin);
    expect(kindOf(seenByB, 'llm')).toMatchObject({ baseUrl: null, model: null, apiKey: { set: false, last4: null } });
    expect(JSON.stringify(seenByB.body)).not.toContain(orgProvider.baseUrl);

    // A key row copied into B's organization does not decrypt there (the ciphertext is bound to A and the kind).
    const [row] = await app.db.select().from(organizationProviders).where(and(eq(organizationProviders.orgId, a.orgId), eq(organizationProviders.kind, 'llm')));
    expect(decryptSecret(row.apiKeyEncrypted!, TEST_PROVIDER_KEY_SECRET, keyContext(b.orgId, 'llm'))).toBeNull();
    expect(decryptSecret(row.apiKeyEncrypted!, TEST_PROVIDER_KEY_SECRET, keyContext(a.orgId, 'llm'))).toBe(ORG_KEY);

    // Cleared, the operator's provider is back for A's next report.
    const cleared = await updateProviders(a.admin, { llm: { baseUrl: null, model: null, clearApiKey: true } });
    expect(kindOf(cleared, 'llm')).toMatchObject({ baseUrl: null, apiKey: { set: false }, effective: { baseUrlSource: 'environment', model: 'operator-model' } });
    expect(await reportFor(a)).toMatchObject({ generator: 'llm:operator-model' });
  });

  it("a base URL of the organization's own never receives the operator's key", async () => {
    const org = await orgWithAdmin();
    const saved = await updateProviders(org.admin, { llm: { baseUrl: orgProvider.baseUrl } });
    expect(kindOf(saved, 'llm').effective).toMatchObject({ baseUrlSource: 'organization', keySource: null });
    orgProvider.requests.length = 0;
    expect(await reportFor(org)).toMatchObject({ generator: 'llm:operator-model' });
    expect(orgProvider.requests).toHaveLength(1);
    expect(orgProvider.requests[0].headers.authorization).not.toContain(OPERATOR_KEY);
  });

  it('an empty key keeps the stored one; a key with a query in the base URL, or a voice for the language model, is refused', async () => {
    const org = await orgWithAdmin();
    await updateProviders(org.admin, { tts: { baseUrl: orgProvider.baseUrl, apiKey: ORG_KEY } });
    const kept_ = await updateProviders(org.admin, { tts: { apiKey: '', voice: 'sage' } });
    expect(kindOf(kept_, 'tts')).toMatchObject({ voice: 'sage', apiKey: { set: true, last4: ORG_KEY.slice(-4) } });
    const withQuery = await updateProviders(org.admin, { llm: { baseUrl: `${orgProvider.baseUrl}?key=${ORG_KEY}` } });
    expect(withQuery.status).toBe(400);
    expect(withQuery.body.error.data.error.issues).toEqual([{ path: 'llm.baseUrl', message: 'Must not contain a query or a fragment' }]);
    const voice = await updateProviders(org.admin, { llm: { voice: 'alloy' } });
    expect(voice.status).toBe(400);
  });

  it('the Test button makes one real call per kind and says what works, and the provider error without the key', async () => {
    const org = await orgWithAdmin();
    const none = await testProviders(org.admin);
    expect(none.status).toBe(200);
    expect(resultOf(none, 'llm')).toMatchObject({ configured: true, ok: true, model: 'operator-model' });
    expect(resultOf(none, 'stt')).toMatchObject({ configured: false, ok: false });

    await setOwnProviders(org);
    orgProvider.requests.length = 0;
    const all = await testProviders(org.admin);
    expect(all.body.result.data.results.map((r: { kind: string; ok: boolean }) => [r.kind, r.ok])).toEqual([
      ['llm', true],
      ['stt', true],
      ['tts', true],
      ['realtime', true],
    ]);
    expect(resultOf(all, 'realtime').message).toBe('Realtime session with org-realtime opened');
    expect(orgProvider.requests.map((r) => r.path).sort()).toEqual(['/v1/audio/speech', '/v1/audio/transcriptions', '/v1/chat/completions']);
    expect(orgProvider.requests.every((r) => r.headers.authorization === `Bearer ${ORG_KEY}`)).toBe(true);
    expect(realtime.sessions.at(-1)).toEqual({ authorization: `Bearer ${ORG_KEY}`, model: 'org-realtime' });

    orgProvider.failNext('/v1/chat/completions', 1);
    const failing = await testProviders(org.admin, { kinds: ['llm'] });
    expect(failing.body.result.data.results).toHaveLength(1);
    expect(resultOf(failing, 'llm')).toMatchObject({ configured: true, ok: false, message: 'HTTP 500: fake failure' });

    // A wrong key: the provider's message echoes the key it got; the answer does not.
    const wrongKey = 'sk-wrong-realtime-key-55aa66bb77cc';
    await updateProviders(org.admin, { realtime: { apiKey: wrongKey } });
    const refused = await testProviders(org.admin, { kinds: ['realtime'] });
    expect(resultOf(refused, 'realtime')).toMatchObject({ ok: false, message: 'Incorrect API key provided: [key].' });
    expect(JSON.stringify(refused.body)).not.toContain(wrongKey);
    expect(realtime.sessions.at(-1)?.authorization).toBe(`Bearer ${wrongKey}`);
  });

  it('the plain key is nowhere: not in a response, a log line, an export, an audit record or the database, only encrypted', async () => {
    const org = await orgWithAdmin();
    await setOwnProviders(org);
    await testProviders(org.admin);
    await reportFor(org);

    const audit = await app.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, org.orgId), eq(auditEvents.action, 'settings.updated')));
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toMatchObject({ setting: 'aiProviders', llm: { apiKey: 'set', model: { from: null, to: 'org-model' } } });
    expect(JSON.stringify(audit[0].details)).not.toContain(ORG_KEY.slice(-4));

    const auditCsv = await fetch(`${app.url}/api/dashboard/audit-export`, { headers: { cookie: org.admin } });
    expect(auditCsv.status).toBe(200);
    const auditText = await auditCsv.text();
    expect(auditText).toContain('aiProviders');
    const auditV1 = await org.api('/api/v1/audit-events?pageSize=100');
    expect(auditV1.status).toBe(200);
    const exports = [auditText, auditV1.text];
    for (const text of exports) responses.push(text);

    const logs = await waitFor(async () => {
      const text = await readFile(process.env.LOG_DESTINATION!, 'utf8').catch(() => '');
      return text.includes('/api/v1/audit-events') ? text : null;
    });
    expect(responses.length).toBeGreaterThan(3);
    for (const text of [...responses, logs]) {
      expect(text).not.toContain(ORG_KEY);
      expect(text).not.toContain(OPERATOR_KEY);
    }

    expect((await countSearchedColumns(app.db)).length).toBeGreaterThan(50);
    expect(await searchWholeDatabase(app.db, [ORG_KEY, OPERATOR_KEY])).toEqual([]);
    // It is there, encrypted: the stored value decrypts to the key.
    const rows = await app.db.select().from(organizationProviders).where(eq(organizationProviders.orgId, org.orgId));
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.apiKeyEncrypted).toMatch(/^v1\./);
      expect(decryptSecret(row.apiKeyEncrypted!, TEST_PROVIDER_KEY_SECRET, keyContext(org.orgId, row.kind))).toBe(ORG_KEY);
    }
    // Every text column of every table, a query per column and needle: slow on a loaded machine.
  }, 180_000);
});
