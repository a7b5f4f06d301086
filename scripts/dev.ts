/**
 * `npm run dev`: the app in development mode on the embedded database (or DATABASE_URL), with stable dev secrets
 * and, the first time, a seeded demo organization whose credentials are printed on every start.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBase62 } from '@/server/ids';

(process.env as Record<string, string>).NODE_ENV = 'development';

const DATA_DIR = path.join(process.cwd(), '.data');
const SECRETS_FILE = path.join(DATA_DIR, 'dev-secrets.json');
const CREDENTIALS_FILE = path.join(DATA_DIR, 'demo-credentials.json');

type DevSecrets = { AGENT_SECRET: string; MEDIA_TOKEN_SECRET: string };
type DemoCredentials = { orgId: string; recruiter: { email: string; password: string }; apiKey: string; apiKeyId: string };

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${path.relative(process.cwd(), file)} is unreadable (${(error as Error).message}); delete it to start over`);
  }
}

/** Secrets on disk are readable by their owner only; .data/ is git-ignored. */
function writePrivateJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600); // an existing file keeps its old mode on write
}

/**
 * Secrets the environment leaves unset are generated once and kept, so that media tokens and an agent configured
 * with the secret keep working across restarts. Set ones always win and are never written to disk.
 */
function ensureDevSecrets(): void {
  if (process.env.AGENT_SECRET?.trim() && process.env.MEDIA_TOKEN_SECRET?.trim()) return;
  const stored = readJson<Partial<DevSecrets>>(SECRETS_FILE) ?? {};
  const secrets: DevSecrets = {
    AGENT_SECRET: stored.AGENT_SECRET || randomBase62(32),
    MEDIA_TOKEN_SECRET: stored.MEDIA_TOKEN_SECRET || randomBase62(48),
  };
  if (secrets.AGENT_SECRET !== stored.AGENT_SECRET || secrets.MEDIA_TOKEN_SECRET !== stored.MEDIA_TOKEN_SECRET) {
    writePrivateJson(SECRETS_FILE, secrets);
  }
  if (!process.env.AGENT_SECRET?.trim()) process.env.AGENT_SECRET = secrets.AGENT_SECRET;
  if (!process.env.MEDIA_TOKEN_SECRET?.trim()) process.env.MEDIA_TOKEN_SECRET = secrets.MEDIA_TOKEN_SECRET;
}

ensureDevSecrets();

// Imported after the environment is final: these modules read it.
const { getEnv } = await import('@/server/env');
const { startServer } = await import('@/server/http/start-server');
const { hasAnyOrganization } = await import('@/server/services/organizations/has-any-organization');
const { getOrganization } = await import('@/server/services/organizations/get-organization');
const { seedDemo } = await import('@/server/services/demo/seed-demo');

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
if (!(await hasAnyOrganization(db))) {
  const seeded = await seedDemo(db);
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
