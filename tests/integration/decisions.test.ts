import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviewDecisions } from '@/db/schema';
import { generateInterviewReport } from '@/server/services/reports/generate-interview-report';
import { createTestOrg, makeCandidate, makeHiringSetup, makeInterview, makeKey, request, type TestOrg } from '../support/factories';
import { makeInterviewWithPendingReport, type TurnSeed } from '../support/report-factories';
import { apiKeyCaller, recruiterCaller } from '../support/recruiter-caller';
import { makeRecruiter, sessionCookieFor, trpcMutation, trpcQuery } from '../support/recruiters';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectError, expectValidationIssue } from '../support/v1';

let app: TestApp;
let org: TestOrg;
let other: TestOrg;

beforeAll(async () => {
  app = await startTestApp();
  org = await createTestOrg(app.db, app.url);
  other = await createTestOrg(app.db, app.url);
});
afterAll(() => app?.close());

const WEAK_TURNS: TurnSeed[] = [
  { turnNumber: 1, role: 'agent', content: 'Tell me about yourself.' },
  { turnNumber: 2, role: 'candidate', content: 'Hm.', evaluation: { scores: { communication: 4, technical: 3 } } },
];

/** A COMPLETED interview with a READY report (AI overall 76.7 with the default turns). */
async function completedInterview(orgId: string, options: Parameters<typeof makeInterviewWithPendingReport>[2] = {}) {
  const made = await makeInterviewWithPendingReport(app.db, orgId, options);
  await generateInterviewReport(app.db, { reportId: made.report.id });
  return made;
}

const decide = (o: TestOrg, id: string, body: unknown, key?: string) => o.api(`/api/v1/interviews/${id}/decision`, { method: 'POST', body, key });

