import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidates } from '@/db/schema';
import { LOGIN_ATTEMPT_LIMIT, LOGIN_CLIENT_ATTEMPT_LIMIT } from '@/server/services/auth/login-attempts';
import { signIn } from '@/server/services/auth/sign-in';
import { generateInterviewReport } from '@/server/services/reports/generate-interview-report';
import { createTestOrg, makeCandidate, makeHiringSetup, makeJob, type TestOrg } from '../support/factories';
import { makeRecruiter, RECRUITER_PASSWORD, sessionCookieFor, trpcMutation, trpcQuery } from '../support/recruiters';
import { makeInterviewWithPendingReport } from '../support/report-factories';
import { startTestApp, type TestApp } from '../support/test-app';

/** Findings of the black-box probe (issue 14, items 1, 2, 7a and 7c), each over the real app. */

let app: TestApp;
let org: TestOrg;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp();
  org = await createTestOrg(app.db, app.url);
  const recruiter = await makeRecruiter(app.db, org.orgId);
  cookie = await sessionCookieFor(app.db, recruiter.email);
});
afterAll(() => app?.close());

const NUL = 'a\u0000b';
const LONE = 'a\uD800b';

function expectFieldRefused(res: { status: number; body: any }, field: string, message: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  const error = res.body.error.data.error;
  expect(error.code).toBe('VALIDATION_ERROR');
  expect(error.issues).toEqual([{ path: field, message: expect.stringMatching(message) }]);
}

describe('dashboard tRPC: NUL characters and unpaired surrogates are a 400 naming the field (were a 500, or U+FFFD stored)', () => {
  it('in mutations and queries, at any depth', async () => {
    const setup = await makeHiringSetup(app.db, org.orgId);
    const candidate = await makeCandidate(app.db, org.orgId);
    const cases: { kind: 'query' | 'mutation'; path: string; input: (bad: string) => unknown; field: string }[] = [
      { kind: 'mutation', path: 'jobs.create', input: (bad) => ({ title: bad }), field: 'title' },
      { kind: 'mutation', path: 'candidates.create', input: (bad) => ({ email: 'x@example.com', firstName: bad }), field: 'firstName' },
      { kind: 'mutation', path: 'candidates.create', input: (bad) => ({ email: 'y@example.com', tags: ['ok', bad] }), field: 'tags.1' },
      { kind: 'query', path: 'candidates.list', input: (bad) => ({ search: bad }), field: 'search' },
      { kind: 'mutation', path: 'campaigns.create', input: (bad) => ({ jobId: setup.job.id, name: bad }), field: 'name' },
      { kind: 'mutation', path: 'apiKeys.create', input: (bad) => ({ name: bad, scopes: ['candidates:read'] }), field: 'name' },
      {
        kind: 'mutation',
        path: 'testSessions.record',
        input: (bad) => ({ candidateId: candidate.id, campaignId: setup.campaign.id, testName: bad, score: 1, maxScore: 2, completedAt: '2026-01-01T00:00:00.000Z', results: [] }),
        field: 'testName',
      },
      { kind: 'query', path: 'dashboard.interviews', input: (bad) => ({ search: bad }), field: 'search' },
    ];
    for (const c of cases) {
      for (const [bad, message] of [
        [NUL, /NUL/],
        [LONE, /surrogate/],
      ] as const) {
        const res = c.kind === 'query' ? await trpcQuery(app.url, c.path, c.input(bad), cookie) : await trpcMutation(app.url, c.path, c.input(bad), cookie);
        expectFieldRefused(res, c.field, message);
      }
    }
    expect(await app.db.$count(candidates, eq(candidates.orgId, org.orgId))).toBe(1);
  });

  it('candidates.import: the dry run refuses what the real run would', async () => {
    const csv = `email,firstName\nnul@example.com,${NUL}\n`;
    expectFieldRefused(await trpcMutation(app.url, 'candidates.import', { csv, dryRun: true }, cookie), 'csv', /NUL/);
    expectFieldRefused(await trpcMutation(app.url, 'candidates.import', { csv, dryRun: false }, cookie), 'csv', /NUL/);
  });
});

