import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports, testSessions } from '@/db/schema';
import { testsImportCommand } from '@/server/cli/commands/tests-import';
import { toAppError } from '@/server/errors';
import { createTestOrg, makeCampaign, makeCandidate, makeInterview, makeJob, makeKey, request, type ApiResponse } from '../support/factories';
import { apiKeyCaller, makeInterviewWithPendingReport, recruiterCaller } from '../support/report-factories';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let dir: string;
beforeAll(async () => {
  app = await startTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'reports-api-'));
});
afterAll(() => app?.close());

/** The error body without its request id: what must be identical between a foreign id and a missing one. */
const errorOf = (res: ApiResponse) => ({ status: res.status, code: res.body?.error?.code, message: res.body?.error?.message });

async function makeTestSetup(orgId: string) {
  const job = await makeJob(app.db, orgId);
  const campaign = await makeCampaign(app.db, orgId, job.id);
  const candidate = await makeCandidate(app.db, orgId);
  return { job, campaign, candidate };
}

const SESSION = {
  testName: 'Algorithms',
  score: 42,
  maxScore: 50,
  startedAt: '2026-01-10T09:00:00Z',
  completedAt: '2026-01-10T10:00:00.123Z',
  results: [
    { task: 'Two sum', score: 20, maxScore: 20, passed: true },
    { task: 'LRU cache', score: 22, maxScore: 30, passed: false },
  ],
};

