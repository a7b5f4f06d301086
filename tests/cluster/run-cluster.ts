import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { openDatabase, type DatabaseHandle } from '@/db/client';
import { organizations } from '@/db/schema';
import { conductInterview, type ConductInterviewResult } from '@/server/agent/simulated-agent';
import { SCOPES } from '@/server/auth/scopes';
import { mintMediaToken } from '@/server/auth/media-token';
import { resetEnvCache } from '@/server/env';
import { newId } from '@/server/ids';
import { jobHandlers } from '@/server/jobs/handlers';
import { QUEUES } from '@/server/jobs/queue';
import { createApiKey } from '@/server/services/api-keys/create-api-key';
import { currentRunId, describeSurvivors, endSurvivors, runGroup } from '../support/child-processes';
import { makeCampaign, makeCandidate, makeConfig, makeJob, makeStage } from '../support/factories';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';
import { startFakeResend, type FakeResend } from '../support/fake-resend-server';
import { startPrivatePostgres, stopPrivatePostgresSync, type PrivatePostgres } from '../support/private-postgres';
import { checkServerError, countStatus, createBalancedFetch, isTimeout, newTrafficStats, sleep, statusSummary, type TrafficStats } from './balanced-fetch';
import { waitForPostgres } from './postgres-control';
import { killAllNow, logTail, signalProcess, startProcess, stopAll, unexpectedExits, waitReady, type ManagedProcess } from './processes';
import { runLiveKill } from './live-kill';
import { CLUSTER_WEBHOOK_ENV, startWebhookCheck } from './verify-webhooks';
import { startAtsCheck } from './verify-ats';
import { checkTurns, countAllJobs, countJobs, recordSentTurn, type SentTurns } from './verify';

/**
 * npm run test:cluster — the service as it runs in production, scaled out on one PostgreSQL: two web instances
 * (RUN_WORKER=false) and one worker process, on a PostgreSQL server of the run's own (initdb in a temporary
 * directory, its own port: restarting it disturbs nobody else). Twenty interviews are created through REST v1 on
 * alternating instances while the email provider fails (the invitation jobs fail and retry), and conducted by
 * twenty simulated voice agents at once. Meanwhile PostgreSQL restarts three times (the first while the
 * invitation jobs are failing and retrying), one app instance and the worker are SIGKILLed and restarted. Then the
 * database must show every turn exactly once as sent, one READY report per finalized interview, every invitation
 * sent once, no process gone unexpectedly, and the shared rate limit must hold across instances.
 * Greenhouse orders four of the interviews through its partner API (send_test on alternating instances); each
 * order's completion must be written back by the worker and accepted exactly once, through all of the above.
 * Then a live conversation (tests/cluster/live-kill.ts, the instances' realtime provider being the tests' fake OpenAI
 * server) loses the instance holding it to a SIGKILL mid-question and resumes on the other one, every turn stored
 * once; the killed instance is restarted for the checks that follow.
 * Exits non-zero on any violation; removes its PostgreSQL and leaves no child process behind.
 */

const INTERVIEWS = 20;
const QUESTIONS = 10;
const RATE_LIMIT = 10;
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const say = (line: string) => console.log(`cluster [${elapsed()}] ${line}`);

const databaseName = `iss_cluster_${randomBytes(5).toString('hex')}`;
let pg: PrivatePostgres | undefined;
let databaseUrl = '';
let resend: FakeResend | undefined;
let openAi: FakeOpenAi | undefined;
const logDir = mkdtempSync(path.join(tmpdir(), 'iss-cluster-'));
const violations: string[] = [];
const notes: string[] = [];
const faults: string[] = [];

