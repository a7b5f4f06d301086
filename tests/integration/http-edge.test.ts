import { readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import type { Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { turns } from '@/db/schema';
import { signOut } from '@/server/services/auth/sign-out';
import { makeAgentInterview } from '../support/agent';
import { launchBrowser } from '../support/browser';
import { signInThroughForm } from '../support/dashboard-browser';
import { createTestOrg, request, type TestOrg } from '../support/factories';
import { makeRecruiter, RECRUITER_PASSWORD, sessionCookieFor } from '../support/recruiters';
import { startTestApp, TEST_AGENT_SECRET, type TestApp } from '../support/test-app';
import { awaitRoomInWindow } from '../support/rate-limit-window';

/**
 * The HTTP edge's findings of the black-box probe (issue 14, items 3, 4, 5, 6 and 7b), each over real HTTP against
 * the production build: security headers on pages, cross-site server actions, NUL in the sign-in email, the
 * dashboard tRPC's limits, the transcript stream after a sign-out, throttles on failed credentials, an aborted
 * upload logged once, and an unknown v1 path without a key.
 */

const logDir = vi.hoisted(() => {
  const fs = require('node:fs') as typeof import('node:fs');
  const os = require('node:os') as typeof import('node:os');
  const path = require('node:path') as typeof import('node:path');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'iss-edge-log-'));
  process.env.LOG_DESTINATION = path.join(dir, 'app.log');
  process.env.LOG_LEVEL = 'info';
  return dir;
});

const FAILURE_LIMIT = 8;
let app: TestApp;
let org: TestOrg;
let browser: Browser | undefined;

beforeAll(async () => {
  app = await startTestApp({ RUN_WORKER: 'false', AUTH_FAILURES_PER_MINUTE: String(FAILURE_LIMIT) });
  org = await createTestOrg(app.db, app.url);
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  rmSync(logDir, { recursive: true, force: true });
});

/** Sends raw bytes and returns what comes back before the server closes or 2 s pass. */
function rawExchange(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(app.server.port, '127.0.0.1', () => socket.write(text));
    let out = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(out);
    }, 2_000);
    socket.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\r\n\r\n') && /\}\s*$/.test(out)) {
        clearTimeout(timer);
        socket.destroy();
        resolve(out);
      }
    });
    socket.on('end', () => {
      clearTimeout(timer);
      resolve(out);
    });
    socket.on('error', reject);
  });
}