describe('POST /api/v1/interviews/:id/decision', () => {
  it('records a decision on a COMPLETED interview and replaces it when deciding again, keeping the history', async () => {
    const { interview } = await completedInterview(org.orgId);
    const first = await decide(org, interview.id, { status: 'HOLD', reason: '  Waiting for the technical test  ' });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({
      id: interview.id,
      status: 'COMPLETED',
      decision: { status: 'HOLD', reason: 'Waiting for the technical test', decidedBy: { type: 'api_key', id: org.apiKeyId } },
    });
    expect(new Date(first.body.decision.decidedAt).toISOString()).toBe(first.body.decision.decidedAt);

    const second = await decide(org, interview.id, { status: 'ADVANCE' });
    expect(second.status, second.text).toBe(200);
    expect(second.body.decision).toMatchObject({ status: 'ADVANCE', reason: null, decidedBy: { type: 'api_key', id: org.apiKeyId } });

    const retrieved = await org.api(`/api/v1/interviews/${interview.id}`);
    expect(retrieved.body.decision).toEqual(second.body.decision);
    const history = await recruiterCaller(app.db, org.orgId).interviews.decisionHistory({ id: interview.id });
    expect(history.map((h) => [h.status, h.current])).toEqual([
      ['ADVANCE', true],
      ['HOLD', false],
    ]);
  });

  it('answers 400 naming the field for a bad status or reason', async () => {
    const { interview } = await completedInterview(org.orgId);
    expectValidationIssue(await decide(org, interview.id, { status: 'MAYBE' }), 'status');
    expectValidationIssue(await decide(org, interview.id, {}), 'status');
    expectValidationIssue(await decide(org, interview.id, { status: 'advance' }), 'status');
    expectValidationIssue(await decide(org, interview.id, { status: 'REJECT', reason: 'x'.repeat(2001) }), 'reason');
    expectValidationIssue(await decide(org, interview.id, { status: 'REJECT', reason: 42 }), 'reason');
    expectError(await decide(org, interview.id, { status: 'REJECT', score: 3 }), 400, 'VALIDATION_ERROR');
    // 2,000 characters are allowed; nothing above was recorded.
    const ok = await decide(org, interview.id, { status: 'REJECT', reason: 'y'.repeat(2000) });
    expect(ok.status, ok.text).toBe(200);
    expect(await recruiterCaller(app.db, org.orgId).interviews.decisionHistory({ id: interview.id })).toHaveLength(1);
  });

  it('answers 404 for another organization’s interview, an unknown id and a malformed one, alike', async () => {
    const { interview } = await completedInterview(other.orgId);
    const foreign = await decide(org, interview.id, { status: 'REJECT' });
    expectError(foreign, 404, 'NOT_FOUND');
    expectError(await decide(org, 'itv_0000000000000000000000', { status: 'REJECT' }), 404, 'NOT_FOUND');
    expectError(await decide(org, 'nope', { status: 'REJECT' }), 404, 'NOT_FOUND');
    const untouched = await other.api(`/api/v1/interviews/${interview.id}`);
    expect(untouched.body.decision).toBeNull();
  });

  it('answers 409 unless the interview is COMPLETED', async () => {
    const setup = await makeHiringSetup(app.db, org.orgId);
    const candidate = await makeCandidate(app.db, org.orgId);
    const past = new Date(Date.now() - 60_000);
    for (const [status, extra] of [
      ['DRAFT', {}],
      ['INVITED', {}],
      ['IN_PROGRESS', { startedAt: new Date() }],
      ['CANCELLED', { cancelledAt: new Date() }],
      ['INVITED', { expiresAt: past }],
    ] as const) {
      const interview = await makeInterview(app.db, org.orgId, { candidateId: candidate.id, jobId: setup.job.id, status, ...extra });
      const res = await decide(org, interview.id, { status: 'ADVANCE' });
      expect(res.status, `${status}: ${res.text}`).toBe(409);
      expect(['CONFLICT', 'INVALID_STATE']).toContain(res.body.error.code);
    }
  });

  it('answers 403 naming the scope to a key without interviews:write, and 401 without a key', async () => {
    const { interview } = await completedInterview(org.orgId);
    const readOnly = await makeKey(app.db, org.orgId, ['interviews:read', 'reports:read']);
    const res = await decide(org, interview.id, { status: 'ADVANCE' }, readOnly.key);
    expectError(res, 403, 'FORBIDDEN');
    expect(res.body.error.message).toContain('interviews:write');
    expectError(await request(app.url, `/api/v1/interviews/${interview.id}/decision`, { body: { status: 'ADVANCE' } }), 401, 'UNAUTHORIZED');
    expect((await org.api(`/api/v1/interviews/${interview.id}`)).body.decision).toBeNull();
  });
});

