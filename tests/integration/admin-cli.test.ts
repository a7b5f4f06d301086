import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '@/db/client';
import { newId } from '@/server/ids';
import { authenticateApiKey } from '@/server/services/api-keys/authenticate-api-key';
import { listCandidates } from '@/server/services/candidates/list-candidates';
import { DEMO_ORG_NAME, DEMO_RECRUITER_EMAIL } from '@/server/services/demo/seed-demo';
import { getInterviewConfig } from '@/server/services/interview-configs/get-interview-config';
import { getInterviewDetail } from '@/server/services/interviews/get-interview';
import { getOrganization } from '@/server/services/organizations/get-organization';
import { getStage } from '@/server/services/stages/get-stage';
import { runAdmin, type CliResult } from '../support/admin-cli';
import { request } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The real admin CLI (`scripts/admin.ts` through tsx, tests/support/admin-cli.ts) as child processes: on PGlite runs against a temporary
 * embedded data directory, on PostgreSQL runs against the run's database while the built app serves it.
 */
const databaseUrl = inject('databaseUrl');
// Each run opens the database anew (PGlite: wasm start and data load): generous limits for a loaded machine.
const SLOW_TEST_MS = 600_000;

function expectSuccess(result: CliResult): any {
  expect(result.stderr, `CLI failed: ${result.stderr}`).toBe('');
  expect(result.code).toBe(0);
  expect(result.stdout.trim().split('\n')).toHaveLength(1);
  return result.json;
}

function expectFailure(result: CliResult, message: string | RegExp) {
  expect(result.code).not.toBe(0);
  expect(result.stdout).toBe('');
  expect(result.stderr.split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(typeof message === 'string' ? new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : message);
}

const unique = () => newId('user').slice(-8).toLowerCase();

type Target = { env: Record<string, string>; withDb: <T>(fn: (db: Database) => Promise<T>) => Promise<T> };

/** Every catalog command, end to end, checked against what the database then holds. */
async function checkCatalogCommands(target: Target) {
  const run = (...args: string[]) => runAdmin(args, target.env);
  const org = expectSuccess(await run('org:create', '--name', 'Catalog Co'));

  const email = `ada.${unique()}@example.com`;
  const user = expectSuccess(await run('user:create', '--org', org.id, '--email', `  ${email.toUpperCase()} `, '--password', 'a long password'));
  expect(user).toMatchObject({ id: expect.stringMatching(/^usr_/), orgId: org.id, email });
  expect(JSON.stringify(user)).not.toMatch(/scrypt|password/i);
  expectFailure(await run('user:create', '--org', org.id, '--email', `b.${unique()}@example.com`, '--password', 'short'), 'password: Must be at least 10 characters');

  const job = expectSuccess(await run('job:create', '--org', org.id, '--title', 'Backend engineer'));
  expect(job).toMatchObject({ id: expect.stringMatching(/^job_/), orgId: org.id, title: 'Backend engineer' });

  const campaign = expectSuccess(await run('campaign:create', '--org', org.id, '--job', job.id, '--name', 'Spring hiring'));
  expect(campaign).toMatchObject({ id: expect.stringMatching(/^cmp_/), jobId: job.id, name: 'Spring hiring' });
  expectFailure(await run('campaign:create', '--org', org.id, '--job', newId('job'), '--name', 'Nope'), 'jobId: No such job posting in this organization');

  const stage = expectSuccess(await run('stage:create', '--org', org.id, '--campaign', campaign.id, '--name', 'Screen', '--no-report'));
  expect(stage).toMatchObject({ id: expect.stringMatching(/^stg_/), campaignId: campaign.id, position: 0, generateReport: false });

  const config = expectSuccess(
    await run('config:create', '--org', org.id, '--name', 'Screening', '--criteria', 'communication:1,technical:2', '--locale', 'en-gb'),
  );
  expect(config).toMatchObject({
    id: expect.stringMatching(/^cfg_/),
    locale: 'en-GB',
    criteria: [
      { key: 'communication', label: 'Communication', weight: 1 },
      { key: 'technical', label: 'Technical', weight: 2 },
    ],
    generateReport: true,
  });
  expectFailure(await run('config:create', '--org', org.id, '--name', 'Bad', '--criteria', 'communication:0'), '--criteria.0.weight: Must be greater than 0');

  await target.withDb(async (db) => {
    expect(await getStage(db, { orgId: org.id, id: stage.id })).toMatchObject({ name: 'Screen', generateReport: false });
    expect((await getInterviewConfig(db, { orgId: org.id, id: config.id })).criteria).toHaveLength(2);
  });
}

async function checkBadScopes(target: Target) {
  const run = (...args: string[]) => runAdmin(args, target.env);
  // Scopes are checked before the organization, so neither call needs a real one.
  expectFailure(await run('key:create', '--org', newId('organization'), '--scopes', 'candidates:read,everything'), 'Unknown scope "everything"; must be one of: interviews:read');
  expectFailure(await run('key:create', '--org', newId('organization'), '--scopes', 'candidates:read'), 'Organization not found');
}

describe('admin CLI: invocation errors', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'iss-cli-usage-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('an unknown command prints every command\'s usage on stderr and exits non-zero', async () => {
    const result = await runAdmin(['org:destroy', '--name', 'x'], { PGLITE_DIR: path.join(dir, 'db') });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('error: unknown command "org:destroy"');
    for (const usage of ['org:create --name <name>', 'key:create --org <orgId> --scopes', 'key:revoke --id <keyId>', 'demo:seed']) {
      expect(result.stderr).toContain(`npm run admin -- ${usage}`);
    }
  }, SLOW_TEST_MS);

  it('a bad flag is a usage error for that command, found before any database is opened', async () => {
    const dataDir = path.join(dir, 'never-opened');
    const result = await runAdmin(['org:create', '--nmae', 'Acme'], { PGLITE_DIR: dataDir });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('error: unknown flag --nmae');
    expect(result.stderr).toContain('usage: npm run admin -- org:create --name <name>');
    expect(existsSync(dataDir)).toBe(false);
  }, SLOW_TEST_MS);
});

