import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, type DecisionStatus, type InterviewStatus } from '@/db/schema';
import { eq } from 'drizzle-orm';
import { analyticsQuery, makeAnalyticsSetup, seedAnalyticsInterview, type AnalyticsInterviewSeed } from '../support/analytics-seeds';
import { createTestOrg, makeKey, type TestOrg } from '../support/factories';
import { makeRecruiter, sessionCookieFor, trpcQuery } from '../support/recruiters';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectCleanResponse, expectError, expectValidationIssue, withoutRequestId } from '../support/v1';

/**
 * The funnel over time and the "awaiting your decision" queue, over real HTTP, against a known set of interviews:
 * two weeks of invitations (and a later one, with an empty week between), a demo interview that must count
 * nowhere, another campaign of the same organization, and another organization's copy of everything. Every
 * expected figure is computed from the seeds by this file's own arithmetic.
 */
let app: TestApp;
let org: TestOrg;
let other: TestOrg;
beforeAll(async () => {
  app = await startTestApp();
  org = await createTestOrg(app.db, app.url);
  other = await createTestOrg(app.db, app.url);
});
afterAll(() => app?.close());

type Seed = {
  name: string;
  status: InterviewStatus;
  invitedAt: string | null;
  opened?: boolean;
  started?: boolean;
  completedAt?: string;
  answers?: number;
  /** Current decision last; earlier ones are superseded. */
  decisions?: DecisionStatus[];
  /** The AI's overall score (a READY report), and a person's review of it. */
  ai?: number | null;
  human?: number;
  /** A report still being generated. */
  pendingReport?: boolean;
  demo?: boolean;
};

const CAMPAIGN_A: Seed[] = [
  // Week of Monday 2026-03-02.
  { name: 'Ines Invited', status: 'INVITED', invitedAt: '2026-03-02T08:00:00Z' },
  { name: 'Olga Opened', status: 'INVITED', invitedAt: '2026-03-03T08:00:00Z', opened: true },
  { name: 'Cyril Cancelled', status: 'CANCELLED', invitedAt: '2026-03-03T09:00:00Z', opened: true, started: true, answers: 1 },
  { name: 'Ada Advanced', status: 'COMPLETED', invitedAt: '2026-03-04T08:00:00Z', opened: true, started: true, completedAt: '2026-03-05T10:00:00Z', answers: 3, decisions: ['ADVANCE'], ai: 70 },
  { name: 'Rhea Reviewed', status: 'COMPLETED', invitedAt: '2026-03-08T23:59:59Z', opened: true, started: true, completedAt: '2026-03-09T10:00:00Z', answers: 3, ai: 60, human: 85 },
  // A demo interview in that week: in no figure and never awaiting a decision.
  { name: 'Demo Sample', status: 'COMPLETED', invitedAt: '2026-03-04T08:00:00Z', opened: true, started: true, completedAt: '2026-03-04T09:00:00Z', answers: 3, ai: 89, demo: true },
  // Week of Monday 2026-03-09.
  { name: 'Ivan Inprogress', status: 'IN_PROGRESS', invitedAt: '2026-03-09T00:00:00Z', opened: true, started: true, answers: 2 },
  { name: 'Remy Rejected', status: 'COMPLETED', invitedAt: '2026-03-10T08:00:00Z', opened: true, started: true, completedAt: '2026-03-11T10:00:00Z', answers: 3, decisions: ['ADVANCE', 'REJECT'], ai: 40 },
  { name: 'Alma Aionly', status: 'COMPLETED', invitedAt: '2026-03-10T09:00:00Z', opened: true, started: true, completedAt: '2026-03-12T10:00:00Z', answers: 3, ai: 55.5 },
  { name: 'Nina Noreport', status: 'COMPLETED', invitedAt: '2026-03-11T09:00:00Z', opened: true, started: true, completedAt: '2026-03-13T10:00:00Z', answers: 3 },
  { name: 'Pia Pending', status: 'COMPLETED', invitedAt: '2026-03-12T09:00:00Z', opened: true, started: true, completedAt: '2026-03-13T11:00:00Z', answers: 3, pendingReport: true },
  // Nothing in the week of 2026-03-16; the week of 2026-03-23 (and a draft never sent, created then).
  { name: 'Hugo Held', status: 'COMPLETED', invitedAt: '2026-03-24T08:00:00Z', opened: true, started: true, completedAt: '2026-03-25T10:00:00Z', answers: 3, decisions: ['HOLD'], ai: 65, human: 50 },
  { name: 'Dora Draft', status: 'DRAFT', invitedAt: null },
];

