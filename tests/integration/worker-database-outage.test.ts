import type { ChildProcess } from 'node:child_process';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '@/db/client';
import { organizations, reports } from '@/db/schema';
import { resetEnvCache } from '@/server/env';
import { newId } from '@/server/ids';
import { startJobQueue, type JobQueue } from '@/server/jobs/queue';
import { endGroup, killGroup, spawnGroup } from '../support/child-processes';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';
import { canStartPrivatePostgres, startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';
import { enqueueReport, makeInterviewWithPendingReport } from '../support/report-factories';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { TEST_AGENT_SECRET, TEST_MEDIA_TOKEN_SECRET } from '../support/test-app';

/**
 * `npm run worker` while its database goes away under jobs in flight: first the network (a TCP proxy the test
 * cuts), then PostgreSQL itself (this test's private server, restarted while the jobs write). pg-boss 10 settles a
 * job without awaiting the query; its rejection (ECONNREFUSED, 57P01/57P03) used to end the process. The worker
 * must stay alive, resume polling, and every job must end done.
 */

const LLM_DELAY_MS = 1_500;

describe.skipIf(!canStartPrivatePostgres())('the worker process across database outages', () => {
  let pg: PrivatePostgres;
  let proxy: TcpProxy;
  let llm: FakeOpenAi;
  let database: DatabaseHandle;
  let queue: JobQueue;
  let worker: ChildProcess;
  let output = '';
  let exitCode: number | null | undefined;
  let orgId: string;
  let workerEnv: NodeJS.ProcessEnv;

  beforeAll(async () => {
    pg = await startPrivatePostgres({ name: 'worker-outage' });
    const url = await pg.createDatabase('worker_outage');
    database = await openDatabase({ databaseUrl: url, poolSize: 4 });
    await migrateDatabase(database);
    proxy = await startTcpProxy({ host: '127.0.0.1', port: pg.port });
    llm = await startFakeOpenAi();
    llm.setChatMode({ kind: 'ok', delayMs: LLM_DELAY_MS });

    Object.assign(process.env, { NODE_ENV: 'production', AGENT_SECRET: TEST_AGENT_SECRET, MEDIA_TOKEN_SECRET: TEST_MEDIA_TOKEN_SECRET, APP_URL: 'http://localhost:3999' });
    resetEnvCache();
    // This process only sends (enqueueReport); the worker child works the queue.
    queue = await startJobQueue(database, {});
    orgId = newId('organization');
    await database.db.insert(organizations).values({ id: orgId, name: 'Worker outage' });

    const proxied = new URL(url);
    proxied.host = `127.0.0.1:${proxy.port}`;
    workerEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: proxied.toString(),
      LLM_BASE_URL: llm.baseUrl,
      LLM_API_KEY: 'test',
      LLM_TIMEOUT_MS: '20000',
      JOB_POLL_INTERVAL_SECONDS: '0.5',
      JOB_RETRY_DELAY_SECONDS: '1',
      LOG_LEVEL: 'info',
    };
    delete workerEnv.LOG_DESTINATION;
    delete workerEnv.PGLITE_DIR;
    worker = spawnGroup(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], { env: workerEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    worker.stdout!.on('data', (chunk) => (output += chunk));
    worker.stderr!.on('data', (chunk) => (output += chunk));
    worker.once('exit', (code, signal) => (exitCode = code ?? (signal ? -1 : null)));
    const deadline = Date.now() + 60_000;
    while (!output.includes('worker started')) {
      if (exitCode !== undefined || Date.now() > deadline) throw new Error(`the worker did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  });

  afterAll(async () => {
    // The whole group: a SIGKILL to a tsx wrapper alone once left the worker itself running (issue #27).
    await endGroup(worker, { signal: 'SIGKILL' });
    await queue?.stop().catch(() => {});
    await database?.close().catch(() => {});
    await proxy?.close().catch(() => {});
    await llm?.close();
    await pg?.destroy();
  });

  async function makeReports(n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const { report } = await makeInterviewWithPendingReport(database.db, orgId);
      await enqueueReport(database.db, report.id);
      ids.push(report.id);
    }
    return ids;
  }

  async function waitForLlmCalls(count: number): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (llm.requests.length < count) {
      if (Date.now() > deadline) throw new Error(`the worker took no job:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function waitAllReady(ids: string[]): Promise<void> {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const rows = await database.db.select({ id: reports.id, status: reports.status }).from(reports).where(inArray(reports.id, ids)).catch(() => []);
      if (rows.length === ids.length && rows.every((r) => r.status === 'READY')) return;
      if (Date.now() > deadline) throw new Error(`reports not READY: ${JSON.stringify(rows)}\n${output.slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }

  it('stays alive when the network to PostgreSQL is cut under running jobs, and finishes them once it is back', async () => {
    const before = llm.requests.length;
    const ids = await makeReports(3);
    await waitForLlmCalls(before + 1);
    // A job is waiting on the language model: its writes and pg-boss's completion will find no database.
    await proxy.cut();
    await new Promise((r) => setTimeout(r, LLM_DELAY_MS + 2_500));
    expect(exitCode, output.slice(-4000)).toBeUndefined();
    await proxy.restore();
    await waitAllReady(ids);
    expect(exitCode, output.slice(-4000)).toBeUndefined();
  }, 120_000);

  it('stays alive when PostgreSQL itself restarts under running jobs, and finishes them', async () => {
    const before = llm.requests.length;
    const ids = await makeReports(3);
    await waitForLlmCalls(before + 1);
    // Active sessions are terminated (57P01) and new ones refused while it shuts down and starts (57P03).
    await pg.stop('fast');
    await new Promise((r) => setTimeout(r, LLM_DELAY_MS + 1_500));
    expect(exitCode, output.slice(-4000)).toBeUndefined();
    await pg.start();
    await waitAllReady(ids);
    expect(exitCode, output.slice(-4000)).toBeUndefined();
    // Polling resumed: a job sent after the restart is worked too.
    const [late] = await makeReports(1);
    await waitAllReady([late]);
    expect(exitCode, output.slice(-4000)).toBeUndefined();
  }, 120_000);

  it('a worker started while PostgreSQL is down waits for it, then starts and works', async () => {
    await pg.stop('fast');
    let second = '';
    let secondExit: number | null | undefined;
    const child = spawnGroup(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], { env: workerEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk) => (second += chunk));
    child.stderr!.on('data', (chunk) => (second += chunk));
    child.once('exit', (code, signal) => (secondExit = code ?? (signal ? -1 : null)));
    try {
      const waiting = Date.now() + 30_000;
      while (!second.includes('database not reachable') && Date.now() < waiting && secondExit === undefined) await new Promise((r) => setTimeout(r, 200));
      expect(second, second).toContain('database not reachable');
      await pg.start();
      const deadline = Date.now() + 60_000;
      while (!second.includes('worker started') && Date.now() < deadline && secondExit === undefined) await new Promise((r) => setTimeout(r, 200));
      expect(secondExit, second).toBeUndefined();
      expect(second).toContain('worker started');
      const ids = await makeReports(2);
      await waitAllReady(ids);
      expect(exitCode, output.slice(-4000)).toBeUndefined();
    } finally {
      killGroup(child);
      if (!(await pg.isRunning())) await pg.start();
    }
  }, 120_000);
});
