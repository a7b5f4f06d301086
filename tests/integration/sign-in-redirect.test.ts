import { readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestOrg, type TestOrg } from '../support/factories';
import { makeRecruiter, RECRUITER_PASSWORD, sessionCookieFor } from '../support/recruiters';
import { postSignIn, postSignInAsFetch, readSignInForm } from '../support/sign-in-http';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 27: the post-sign-in redirect (`next`), server-action requests Next.js answered 500, and the privacy
 * headers of a teammate's invitation page, each over real HTTP against the production build.
 */

const logDir = vi.hoisted(() => {
  const fs = require('node:fs') as typeof import('node:fs');
  const os = require('node:os') as typeof import('node:os');
  const path = require('node:path') as typeof import('node:path');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'iss-sign-in-log-'));
  process.env.LOG_DESTINATION = path.join(dir, 'app.log');
  process.env.LOG_LEVEL = 'info';
  return dir;
});

let app: TestApp;
let org: TestOrg;
let recruiter: { email: string };

beforeAll(async () => {
  app = await startTestApp({ RUN_WORKER: 'false' });
  org = await createTestOrg(app.db, app.url);
  recruiter = await makeRecruiter(app.db, org.orgId);
});

afterAll(async () => {
  await app?.close();
  rmSync(logDir, { recursive: true, force: true });
});

function logText(): string {
  return readFileSync(process.env.LOG_DESTINATION!, 'utf8');
}

