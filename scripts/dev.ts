/**
 * `npm run dev`: the app in development mode on the embedded database (or DATABASE_URL), with stable dev secrets
 * and, the first time, a seeded demo organization whose credentials are printed on every start.
 */
import path from 'node:path';
import { ensureDevSecrets, readJson, writePrivateJson } from '@/server/dev-secrets';

(process.env as Record<string, string>).NODE_ENV = 'development';

const CREDENTIALS_FILE = path.join(process.cwd(), '.data', 'demo-credentials.json');

type DemoCredentials = { orgId: string; recruiter: { email: string; password: string }; apiKey: string; apiKeyId: string };

ensureDevSecrets();

// Imported after the environment is final: these modules read it.
const { getEnv } = await import('@/server/env');
const { startServer } = await import('@/server/http/start-server');
const { hasAnyOrganization } = await import('@/server/services/organizations/has-any-organization');
const { getOrganization } = await import('@/server/services/organizations/get-organization');
const { seedDemo } = await import('@/server/services/demo/seed-demo');
const { conductDemoInterviews } = await import('@/server/agent/conduct-demo-interviews');
const { installProcessGuards } = await import('@/server/process-guards');
const { flushLog, log } = await import('@/server/log');
const { expireInterviews } = await import('@/server/services/interviews/expire-interviews');
installProcessGuards('dev');

let env: ReturnType<typeof getEnv>;
let server: Awaited<ReturnType<typeof startServer>>;
try {
  env = getEnv();
  server = await startServer({ dev: true });
} catch (error) {
  // A held embedded database or a bad variable is the operator's to fix: say what, without a stack.
  console.error(`error: ${(error as Error).message}`);
  process.exit(1);
}
const db = server.database.db;

let credentials: DemoCredentials | undefined;
let demoInterviews = 0;
if (!(await hasAnyOrganization(db))) {
  // The simulated agent's hundreds of request lines would bury the banner: quiet while seeding, summarised below.
  const level = log.level;
  if (log.levelVal < 40) log.level = 'warn';
  let seeded: Awaited<ReturnType<typeof seedDemo>>;
  try {
    seeded = await seedDemo(db);
    // Finished interviews with transcripts and reports, conducted by the simulated voice agent.
    demoInterviews = (await conductDemoInterviews(db, seeded)).length;
    // The seed queued jobs (invitation emails, report requests): let the worker in this process finish them
    // while quiet, so their log lines do not follow the banner.
    await waitForDueJobs(server.database, 30_000);
    // And the demo's already expired invitation, which the minute's expiry sweep would report after the banner.
    await expireInterviews(db);
  } finally {
    log.level = level;
  }
  credentials = { orgId: seeded.orgId, recruiter: { email: seeded.recruiter.email, password: seeded.recruiter.password }, apiKey: seeded.apiKey, apiKeyId: seeded.apiKeyId };
  writePrivateJson(CREDENTIALS_FILE, credentials);
} else {
  credentials = readJson<DemoCredentials>(CREDENTIALS_FILE);
  // The file may describe another database (DATABASE_URL changed, .data/pglite deleted): show it only if it fits.
  if (credentials && !(await getOrganization(db, { orgId: credentials.orgId }).then(() => true, () => false))) credentials = undefined;
}

const base = env.APP_URL;
const lines = [
  '',
  `  Interview screening service (development) on ${base}`,
  `  Database:      ${server.database.kind === 'pglite' ? `embedded PGlite in ${env.PGLITE_DIR}` : 'PostgreSQL (DATABASE_URL)'}`,
];
if (credentials) {
  if (demoInterviews > 0) lines.push(`  Demo data:     seeded now: ${demoInterviews} interviews conducted by the simulated agent (their request logs hidden)`);
  lines.push(
    `  Dashboard:     ${base}/  sign in as ${credentials.recruiter.email} / ${credentials.recruiter.password}`,
    `  API key:       ${credentials.apiKey}  (all scopes)`,
  );
} else {
  lines.push('  Demo:          not seeded here (the database already had organizations); `npm run admin -- demo:seed` creates one');
}
lines.push(`  Agent secret:  ${env.AGENT_SECRET}  (header X-Agent-Secret)`);
if (credentials) {
  lines.push(`  Try:           curl -H "Authorization: Bearer ${credentials.apiKey}" ${base}/api/v1/candidates`);
}
lines.push('');
// Last, after Next.js's own start-up lines and the seeding: what a newcomer needs, where the eye lands.
await new Promise((resolve) => setTimeout(resolve, 250));
// Log lines wait in a buffer for up to LOG_FLUSH_MS (server/log.ts): out with them first, so that none follows.
flushLog();
console.log(lines.join('\n'));

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}

/** Until no job that is due is waiting or running (at most `timeoutMs`). */
async function waitForDueJobs(database: { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: any[] }> }, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await database.executeSql(
      `select count(*)::int as n from pgboss.job where left(name, 2) <> '__' and state in ('created', 'retry', 'active') and start_after <= now()`,
    );
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
