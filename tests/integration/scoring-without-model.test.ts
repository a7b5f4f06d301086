import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOrg, makeCandidate, makeHiringSetup, type TestOrg } from '../support/factories';
import { makeRecruiter, sessionCookieFor, trpcMutation, trpcQuery } from '../support/recruiters';
import { enqueueReport, makeInterviewWithPendingReport, SCORED_TURNS, waitForReport } from '../support/report-factories';
import { startTestApp, type TestApp } from '../support/test-app';

/** No language model: the reviewer's score is the score wherever one counts, and the figures say so. */
let app: TestApp;
let org: TestOrg;
let cookie: string;
let setup: Awaited<ReturnType<typeof makeHiringSetup>>;
let reviewed: { interviewId: string };
let aiScore: number;

beforeAll(async () => {
  app = await startTestApp({ LLM_BASE_URL: '' });
  org = await createTestOrg(app.db, app.url);
  cookie = await sessionCookieFor(app.db, (await makeRecruiter(app.db, org.orgId)).email);
  setup = await makeHiringSetup(app.db, org.orgId);
  // Answers without a usable score (what an interview without a model gives): the report has no overall score.
  const unscored = await makeInterviewWithPendingReport(app.db, org.orgId, {
    setup,
    candidate: await makeCandidate(app.db, org.orgId, { firstName: 'Ada', lastName: 'Reviewed' }),
    turns: SCORED_TURNS.map((t) => ({ ...t, evaluation: null })),
  });
  // Answers scored by the agent platform: an AI score without a review.
  const scored = await makeInterviewWithPendingReport(app.db, org.orgId, { setup, candidate: await makeCandidate(app.db, org.orgId, { firstName: 'Bo', lastName: 'Scored' }) });
  for (const r of [unscored.report, scored.report]) await enqueueReport(app.db, r.id);
  expect((await waitForReport(app.db, unscored.report.id, 'READY')).overallScore).toBeNull();
  aiScore = (await waitForReport(app.db, scored.report.id, 'READY')).overallScore!;
  expect(aiScore).not.toBeNull();
  reviewed = { interviewId: unscored.interview.id };
  const keys = (setup.config.criteria as { key: string }[]).map((c) => c.key);
  const save = await trpcMutation(app.url, 'reports.saveHumanReview', { interviewId: unscored.interview.id, criteria: keys.map((key) => ({ key, score: 8 })) }, cookie);
  expect(save.status).toBe(200);
}, 60_000);
afterAll(() => app?.close());

describe('Scoring without a language model', () => {
  it('the interview page is told AI scoring is not configured (it puts "Your review" first)', async () => {
    const view = (await trpcQuery(app.url, 'dashboard.interview', { id: reviewed.interviewId }, cookie)).body.result.data;
    expect(view.aiScoringConfigured).toBe(false);
    expect(view.evaluation.overallScore).toBeNull();
    expect(view.humanReview.overallScore).toBe(80);
  });

  it("the overview's average and distribution use the reviewer's score and count the sources", async () => {
    const o = (await trpcQuery(app.url, 'dashboard.overview', undefined, cookie)).body.result.data;
    expect(o.scoreSources).toEqual({ human: 1, ai: 1 });
    expect(o.averageScore).toBeCloseTo((80 + aiScore) / 2, 5);
    expect(o.scoreDistribution.find((b: { from: number }) => b.from === 80).count).toBe(aiScore >= 80 && aiScore < 90 ? 2 : 1);
    const recent = o.recentCompletions.find((r: { interviewId: string }) => r.interviewId === reviewed.interviewId);
    expect(recent).toMatchObject({ overallScore: 80, scoreSource: 'human' });
  });

  it('the ranking and the CSV export use it and name the source', async () => {
    const ranking = (await trpcQuery(app.url, 'dashboard.campaignRanking', { campaignId: setup.campaign.id, page: 1, pageSize: 10 }, cookie)).body.result.data;
    const row = ranking.items.find((r: { interviewId: string }) => r.interviewId === reviewed.interviewId);
    expect(row).toMatchObject({ overallScore: 80, scoreSource: 'human', aiOverallScore: null, ranked: true });
    const csv = await org.api(`/api/v1/reports/export?campaignId=${setup.campaign.id}&format=csv`);
    expect(csv.status).toBe(200);
    const rows = parse(csv.text.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows.find((r) => r.sourceId === reviewed.interviewId)).toMatchObject({ overallScore: '80', scoreSource: 'human' });
  });
});