/** Another campaign of the organization: one completion awaiting a decision, older than all of campaign A's. */
const CAMPAIGN_B: Seed[] = [{ name: 'Bea Before', status: 'COMPLETED', invitedAt: '2026-02-20T08:00:00Z', opened: true, started: true, completedAt: '2026-03-01T10:00:00Z', answers: 2, ai: 75 }];

/** The draft's creation date: its cohort (it was never invited). */
const DRAFT_CREATED_AT = '2026-03-25T12:00:00Z';

/** A seed as the rows the shared seeding writes: opened on invitation, started an hour later. */
function toInterviewSeed(seed: Seed): AnalyticsInterviewSeed {
  const invitedAt = seed.invitedAt ? new Date(seed.invitedAt) : null;
  return {
    name: seed.name,
    status: seed.status,
    invitedAt,
    createdAt: invitedAt ?? new Date(DRAFT_CREATED_AT),
    expiresAt: new Date(Date.now() + 7 * 86_400_000),
    openedAt: seed.opened ? invitedAt : null,
    startedAt: seed.started ? new Date((invitedAt ?? new Date()).getTime() + 3600_000) : null,
    completedAt: seed.completedAt ? new Date(seed.completedAt) : null,
    isDemo: seed.demo ?? false,
    answers: seed.answers,
    decisions: seed.decisions,
    report: seed.ai !== undefined || seed.pendingReport ? { status: seed.pendingReport ? 'PENDING' : 'READY', overallScore: seed.ai ?? null } : undefined,
    review: seed.human !== undefined ? { overallScore: seed.human } : undefined,
  };
}

async function seedOrganization(o: TestOrg) {
  const { reviewer, setup, campaignB } = await makeAnalyticsSetup(app.db, o.orgId);
  const ids = new Map<string, string>();
  const where = { jobId: setup.job.id, configId: setup.config.id };
  const seed = async (s: Seed, campaignId: string) => ids.set(s.name, (await seedAnalyticsInterview(app.db, o.orgId, { ...where, campaignId }, toInterviewSeed(s), reviewer.id)).id);
  for (const s of CAMPAIGN_A) await seed(s, setup.campaign.id);
  for (const s of CAMPAIGN_B) await seed(s, campaignB.id);
  return { setup, campaignB, ids };
}

const query = analyticsQuery;

/** The UTC Monday (or 1st of the month) 00:00 of an ISO date, as the API writes it. */
function periodOf(at: string, interval: 'week' | 'month'): string {
  const d = new Date(at);
  const start = interval === 'month' ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) : Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - ((d.getUTCDay() + 6) % 7) * 86_400_000;
  return new Date(start).toISOString();
}

function nextPeriod(periodStart: string, interval: 'week' | 'month'): string {
  const d = new Date(periodStart);
  return interval === 'month' ? new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString() : new Date(d.getTime() + 7 * 86_400_000).toISOString();
}

/** The expected series: seeds grouped by the period of their invitation (or creation), every period between present. */
function expectedSeries(seeds: Seed[], interval: 'week' | 'month', bounds?: { first: string; last: string }) {
  const counted = seeds.filter((s) => !s.demo);
  const byPeriod = new Map<string, Seed[]>();
  for (const s of counted) {
    const p = periodOf(s.invitedAt ?? DRAFT_CREATED_AT, interval);
    byPeriod.set(p, [...(byPeriod.get(p) ?? []), s]);
  }
  const periods = [...byPeriod.keys()].sort();
  const points = [];
  for (let p = bounds?.first ?? periods[0]; p <= (bounds?.last ?? periods.at(-1)!); p = nextPeriod(p, interval)) {
    const group = byPeriod.get(p) ?? [];
    const started = group.filter((s) => s.started).length;
    const completed = group.filter((s) => s.status === 'COMPLETED').length;
    points.push({
      periodStart: p,
      invited: group.filter((s) => s.invitedAt).length,
      opened: group.filter((s) => s.opened).length,
      started,
      completed,
      decided: group.filter((s) => s.decisions?.length).length,
      advanced: group.filter((s) => s.decisions?.at(-1) === 'ADVANCE').length,
      completionRate: started ? completed / started : null,
    });
  }
  return { interval, points };
}