function logLines(): Record<string, any>[] {
  return logText()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

describe('the target after signing in', () => {
  it('a tab in `next` (/%09/evil.example) goes to the home, not to /\\t/evil.example, which browsers read as another site', async () => {
    const form = await readSignInForm(app.url, '?next=/%09/evil.example');
    expect(form.status).toBe(200);
    // The page does not even carry it into the form.
    expect(form.next).toBe('');
    const res = await postSignIn(app.url, form, { email: recruiter.email, password: RECRUITER_PASSWORD, next: '/\t/evil.example' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/overview');
  });

  it('a newline in `next` (/%0A/evil.example) is a normal sign-in to the home, not a 500', async () => {
    const form = await readSignInForm(app.url, '?next=/%0A/evil.example');
    expect(form.status).toBe(200);
    const res = await postSignIn(app.url, form, { email: recruiter.email, password: RECRUITER_PASSWORD, next: '/\n/evil.example' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/overview');
    expect(res.headers.get('set-cookie')).toMatch(/^iss_session=/);
  });

  it.each(['//evil.example', '/\\evil.example', '/.//evil.example', 'https://evil.example/', 'javascript:alert(1)', '/\u00a0/evil.example', '/\u2028/evil.example'])(
    'refuses %j',
    async (next) => {
      const form = await readSignInForm(app.url);
      const res = await postSignIn(app.url, form, { email: recruiter.email, password: RECRUITER_PASSWORD, next });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/overview');
    },
  );

  it('a path of this site is kept, from the page through the form to the redirect, with or without JavaScript', async () => {
    const form = await readSignInForm(app.url, `?next=${encodeURIComponent('/candidates?status=invited')}`);
    expect(form.next).toBe('/candidates?status=invited');
    const res = await postSignIn(app.url, form, { email: recruiter.email, password: RECRUITER_PASSWORD });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/candidates?status=invited');

    const viaFetch = await postSignInAsFetch(app.url, form.actionId, { email: recruiter.email, password: RECRUITER_PASSWORD, next: '/settings' });
    // React's client is told where to go in a header (and given that page's payload), not by a 303.
    expect(viaFetch.status).toBe(200);
    expect(viaFetch.headers.get('x-action-redirect')).toMatch(/^\/settings(;|$)/);
    const refused = await postSignInAsFetch(app.url, form.actionId, { email: recruiter.email, password: RECRUITER_PASSWORD, next: '/\t/evil.example' });
    expect(refused.status).toBe(200);
    expect(refused.headers.get('x-action-redirect')).toMatch(/^\/overview(;|$)/);
  });

  it('a recruiter already signed in is sent on to `next` when it is safe, to the home when it is not', async () => {
    const cookie = await sessionCookieFor(app.db, recruiter.email);
    const safe = await fetch(`${app.url}/login?next=${encodeURIComponent('/settings')}`, { headers: { cookie }, redirect: 'manual' });
    expect(safe.status).toBe(307);
    expect(safe.headers.get('location')).toBe('/settings');
    const hostile = await fetch(`${app.url}/login?next=/%09/evil.example`, { headers: { cookie }, redirect: 'manual' });
    expect(hostile.status).toBe(307);
    expect(hostile.headers.get('location')).toBe('/overview');
  });
});

describe('malformed server-action requests', () => {
  it('a Next-Action POST with a body of [] or garbage is a 400 in the envelope, logged as a warning with its request id', async () => {
    const { actionId } = await readSignInForm(app.url);
    expect(actionId).toMatch(/^[0-9a-f]{42}$/);
    const garbageForm = new FormData();
    garbageForm.append('0', '[]');
    const cases: { id: string; body: BodyInit; type?: string }[] = [
      { id: actionId, body: '[]', type: 'text/plain;charset=UTF-8' },
      { id: actionId, body: 'garbage', type: 'text/plain;charset=UTF-8' },
      { id: `7f${'0'.repeat(40)}`, body: '[]', type: 'text/plain;charset=UTF-8' },
      { id: actionId, body: 'garbage', type: 'multipart/form-data; boundary=xyz' },
      { id: actionId, body: garbageForm },
      { id: 'abc', body: '[]', type: 'text/plain;charset=UTF-8' },
    ];
    for (const { id, body, type } of cases) {
      const res = await fetch(`${app.url}/login`, { method: 'POST', headers: { 'next-action': id, ...(type ? { 'content-type': type } : {}) }, body });
      const text = await res.text();
      expect(res.status, `${id} ${String(body)}`).toBe(400);
      const requestId = res.headers.get('x-request-id');
      expect(requestId).toMatch(/^req_/);
      expect(JSON.parse(text).error).toMatchObject({ code: 'VALIDATION_ERROR', requestId });
      await expect.poll(() => logLines().find((line) => line.requestId === requestId)).toMatchObject({ level: 40, kind: 'action', method: 'POST', path: '/login', status: 400 });
    }
    // No session was made and nothing failed inside Next.js.
    expect(logLines().filter((line) => line.level >= 50)).toEqual([]);
  });

  it('a form posted without JavaScript whose action fields are not JSON is a 400', async () => {
    const form = await readSignInForm(app.url);
    const body = new FormData();
    for (const [name] of form.fields) body.append(name, name.startsWith('$ACTION_') && name !== '$ACTION_KEY' ? '{not json' : '');
    const res = await fetch(`${app.url}/login`, { method: 'POST', body, redirect: 'manual' });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('VALIDATION_ERROR');
  });

  it('real server actions still work: the sign-in with and without JavaScript, a wrong password answered by the form', async () => {
    const form = await readSignInForm(app.url);
    const wrong = await postSignIn(app.url, form, { email: recruiter.email, password: 'not the password' });
    expect(wrong.status).toBe(200);
    expect(await wrong.text()).toContain('That email and password do not match an account.');
    const wrongViaFetch = await postSignInAsFetch(app.url, form.actionId, { email: recruiter.email, password: 'not the password' });
    expect(wrongViaFetch.status).toBe(200);
    expect(await wrongViaFetch.text()).toContain('That email and password do not match an account.');
    const right = await postSignIn(app.url, form, { email: recruiter.email, password: RECRUITER_PASSWORD });
    expect(right.status).toBe(303);
  });
});

describe("a teammate's invitation page, /join/<token>", () => {
  it('is sent with no-referrer, no-store and noindex, and its token is not written in clear in the log', async () => {
    const token = 'j'.repeat(43);
    const res = await fetch(`${app.url}/join/${token}`);
    await res.text();
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    // A malformed action posted to the page is logged, its path masked.
    const post = await fetch(`${app.url}/join/${token}`, { method: 'POST', headers: { 'next-action': `7f${'0'.repeat(40)}`, 'content-type': 'text/plain' }, body: '[]' });
    expect(post.status).toBe(400);
    const requestId = post.headers.get('x-request-id');
    await expect.poll(() => logLines().find((line) => line.requestId === requestId)?.path).toBe('/join/[redacted]');
    expect(logText()).not.toContain(token);
  });
});