describe('decision in reads', () => {
  it('is null until decided, then present in the list, the retrieve and both exports', async () => {
    const setup = await makeHiringSetup(app.db, org.orgId);
    const decided = await completedInterview(org.orgId, { setup });
    const undecided = await completedInterview(org.orgId, { setup });
    await decide(org, decided.interview.id, { status: 'REJECT', reason: 'Not "senior", yet' });

    const list = await org.api(`/api/v1/interviews?campaignId=${setup.campaign.id}`);
    const byId = new Map(list.body.items.map((i: any) => [i.id, i]));
    expect((byId.get(decided.interview.id) as any).decision).toMatchObject({ status: 'REJECT', reason: 'Not "senior", yet' });
    expect((byId.get(undecided.interview.id) as any).decision).toBeNull();
    expect((await org.api(`/api/v1/interviews/${undecided.interview.id}`)).body.decision).toBeNull();

    const json = await org.api(`/api/v1/reports/export?campaignId=${setup.campaign.id}&type=interviews`);
    const exported = new Map(json.body.interviews.map((i: any) => [i.interviewId, i]));
    expect((exported.get(decided.interview.id) as any).decision).toMatchObject({ status: 'REJECT', decidedBy: { type: 'api_key', id: org.apiKeyId } });
    expect((exported.get(undecided.interview.id) as any).decision).toBeNull();

    const csv = await org.api(`/api/v1/reports/export?campaignId=${setup.campaign.id}&type=interviews&format=csv`);
    const rows: Record<string, string>[] = parse(csv.text, { columns: true });
    const row = rows.find((r) => r.sourceId === decided.interview.id)!;
    expect(row).toMatchObject({ decision: 'REJECT', decisionReason: 'Not "senior", yet', decidedByType: 'api_key', decidedById: org.apiKeyId });
    expect(new Date(row.decidedAt).toISOString()).toBe(row.decidedAt);
    expect(rows.find((r) => r.sourceId === undecided.interview.id)).toMatchObject({ decision: '', decidedAt: '' });
  });

  it('records a recruiter as the decider from the dashboard; deciding again supersedes, and v1 reads the current one', async () => {
    const { interview } = await completedInterview(org.orgId);
    const recruiter = await makeRecruiter(app.db, org.orgId);
    const cookie = await sessionCookieFor(app.db, recruiter.email);
    const res = await trpcMutation(app.url, 'interviews.decide', { id: interview.id, status: 'ADVANCE', reason: 'Strong answers' }, cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.data.decision).toMatchObject({ status: 'ADVANCE', decidedBy: { type: 'user', id: recruiter.id } });

    // As the interview page's buttons do it a second time (e2e/decisions.spec.ts shows the history this leaves).
    const again = await trpcMutation(app.url, 'interviews.decide', { id: interview.id, status: 'HOLD', reason: 'Salary expectations out of range.' }, cookie);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const rows = await app.db.select().from(interviewDecisions).where(and(eq(interviewDecisions.orgId, org.orgId), eq(interviewDecisions.interviewId, interview.id)));
    expect(rows.map((r) => [r.status, r.supersededAt === null, r.decidedByType, r.decidedById]).sort()).toEqual([
      ['ADVANCE', false, 'user', recruiter.id],
      ['HOLD', true, 'user', recruiter.id],
    ]);
    const v1 = await org.api(`/api/v1/interviews/${interview.id}`);
    expect(v1.body.decision).toMatchObject({ status: 'HOLD', reason: 'Salary expectations out of range.', decidedBy: { type: 'user', id: recruiter.id } });
  });
});