function logLines(): Record<string, any>[] {
  return readFileSync(process.env.LOG_DESTINATION!, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

describe('security headers on HTML pages', () => {
  it('the sign-in page: CSP with a nonce on every inline script, no framing, nosniff, a referrer policy, the microphone for this origin only', async () => {
    const res = await fetch(`${app.url}/login`);
    const html = await res.text();
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('permissions-policy')).toContain('microphone=(self)');
    // Every script tag Next.js wrote carries the page's nonce; a new page gets a new nonce.
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const again = await fetch(`${app.url}/login`);
    await again.text();
    expect(again.headers.get('content-security-policy')).not.toContain(nonce);
  });

  it('pages still work in a real browser under the policy: sign in, the dashboard renders, no CSP violation', async () => {
    const recruiter = await makeRecruiter(app.db, org.orgId);
    browser ??= await launchBrowser();
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text())) violations.push(message.text());
    });
    try {
      await signInThroughForm(page, app.url, recruiter.email, RECRUITER_PASSWORD);
      await page.getByRole('navigation').first().waitFor();
      expect(violations).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe('server actions and the sign-in form', () => {
  it('a cross-site server-action POST is 403 in the envelope with a request id', async () => {
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
      const res = await fetch(`${app.url}/login`, {
        method: 'POST',
        headers: { ...headers, 'next-action': '0'.repeat(42), 'content-type': 'text/plain;charset=UTF-8' },
        body: '[]',
      });
      const body = await res.json();
      expect(res.status).toBe(403);
      expect(body.error).toMatchObject({ code: 'FORBIDDEN', requestId: res.headers.get('x-request-id') });
      expect(body.error.requestId).toMatch(/^req_/);
    }
  });

  it('a NUL in the sign-in email gives a clear message, not a server error', async () => {
    browser ??= await launchBrowser();
    const page = await browser.newPage();
    try {
      await page.goto(`${app.url}/login`);
      await page.getByLabel('Email').fill('someone@example.com');
      await page.getByLabel('Password').fill('whatever-password');
      // A NUL cannot be typed; a script (or a hostile client) can put one in the field.
      await page.getByLabel('Email').evaluate((input: HTMLInputElement) => {
        input.value = 'some\u0000one@example.com';
      });
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('Enter a valid email address.').waitFor();
      expect(await page.content()).not.toContain('server error');
    } finally {
      await page.close();
    }
    expect(logLines().filter((line) => line.level >= 50 && /sign-in/.test(line.msg ?? ''))).toEqual([]);
  });
});

describe("the dashboard's tRPC", () => {
  it('refuses a body over 5 MiB with 413 before parsing it, and a batch of more than 20 calls', async () => {
    const cookie = await sessionCookieFor(app.db, (await makeRecruiter(app.db, org.orgId)).email);
    // 20 MiB announced, a few bytes sent: the answer comes before the body, so nothing of it was parsed.
    const raw = await rawExchange(
      `POST /api/trpc/jobs.create HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nX-Iss-Csrf: 1\r\nContent-Type: application/json\r\nContent-Length: ${20 * 1024 * 1024}\r\n\r\n{"name":"xxxx`,
    );
    expect(raw).toMatch(/^HTTP\/1\.1 413 /);
    expect(raw).toContain('"PAYLOAD_TOO_LARGE"');
    // A streamed body (no Content-Length) is cut off at the limit.
    const chunked = await fetch(`${app.url}/api/trpc/jobs.create`, {
      method: 'POST',
      headers: { cookie, 'x-iss-csrf': '1', 'content-type': 'application/json' },
      body: new Blob([JSON.stringify({ title: 'x'.repeat(6 * 1024 * 1024) })]).stream(),
      duplex: 'half',
    } as RequestInit).catch(() => null);
    if (chunked) {
      expect(chunked.status).toBe(413);
      await chunked.text();
    }

    const batchOf = (n: number) => fetch(`${app.url}/api/trpc/${Array.from({ length: n }, () => 'dashboard.overview').join(',')}?batch=1`, { headers: { cookie } });
    const batch = await batchOf(100);
    expect(batch.status).toBe(413);
    expect((await batch.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
    const small = await batchOf(3);
    expect(small.status).toBe(200);
    await small.text();
  });

  it('the live transcript stops as soon as the session is signed out', async () => {
    const recruiter = await makeRecruiter(app.db, org.orgId);
    const cookie = await sessionCookieFor(app.db, recruiter.email);
    const { interview } = await makeAgentInterview(app.db, org.orgId);
    const controller = new AbortController();
    const res = await fetch(`${app.url}/api/trpc/dashboard.transcript?input=${encodeURIComponent(JSON.stringify({ interviewId: interview.id }))}`, {
      headers: { cookie, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (done: () => boolean, ms: number) => {
      const deadline = Date.now() + ms;
      while (!done() && Date.now() < deadline) {
        const next = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))]);
        if (next === null) break;
        if (next.done) return 'closed';
        text += decoder.decode(next.value, { stream: true });
      }
      return 'open';
    };
    try {
      await readUntil(() => text.includes('snapshot'), 10_000);
      expect(text).toContain('snapshot');
      await signOut(app.db, cookie.split('=')[1]);
      await app.db.insert(turns).values({ interviewId: interview.id, orgId: org.orgId, turnNumber: 1, role: 'agent', content: 'SECRET-AFTER-SIGN-OUT' });
      const state = await readUntil(() => false, 4_000);
      expect(text).not.toContain('SECRET-AFTER-SIGN-OUT');
      expect(state).toBe('closed');
    } finally {
      controller.abort();
    }
  });
});

describe('aborted uploads and unknown paths', () => {
  it('a client that aborts its body is logged once, not as a 503 under two request ids', async () => {
    const { interview } = await makeAgentInterview(app.db, org.orgId);
    const path = `/api/interviews/${interview.id}/turns`;
    await new Promise<void>((resolve, reject) => {
      const socket = connect(app.server.port, '127.0.0.1', () => {
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Agent-Secret: ${TEST_AGENT_SECRET}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"turnNumber": 1, "role": "ag`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 200);
      });
      socket.on('error', reject);
    });
    await new Promise((r) => setTimeout(r, 500));
    const lines = logLines().filter((line) => line.path === path || (line.msg !== 'request' && JSON.stringify(line).includes(interview.id)));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ kind: 'internal', method: 'POST', status: 499, level: 30 });
    expect(logLines().filter((line) => line.level >= 40 && /aborted|ECONNRESET/.test(JSON.stringify(line)))).toEqual([]);
  });

  it('GET /api/v1/<unknown> without a key is 404 in the envelope', async () => {
    const res = await request(app.url, '/api/v1/no-such-resource', { key: null });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', requestId: res.headers.get('x-request-id') });
  });
});

