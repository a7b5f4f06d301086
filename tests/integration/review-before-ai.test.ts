import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateInterviewReport } from '@/server/services/reports/generate-interview-report';
import { createTestOrg, type TestOrg } from '../support/factories';
import { recruiterCaller } from '../support/recruiter-caller';
import { makeInterviewWithPendingReport } from '../support/report-factories';
import { makeRecruiter, sessionCookieFor, trpcMutation, trpcQuery } from '../support/recruiters';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

type Person = { id: string; cookie: string };

async function person(orgId: string, role: 'admin' | 'recruiter' | 'viewer'): Promise<Person> {
  const user = await makeRecruiter(app.db, orgId, { role });
  return { id: user.id, cookie: await sessionCookieFor(app.db, user.email) };
}

/** A completed interview whose READY report the rules generated from the default scored turns. */
async function reviewedSetup() {
  const org: TestOrg = await createTestOrg(app.db, app.url);
  const made = await makeInterviewWithPendingReport(app.db, org.orgId);
  await generateInterviewReport(app.db, { reportId: made.report.id });
  return { org, interviewId: made.interview.id, campaignId: made.setup.campaign.id };
}

const view = async (who: Person, id: string) => {
  const res = await trpcQuery(app.url, 'dashboard.interview', { id }, who.cookie);
  expect(res.status).toBe(200);
  return res.body.result.data;
};

/** The interviews table's row of `id`, as `who` reads it. */
const row = async (who: Person, id: string) => {
  const res = await trpcQuery(app.url, 'dashboard.interviews', {}, who.cookie);
  expect(res.status).toBe(200);
  return res.body.result.data.items.find((r: any) => r.id === id);
};

/** The campaign ranking's row and the overview's recent completion of `id`, as `who` reads them. */
const rankingRow = async (who: Person, campaignId: string, id: string) => {
  const res = await trpcQuery(app.url, 'dashboard.campaignRanking', { campaignId }, who.cookie);
  expect(res.status).toBe(200);
  return res.body.result.data.items.find((r: any) => r.interviewId === id);
};
const recentCompletion = async (who: Person, id: string) => {
  const res = await trpcQuery(app.url, 'dashboard.overview', undefined, who.cookie);
  expect(res.status).toBe(200);
  return res.body.result.data.recentCompletions.find((r: any) => r.interviewId === id);
};

const setMode = (admin: Person, reviewBeforeAi: boolean) => trpcMutation(app.url, 'settings.updateReviewBeforeAi', { reviewBeforeAi }, admin.cookie);

const review = (who: Person, interviewId: string, scores: Record<string, number>) =>
  trpcMutation(app.url, 'reports.saveHumanReview', { interviewId, criteria: Object.entries(scores).map(([key, score]) => ({ key, score })) }, who.cookie);

function expectAiShown(v: any) {
  expect(v.aiWithheld).toBe(false);
  expect(v.overallScore).toEqual(expect.any(Number));
  expect(v.evaluation.recommendation).not.toBeNull();
  expect(v.evaluation.summary).toEqual(expect.any(String));
  expect(v.evaluation.criteria.every((c: any) => typeof c.score === 'number')).toBe(true);
  expect(v.turns.some((t: any) => t.evaluation !== null)).toBe(true);
}

function expectAiWithheld(v: any) {
  expect(v.aiWithheld).toBe(true);
  expect(v.overallScore).toBeNull();
  expect(v.evaluation).toMatchObject({ status: 'READY', overallScore: null, recommendation: null, summary: null, flags: [] });
  // What the reviewer needs to score stays: the criteria, without the AI's scores or evidence.
  expect(v.evaluation.criteria.map((c: any) => [c.key, c.score, c.evidenceTurns])).toEqual([
    ['communication', null, []],
    ['technical', null, []],
  ]);
  expect(v.turns.length).toBeGreaterThan(0);
  expect(v.turns.every((t: any) => t.evaluation === null)).toBe(true);
  // Nothing of the AI's judgement anywhere in the body.
  expect(JSON.stringify(v)).not.toMatch(/"scores"|STRONG_YES|"YES"|DEFINITELY_NO|name_dropping/);
}