/** The expected queue: completed, not a demo, no decision, oldest completion first, with the score that counts. */
function expectedQueue(seeds: Seed[], ids: Map<string, string>) {
  return seeds
    .filter((s) => s.status === 'COMPLETED' && !s.demo && !s.decisions?.length)
    .sort((a, b) => a.completedAt!.localeCompare(b.completedAt!))
    .map((s) => ({
      interviewId: ids.get(s.name),
      name: s.name,
      completedAt: new Date(s.completedAt!).toISOString(),
      reportStatus: s.pendingReport ? 'PENDING' : s.ai !== undefined ? 'READY' : null,
      overallScore: s.pendingReport ? null : (s.human ?? s.ai ?? null),
      scoreSource: s.pendingReport ? null : s.human !== undefined ? 'human' : s.ai !== undefined && s.ai !== null ? 'ai' : null,
    }));
}

const queueView = (items: any[]) =>
  items.map((i) => ({
    interviewId: i.interviewId,
    name: `${i.candidate.firstName} ${i.candidate.lastName}`,
    completedAt: i.completedAt,
    reportStatus: i.reportStatus,
    overallScore: i.overallScore,
    scoreSource: i.scoreSource,
  }));

describe('the funnel over time and the awaiting-decision queue, against known data', () => {
  let seeded: Awaited<ReturnType<typeof seedOrganization>>;
  let theirs: Awaited<ReturnType<typeof seedOrganization>>;
  beforeAll(async () => {
    seeded = await seedOrganization(org);
    theirs = await seedOrganization(other);
  });

  it('counts each week of invitations as a cohort, empty weeks as zeros, and adds up to the funnel', async () => {
    const res = await org.api(`/api/v1/analytics/funnel/timeseries?${query({ campaignId: seeded.setup.campaign.id })}`);
    expect(res.status, res.text).toBe(200);
    expectCleanResponse(res);
    expect(res.body).toEqual(expectedSeries(CAMPAIGN_A, 'week'));
    // By hand, so the comparison above is not vacuous: four weeks, the third empty; the demo is not in the first.
    expect(res.body.points.map((p: any) => [p.periodStart, p.invited, p.opened, p.started, p.completed, p.decided, p.advanced])).toEqual([
      ['2026-03-02T00:00:00.000Z', 5, 4, 3, 2, 1, 1],
      ['2026-03-09T00:00:00.000Z', 5, 5, 5, 4, 1, 0],
      ['2026-03-16T00:00:00.000Z', 0, 0, 0, 0, 0, 0],
      ['2026-03-23T00:00:00.000Z', 1, 1, 1, 1, 1, 0],
    ]);
    expect(res.body.points[0].completionRate).toBeCloseTo(2 / 3, 12);
    expect(res.body.points[2].completionRate).toBeNull();

    // The points add up to the funnel's totals (the draft counts as an interview but not as invited).
    const funnel = await org.api(`/api/v1/analytics/funnel?${query({ campaignId: seeded.setup.campaign.id })}`);
    expect(funnel.status, funnel.text).toBe(200);
    for (const step of ['invited', 'opened', 'started', 'completed', 'decided', 'advanced'] as const) {
      expect(res.body.points.reduce((sum: number, p: any) => sum + p[step], 0), step).toBe(funnel.body[step]);
    }
    expect(funnel.body).toMatchObject({ invited: 11, opened: 10, started: 9, completed: 7, decided: 3, advanced: 1 });
  });

  it('groups by month, by job and by configuration, and bounds the axis with invitedFrom and invitedTo', async () => {
    const month = await org.api(`/api/v1/analytics/funnel/timeseries?${query({ campaignId: seeded.setup.campaign.id, interval: 'month' })}`);
    expect(month.body).toEqual(expectedSeries(CAMPAIGN_A, 'month'));
    expect(month.body.points).toHaveLength(1);

    const job = await org.api(`/api/v1/analytics/funnel/timeseries?${query({ jobId: seeded.setup.job.id, interval: 'month' })}`);
    expect(job.body).toEqual(expectedSeries([...CAMPAIGN_A, ...CAMPAIGN_B], 'month'));
    expect(job.body.points.map((p: any) => p.periodStart)).toEqual(['2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z']);
    const config = await org.api(`/api/v1/analytics/funnel/timeseries?${query({ configId: seeded.setup.config.id })}`);
    expect(config.body).toEqual(expectedSeries([...CAMPAIGN_A, ...CAMPAIGN_B], 'week'));

    // invitedFrom inclusive, invitedTo exclusive; the axis runs over the whole range, empty weeks included.
    const bounded = await org.api(
      `/api/v1/analytics/funnel/timeseries?${query({ campaignId: seeded.setup.campaign.id, invitedFrom: '2026-03-09T00:00:00Z', invitedTo: '2026-04-06T00:00:00Z' })}`,
    );
    expect(bounded.status, bounded.text).toBe(200);
    const inRange = CAMPAIGN_A.filter((s) => (s.invitedAt ?? DRAFT_CREATED_AT) >= '2026-03-09T00:00:00Z' && (s.invitedAt ?? DRAFT_CREATED_AT) < '2026-04-06T00:00:00Z');
    expect(bounded.body).toEqual(expectedSeries(inRange, 'week', { first: '2026-03-09T00:00:00.000Z', last: '2026-03-30T00:00:00.000Z' }));
    expect(bounded.body.points).toHaveLength(4);
    // Rhea, invited a second before the week of the 9th, is out of it.
    expect(bounded.body.points[0].invited).toBe(5);
  });

  it('lists the completed interviews awaiting a decision, oldest first, with the score that counts and whose it is', async () => {
    const campaign = await org.api(`/api/v1/analytics/awaiting-decision?${query({ campaignId: seeded.setup.campaign.id })}`);
    expect(campaign.status, campaign.text).toBe(200);
    expectCleanResponse(campaign);
    expect(queueView(campaign.body.items)).toEqual(expectedQueue(CAMPAIGN_A, seeded.ids));
    // By hand: Rhea (her reviewer's 85 over the AI's 60), Alma (the AI's 55.5), Nina (no report), Pia (report pending).
    expect(campaign.body.items.map((i: any) => [i.candidate.firstName, i.overallScore, i.scoreSource])).toEqual([
      ['Rhea', 85, 'human'],
      ['Alma', 55.5, 'ai'],
      ['Nina', null, null],
      ['Pia', null, null],
    ]);
    expect(campaign.body.items[0]).toMatchObject({ campaign: { id: seeded.setup.campaign.id, name: 'Spring hiring' }, job: { id: seeded.setup.job.id, title: 'Backend engineer' } });
    expect(campaign.body.pagination).toEqual({ page: 1, pageSize: 20, total: 4, totalPages: 1 });

    // The whole organization: campaign B's older completion first; never the other organization's.
    const all = await org.api('/api/v1/analytics/awaiting-decision');
    expect(queueView(all.body.items)).toEqual(expectedQueue([...CAMPAIGN_B, ...CAMPAIGN_A], seeded.ids));
    expect(all.body.items.some((i: any) => [...theirs.ids.values()].includes(i.interviewId))).toBe(false);
    const byJob = await org.api(`/api/v1/analytics/awaiting-decision?${query({ jobId: seeded.setup.job.id })}`);
    expect(byJob.body.items).toEqual(all.body.items);

    const page2 = await org.api(`/api/v1/analytics/awaiting-decision?${query({ pageSize: 2, page: 2 })}`);
    expect(page2.body.items.map((i: any) => i.candidate.firstName)).toEqual(['Alma', 'Nina']);
    expect(page2.body.pagination).toEqual({ page: 2, pageSize: 2, total: 5, totalPages: 3 });
  });

  it('drops an interview from the queue once it is decided through the API', async () => {
    const o = await createTestOrg(app.db, app.url);
    const mine = await seedOrganization(o);
    const before = await o.api('/api/v1/analytics/awaiting-decision');
    const decided = await o.api(`/api/v1/interviews/${mine.ids.get('Alma Aionly')}/decision`, { method: 'POST', body: { status: 'HOLD' } });
    expect([200, 201], decided.text).toContain(decided.status);
    const after = await o.api('/api/v1/analytics/awaiting-decision');
    expect(after.body.pagination.total).toBe(before.body.pagination.total - 1);
    expect(after.body.items.map((i: any) => i.candidate?.firstName)).not.toContain('Alma');
    // An erased candidate's completed interview stays in the queue, anonymous, and in the total.
    const nina = after.body.items.find((i: any) => i.candidate?.firstName === 'Nina');
    expect((await o.api(`/api/v1/candidates/${nina.candidate.id}`, { method: 'DELETE' })).status).toBe(204);
    const erased = await o.api('/api/v1/analytics/awaiting-decision');
    expect(erased.body.pagination.total).toBe(after.body.pagination.total);
    expect(erased.body.items.find((i: any) => i.interviewId === nina.interviewId)).toMatchObject({ candidate: null, completedAt: nina.completedAt });
    const scoped = await o.api(`/api/v1/analytics/awaiting-decision?${query({ campaignId: mine.setup.campaign.id })}`);
    expect(scoped.body.pagination.total).toBe(erased.body.pagination.total - 1);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const ts = '/api/v1/analytics/funnel/timeseries';
    const campaignId = seeded.setup.campaign.id;
    expectValidationIssue(await org.api(ts), 'campaignId');
    expectValidationIssue(await org.api(`${ts}?${query({ campaignId, jobId: seeded.setup.job.id })}`), 'jobId');
    expectValidationIssue(await org.api(`${ts}?${query({ campaignId, interval: 'day' })}`), 'interval');
    expectValidationIssue(await org.api(`${ts}?${query({ campaignId, invitedFrom: 'last week' })}`), 'invitedFrom');
    expectValidationIssue(await org.api(`${ts}?${query({ campaignId, invitedFrom: '2026-03-09T00:00:00Z', invitedTo: '2026-03-01T00:00:00Z' })}`), 'invitedTo');
    expectValidationIssue(await org.api(`${ts}?${query({ campaignId, invitedFrom: '2000-01-01T00:00:00Z', invitedTo: '2026-03-01T00:00:00Z' })}`), 'invitedTo');
    expectValidationIssue(await org.api(`${ts}?${query({ campaignId, from: '2026-03-01T00:00:00Z' })}`), 'from');
    const q = '/api/v1/analytics/awaiting-decision';
    expectValidationIssue(await org.api(`${q}?${query({ pageSize: 101 })}`), 'pageSize');
    expectValidationIssue(await org.api(`${q}?${query({ page: 0 })}`), 'page');
    expectValidationIssue(await org.api(`${q}?${query({ status: 'COMPLETED' })}`), 'status');
    // An empty parameter counts as absent (REST v1's rule): the whole organization's queue.
    expect((await org.api(`${q}?${query({ campaignId: '' })}`)).status).toBe(200);
  });

  it("answers another organization's campaign or job exactly like a missing one: 404", async () => {
    const cases: [string, string, string, string][] = [
      ['/api/v1/analytics/funnel/timeseries', 'campaignId', theirs.setup.campaign.id, 'cmp_000000000000000000000000'],
      ['/api/v1/analytics/funnel/timeseries', 'jobId', theirs.setup.job.id, 'job_000000000000000000000000'],
      ['/api/v1/analytics/funnel/timeseries', 'configId', theirs.setup.config.id, 'cfg_000000000000000000000000'],
      ['/api/v1/analytics/awaiting-decision', 'campaignId', theirs.setup.campaign.id, 'cmp_000000000000000000000000'],
      ['/api/v1/analytics/awaiting-decision', 'jobId', theirs.setup.job.id, 'job_000000000000000000000000'],
    ];
    for (const [path, field, foreign, missing] of cases) {
      const foreignRes = await org.api(`${path}?${query({ [field]: foreign })}`);
      const missingRes = await org.api(`${path}?${query({ [field]: missing })}`);
      expectError(foreignRes, 404, 'NOT_FOUND');
      expect(withoutRequestId(foreignRes.body)).toEqual(withoutRequestId(missingRes.body));
      const owner = await other.api(`${path}?${query({ [field]: foreign })}`);
      expect(owner.status, owner.text).toBe(200);
    }
  });

  it('needs reports:read: 403 for a key without it (before the input is read), 401 without a key', async () => {
    const key = await makeKey(app.db, org.orgId, ['interviews:read', 'candidates:read']);
    const narrow = await makeKey(app.db, org.orgId, ['reports:read']);
    for (const url of [`/api/v1/analytics/funnel/timeseries?${query({ campaignId: seeded.setup.campaign.id })}`, '/api/v1/analytics/awaiting-decision']) {
      expectError(await org.api(url, { key: key.key }), 403, 'FORBIDDEN');
      expectError(await org.api(`${url}${url.includes('?') ? '&' : '?'}pageSize=x`, { key: key.key }), 403, 'FORBIDDEN');
      expectError(await org.api(url, { key: null }), 401, 'UNAUTHORIZED');
      expect((await org.api(url, { key: narrow.key })).status).toBe(200);
    }
  });

  it('serves the same to every dashboard role through tRPC, and only within the organization', async () => {
    for (const role of ['viewer', 'recruiter', 'admin'] as const) {
      const user = await makeRecruiter(app.db, org.orgId, { role });
      const cookie = await sessionCookieFor(app.db, user.email);
      const series = await trpcQuery(app.url, 'analytics.funnelTimeseries', { campaignId: seeded.setup.campaign.id, interval: 'week' }, cookie);
      expect(series.status).toBe(200);
      expect(series.body.result.data).toEqual(expectedSeries(CAMPAIGN_A, 'week'));
      const queue = await trpcQuery(app.url, 'analytics.awaitingDecision', { page: 1, pageSize: 8 }, cookie);
      expect(queue.status).toBe(200);
      expect(queueView(queue.body.result.data.items)).toEqual(expectedQueue([...CAMPAIGN_B, ...CAMPAIGN_A], seeded.ids));
      const foreign = await trpcQuery(app.url, 'analytics.awaitingDecision', { campaignId: theirs.setup.campaign.id }, cookie);
      expect(foreign.status).toBe(404);
    }
    expect((await trpcQuery(app.url, 'analytics.awaitingDecision', {})).status).toBe(401);
  });

  it("withholds the AI's score from a dashboard user in review-before-AI mode, not a colleague's review", async () => {
    const o = await createTestOrg(app.db, app.url);
    await seedOrganization(o);
    await app.db.update(organizations).set({ reviewBeforeAi: true }).where(eq(organizations.id, o.orgId));
    const user = await makeRecruiter(app.db, o.orgId, { role: 'recruiter' });
    const queue = await trpcQuery(app.url, 'analytics.awaitingDecision', {}, await sessionCookieFor(app.db, user.email));
    expect(queue.body.result.data.items.map((i: any) => [i.candidate.firstName, i.overallScore, i.scoreSource])).toEqual([
      ['Bea', null, null],
      ['Rhea', 85, 'human'],
      ['Alma', null, null],
      ['Nina', null, null],
      ['Pia', null, null],
    ]);
    // REST v1 is not a reviewer: the scores stay.
    const v1 = await o.api('/api/v1/analytics/awaiting-decision');
    expect(v1.body.items.map((i: any) => i.overallScore)).toEqual([75, 85, 55.5, null, null]);
  });
});
