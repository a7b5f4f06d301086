import { randomBytes } from 'node:crypto';
import { migrateDatabase, setDatabase, type DatabaseHandle } from '@/db/client';
import type { AgentAuth, FetchLike } from '@/server/agent/agent-client';
import { createSimulationInterview, findDemoOrgId } from '@/server/agent/create-simulation-interview';
import { conductInterview, pollInterviewReport } from '@/server/agent/simulated-agent';
import { ensureDevSecrets } from '@/server/dev-secrets';
import { getEnv, resetEnvCache } from '@/server/env';
import type { JobQueue } from '@/server/jobs/queue';

const USAGE = `Usage: npm run agent:simulate -- [--interview <itv_…>] [--url http://localhost:3000] [--secret <AGENT_SECRET>]
                              [--media-token <token>] [--api-key <isk_…>] [--no-restart]

Conducts a whole interview as the voice agent would, over the internal routes, then finalizes it.
  --interview    the interview to conduct; without it, a candidate and a DRAFT interview are created in the
                 demo organization ("Acme Recruiting (demo)") directly in the database, and the agent runs
                 in-process (against --url instead when given; the server must share the database).
  --url          base URL of a running server (default http://localhost:$PORT or 3000)
  --secret       the agent secret (default: AGENT_SECRET from the environment)
  --media-token  authenticate with a media token for this interview instead of the secret
  --api-key      an API key with reports:read: poll GET /api/v1/reports/interviews/:id until the report is ready
  --no-restart   do not simulate an agent restart halfway`;

type Args = Record<string, string | true>;

function parseArgs(argv: string[]): Args {
  const args: Args = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument "${arg}"\n\n${USAGE}`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (inline !== undefined) args[name] = inline;
    else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) args[name] = argv[++i];
    else args[name] = true;
  }
  const known = new Set(['interview', 'url', 'secret', 'media-token', 'api-key', 'no-restart', 'help']);
  for (const name of Object.keys(args)) if (!known.has(name)) throw new Error(`Unknown option --${name}\n\n${USAGE}`);
  for (const name of ['interview', 'url', 'secret', 'media-token', 'api-key']) {
    if (args[name] === true) throw new Error(`--${name} needs a value\n\n${USAGE}`);
  }
  return args;
}

const str = (value: string | true | undefined) => (typeof value === 'string' ? value : undefined);

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  let interviewId = str(args.interview);
  let baseUrl = str(args.url);
  let transport: FetchLike | undefined;
  let cleanup = async () => {};

  if (!interviewId) {
    const hosted = await openAndCreate(baseUrl === undefined);
    interviewId = hosted.interviewId;
    cleanup = hosted.cleanup;
    if (hosted.transport) {
      transport = hosted.transport;
      baseUrl = 'http://in-process.invalid';
    }
    log(`created interview ${interviewId} in the demo organization`);
  }
  baseUrl ??= `http://localhost:${process.env.PORT || 3000}`;

  const mediaToken = str(args['media-token']);
  const secret = str(args.secret) ?? getEnv().AGENT_SECRET;
  if (!mediaToken && !secret) throw new Error('No credentials: pass --secret <AGENT_SECRET> (or set AGENT_SECRET), or --media-token <token>');
  const auth: AgentAuth = mediaToken ? { mediaToken } : { agentSecret: secret! };

  try {
    const result = await conductInterview({
      baseUrl,
      interviewId,
      auth,
      fetch: transport,
      simulateRestart: !args['no-restart'],
      onEvent: log,
    });
    const apiKey = str(args['api-key']);
    let report: unknown;
    if (apiKey && result.finalize.reportId) {
      log(`polling the report ${result.finalize.reportId} …`);
      report = await pollInterviewReport({ baseUrl, apiKey, interviewId, fetch: transport });
    }
    process.stdout.write(`${JSON.stringify({ ...result, ...(report !== undefined ? { report } : {}) }, null, 2)}\n`);
  } finally {
    await cleanup();
  }
}

/**
 * Opens the configured database (PostgreSQL, or the embedded one when no server holds it) and creates the
 * interview through the services. With `inProcess`, this process then serves the routes to itself and works
 * the report job, so the demo needs no running server on the embedded database.
 */
async function openAndCreate(inProcess: boolean): Promise<{ interviewId: string; transport?: FetchLike; cleanup: () => Promise<void> }> {
  if (inProcess && !process.env.AGENT_SECRET) {
    // This process checks its own requests: a one-off secret that never leaves it.
    process.env.AGENT_SECRET = randomBytes(24).toString('base64url');
    resetEnvCache();
  }
  const { openConfiguredDatabase } = await import('@/server/configured-database');
  const database: DatabaseHandle = await openConfiguredDatabase();
  let queue: JobQueue | undefined;
  const cleanup = async () => {
    await queue?.stop();
    setDatabase(undefined);
    await database.close();
  };
  try {
    await migrateDatabase(database);
    const orgId = await findDemoOrgId(database.db);
    let transport: FetchLike | undefined;
    if (inProcess) {
      const { startJobQueue } = await import('@/server/jobs/queue');
      const { jobHandlers } = await import('@/server/jobs/handlers');
      const { createInProcessFetch } = await import('@/server/agent/in-process-fetch');
      setDatabase(database);
      queue = await startJobQueue(database, { handlers: jobHandlers(database.db), pollingIntervalSeconds: 0.5 });
      transport = createInProcessFetch();
    }
    const interview = await createSimulationInterview(database.db, { orgId });
    if (!inProcess) {
      // Over HTTP the server does everything; this process only needed the database to create the interview.
      await cleanup();
      return { interviewId: interview.id, cleanup: async () => {} };
    }
    return { interviewId: interview.id, transport, cleanup };
  } catch (error) {
    await cleanup().catch(() => {});
    throw error;
  }
}

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

// Outside production, the same generated secrets as `npm run dev`, so --url against the dev server needs no --secret.
ensureDevSecrets();
main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`agent:simulate: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