process.on('exit', () => {
  killAllNow();
  stopPrivatePostgresSync(pg);
});
// A stray rejection is a failure of the run, reported with the rest, not a crash that skips the cleanup.
process.on('unhandledRejection', (reason) => violations.push(`unhandled rejection: ${(reason as Error)?.stack ?? reason}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAllNow();
    process.exit(130);
  });
}

async function main(): Promise<void> {
  if (!existsSync(path.join(process.cwd(), '.next', 'BUILD_ID'))) {
    say('no production build: running next build');
    const build = await runGroup(path.join(process.cwd(), 'node_modules', '.bin', 'next'), ['build'], { stdio: 'inherit' });
    if (build.code !== 0) throw new Error(`next build exited with ${build.code ?? build.signal}`);
  }
  pg = await startPrivatePostgres({ name: 'cluster' });
  databaseUrl = await pg.createDatabase(databaseName);
  resend = await startFakeResend();
  openAi = await startFakeOpenAi();
  say(`private PostgreSQL on port ${pg.port} (${pg.dataDir}); logs in ${logDir}`);
  let database: DatabaseHandle | undefined;
  try {
    database = await runCluster(pg, resend, openAi);
  } finally {
    await stopAll();
    await database?.close().catch(() => {});
    await resend.close().catch(() => {});
    await openAi.close().catch(() => {});
    await pg.destroy().catch((error) => violations.push(`could not remove the private PostgreSQL: ${error.message}`));
  }
}

/** Restarts PostgreSQL (fast shutdown: sessions are terminated, new ones refused until it is back) and says how long it took. */
async function restartPostgres(pg: PrivatePostgres, label: string, probe: { restarting: boolean }): Promise<void> {
  probe.restarting = true;
  const restartStarted = Date.now();
  say(`restarting PostgreSQL (${label})`);
  try {
    await pg.stop('fast');
    // Down long enough that every process notices: pools lose their connections, requests get 503s.
    await sleep(1_500);
    await pg.start();
    const back = await waitForPostgres(pg.url);
    faults.push(`PostgreSQL restart ${label} at ${elapsed()} (down ${((Date.now() - restartStarted) / 1000).toFixed(1)} s incl. ${(back / 1000).toFixed(1)} s until it answered)`);
    say('PostgreSQL is back');
    await sleep(2_000);
  } finally {
    probe.restarting = false;
  }
}

async function runCluster(pg: PrivatePostgres, resend: FakeResend, openAi: FakeOpenAi): Promise<DatabaseHandle> {
  const ports = await Promise.all([freePort(), freePort()]);
  const urls = ports.map((p) => `http://127.0.0.1:${p}`);
  const agentSecret = randomBytes(24).toString('hex');
  const mediaSecret = randomBytes(32).toString('hex');
  const common: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    AGENT_SECRET: agentSecret,
    MEDIA_TOKEN_SECRET: mediaSecret,
    APP_URL: urls[0],
    LOG_LEVEL: 'info',
    SHUTDOWN_DRAIN_SECONDS: '0',
    JOB_POLL_INTERVAL_SECONDS: '0.5',
    ...CLUSTER_WEBHOOK_ENV,
    JOB_RETRY_DELAY_SECONDS: '1',
    // The SIGKILLed worker's active job is retried after this; pg-boss's maintenance looks every 10 s.
    JOB_EXPIRE_SECONDS: '20',
    RESEND_API_KEY: 're_cluster_test',
    RESEND_BASE_URL: resend.url,
    // The live conversation's provider (the live phase); quick turn-taking, so the phase stays short.
    REALTIME_BASE_URL: openAi.baseUrl,
    REALTIME_API_KEY: 'sk-cluster-realtime',
    REALTIME_MODEL: 'gpt-realtime',
    REALTIME_SILENCE_MS: '300',
    LIVE_PATIENCE_MS: '300',
  };
  delete common.LOG_DESTINATION;
  delete common.PGLITE_DIR;
  const appEnv = (i: number): NodeJS.ProcessEnv => ({ ...common, PORT: String(ports[i]), RUN_WORKER: 'false' });

  // Three processes start at once and migrate the same fresh database: the advisory lock serialises them.
  const apps: ManagedProcess[] = [startProcess('app-1', 'scripts/start.ts', appEnv(0), logDir), startProcess('app-2', 'scripts/start.ts', appEnv(1), logDir)];
  let worker = startProcess('worker', 'scripts/worker.ts', common, logDir);
  const readyMs = await Promise.all(apps.map((app, i) => waitReady(urls[i], app)));
  say(`app-1 and app-2 ready (${readyMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}), worker pid ${worker.child.pid}`);

  // The organization and its hiring setup, written directly on the database.
  process.env.MEDIA_TOKEN_SECRET = mediaSecret;
  resetEnvCache();
  const database = await openDatabase({ databaseUrl, poolSize: 4 });
  const db = database.db;
  const orgId = newId('organization');
  await db.insert(organizations).values({ id: orgId, name: 'Cluster run' });
  const key = await createApiKey(db, { orgId, scopes: [...SCOPES], rateLimitPerMinute: 1_000_000, name: 'cluster' });
  const webhookCheck = await startWebhookCheck(database, orgId);
  const job = await makeJob(db, orgId, 'Site reliability engineer');
  const campaign = await makeCampaign(db, orgId, job.id, 'Cluster campaign');
  const stage = await makeStage(db, orgId, campaign.id, { generateReport: true });
  const config = await makeConfig(db, orgId, {
    questions: Array.from({ length: QUESTIONS }, (_, i) => ({ id: `q${i + 1}`, text: `Question ${i + 1}?`, criterion: i % 2 ? 'technical' : 'communication' })),
  });
  const atsCheck = await startAtsCheck(database, orgId, { campaignId: campaign.id, stageId: stage.id, configId: config.id });
  const candidateRows = await Promise.all(
    Array.from({ length: INTERVIEWS }, (_, i) => makeCandidate(db, orgId, { email: `cluster.${i}.${randomBytes(3).toString('hex')}@example.com`, firstName: `Agent${i}` })),
  );

  // The email provider is down while the interviews are created: every invitation job fails and retries (with
  // backoff) at least once, and PostgreSQL restarts in the middle of that.
  resend.failNext(30);
  // Twenty interviews through REST v1, alternating instances; Idempotency-Key makes the client's retries safe.
  const traffic = newTrafficStats();
  let faultsPending = true;
  const createFetch = createBalancedFetch({ instances: () => urls, stats: traffic, thinkTimeMs: () => 0 });
  const interviewIds: string[] = [];
  for (const [i, candidate] of candidateRows.entries()) {
    const res = await createFetch(`http://cluster/api/v1/interviews`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json', 'idempotency-key': `cluster-create-${i}` },
      body: JSON.stringify({ candidateId: candidate.id, jobId: job.id, campaignId: campaign.id, stageId: stage.id, configId: config.id }),
    });
    const body = await res.json();
    if (res.status !== 201) throw new Error(`creating interview ${i}: ${res.status} ${JSON.stringify(body)}`);
    interviewIds.push(body.id);
  }
  say(`${interviewIds.length} interviews created through v1 on alternating instances`);
  await atsCheck.order(urls, candidateRows.slice(0, 4).map((c) => c.email));
  say('Greenhouse ordered four of them through send_test');

  // Twenty agents at once, half with the agent secret and half with a media token, spread over both instances.
  const sent: SentTurns = new Map();
  const agentFetch = createBalancedFetch({
    instances: () => urls,
    stats: traffic,
    thinkTimeMs: () => (faultsPending ? 500 + Math.random() * 900 : 10),
    onSuccess: (method, p, body) => recordSentTurn(sent, method, p, body),
  });
  const agents = interviewIds.map(async (interviewId, i): Promise<ConductInterviewResult | Error> => {
    await sleep(i * 150);
    // A candidate starts from the emailed link: the agent joins once the invitation is delivered (an invitation
    // whose interview has already started is rightly never sent).
    const delivered = await waitForInvitation(resend, candidateRows[i].email);
    if (!delivered) return new Error(`no invitation delivered to ${candidateRows[i].email} within 90 s`);
    const auth = i % 2 === 0 ? { agentSecret } : { mediaToken: (await mintMediaToken(interviewId)).token };
    return conductInterview({ baseUrl: 'http://cluster', interviewId, auth, fetch: agentFetch }).catch((error: Error) => error);
  });

  // A prober hits both instances without retrying, so what a client sees during the faults is on record.
  const probe = { stats: newTrafficStats(), duringRestart: newTrafficStats(), restarting: false, running: true };
  const prober = (async () => {
    while (probe.running) {
      await Promise.all(
        urls.flatMap((base) => [
          probeOnce(probe, `${base}/api/v1/interviews?pageSize=1`, { authorization: `Bearer ${key.key}` }),
          probeOnce(probe, `${base}/api/interviews/${interviewIds[0]}/history`, { 'x-agent-secret': agentSecret }),
        ]),
      );
      await sleep(150);
    }
  })();

  const faultRun = (async () => {
    // 1. PostgreSQL restarts while the invitation jobs are failing and retrying: once the worker has met the
    // provider's outage a few times (it lasts 30 calls), not before.
    const outageMet = Date.now() + 30_000;
    while (resend.requests.filter((r) => r.status >= 500).length < 3 && Date.now() < outageMet) await sleep(100);
    const failedSends = resend.requests.filter((r) => r.status >= 500).length;
    const retrying = await countRetryingJobs(database, QUEUES.invitationEmail);
    await restartPostgres(pg, '1/3', probe);
    faults.push(`(restart 1 began with ${failedSends} failed email sends so far and ${retrying} invitation jobs waiting to retry)`);
    if (failedSends === 0 && retrying === 0) violations.push('the first PostgreSQL restart did not meet failing and retrying jobs');

    // 2. An app instance is SIGKILLed while the agents talk, and restarted.
    await sleep(3_000);
    const victim = apps[1];
    victim.expectedExit = true;
    signalProcess(victim, 'SIGKILL');
    await victim.exited;
    faults.push(`SIGKILL app-2 at ${elapsed()}`);
    say('app-2 killed (SIGKILL); agents fail over to app-1');
    const restarted = startProcess('app-2-restarted', 'scripts/start.ts', appEnv(1), logDir);
    apps[1] = restarted;
    const ms = await waitReady(urls[1], restarted);
    faults.push(`app-2 restarted, ready again after ${(ms / 1000).toFixed(1)} s`);
    say(`app-2 restarted and ready (${(ms / 1000).toFixed(1)} s)`);

    // 3. PostgreSQL restarts under the conversations.
    await sleep(1_000);
    await restartPostgres(pg, '2/3', probe);

    // 4. The worker is SIGKILLed (its active job, if any, is retried after its expiry) and restarted.
    const killedWorker = worker;
    killedWorker.expectedExit = true;
    signalProcess(killedWorker, 'SIGKILL');
    await killedWorker.exited;
    faults.push(`SIGKILL worker at ${elapsed()}`);
    say('worker killed (SIGKILL)');
    await sleep(1_000);
    worker = startProcess('worker-restarted', 'scripts/worker.ts', common, logDir);
    say('worker restarted');

    // 5. PostgreSQL restarts once more, while reports are generated and the last interviews finish.
    await sleep(4_000);
    await restartPostgres(pg, '3/3', probe);
    faultsPending = false;
  })().catch((error: Error) => {
    faultsPending = false;
    probe.restarting = false;
    violations.push(`fault injection failed: ${error.stack ?? error.message}`);
  });

  const results = await Promise.all(agents);
  await faultRun;
  probe.running = false;
  await prober;
  const failedAgents = results.filter((r): r is Error => r instanceof Error);
  for (const error of failedAgents) violations.push(`an agent failed: ${error.message}`);
  say(`${results.length - failedAgents.length}/${results.length} agents finished their interview`);
  violations.push(...traffic.violations, ...probe.stats.violations);

  // The live conversation loses its instance (app-1) mid-question and resumes on app-2; app-1 is restarted meanwhile.
  let appOneReady: Promise<number> | undefined;
  let liveLine = 'not run';
  const liveSql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const live = await runLiveKill({
      db,
      sql: liveSql,
      urls: [urls[0], urls[1]],
      origin: new URL(urls[0]).origin,
      fake: openAi,
      say,
      killInstanceA: async () => {
        const victim = apps[0];
        victim.expectedExit = true;
        signalProcess(victim, 'SIGKILL');
        await victim.exited;
        faults.push(`SIGKILL app-1 holding a live conversation at ${elapsed()}`);
        apps[0] = startProcess('app-1-restarted', 'scripts/start.ts', appEnv(0), logDir);
        appOneReady = waitReady(urls[0], apps[0]);
        appOneReady.catch(() => {});
      },
    });
    violations.push(...live.violations);
    liveLine = live.violations.length ? `${live.line}: VIOLATION` : live.line;
    say('live conversation resumed on app-2 and completed');
  } catch (error) {
    violations.push(`live phase failed: ${(error as Error).stack ?? error}`);
    liveLine = 'failed';
  } finally {
    await liveSql.end({ timeout: 5 });
  }
  if (appOneReady) {
    const ms = await appOneReady;
    faults.push(`app-1 restarted, ready again after ${(ms / 1000).toFixed(1)} s`);
  }

  // What the database says.
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const turns = await checkTurns(sql, orgId, sent, interviewIds);
    violations.push(...turns.violations);
    const statuses = await sql<{ status: string; n: number }[]>`select status, count(*)::int as n from interviews where org_id = ${orgId} group by status`;
    const completed = statuses.find((s) => s.status === 'COMPLETED')?.n ?? 0;
    if (completed !== INTERVIEWS) violations.push(`${completed}/${INTERVIEWS} interviews COMPLETED (${JSON.stringify(statuses)})`);

    const reports = await checkReports(sql, db, orgId, interviewIds);
    const invitations = await checkInvitations(sql, resend, interviewIds, candidateRows.map((c) => c.email));
    const rate = await checkRateLimit(db, orgId, urls);
    const webhooks = await webhookCheck.verify(sql);
    violations.push(...webhooks.violations);
    const ats = await atsCheck.verify(sql);
    violations.push(...ats.violations);

    for (const exited of unexpectedExits()) violations.push(`${exited.name} exited unexpectedly:\n${logTail(exited, 15)}`);

    const sentTurns = [...sent.values()].reduce((n, t) => n + t.size, 0);
    console.log('');
    console.log(`cluster: processes        2 web instances (RUN_WORKER=false) + 1 worker on one private PostgreSQL server`);
    console.log(`cluster: interviews       ${interviewIds.length} created through REST v1 on alternating instances`);
    console.log(`cluster: agents           ${results.length - failedAgents.length}/${results.length} completed (${QUESTIONS} questions each, secret and media-token auth)`);
    console.log(`cluster: client requests  ${traffic.sent} sent, ${traffic.retries} retried on the other instance, ${traffic.connectionErrors} connection errors, ${traffic.unavailable} × 503 envelope; statuses ${statusSummary(traffic)}`);
    console.log(`cluster: faults           ${faults.join('; ') || 'none'}`);
    console.log(
      `cluster: prober           ${probe.stats.sent} single-attempt requests (${statusSummary(probe.stats)}; ${probe.stats.connectionErrors} connection errors); during the PostgreSQL restart: ${probe.duringRestart.sent} requests, ${statusSummary(probe.duringRestart) || 'no answers'}, ${probe.duringRestart.connectionErrors} connection errors, ${probe.duringRestart.violations.length} 500s/hangs`,
    );
    console.log(`cluster: turns            ${turns.checked} stored, ${sentTurns} sent; each stored exactly once and as last sent`);
    console.log(`cluster: reports          ${reports}`);
    console.log(`cluster: invitations      ${invitations}`);
    console.log(`cluster: rate limit       ${rate}`);
    console.log(`cluster: webhooks         ${webhooks.line}`);
    console.log(`cluster: ats write-backs  ${ats.line}`);
    console.log(`cluster: live             ${liveLine}`);
    console.log(`cluster: process logs     ${logLevels(logDir)}`);
    for (const note of notes) console.log(`cluster: note             ${note}`);
  } finally {
    await sql.end({ timeout: 5 });
  }
  return database;
}