describe('review before you see the AI', () => {
  it('is off by default: everyone sees the AI evaluation', async () => {
    const { org, interviewId } = await reviewedSetup();
    const admin = await person(org.orgId, 'admin');
    const settings = await trpcQuery(app.url, 'settings.reviewBeforeAi', undefined, admin.cookie);
    expect(settings.body.result.data).toEqual({ reviewBeforeAi: false });
    expectAiShown(await view(await person(org.orgId, 'recruiter'), interviewId));
  });

  it('when on, withholds the AI evaluation from each user until that user saved their own review', async () => {
    const { org, interviewId, campaignId } = await reviewedSetup();
    const admin = await person(org.orgId, 'admin');
    const ann = await person(org.orgId, 'recruiter');
    const bob = await person(org.orgId, 'recruiter');
    const viewer = await person(org.orgId, 'viewer');

    const switched = await setMode(admin, true);
    expect(switched.status).toBe(200);
    expect(switched.body.result.data).toEqual({ reviewBeforeAi: true });
    // Audited as a settings change.
    const audit = await org.api('/api/v1/audit-events?action=settings.updated');
    expect(audit.body.items[0]).toMatchObject({ targetId: org.orgId, details: { setting: 'reviewBeforeAi', from: false, to: true } });

    for (const who of [ann, bob, viewer, admin]) expectAiWithheld(await view(who, interviewId));
    // The interviews table leaves the AI's score and advice out of that row too.
    expect(await row(bob, interviewId)).toMatchObject({ id: interviewId, overallScore: null, recommendation: null });
    expect(await rankingRow(bob, campaignId, interviewId)).toMatchObject({ overallScore: null, aiOverallScore: null, recommendation: null, scoreSource: null });
    expect(await recentCompletion(bob, interviewId)).toMatchObject({ reportStatus: 'READY', overallScore: null, recommendation: null });

    // The live transcript stream withholds the turns' evaluations too.
    const stream = await recruiterCaller(app.db, org.orgId, 'recruiter', ann.id).dashboard.transcript({ interviewId });
    const first = await stream[Symbol.asyncIterator]().next();
    expect(first.value).toMatchObject({ type: 'snapshot' });
    expect((first.value as any).turns.every((t: any) => t.evaluation === null)).toBe(true);

    // REST v1 is for machines: unaffected.
    const v1 = await org.api(`/api/v1/interviews/${interviewId}`);
    expect(v1.body.overallScore).toEqual(expect.any(Number));
    expect(v1.body.evaluation.criteria.every((c: any) => typeof c.score === 'number')).toBe(true);
    const report = await org.api(`/api/v1/reports/interviews/${interviewId}`);
    expect(report.body.summary).toEqual(expect.any(String));

    // Ann reviews: she now sees the AI; Bob still does not.
    const saved = await review(ann, interviewId, { communication: 6, technical: 7 });
    expect(saved.status).toBe(200);
    expectAiShown(await view(ann, interviewId));
    expectAiWithheld(await view(bob, interviewId));
    expect(await row(ann, interviewId)).toMatchObject({ overallScore: expect.any(Number), recommendation: 'YES' });
    // Ann's score is a person's: Bob sees it in the interviews table and the ranking (the score both sort by), not
    // the AI's beside it.
    expect(await row(bob, interviewId)).toMatchObject({ overallScore: saved.body.result.data.overallScore, scoreSource: 'human', recommendation: null });
    expect(await rankingRow(ann, campaignId, interviewId)).toMatchObject({ aiOverallScore: expect.any(Number), scoreSource: 'human' });
    expect(await rankingRow(bob, campaignId, interviewId)).toMatchObject({ overallScore: saved.body.result.data.overallScore, aiOverallScore: null, scoreSource: 'human' });
    expect(await recentCompletion(ann, interviewId)).toMatchObject({ overallScore: expect.any(Number), recommendation: 'YES' });
    const annStream = await recruiterCaller(app.db, org.orgId, 'recruiter', ann.id).dashboard.transcript({ interviewId });
    expect(((await annStream[Symbol.asyncIterator]().next()).value as any).turns.some((t: any) => t.evaluation !== null)).toBe(true);

    // Bob's review replaces Ann's (one review per report); Ann keeps seeing the AI, having given her own judgement.
    expect((await review(bob, interviewId, { communication: 5, technical: 5 })).status).toBe(200);
    expectAiShown(await view(bob, interviewId));
    expectAiShown(await view(ann, interviewId));

    // Switched off: everyone sees it again.
    expect((await setMode(admin, false)).status).toBe(200);
    expectAiShown(await view(viewer, interviewId));
  });

  it("is per organization: another organization's setting changes nothing here", async () => {
    const { org, interviewId } = await reviewedSetup();
    const elsewhere = await reviewedSetup();
    expect((await setMode(await person(elsewhere.org.orgId, 'admin'), true)).status).toBe(200);
    expectAiShown(await view(await person(org.orgId, 'recruiter'), interviewId));
    expectAiWithheld(await view(await person(elsewhere.org.orgId, 'recruiter'), elsewhere.interviewId));
  });

  it('only admins change it; the value must be a boolean', async () => {
    const { org } = await reviewedSetup();
    for (const role of ['recruiter', 'viewer'] as const) {
      const res = await setMode(await person(org.orgId, role), true);
      expect(res.status).toBe(403);
      expect(res.body.error.data.error.code).toBe('FORBIDDEN');
    }
    const bad = await trpcMutation(app.url, 'settings.updateReviewBeforeAi', { reviewBeforeAi: 'yes' }, (await person(org.orgId, 'admin')).cookie);
    expect(bad.status).toBe(400);
    expect(bad.body.error.data.error.issues[0].path).toBe('reviewBeforeAi');
  });
});
