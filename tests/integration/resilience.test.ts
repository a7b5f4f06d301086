import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@/db/client';
import { candidates } from '@/db/schema';
import { resetEnvCache } from '@/server/env';
import { startServer, type RunningServer } from '@/server/http/start-server';
import { makeAgentInterview } from '../support/agent';
import { endGroup, spawnGroup } from '../support/child-processes';
import { createTestOrg, request, type TestOrg } from '../support/factories';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { TEST_AGENT_SECRET, TEST_MEDIA_TOKEN_SECRET } from '../support/test-app';

/**
 * What operators rely on: a database outage is a fast, retryable 503 (never a hang, a 500 or a "not found") and
 * the app recovers by itself; SIGTERM drains (readiness fails, requests still served), then in-flight requests
 * finish and the process exits 0.
 */

const databaseUrl = inject('databaseUrl');

function expectUnavailable(res: { status: number; headers: Headers; body: any }) {
  expect(res.status).toBe(503);
  expect(res.body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', requestId: res.headers.get('x-request-id') });
  expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
}

async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe.skipIf(!databaseUrl)('database outage (PostgreSQL behind a proxy the test cuts)', () => {
  let proxy: TcpProxy;
  let database: DatabaseHandle;
  let server: RunningServer;
  let org: TestOrg;

  beforeAll(async () => {
    const direct = new URL(databaseUrl!);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(databaseUrl!);
    proxied.host = `127.0.0.1:${proxy.port}`;
    Object.assign(process.env, {
      NODE_ENV: 'production',
      AGENT_SECRET: TEST_AGENT_SECRET,
      MEDIA_TOKEN_SECRET: TEST_MEDIA_TOKEN_SECRET,
      APP_URL: 'http://localhost:3999',
      RUN_WORKER: 'false',
    });
    resetEnvCache();
    database = await openDatabase({ databaseUrl: proxied.toString(), poolSize: 4 });
    server = await startServer({ dev: false, port: 0, hostname: '127.0.0.1', database });
    org = await createTestOrg(database.db, server.url);
  });

  afterAll(async () => {
    await proxy?.restore().catch(() => {});
    await server?.close();
    await database?.close();
    await proxy?.close();
  });

  it('answers 503 + Retry-After in the envelope on every surface, fast, then recovers without a restart', async () => {
    const { interview } = await makeAgentInterview(database.db, org.orgId);
    const agent = { 'x-agent-secret': TEST_AGENT_SECRET };
    const body = { email: 'outage@example.com', firstName: 'Outage' };
    expect((await org.api('/api/v1/candidates')).status).toBe(200);

    await proxy.cut();
    expectUnavailable(await within(10_000, org.api('/api/v1/candidates')));
    expectUnavailable(await within(10_000, org.api('/api/v1/candidates', { body, headers: { 'idempotency-key': 'outage-1' } })));
    expectUnavailable(await within(10_000, request(server.url, `/api/interviews/${interview.id}/history`, { headers: agent })));
    expectUnavailable(await within(10_000, request(server.url, `/api/interviews/${interview.id}/turns`, { body: { turnNumber: 1, role: 'agent' }, headers: agent })));
    const ready = await within(10_000, request(server.url, '/api/ready'));
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ ready: false, database: 'unreachable' });
    expect((await request(server.url, '/api/health')).status).toBe(200);

    await proxy.restore();
    const deadline = Date.now() + 20_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await org.api('/api/v1/candidates')).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
    expect((await request(server.url, '/api/ready')).status).toBe(200);
    // The key the failed request claimed was given back: the client's retry creates the candidate, once.
    const retried = await org.api('/api/v1/candidates', { body, headers: { 'idempotency-key': 'outage-1' } });
    expect(retried.status).toBe(201);
    const stored = await database.db.select().from(candidates).where(eq(candidates.orgId, org.orgId));
    expect(stored.filter((c) => c.email === 'outage@example.com')).toHaveLength(1);
    expect((await request(server.url, `/api/interviews/${interview.id}/turns`, { body: { turnNumber: 1, role: 'agent' }, headers: agent })).status).toBe(201);
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('graceful shutdown of `npm start` on SIGTERM', () => {
  let child: ChildProcess | undefined;
  let dataDir: string;
  let port: number;
  let exit: Promise<number | null>;
  let output = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'iss-shutdown-'));
    port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      PGLITE_DIR: path.join(dataDir, 'pglite'),
      AGENT_SECRET: TEST_AGENT_SECRET,
      MEDIA_TOKEN_SECRET: TEST_MEDIA_TOKEN_SECRET,
      APP_URL: `http://127.0.0.1:${port}`,
      SHUTDOWN_DRAIN_SECONDS: '3',
      LOG_LEVEL: 'info',
    };
    delete env.DATABASE_URL;
    delete env.LOG_DESTINATION;
    // What `npm start` runs: node with tsx as its loader, one process (the tsx CLI's wrapper would stand between
    // the signal and the server, and SIGKILLs it when the server does not acknowledge a relayed signal in 30 ms).
    child = spawnGroup(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    exit = new Promise((resolve) => child!.once('exit', (code) => resolve(code)));
    const deadline = Date.now() + 100_000;
    for (;;) {
      const res = await request(`http://127.0.0.1:${port}`, '/api/ready').catch(() => null);
      if (res?.status === 200) break;
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the server did not become ready:\n${output}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  });

  afterAll(async () => {
    await endGroup(child, { signal: 'SIGKILL' });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('fails readiness while still serving, stops listening after the drain, lets the in-flight request finish, exits 0', async () => {
    const base = `http://127.0.0.1:${port}`;
    // A request in flight across the whole shutdown: its body arrives only when the test releases it.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode('{"turnNumber":1,'));
        await released;
        controller.enqueue(encoder.encode('"role":"agent"}'));
        controller.close();
      },
    });
    const inFlight = fetch(`${base}/api/interviews/itv_0000000000000000000000/turns`, {
      method: 'POST',
      headers: { 'x-agent-secret': TEST_AGENT_SECRET, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit).catch((error: Error) => error);
    await new Promise((r) => setTimeout(r, 500));

    // To the server process only, as a platform signals the process it started (a second signal means "exit now").
    child!.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    const ready = await request(base, '/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ ready: false, reason: 'shutting down' });
    expect(ready.headers.get('x-request-id')).toMatch(/^req_/);
    expect((await request(base, '/api/health')).status).toBe(200);

    const deadline = Date.now() + 15_000;
    while ((await acceptsConnections(port)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await acceptsConnections(port)).toBe(false);
    expect(child!.exitCode).toBeNull();

    release();
    const res = await inFlight;
    if (res instanceof Error) throw new Error(`the in-flight request was cut: ${res.message}\n${output}`);
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('NOT_FOUND');
    const code = await within(30_000, exit);
    expect(code, output).toBe(0);
    expect(output).toContain('shutting down');
  }, 60_000);
});