async function probeOnce(probe: { stats: TrafficStats; duringRestart: TrafficStats; restarting: boolean }, url: string, headers: Record<string, string>): Promise<void> {
  const targets = probe.restarting ? [probe.stats, probe.duringRestart] : [probe.stats];
  for (const t of targets) t.sent++;
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(20_000) });
    const text = await res.text();
    for (const t of targets) {
      countStatus(t, res.status);
      checkServerError(t, `probe ${url}`, res.status, res.headers, text);
    }
  } catch (error) {
    for (const t of targets) {
      if (isTimeout(error)) t.violations.push(`probe ${url}: no answer within 20 s`);
      else t.connectionErrors++;
    }
  }
}

/** One report per finalized interview; READY when this branch generates them, else PENDING with one queued job. */
async function checkReports(sql: postgres.Sql, db: DatabaseHandle['db'], orgId: string, interviewIds: string[]): Promise<string> {
  const generates = QUEUES.generateReport in jobHandlers(db);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const rows = await sql<{ id: string; interview_id: string; status: string }[]>`select id, interview_id, status from reports where org_id = ${orgId}`;
    const perInterview = new Map<string, number>();
    for (const r of rows) perInterview.set(r.interview_id, (perInterview.get(r.interview_id) ?? 0) + 1);
    const problems = interviewIds.filter((id) => perInterview.get(id) !== 1).map((id) => `${id}: ${perInterview.get(id) ?? 0} reports`);
    if (problems.length > 0) {
      violations.push(...problems);
      return `${rows.length} report rows for ${interviewIds.length} interviews: VIOLATION`;
    }
    if (!generates) {
      for (const r of rows) {
        if (r.status !== 'PENDING') violations.push(`report ${r.id} is ${r.status} although this branch has no generate-report handler`);
        const jobs = await countJobs(sql, QUEUES.generateReport, r.id);
        if (jobs !== 1) violations.push(`report ${r.id}: ${jobs} generate-report jobs`);
      }
      notes.push('generate-report has no handler in this branch: checked one PENDING report and exactly one queued job per interview instead of READY');
      return `${rows.length} reports, exactly one per interview, each PENDING with exactly one generate-report job (no handler in this branch)`;
    }
    const failed = rows.filter((r) => r.status === 'FAILED');
    if (failed.length > 0) {
      violations.push(...failed.map((r) => `report ${r.id} FAILED`));
      return `${rows.length} reports, ${failed.length} FAILED: VIOLATION`;
    }
    const ready = rows.filter((r) => r.status === 'READY').length;
    if (ready === rows.length) return `${rows.length} reports, exactly one per interview, all READY (generated by the worker)`;
    if (Date.now() > deadline) {
      violations.push(`${rows.length - ready} reports still PENDING after 120 s`);
      return `${ready}/${rows.length} READY: VIOLATION`;
    }
    await sleep(1_000);
  }
}