describe('test sessions', () => {
  it('a recruiter records a session; its report is READY and served by id and by session id', async () => {
    const org = await createTestOrg(app.db, app.url);
    const { job, campaign, candidate } = await makeTestSetup(org.orgId);
    const recorded = await recruiterCaller(app.db, org.orgId).testSessions.record({ candidateId: candidate.id, campaignId: campaign.id, ...SESSION });
    expect(recorded).toMatchObject({ type: 'test', status: 'READY', candidateId: candidate.id, campaignId: campaign.id, jobId: job.id, percentage: 84 });
    expect(recorded.id).toMatch(/^rpt_/);
    expect(recorded.testSessionId).toMatch(/^tst_/);

    const res = await org.api(`/api/v1/reports/tests/${recorded.testSessionId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: recorded.id,
      type: 'test',
      status: 'READY',
      testSessionId: recorded.testSessionId,
      candidateId: candidate.id,
      jobId: job.id,
      campaignId: campaign.id,
      testName: 'Algorithms',
      score: 42,
      maxScore: 50,
      percentage: 84,
      results: SESSION.results,
      startedAt: '2026-01-10T09:00:00.000Z',
      completedAt: '2026-01-10T10:00:00.123Z',
      createdAt: recorded.createdAt,
    });
    const byId = await org.api(`/api/v1/reports/${recorded.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(res.body);
  });

  it('rejects bad sessions with the field named, and foreign references like unknown ones', async () => {
    const org = await createTestOrg(app.db, app.url);
    const other = await createTestOrg(app.db, app.url);
    const mine = await makeTestSetup(org.orgId);
    const theirs = await makeTestSetup(other.orgId);
    const recruiter = recruiterCaller(app.db, org.orgId);
    const base = { candidateId: mine.candidate.id, campaignId: mine.campaign.id, ...SESSION };
    const cases: [Record<string, unknown>, string][] = [
      [{ score: 51 }, 'score'],
      [{ maxScore: 0 }, 'maxScore'],
      [{ completedAt: '2026-01-10T08:00:00Z' }, 'completedAt'],
      [{ completedAt: '2999-01-01T00:00:00Z', startedAt: null }, 'completedAt'],
      [{ results: [{ task: 'x', score: 3, maxScore: 2, passed: true }] }, 'results.0.score'],
      [{ candidateId: theirs.candidate.id }, 'candidateId'],
      [{ campaignId: theirs.campaign.id }, 'campaignId'],
      [{ campaignId: 'cmp_doesnotexist000000000' }, 'campaignId'],
      [{ extra: 1 }, 'extra'],
    ];
    for (const [change, field] of cases) {
      // Normalized as every HTTP surface does it (input validation fails inside tRPC, references in the service).
      const error = toAppError(await recruiter.testSessions.record({ ...base, ...change } as never).catch((e) => e));
      expect(error.appCode, JSON.stringify(change)).toBe('VALIDATION_ERROR');
      expect(error.issues?.map((i) => i.path), JSON.stringify(change)).toContain(field);
    }
    expect(await app.db.$count(testSessions, eq(testSessions.orgId, org.orgId))).toBe(0);
  });

  it('only a signed-in recruiter may record one, not an API key', async () => {
    const org = await createTestOrg(app.db, app.url);
    const { campaign, candidate } = await makeTestSetup(org.orgId);
    await expect(apiKeyCaller(app.db, org.orgId).testSessions.record({ candidateId: candidate.id, campaignId: campaign.id, ...SESSION })).rejects.toMatchObject({
      appCode: 'FORBIDDEN',
    });
  });

  it('tests:import imports a JSON array or a CSV file, all or nothing', async () => {
    const org = await createTestOrg(app.db, app.url);
    const { campaign, candidate } = await makeTestSetup(org.orgId);
    const row = { candidateId: candidate.id, campaignId: campaign.id, ...SESSION };

    const jsonFile = path.join(dir, 'results.json');
    await writeFile(jsonFile, JSON.stringify([row, { ...row, testName: 'SQL', score: 10, results: [] }]));
    const imported = (await testsImportCommand.run({ database: app.database, args: { org: org.orgId, file: jsonFile } })) as { imported: number; ids: string[] };
    expect(imported.imported).toBe(2);
    expect(imported.ids).toHaveLength(2);
    for (const id of imported.ids) {
      expect(id).toMatch(/^tst_/);
      expect((await org.api(`/api/v1/reports/tests/${id}`)).status).toBe(200);
    }

    const csvFile = path.join(dir, 'results.csv');
    const results = JSON.stringify(SESSION.results).replace(/"/g, '""');
    await writeFile(
      csvFile,
      'candidateId,campaignId,testName,score,maxScore,startedAt,completedAt,results\r\n' +
        `${candidate.id},${campaign.id},"Algorithms, part 2",42,50,2026-01-10T09:00:00Z,2026-01-10T10:00:00Z,"${results}"\r\n` +
        `${candidate.id},${campaign.id},SQL,7.5,10,,2026-01-11T10:00:00Z,\r\n`,
    );
    const fromCsv = (await testsImportCommand.run({ database: app.database, args: { org: org.orgId, file: csvFile } })) as { imported: number; ids: string[] };
    expect(fromCsv.imported).toBe(2);
    const [first] = await app.db.select().from(testSessions).where(eq(testSessions.id, fromCsv.ids[0]));
    expect(first).toMatchObject({ testName: 'Algorithms, part 2', score: 42, maxScore: 50, results: SESSION.results });
    const [second] = await app.db.select().from(testSessions).where(eq(testSessions.id, fromCsv.ids[1]));
    expect(second).toMatchObject({ testName: 'SQL', score: 7.5, startedAt: null, results: [] });
    expect(await app.db.$count(reports, and(eq(reports.orgId, org.orgId), eq(reports.type, 'test')))).toBe(4);

    // One bad row fails the whole file, and the message names every bad row and field.
    const bad = path.join(dir, 'bad.json');
    await writeFile(bad, JSON.stringify([row, { ...row, score: 99 }, { ...row, candidateId: 'cnd_nobody000000000000000' }]));
    await expect(testsImportCommand.run({ database: app.database, args: { org: org.orgId, file: bad } })).rejects.toThrow(
      /row 2\.score: Must be at most maxScore; row 3\.candidateId: No such candidate/,
    );
    const badRefs = path.join(dir, 'bad-refs.json');
    await writeFile(badRefs, JSON.stringify([row, { ...row, candidateId: 'cnd_nobody000000000000000' }]));
    await expect(testsImportCommand.run({ database: app.database, args: { org: org.orgId, file: badRefs } })).rejects.toThrow(
      /row 2\.candidateId: No such candidate/,
    );
    const badCsv = path.join(dir, 'bad.csv');
    await writeFile(badCsv, `candidateId,campaignId,testName,score,maxScore,completedAt,results\n${candidate.id},${campaign.id},T,abc,10,2026-01-11T10:00:00Z,[oops\n`);
    await expect(testsImportCommand.run({ database: app.database, args: { org: org.orgId, file: badCsv } })).rejects.toThrow(/row 1\.results: Must be a JSON array/);
    expect(await app.db.$count(testSessions, eq(testSessions.orgId, org.orgId))).toBe(4);

    await expect(testsImportCommand.run({ database: app.database, args: { org: 'org_nobody0000000000000000', file: jsonFile } })).rejects.toThrow(/Organization not found/);
    await expect(testsImportCommand.run({ database: app.database, args: { org: org.orgId, file: path.join(dir, 'missing.json') } })).rejects.toThrow(/ENOENT/);
    await expect(testsImportCommand.run({ database: app.database, args: { file: jsonFile } })).rejects.toThrow(/--org/);
  });
});

describe('report routes: scopes, organizations, paths', () => {
  it('401 without a key, 403 without reports:read, on every report route', async () => {
    const org = await createTestOrg(app.db, app.url);
    const { interview, report } = await makeInterviewWithPendingReport(app.db, org.orgId);
    const key = await makeKey(app.db, org.orgId, ['interviews:read', 'candidates:read']);
    for (const route of [`/api/v1/reports/interviews/${interview.id}`, `/api/v1/reports/tests/tst_whatever000000000000`, `/api/v1/reports/${report.id}`]) {
      const anonymous = await request(app.url, route);
      expect(anonymous.status, route).toBe(401);
      const forbidden = await request(app.url, route, { key: key.key });
      expect(forbidden.status, route).toBe(403);
      expect(forbidden.body.error.message).toContain('reports:read');
    }
  });

  it("another organization's interview, session and report are 404 exactly like missing ones", async () => {
    const org = await createTestOrg(app.db, app.url);
    const other = await createTestOrg(app.db, app.url);
    const { interview, report } = await makeInterviewWithPendingReport(app.db, other.orgId);
    const { campaign, candidate } = await makeTestSetup(other.orgId);
    const test = await recruiterCaller(app.db, other.orgId).testSessions.record({ candidateId: candidate.id, campaignId: campaign.id, ...SESSION });
    // The owner sees them.
    expect((await other.api(`/api/v1/reports/interviews/${interview.id}`)).status).toBe(202);
    expect((await other.api(`/api/v1/reports/tests/${test.testSessionId}`)).status).toBe(200);
    expect((await other.api(`/api/v1/reports/${test.id}`)).status).toBe(200);

    const pairs: [string, string][] = [
      [`/api/v1/reports/interviews/${interview.id}`, '/api/v1/reports/interviews/itv_doesnotexist0000000000'],
      [`/api/v1/reports/tests/${test.testSessionId}`, '/api/v1/reports/tests/tst_doesnotexist0000000000'],
      [`/api/v1/reports/${report.id}`, '/api/v1/reports/rpt_doesnotexist0000000000'],
      [`/api/v1/reports/${test.id}`, '/api/v1/reports/rpt_doesnotexist0000000001'],
    ];
    for (const [foreign, missing] of pairs) {
      const a = await org.api(foreign);
      const b = await org.api(missing);
      expect(a.status, foreign).toBe(404);
      expect(errorOf(a)).toEqual(errorOf(b));
      expect(a.text).not.toContain(other.orgId);
    }
  });

  it('404 for ids of the wrong shape or kind, and for an interview without a report', async () => {
    const org = await createTestOrg(app.db, app.url);
    const candidate = await makeCandidate(app.db, org.orgId);
    const job = await makeJob(app.db, org.orgId);
    const noReport = await makeInterview(app.db, org.orgId, { candidateId: candidate.id, jobId: job.id, status: 'COMPLETED' });
    const res = await org.api(`/api/v1/reports/interviews/${noReport.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'Report not found' });
    for (const route of ['/api/v1/reports/interviews/nope', '/api/v1/reports/tests/itv_wrongkind000000000000', '/api/v1/reports/not-an-id', `/api/v1/reports/${noReport.id}`]) {
      const r = await org.api(route);
      expect(r.status, route).toBe(404);
      expect(r.body.error.code).toBe('NOT_FOUND');
    }
  });

  it('the fixed paths win over /reports/{reportId}', async () => {
    const org = await createTestOrg(app.db, app.url);
    const { campaign, candidate } = await makeTestSetup(org.orgId);
    const test = await recruiterCaller(app.db, org.orgId).testSessions.record({ candidateId: candidate.id, campaignId: campaign.id, ...SESSION });
    const { interview, report } = await makeInterviewWithPendingReport(app.db, org.orgId);
    // Served by the interview route (interview id → its report), not read as a report id.
    const viaInterview = await org.api(`/api/v1/reports/interviews/${interview.id}`);
    expect(viaInterview.status).toBe(202);
    expect(viaInterview.body.id).toBe(report.id);
    const viaSession = await org.api(`/api/v1/reports/tests/${test.testSessionId}`);
    expect(viaSession.status).toBe(200);
    expect(viaSession.body.testSessionId).toBe(test.testSessionId);
    // The export is its own route, never a report id.
    const exportRes = await org.api(`/api/v1/reports/export?campaignId=${campaign.id}`);
    expect(exportRes.status).toBe(200);
    expect(exportRes.body.campaignId).toBe(campaign.id);
    // The bare collection segments are report ids that do not exist.
    expect((await org.api('/api/v1/reports/interviews')).status).toBe(404);
    expect((await org.api('/api/v1/reports/tests')).status).toBe(404);
  });
});