describe('human review', () => {
  it('sits beside the AI fields in v1 report reads, which stay as generated', async () => {
    const { interview, report } = await completedInterview(org.orgId);
    const before = await org.api(`/api/v1/reports/interviews/${interview.id}`);
    expect(before.body.humanReview).toBeNull();
    const caller = recruiterCaller(app.db, org.orgId);
    const review = await caller.reports.saveHumanReview({
      interviewId: interview.id,
      criteria: [
        { key: 'communication', score: 9, note: 'Very clear' },
        { key: 'technical', score: 4 },
      ],
    });
    // (9 × 1 + 4 × 2) / 3 × 10
    expect(review.overallScore).toBe(56.7);
    const after = await org.api(`/api/v1/reports/interviews/${interview.id}`);
    expect(after.body.humanReview).toMatchObject({
      criteria: [
        { key: 'communication', score: 9, note: 'Very clear' },
        { key: 'technical', score: 4, note: null },
      ],
      overallScore: 56.7,
      reviewedBy: { type: 'user' },
    });
    const { humanReview: _h, ...aiAfter } = after.body;
    const { humanReview: _b, ...aiBefore } = before.body;
    expect(aiAfter).toEqual(aiBefore);
    expect((await org.api(`/api/v1/reports/${report.id}`)).body.humanReview.overallScore).toBe(56.7);
  });

  it('refuses criteria that are not exactly the report’s, scores outside 0–10, and interviews without a READY report', async () => {
    const { interview } = await completedInterview(org.orgId);
    const caller = recruiterCaller(app.db, org.orgId);
    await expect(caller.reports.saveHumanReview({ interviewId: interview.id, criteria: [{ key: 'communication', score: 5 }] })).rejects.toMatchObject({
      appCode: 'VALIDATION_ERROR',
      issues: [{ path: 'criteria' }],
    });
    await expect(
      caller.reports.saveHumanReview({
        interviewId: interview.id,
        criteria: [
          { key: 'communication', score: 5 },
          { key: 'technical', score: 5 },
          { key: 'charisma', score: 5 },
        ],
      }),
    ).rejects.toMatchObject({ appCode: 'VALIDATION_ERROR' });
    await expect(
      caller.reports.saveHumanReview({ interviewId: interview.id, criteria: [{ key: 'communication', score: 11 }, { key: 'technical', score: 5 }] }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const pending = await makeInterviewWithPendingReport(app.db, org.orgId);
    await expect(
      caller.reports.saveHumanReview({ interviewId: pending.interview.id, criteria: [{ key: 'communication', score: 5 }] }),
    ).rejects.toMatchObject({ appCode: 'INVALID_STATE' });
    // An API key never writes a review: it is the dashboard's.
    await expect(
      apiKeyCaller(app.db, org.orgId).reports.saveHumanReview({ interviewId: interview.id, criteria: [{ key: 'communication', score: 5 }, { key: 'technical', score: 5 }] }),
    ).rejects.toMatchObject({ appCode: 'FORBIDDEN' });
  });

  it('takes precedence in the campaign ranking and in both exports', async () => {
    const setup = await makeHiringSetup(app.db, org.orgId);
    const strong = await completedInterview(org.orgId, { setup });
    const weak = await completedInterview(org.orgId, { setup, turns: WEAK_TURNS });
    const caller = recruiterCaller(app.db, org.orgId);
    const rankBefore = await caller.dashboard.campaignRanking({ campaignId: setup.campaign.id, page: 1, pageSize: 20 });
    expect(rankBefore.items.map((r) => [r.interviewId, r.overallScore, r.scoreSource])).toEqual([
      [strong.interview.id, 76.7, 'ai'],
      [weak.interview.id, 33.3, 'ai'],
    ]);

    await caller.reports.saveHumanReview({
      interviewId: weak.interview.id,
      criteria: [
        { key: 'communication', score: 10, note: 'Nervous on the call, excellent in person' },
        { key: 'technical', score: 9 },
      ],
    });
    const rankAfter = await caller.dashboard.campaignRanking({ campaignId: setup.campaign.id, page: 1, pageSize: 20 });
    expect(rankAfter.items.map((r) => [r.interviewId, r.position, r.overallScore, r.scoreSource, r.aiOverallScore])).toEqual([
      [weak.interview.id, 1, 93.3, 'human', 33.3],
      [strong.interview.id, 2, 76.7, 'ai', 76.7],
    ]);

    const json = await org.api(`/api/v1/reports/export?campaignId=${setup.campaign.id}&type=interviews`);
    const item = json.body.interviews.find((i: any) => i.interviewId === weak.interview.id);
    expect(item).toMatchObject({ overallScore: 33.3, finalScore: 93.3, scoreSource: 'human', humanReview: { overallScore: 93.3 } });
    // The review's time as the API writes every timestamp, whichever driver read it (text or Date).
    expect(item.humanReview.reviewedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(json.body.interviews.find((i: any) => i.interviewId === strong.interview.id)).toMatchObject({ finalScore: 76.7, scoreSource: 'ai', humanReview: null });

    const csv = await org.api(`/api/v1/reports/export?campaignId=${setup.campaign.id}&type=interviews&format=csv`);
    const rows: Record<string, string>[] = parse(csv.text, { columns: true });
    expect(rows.find((r) => r.sourceId === weak.interview.id)).toMatchObject({
      overallScore: '93.3',
      aiOverallScore: '33.3',
      scoreSource: 'human',
      'criterion:communication': '10',
      'criterion:technical': '9',
      humanReviewedAt: item.humanReview.reviewedAt,
    });
    expect(rows.find((r) => r.sourceId === strong.interview.id)).toMatchObject({ overallScore: '76.7', scoreSource: 'ai', 'criterion:technical': '8' });
  });
});

describe('cross-organization access to the new procedures (dashboard tRPC over HTTP)', () => {
  it('answers 404 for another organization’s interview, exactly like an unknown one', async () => {
    const { interview } = await completedInterview(other.orgId);
    await decide(other, interview.id, { status: 'HOLD' });
    const recruiter = await makeRecruiter(app.db, org.orgId);
    const cookie = await sessionCookieFor(app.db, recruiter.email);
    const review = { interviewId: interview.id, criteria: [{ key: 'communication', score: 1 }, { key: 'technical', score: 1 }] };
    const attempts = [
      await trpcMutation(app.url, 'interviews.decide', { id: interview.id, status: 'REJECT' }, cookie),
      await trpcQuery(app.url, 'interviews.decisionHistory', { id: interview.id }, cookie),
      await trpcMutation(app.url, 'reports.saveHumanReview', review, cookie),
    ];
    for (const res of attempts) {
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('HOLD');
    }
    const unknown = await trpcQuery(app.url, 'interviews.decisionHistory', { id: 'itv_0000000000000000000000' }, cookie);
    expect(unknown.status).toBe(404);
    // Nothing changed on the other side.
    expect((await other.api(`/api/v1/interviews/${interview.id}`)).body.decision.status).toBe('HOLD');
    expect((await other.api(`/api/v1/reports/interviews/${interview.id}`)).body.humanReview).toBeNull();
  });
});

describe('dashboard fixes behind the defects', () => {
  it('stages.delete removes a stage no interview uses and closes the gap; refuses one in use with a 409; 404 across organizations', async () => {
    const setup = await makeHiringSetup(app.db, org.orgId);
    const caller = recruiterCaller(app.db, org.orgId);
    const second = await caller.stages.create({ campaignId: setup.campaign.id, name: 'Technical' });
    const third = await caller.stages.create({ campaignId: setup.campaign.id, name: 'Final' });
    const candidate = await makeCandidate(app.db, org.orgId);
    await makeInterview(app.db, org.orgId, { candidateId: candidate.id, jobId: setup.job.id, campaignId: setup.campaign.id, stageId: setup.stage.id });

    await expect(caller.stages.delete({ id: setup.stage.id })).rejects.toMatchObject({ appCode: 'CONFLICT', message: expect.stringContaining('1 interview uses this stage') });
    await expect(recruiterCaller(app.db, other.orgId).stages.delete({ id: second.id })).rejects.toMatchObject({ appCode: 'NOT_FOUND' });
    await expect(caller.stages.delete({ id: 'stg_0000000000000000000000' })).rejects.toMatchObject({ appCode: 'NOT_FOUND' });
    await expect(apiKeyCaller(app.db, org.orgId).stages.delete({ id: second.id })).rejects.toMatchObject({ appCode: 'FORBIDDEN' });

    expect(await caller.stages.delete({ id: second.id })).toEqual({ id: second.id, deleted: true });
    const left = await caller.stages.list({ campaignId: setup.campaign.id });
    expect(left.items.map((s) => [s.id, s.position])).toEqual([
      [setup.stage.id, 0],
      [third.id, 1],
    ]);
  });

  it('lists only the candidates of a campaign with campaignId (the test-result picker), searchable, on REST v1 too', async () => {
    const setup = await makeHiringSetup(app.db, org.orgId);
    const inCampaign = await makeCandidate(app.db, org.orgId, { firstName: 'Grace', lastName: 'Hopper' });
    const alsoIn = await makeCandidate(app.db, org.orgId, { firstName: 'Alan', lastName: 'Turing' });
    const outside = await makeCandidate(app.db, org.orgId, { firstName: 'Grace', lastName: 'Elsewhere' });
    for (const c of [inCampaign, alsoIn]) await makeInterview(app.db, org.orgId, { candidateId: c.id, jobId: setup.job.id, campaignId: setup.campaign.id });
    const all = await org.api(`/api/v1/candidates?campaignId=${setup.campaign.id}&pageSize=100`);
    expect(all.body.items.map((c: { id: string }) => c.id).sort()).toEqual([inCampaign.id, alsoIn.id].sort());
    expect(all.body.pagination.total).toBe(2);
    const searched = await org.api(`/api/v1/candidates?campaignId=${setup.campaign.id}&search=grace`);
    expect(searched.body.items.map((c: { id: string }) => c.id)).toEqual([inCampaign.id]);
    expect(searched.body.items.map((c: { id: string }) => c.id)).not.toContain(outside.id);
    // Another organization's campaign matches nothing of this one.
    expect((await other.api(`/api/v1/candidates?campaignId=${setup.campaign.id}`)).body.items).toEqual([]);
  });
});