/**
 * Every invitation sent exactly once: one invitation-email job per interview, and one email per candidate at the
 * provider (the fake Resend, like Resend, sends once per idempotency key: a job that runs twice replays).
 */
async function checkInvitations(sql: postgres.Sql, resend: FakeResend, interviewIds: string[], emails: string[]): Promise<string> {
  const queued = await countAllJobs(sql, QUEUES.invitationEmail);
  for (const id of interviewIds) {
    const jobs = await countJobs(sql, QUEUES.invitationEmail, id);
    if (jobs !== 1) violations.push(`interview ${id}: ${jobs} invitation-email jobs`);
  }
  const deadline = Date.now() + 90_000;
  for (;;) {
    const counts = emails.map((e) => resend.emailsTo(e).length);
    const duplicates = counts.filter((n) => n > 1).length;
    const missing = counts.filter((n) => n === 0).length;
    const failed = resend.requests.filter((r) => r.status >= 500).length;
    if (duplicates > 0) {
      violations.push(`${duplicates} candidates received more than one invitation`);
      return `${counts.reduce((a, b) => a + b, 0)} emails for ${emails.length} candidates: VIOLATION`;
    }
    if (missing === 0) {
      return `${queued} invitation-email jobs, one per interview; ${resend.requests.length} provider calls (${failed} failed during the outage and were retried); ${emails.length} emails sent, exactly one per candidate`;
    }
    if (Date.now() > deadline) {
      violations.push(`${missing} of ${emails.length} invitations not sent after 90 s`);
      return `${emails.length - missing}/${emails.length} sent: VIOLATION`;
    }
    await sleep(1_000);
  }
}