describe('throttles on failed credentials, per client address', () => {
  it('wrong agent secrets: 401 up to the limit, then 429 with Retry-After, even for the right secret', async () => {
    await awaitRoomInWindow();
    const { interview } = await makeAgentInterview(app.db, org.orgId);
    const statuses: number[] = [];
    for (let i = 0; i < FAILURE_LIMIT + 2; i++) {
      const res = await request(app.url, `/api/interviews/${interview.id}/history`, { key: null, headers: { 'x-agent-secret': `wrong-${i}` } });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body.error.code).toBe('RATE_LIMITED');
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, FAILURE_LIMIT)).toEqual(Array(FAILURE_LIMIT).fill(401));
    expect(statuses.at(-1)).toBe(429);
    const right = await request(app.url, `/api/interviews/${interview.id}/history`, { key: null, headers: { 'x-agent-secret': TEST_AGENT_SECRET } });
    expect(right.status).toBe(429);
  });

  it('invalid API keys: 401 up to the limit, then 429, whatever client address the client claims', async () => {
    await awaitRoomInWindow();
    const statuses: number[] = [];
    for (let i = 0; i < FAILURE_LIMIT + 2; i++) {
      // The server's own address header, sent by the client with a new address each time: ignored, or the
      // failures would be counted against addresses of the client's choosing and never reach the limit.
      const headers = { 'x-iss-client-address': `198.51.100.${i}` };
      statuses.push((await request(app.url, '/api/v1/interviews', { key: `isk_${String(i).padStart(40, '0')}`, headers })).status);
    }
    expect(statuses.slice(0, FAILURE_LIMIT)).toEqual(Array(FAILURE_LIMIT).fill(401));
    expect(statuses.at(-1)).toBe(429);
  });

  it("unknown invitation links: 404 up to the limit, then 429 with Retry-After and the link's privacy headers", async () => {
    await awaitRoomInWindow();
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < FAILURE_LIMIT + 3; i++) {
      last = await fetch(`${app.url}/api/invitations/no-such-token-${i}/status`);
      await last.text();
      statuses.push(last.status);
      await new Promise((r) => setTimeout(r, 20)); // the count is written after each answer
    }
    expect(statuses.slice(0, FAILURE_LIMIT)).toEqual(Array(FAILURE_LIMIT).fill(404));
    expect(statuses.at(-1)).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last!.headers.get('referrer-policy')).toBe('no-referrer');
    expect(last!.headers.get('x-request-id')).toMatch(/^req_/);
  });
});