describe('sign-in lockout cannot be used against a victim', () => {
  it("an attacker's wrong passwords lock only the attacker's client; the owner signs in from elsewhere", async () => {
    const victim = await makeRecruiter(app.db, org.orgId);
    for (let i = 0; i < LOGIN_ATTEMPT_LIMIT; i++) {
      await expect(signIn(app.db, { email: victim.email, password: 'guess', clientAddress: '203.0.113.66' })).rejects.toMatchObject({ appCode: 'UNAUTHORIZED' });
    }
    await expect(signIn(app.db, { email: victim.email, password: RECRUITER_PASSWORD, clientAddress: '203.0.113.66' })).rejects.toMatchObject({ appCode: 'RATE_LIMITED' });
    const session = await signIn(app.db, { email: victim.email, password: RECRUITER_PASSWORD, clientAddress: '198.51.100.7' });
    expect(session.userId).toBe(victim.id);
  });

  it('one client address gets a bounded number of attempts across all emails', async () => {
    const client = '203.0.113.99';
    const outcomes: string[] = [];
    for (let i = 0; i < LOGIN_CLIENT_ATTEMPT_LIMIT + 10; i++) {
      outcomes.push(await signIn(app.db, { email: `spray${i}@example.com`, password: 'guess', clientAddress: client }).then(() => 'ok', (e) => e.appCode));
    }
    expect(outcomes.filter((o) => o === 'UNAUTHORIZED')).toHaveLength(LOGIN_CLIENT_ATTEMPT_LIMIT);
    expect(outcomes.slice(LOGIN_CLIENT_ATTEMPT_LIMIT).every((o) => o === 'RATE_LIMITED')).toBe(true);
  });
});

describe('CSV export: fullwidth formula characters are neutralised too', () => {
  it('＝ ＋ － ＠ at the start of a cell get the leading quote', async () => {
    const setup = await makeHiringSetup(app.db, org.orgId);
    const names = ['＝HYPERLINK("http://evil.example","x")', '＋1', '－1', '＠SUM(A1)'];
    for (const firstName of names) {
      const candidate = await makeCandidate(app.db, org.orgId, { firstName });
      const { report } = await makeInterviewWithPendingReport(app.db, org.orgId, { setup, candidate });
      await generateInterviewReport(app.db, { reportId: report.id });
    }
    const res = await fetch(`${app.url}/api/v1/reports/export?campaignId=${setup.campaign.id}&format=csv&type=interviews`, { headers: { authorization: `Bearer ${org.apiKey}` } });
    expect(res.status).toBe(200);
    const rows: string[][] = parse(await res.text());
    const column = rows[0].indexOf('candidateFirstName');
    const cells = rows.slice(1).map((r) => r[column]);
    expect(cells.sort()).toEqual(names.map((n) => `'${n}`).sort());
  });
});

describe('expiresAt has a maximum lifetime', () => {
  it('more than 90 days ahead is a 400 naming expiresAt; 89 days is fine', async () => {
    const candidate = await makeCandidate(app.db, org.orgId);
    const job = await makeJob(app.db, org.orgId);
    const far = await org.api('/api/v1/interviews', { body: { candidateId: candidate.id, jobId: job.id, expiresAt: new Date(Date.now() + 120 * 86_400_000).toISOString() } });
    expect(far.status, far.text).toBe(400);
    expect(far.body.error.issues).toEqual([{ path: 'expiresAt', message: 'Must be at most 90 days from now' }]);
    const ok = await org.api('/api/v1/interviews', { body: { candidateId: candidate.id, jobId: job.id, expiresAt: new Date(Date.now() + 89 * 86_400_000).toISOString() } });
    expect(ok.status, ok.text).toBe(201);
  });
});