/** Jobs of a queue waiting for their next attempt after a failure. */
async function countRetryingJobs(database: DatabaseHandle, queue: string): Promise<number> {
  const { rows } = await database.executeSql(`select count(*)::int as n from pgboss.job where name = $1 and state = 'retry'`, [queue]);
  return rows[0].n;
}

/**
 * N+1 concurrent requests over both instances on a key limited to N per minute: exactly N pass. A 503 (the
 * database unavailable) or a refused connection is neither a pass nor a limit: the burst is then inconclusive and
 * runs again with a fresh key, up to three times.
 */
async function checkRateLimit(db: DatabaseHandle['db'], orgId: string, urls: string[]): Promise<string> {
  let last = '';
  for (let attempt = 1; attempt <= 3; attempt++) {
    const key = await createApiKey(db, { orgId, scopes: ['candidates:read'], rateLimitPerMinute: RATE_LIMIT, name: `burst-${attempt}` });
    // The burst must fall inside one fixed one-minute window.
    while (Date.now() % 60_000 > 45_000 || Date.now() % 60_000 < 1_000) await sleep(250);
    const replies = await Promise.all(
      Array.from({ length: RATE_LIMIT + 1 }, async (_, i) => {
        try {
          const res = await fetch(`${urls[i % urls.length]}/api/v1/candidates?pageSize=1`, { headers: { authorization: `Bearer ${key.key}` }, signal: AbortSignal.timeout(20_000) });
          const text = await res.text();
          let code: string | undefined;
          try {
            code = JSON.parse(text)?.error?.code;
          } catch {
            code = undefined;
          }
          return { status: res.status, code, retryAfter: res.headers.get('retry-after') };
        } catch (error) {
          return { status: 0, code: (error as Error).name, retryAfter: null };
        }
      }),
    );
    const passed = replies.filter((r) => r.status === 200).length;
    const limited = replies.filter((r) => r.status === 429 && r.code === 'RATE_LIMITED' && /^\d+$/.test(r.retryAfter ?? '')).length;
    const unavailable = replies.filter((r) => r.status === 503 && r.code === 'SERVICE_UNAVAILABLE').length;
    const unreachable = replies.filter((r) => r.status === 0).length;
    const other = replies.length - passed - limited - unavailable - unreachable;
    last = `burst of ${RATE_LIMIT + 1} over ${urls.length} instances on a key limited to ${RATE_LIMIT}/min: ${passed} passed, ${limited} got 429 + Retry-After`;
    if (other > 0) {
      violations.push(`rate limit: unexpected answers in the burst (${JSON.stringify(replies)})`);
      return `${last}: VIOLATION`;
    }
    if (unavailable > 0 || unreachable > 0) {
      // A fault, not a verdict: the requests that got a 503 were not counted as passing.
      notes.push(`rate-limit burst ${attempt} met ${unavailable} × 503 and ${unreachable} refused connections: inconclusive, run again`);
      continue;
    }
    if (passed !== RATE_LIMIT || limited !== 1) violations.push(`rate limit: ${passed} passed and ${limited} limited out of ${RATE_LIMIT + 1} (${JSON.stringify(replies)})`);
    return `${last}${attempt > 1 ? ` (attempt ${attempt})` : ''}`;
  }
  violations.push('rate limit: three bursts in a row met a fault; no verdict');
  return `${last}: INCONCLUSIVE`;
}

