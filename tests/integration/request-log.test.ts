import { readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mintMediaToken } from '@/server/auth/media-token';
import { makeAgentInterview } from '../support/agent';
import { makeInvitedInterview } from '../support/candidate-interview';
import { silentWav } from '../support/fake-openai';
import { createTestOrg, request, type TestOrg } from '../support/factories';
import { startTestApp, TEST_AGENT_SECRET, TEST_MEDIA_TOKEN_SECRET, type TestApp } from '../support/test-app';

/**
 * The structured request log, captured from the real app (LOG_DESTINATION): one line per request with what an
 * operator needs, and no secret from anywhere in the request (headers, query string, path, body).
 */

const logDir = vi.hoisted(() => {
  // Runs before the imports evaluate server/log.ts: every logger of this process (ours and the one Next.js
  // bundles) appends to a file the test reads.
  const fs = require('node:fs') as typeof import('node:fs');
  const os = require('node:os') as typeof import('node:os');
  const path = require('node:path') as typeof import('node:path');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'iss-log-'));
  process.env.LOG_DESTINATION = path.join(dir, 'app.log');
  process.env.LOG_LEVEL = 'info';
  return dir;
});

let app: TestApp;
let org: TestOrg;
let interviewId: string;
let mediaToken: string;

beforeAll(async () => {
  app = await startTestApp({ RUN_WORKER: 'false' });
  org = await createTestOrg(app.db, app.url);
  interviewId = (await makeAgentInterview(app.db, org.orgId)).interview.id;
  mediaToken = (await mintMediaToken(interviewId)).token;
});

afterAll(async () => {
  await app?.close();
  rmSync(logDir, { recursive: true, force: true });
});

function logLines(): Record<string, any>[] {
  return readFileSync(process.env.LOG_DESTINATION!, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

function sendRaw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.on('data', (chunk) => (out += chunk));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });
}