describe.runIf(!databaseUrl)('admin CLI on the embedded database (PGLITE_DIR)', () => {
  let dir: string;
  let target: Target;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'iss-cli-pglite-'));
    const dataDir = path.join(dir, 'pglite');
    target = {
      env: { PGLITE_DIR: dataDir },
      // Opened from this process only between CLI runs: the embedded lock allows one process at a time.
      withDb: async (fn) => {
        const handle = await openDatabase({ dataDir });
        try {
          return await fn(handle.db);
        } finally {
          await handle.close();
        }
      },
    };
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('org:create → key:create → the key authenticates; the lock keeps the CLI out; key:revoke ends the key', async () => {
    const run = (...args: string[]) => runAdmin(args, target.env);
    const org = expectSuccess(await run('org:create', '--name', 'Acme'));
    expect(org).toEqual({ id: expect.stringMatching(/^org_[0-9A-Za-z]{22}$/), name: 'Acme' });

    const key = expectSuccess(await run('key:create', '--org', org.id, '--scopes', 'interviews:read,candidates:write', '--name', 'ci'));
    expect(key).toEqual({ id: expect.stringMatching(/^key_/), key: expect.stringMatching(/^isk_[0-9A-Za-z]{32,}$/), scopes: ['interviews:read', 'candidates:write'] });

    const handle = await openDatabase({ dataDir: target.env.PGLITE_DIR });
    try {
      expect(await authenticateApiKey(handle.db, key.key)).toMatchObject({ id: key.id, orgId: org.id, scopes: ['interviews:read', 'candidates:write'] });
      expect((await getOrganization(handle.db, { orgId: org.id })).name).toBe('Acme');
      // This process holds the directory now: the CLI must refuse rather than open it a second time.
      expectFailure(await run('org:create', '--name', 'Intruder'), `the embedded database is in use by process ${process.pid}; stop it or set DATABASE_URL`);
    } finally {
      await handle.close();
    }

    const revoked = expectSuccess(await run('key:revoke', '--id', key.id));
    expect(revoked).toMatchObject({ id: key.id, orgId: org.id, revokedAt: expect.any(String) });
    expect(await target.withDb((db) => authenticateApiKey(db, key.key))).toBeNull();
  }, SLOW_TEST_MS);

  it('bad scopes or an unknown organization: non-zero exit and one line on stderr', () => checkBadScopes(target), SLOW_TEST_MS);

  // The catalog commands (user, job, campaign, stage, configuration) run on PostgreSQL below: they go through the
  // same services on either driver, and each run here costs a wasm start and a data load; what is the embedded
  // database's own (the data directory, its first-run migration, the lock) is checked above.

  it('demo:seed prints working credentials once, then refuses to seed again', async () => {
    const env = { ...target.env, AGENT_SECRET: 'cli-test-agent-secret-0123456789' };
    const seeded = expectSuccess(await runAdmin(['demo:seed'], env));
    expect(seeded).toMatchObject({
      orgId: expect.stringMatching(/^org_/),
      organizationName: DEMO_ORG_NAME,
      recruiter: { email: DEMO_RECRUITER_EMAIL, password: expect.any(String) },
      apiKey: expect.stringMatching(/^isk_/),
      agentSecret: 'cli-test-agent-secret-0123456789',
    });
    await target.withDb(async (db) => {
      expect((await authenticateApiKey(db, seeded.apiKey))?.orgId).toBe(seeded.orgId);
      expect((await listCandidates(db, { orgId: seeded.orgId, page: 1, pageSize: 1 })).pagination.total).toBe(12);
      // Finished interviews, conducted by the simulated agent, each with a ready report.
      expect(seeded.interviewIds.completed.length).toBeGreaterThanOrEqual(2);
      for (const id of seeded.interviewIds.completed) {
        const detail = await getInterviewDetail(db, { orgId: seeded.orgId, id });
        expect(detail.status).toBe('COMPLETED');
        expect(detail.transcript.length).toBeGreaterThanOrEqual(4);
        expect(detail.evaluation).toMatchObject({ status: 'READY', overallScore: expect.any(Number) });
      }
    });
    expectFailure(await runAdmin(['demo:seed'], env), `The demo is already seeded: ${DEMO_RECRUITER_EMAIL} belongs to organization ${seeded.orgId}`);
  }, SLOW_TEST_MS);
});