/** Per process: request lines logged, and warn/error lines (expected around the faults, e.g. the job queue losing its connection). */
function logLevels(dir: string): string {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.log'))
    .map((file) => {
      const lines = readFileSync(path.join(dir, file), 'utf8').split('\n');
      const count = (test: (line: string) => boolean) => lines.filter(test).length;
      const requests = count((l) => l.includes('"msg":"request"'));
      const warn = count((l) => l.includes('"level":40'));
      const errorLines = lines.filter((l) => l.includes('"level":50') || l.includes('"level":60'));
      const kinds = new Map<string, number>();
      for (const line of errorLines) {
        const msg = /"msg":"([^"]*)"/.exec(line)?.[1] ?? 'unparsed';
        kinds.set(msg, (kinds.get(msg) ?? 0) + 1);
      }
      const which = [...kinds].map(([msg, n]) => `${msg}×${n}`).join(', ');
      return `${file.replace(/\.log$/, '')}: ${requests} request lines, ${warn} warn, ${errorLines.length} error${which ? ` (${which})` : ''}`;
    })
    .join('; ');
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

try {
  await main();
} catch (error) {
  violations.push(`the run failed: ${(error as Error).stack ?? error}`);
}
// Every process the run started (instances, workers, their tsx children, the private PostgreSQL) carries its marker.
const survivors = await endSurvivors(currentRunId());
if (survivors.length > 0) violations.push(`${survivors.length} process(es) outlived the run (now killed):\n${describeSurvivors(survivors)}`);
console.log('');
if (violations.length > 0) {
  console.log(`cluster: FAIL after ${elapsed()}: ${violations.length} violation(s)`);
  for (const v of violations.slice(0, 40)) console.log(`  - ${v}`);
  console.log(`cluster: process logs kept in ${logDir}`);
  process.exitCode = 1;
} else {
  console.log(`cluster: PASS after ${elapsed()}`);
  if (process.env.CLUSTER_KEEP_LOGS) console.log(`cluster: process logs kept in ${logDir}`);
  else rmSync(logDir, { recursive: true, force: true });
}
// Whatever a library still holds open, the run is over (the exit handler kills any child left).
process.exit(process.exitCode ?? 0);

async function waitForInvitation(resend: FakeResend, email: string): Promise<boolean> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (resend.emailsTo(email).length > 0) return true;
    await sleep(300);
  }
  return false;
}