describe('request logs', () => {
  it('one line per v1 and internal request: method, path without query, status, duration, request id, organization, kind', async () => {
    const v1 = await org.api('/api/v1/candidates?search=ada&pageSize=5');
    const internal = await request(app.url, `/api/interviews/${interviewId}/history`, { headers: { 'x-agent-secret': TEST_AGENT_SECRET } });
    const denied = await request(app.url, '/api/v1/interviews');
    const lines = logLines().filter((l) => l.msg === 'request');
    const byId = (res: { headers: Headers }) => lines.find((l) => l.requestId === res.headers.get('x-request-id'));
    expect(byId(v1)).toMatchObject({ kind: 'v1', method: 'GET', path: '/api/v1/candidates', status: 200, orgId: org.orgId, level: 30 });
    expect(byId(v1)!.durationMs).toEqual(expect.any(Number));
    expect(byId(internal)).toMatchObject({ kind: 'internal', method: 'GET', path: `/api/interviews/${interviewId}/history`, status: 200, orgId: org.orgId });
    expect(byId(denied)).toMatchObject({ kind: 'v1', status: 401 });
    expect(byId(denied)).not.toHaveProperty('orgId');
  });

  it('no secret reaches a log line, wherever the client put it', async () => {
    const password = 'hunter2-Secret-Password!';
    const wrongSecret = 'not-the-agent-secret-but-still-secret-77';
    await org.api('/api/v1/candidates');
    await request(app.url, '/api/v1/candidates', { headers: { 'x-api-key': org.apiKey } });
    await org.api(`/api/v1/candidates?api_key=${org.apiKey}&token=${mediaToken}&password=${encodeURIComponent(password)}`);
    await org.api(`/api/v1/candidates/${org.apiKey}`);
    await org.api('/api/v1/candidates', { body: { email: 'a@example.com', password, apiKey: org.apiKey, token: mediaToken } });
    await org.api('/api/v1/interviews', { rawBody: `{"password":"${password}",`, headers: { 'content-type': 'application/json' } });
    await request(app.url, `/api/interviews/${interviewId}/history`, { headers: { 'x-agent-secret': TEST_AGENT_SECRET } });
    await request(app.url, `/api/interviews/${interviewId}/history`, { headers: { 'x-agent-secret': wrongSecret } });
    await request(app.url, `/api/interviews/${interviewId}/context`, { headers: { authorization: `Bearer ${mediaToken}` } });
    await request(app.url, `/api/interviews/${mediaToken}/context`, { headers: { authorization: `Bearer ${mediaToken}` } });
    await request(app.url, `/api/interviews/${interviewId}/turns`, { headers: { authorization: `Bearer ${org.apiKey}` }, body: { turnNumber: 1, role: 'agent', content: password } });
    await sendRaw(app.server.port, `GET /api/v1/candidates HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${org.apiKey}\r\nX-Pad: ${'p'.repeat(20_000)}\r\n\r\n`);

    const text = readFileSync(process.env.LOG_DESTINATION!, 'utf8');
    expect(text.length).toBeGreaterThan(0);
    for (const secret of [org.apiKey, TEST_AGENT_SECRET, TEST_MEDIA_TOKEN_SECRET, mediaToken, password, wrongSecret]) {
      expect(text).not.toContain(secret);
    }
    // The requests were logged (just without their secrets).
    const paths = logLines()
      .filter((l) => l.msg === 'request')
      .map((l) => l.path);
    expect(paths).toContain('/api/v1/candidates/isk_[redacted]');
    expect(paths).toContain('/api/interviews/[redacted-jwt]/context');
  });
  it('the invitation routes and the stored audio are logged, the link token never (not in the path, nor anywhere else)', async () => {
    const invited = await makeInvitedInterview(app.db, app.url);
    const { token, candidateApi: api } = invited;
    const session = await api.session();
    expect(session.status).toBe(200);
    const status = await request(app.url, `/api/invitations/${token}/status?token=${token}`);
    expect(status.status).toBe(200);
    const noConsent = await api.start({});
    expect(noConsent.status).toBe(400);
    const wrongMethod = await request(app.url, `/api/invitations/${token}/start`);
    expect(wrongMethod.body.error.message).toBe('No route matches GET /api/invitations/:token/start');
    const started = await api.start();
    expect(started.status).toBe(200);
    const wav = silentWav(1);
    const recording = await api.recording(wav);
    expect(recording.status).toBe(200);
    const { audioId } = (await recording.json()) as { audioId: string };
    const notAudio = await api.upload(1, Buffer.from('not audio'), 'text/plain');
    expect(notAudio.status).toBe(415);

    // The recording, read with an API key of its organization: whole, a range, and HEAD (its length, no body).
    const key = { 'x-api-key': invited.org.apiKey };
    const whole = await fetch(`${app.url}/api/audio/${audioId}`, { headers: key });
    expect(Buffer.from(await whole.arrayBuffer()).equals(wav)).toBe(true);
    const range = await fetch(`${app.url}/api/audio/${audioId}`, { headers: { ...key, range: 'bytes=0-9' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 0-9/${wav.byteLength}`);
    expect((await range.arrayBuffer()).byteLength).toBe(10);
    const head = await fetch(`${app.url}/api/audio/${audioId}`, { method: 'HEAD', headers: key });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(wav.byteLength));
    expect(head.headers.get('accept-ranges')).toBe('bytes');

    const text = readFileSync(process.env.LOG_DESTINATION!, 'utf8');
    expect(text).not.toContain(token);
    const lines = logLines().filter((l) => l.msg === 'request');
    const byId = (res: { headers: Headers }) => lines.find((l) => l.requestId === res.headers.get('x-request-id'));
    expect(byId(session)).toMatchObject({ kind: 'invitation', method: 'GET', path: '/api/invitations/[redacted]/session', status: 200 });
    expect(byId(status)).toMatchObject({ kind: 'invitation', path: '/api/invitations/[redacted]/status', status: 200 });
    expect(byId(noConsent)).toMatchObject({ kind: 'invitation', method: 'POST', path: '/api/invitations/[redacted]/start', status: 400 });
    expect(byId(notAudio)).toMatchObject({ kind: 'invitation', path: '/api/invitations/[redacted]/answers/1/audio', status: 415 });
    expect(byId(range)).toMatchObject({ kind: 'audio', method: 'GET', path: `/api/audio/${audioId}`, status: 206, orgId: invited.org.orgId });
    expect(byId(head)).toMatchObject({ kind: 'audio', method: 'HEAD', status: 200 });
  });
});