describe.runIf(databaseUrl)('admin CLI on PostgreSQL (DATABASE_URL), beside the running app', () => {
  let app: TestApp;
  let target: Target;

  beforeAll(async () => {
    app = await startTestApp();
    target = { env: { DATABASE_URL: app.database.databaseUrl! }, withDb: (fn) => fn(app.db) };
  });
  afterAll(() => app?.close());

  it('org:create → key:create → the key works on GET /api/v1/candidates; key:revoke → 401 at once', async () => {
    const run = (...args: string[]) => runAdmin(args, target.env);
    const org = expectSuccess(await run('org:create', '--name', 'Acme'));
    expect(org).toEqual({ id: expect.stringMatching(/^org_[0-9A-Za-z]{22}$/), name: 'Acme' });
    const key = expectSuccess(await run('key:create', '--org', org.id, '--scopes', 'candidates:read'));
    expect(key).toEqual({ id: expect.stringMatching(/^key_/), key: expect.stringMatching(/^isk_[0-9A-Za-z]{32,}$/), scopes: ['candidates:read'] });

    const listed = await request(app.url, '/api/v1/candidates', { key: key.key });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ items: [], pagination: { page: 1, pageSize: 20, total: 0, totalPages: 0 } });
    // The key has exactly the scopes asked for.
    expect((await request(app.url, '/api/v1/interviews', { key: key.key })).status).toBe(403);

    expect(expectSuccess(await run('key:revoke', '--id', key.id))).toMatchObject({ id: key.id, orgId: org.id });
    const after = await request(app.url, '/api/v1/candidates', { key: key.key });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('UNAUTHORIZED');
  }, SLOW_TEST_MS);

  it('bad scopes or an unknown organization: non-zero exit and one line on stderr', () => checkBadScopes(target), SLOW_TEST_MS);

  it('user, job, campaign, stage and configuration commands', () => checkCatalogCommands(target), SLOW_TEST_MS);
});
