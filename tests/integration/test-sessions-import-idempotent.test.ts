import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '@/db/client';
import { organizations, reports, testSessions } from '@/db/schema';
import { newId } from '@/server/ids';
import { runAdmin } from '../support/admin-cli';
import { createTestOrg, makeCandidate, makeHiringSetup } from '../support/factories';
import { canStartPrivatePostgres, startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';
import { makeRecruiter, sessionCookieFor, trpcMutation } from '../support/recruiters';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Test-result imports are idempotent: a session is identified by candidate, campaign, test name and completion
 * time, so importing the same file twice adds nothing and says so per row. Through the real admin CLI (on a
 * private PostgreSQL, NODE_ENV=production with none of the web server's settings: a CLI command needs only what
 * it uses) and through the dashboard's tRPC over HTTP.
 */

describe.skipIf(!canStartPrivatePostgres())('admin CLI on PostgreSQL in production, without the web server settings', () => {
  let pg: PrivatePostgres;
  let database: DatabaseHandle;
  let databaseUrl: string;
  let dir: string;
  let orgId: string;
  const env = () => ({ NODE_ENV: 'production', DATABASE_URL: databaseUrl });

  beforeAll(async () => {
    pg = await startPrivatePostgres({ name: 'cli' });
    databaseUrl = await pg.createDatabase('cli');
    database = await openDatabase({ databaseUrl, poolSize: 2 });
    await migrateDatabase(database);
    orgId = newId('organization');
    await database.db.insert(organizations).values({ id: orgId, name: 'CLI' });
    dir = await mkdtemp(path.join(tmpdir(), 'iss-import-'));
  });
  afterAll(async () => {
    await database?.close();
    await pg?.destroy();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('user:create needs neither APP_URL nor the secrets', async () => {
    const res = await runAdmin(['user:create', '--org', orgId, '--email', 'ops@example.com', '--password', 'a long enough password'], env());
    expect(res.stderr).not.toMatch(/APP_URL|AGENT_SECRET|MEDIA_TOKEN_SECRET/);
    expect(res.code, res.stderr).toBe(0);
    expect(res.json).toMatchObject({ email: 'ops@example.com' });
  }, 120_000);

  it('tests:import of the same file twice adds nothing the second time and says so per row', async () => {
    const setup = await makeHiringSetup(database.db, orgId);
    const candidates = await Promise.all([makeCandidate(database.db, orgId), makeCandidate(database.db, orgId)]);
    const row = (i: number, completedAt: string) => ({
      candidateId: candidates[i].id,
      campaignId: setup.campaign.id,
      testName: 'Algorithms',
      score: 7 + i,
      maxScore: 10,
      startedAt: '2026-03-01T09:00:00.000Z',
      completedAt,
      results: [{ task: 'sort', score: 7 + i, maxScore: 10, passed: true }],
    });
    const file = path.join(dir, 'results.json');
    await writeFile(file, JSON.stringify([row(0, '2026-03-01T10:00:00.000Z'), row(1, '2026-03-01T10:00:00.000Z')]));

    const first = await runAdmin(['tests:import', '--org', orgId, '--file', file], env());
    expect(first.code, first.stderr).toBe(0);
    expect(first.json).toMatchObject({ imported: 2, duplicates: 0 });
    expect(first.json.rows).toEqual([
      { row: 1, status: 'imported', testSessionId: first.json.ids[0] },
      { row: 2, status: 'imported', testSessionId: first.json.ids[1] },
    ]);

    const second = await runAdmin(['tests:import', '--org', orgId, '--file', file], env());
    expect(second.code, second.stderr).toBe(0);
    expect(second.json).toMatchObject({ imported: 0, ids: [], duplicates: 2 });
    expect(second.json.rows).toEqual([
      { row: 1, status: 'duplicate', testSessionId: first.json.ids[0] },
      { row: 2, status: 'duplicate', testSessionId: first.json.ids[1] },
    ]);

    // A file with one new session (another completion time) and an old one: only the new one is added.
    await writeFile(file, JSON.stringify([row(0, '2026-03-01T10:00:00.000Z'), row(0, '2026-04-01T10:00:00.000Z'), row(0, '2026-04-01T10:00:00.000Z')]));
    const third = await runAdmin(['tests:import', '--org', orgId, '--file', file], env());
    expect(third.code, third.stderr).toBe(0);
    expect(third.json).toMatchObject({ imported: 1, duplicates: 2 });
    expect(third.json.rows.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'imported', 'duplicate']);
    expect(await database.db.$count(testSessions, eq(testSessions.orgId, orgId))).toBe(3);
    expect(await database.db.$count(reports, eq(reports.orgId, orgId))).toBe(3);
  }, 180_000);
});

describe('dashboard: recording the same test session twice', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('returns the recorded session the second time and adds nothing', async () => {
    const org = await createTestOrg(app.db, app.url);
    const recruiter = await makeRecruiter(app.db, org.orgId);
    const cookie = await sessionCookieFor(app.db, recruiter.email);
    const setup = await makeHiringSetup(app.db, org.orgId);
    const candidate = await makeCandidate(app.db, org.orgId);
    const input = { candidateId: candidate.id, campaignId: setup.campaign.id, testName: 'SQL', score: 4, maxScore: 5, completedAt: '2026-05-01T12:00:00.000Z', results: [] };
    const first = await trpcMutation(app.url, 'testSessions.record', input, cookie);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await trpcMutation(app.url, 'testSessions.record', input, cookie);
    expect(second.status).toBe(200);
    expect(second.body.result.data.testSessionId).toBe(first.body.result.data.testSessionId);
    expect(await app.db.$count(testSessions, eq(testSessions.orgId, org.orgId))).toBe(1);
  });
});
