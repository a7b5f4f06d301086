import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviews, type DecisionStatus, type InterviewStatus } from '@/db/schema';
import { newInvitationToken } from '@/server/services/invitations/invitation-token';
import { analyticsQuery, makeAnalyticsSetup, seedAnalyticsInterview, type AnalyticsInterviewSeed, type AnalyticsScope } from '../support/analytics-seeds';
import { createTestOrg, makeCandidate, makeHiringSetup, makeInterview, makeKey, request, type TestOrg } from '../support/factories';
import { makeRecruiter, sessionCookieFor, trpcQuery } from '../support/recruiters';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectCleanResponse, expectError, expectValidationIssue, withoutRequestId } from '../support/v1';

let app: TestApp;
let org: TestOrg;
let other: TestOrg;
beforeAll(async () => {
  app = await startTestApp();
  org = await createTestOrg(app.db, app.url);
  other = await createTestOrg(app.db, app.url);
});
afterAll(() => app?.close());

/**
 * One seeded interview, described by what happened to it. Every expected figure below is computed from these
 * seeds by the test's own arithmetic, never by the service's code.
 */
type Seed = {
  status: InterviewStatus;
  opened?: boolean;
  consented?: boolean;
  /** Minutes from start to completion; a started interview without it was not completed. */
  started?: boolean;
  minutes?: number;
  completedAt?: string;
  answers?: number;
  /** Current decision last; earlier ones are superseded. */
  decisions?: DecisionStatus[];
  /** The AI's criterion scores as the report holds them (null: no evidence) and the person's review. */
  ai?: Record<string, number | null>;
  human?: Record<string, number>;
  /** The candidate's optional rating after the interview (1–5). */
  rating?: number;
};

const CAMPAIGN_A: Seed[] = [
  { status: 'INVITED' },
  { status: 'INVITED', opened: true },
  { status: 'CANCELLED', opened: true, consented: true, started: true, answers: 0 },
  { status: 'IN_PROGRESS', opened: true, consented: true, started: true, answers: 2 },
  { status: 'EXPIRED', opened: true, consented: true, started: true, answers: 2 },
  {
    status: 'COMPLETED', opened: true, consented: true, started: true, minutes: 10, completedAt: '2026-03-01T10:00:00.000Z', answers: 3,
    decisions: ['HOLD', 'ADVANCE'], ai: { communication: 7.6, technical: 4.4 }, human: { communication: 8, technical: 6 }, rating: 5,
  },
  {
    status: 'COMPLETED', opened: true, consented: true, started: true, minutes: 20.5, completedAt: '2026-03-10T10:00:00.000Z', answers: 3,
    decisions: ['REJECT'], ai: { communication: 5, technical: 9 }, human: { communication: 4, technical: 9 }, rating: 2,
  },
  {
    status: 'COMPLETED', opened: true, consented: true, started: true, minutes: 35, completedAt: '2026-03-20T10:00:00.000Z', answers: 3,
    ai: { communication: 2.5, technical: null }, human: { communication: 3, technical: 2 }, rating: 4,
  },
  // Completed without a report: counted in the funnel, no pair.
  { status: 'COMPLETED', opened: true, consented: true, started: true, minutes: 12, completedAt: '2026-03-21T10:00:00.000Z', answers: 1, decisions: ['ADVANCE'] },
];

/** Another campaign of the same job, on another configuration. */
const CAMPAIGN_B: Seed[] = [
  {
    status: 'COMPLETED', opened: true, consented: true, started: true, minutes: 15, completedAt: '2026-03-05T10:00:00.000Z', answers: 2,
    decisions: ['ADVANCE'], ai: { communication: 6, technical: 7.5 }, human: { communication: 6, technical: 7 },
  },
  { status: 'IN_PROGRESS', opened: true, consented: true, started: true, answers: 1 },
];

const DAY = 24 * 3600_000;

/** A seed as the rows the shared seeding writes: every interview invited on 20 February, opened the next day. */
function toInterviewSeed(seed: Seed): AnalyticsInterviewSeed {
  const completedAt = seed.completedAt ? new Date(seed.completedAt) : null;
  return {
    status: seed.status,
    invitedAt: new Date('2026-02-20T10:00:00Z'),
    // EXPIRED is stored; the others keep a usable link.
    expiresAt: seed.status === 'EXPIRED' ? new Date(Date.now() - DAY) : new Date(Date.now() + 7 * DAY),
    openedAt: seed.opened ? new Date('2026-02-21T10:00:00Z') : null,
    consentedAt: seed.consented ? new Date('2026-02-21T10:01:00Z') : null,
    startedAt: seed.started ? (completedAt ? new Date(completedAt.getTime() - seed.minutes! * 60_000) : new Date(Date.now() - DAY)) : null,
    completedAt,
    rating: seed.rating ?? null,
    answers: seed.answers,
    decisions: seed.decisions,
    report: seed.ai ? { status: 'READY', criteria: seed.ai } : undefined,
    review: seed.ai && seed.human ? { overallScore: 50, criteria: seed.human } : undefined,
  };
}

const seedInterview = (orgId: string, where: AnalyticsScope, seed: Seed, reviewerId: string) => seedAnalyticsInterview(app.db, orgId, where, toInterviewSeed(seed), reviewerId);

/** The funnel of `seeds`, computed here from what each seed says happened. */
function expectedFunnel(seeds: Seed[]) {
  const started = seeds.filter((s) => s.started).length;
  const completed = seeds.filter((s) => s.status === 'COMPLETED');
  const minutes = completed.map((s) => s.minutes!).sort((a, b) => a - b);
  const middle = Math.floor(minutes.length / 2);
  const median = minutes.length === 0 ? null : minutes.length % 2 ? minutes[middle] : (minutes[middle - 1] + minutes[middle]) / 2;
  const dropOff = new Map<number, number>();
  for (const s of seeds.filter((s) => s.started && s.status !== 'COMPLETED')) dropOff.set(s.answers ?? 0, (dropOff.get(s.answers ?? 0) ?? 0) + 1);
  const ratings = seeds.filter((s) => s.rating !== undefined).map((s) => s.rating!);
  return {
    invited: seeds.length,
    opened: seeds.filter((s) => s.opened).length,
    consented: seeds.filter((s) => s.consented).length,
    started,
    completed: completed.length,
    decided: seeds.filter((s) => s.decisions?.length).length,
    advanced: seeds.filter((s) => s.decisions?.at(-1) === 'ADVANCE').length,
    rated: ratings.length,
    satisfaction: ratings.length ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10 : null,
    completionRate: started ? completed.length / started : null,
    medianMinutesToComplete: median === null ? null : Math.round(median * 10) / 10,
    dropOff: [...dropOff.entries()].sort(([a], [b]) => a - b).map(([questionIndex, abandoned]) => ({ questionIndex, abandoned })),
  };
}

/**
 * Quadratic weighted kappa written out as the textbook does, with full matrices normalised to proportions: a
 * second implementation, independent of the service's, for the integration figures.
 */
function referenceKappa(pairs: [number, number][]): number | null {
  if (pairs.length < 2) return null;
  const k = 11;
  const observed = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (const [a, h] of pairs) observed[a][h] += 1 / pairs.length;
  const rowTotals = observed.map((row) => row.reduce((s, v) => s + v, 0));
  const colTotals = observed[0].map((_, j) => observed.reduce((s, row) => s + row[j], 0));
  let num = 0;
  let den = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const w = ((i - j) / (k - 1)) ** 2;
      num += w * observed[i][j];
      den += w * rowTotals[i] * colTotals[j];
    }
  }
  return den === 0 ? null : 1 - num / den;
}

/** The agreement of `seeds`: pairs of (round(ai), round(human)) per criterion, figures by the test's arithmetic. */
function expectedAgreement(seeds: Seed[]) {
  const byKey = new Map<string, [number, number][]>();
  for (const s of seeds) {
    if (!s.ai || !s.human) continue;
    for (const [key, human] of Object.entries(s.human)) {
      const ai = s.ai[key];
      if (ai === null || ai === undefined) continue;
      byKey.set(key, [...(byKey.get(key) ?? []), [Math.round(ai), Math.round(human)]]);
    }
  }
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const variance = (v: number[]) => v.reduce((s, x) => s + (x - mean(v)) ** 2, 0) / (v.length - 1);
  return {
    criteria: [...byKey.keys()].sort().map((key) => {
      const pairs = byKey.get(key)!;
      const ai = pairs.map(([a]) => a);
      const human = pairs.map(([, h]) => h);
      const pooledSd = pairs.length < 2 ? 0 : Math.sqrt((variance(ai) + variance(human)) / 2);
      return {
        key,
        pairs: pairs.length,
        exactAgreement: pairs.filter(([a, h]) => a === h).length / pairs.length,
        adjacentAgreement: pairs.filter(([a, h]) => Math.abs(a - h) <= 1).length / pairs.length,
        qwk: referenceKappa(pairs),
        aiMean: mean(ai),
        humanMean: mean(human),
        standardizedMeanDifference: pooledSd === 0 ? null : (mean(ai) - mean(human)) / pooledSd,
      };
    }),
  };
}

/** Numbers compared to 12 decimals: the service and the test sum in different orders. */
function expectFigures(actual: any, expected: any) {
  expect(JSON.parse(JSON.stringify(actual, (_k, v) => (typeof v === 'number' ? Number(v.toFixed(12)) : v)))).toEqual(
    JSON.parse(JSON.stringify(expected, (_k, v) => (typeof v === 'number' ? Number(v.toFixed(12)) : v))),
  );
}

async function seedOrganization(o: TestOrg) {
  const { reviewer, setup, campaignB, configB } = await makeAnalyticsSetup(app.db, o.orgId, { reviewerName: 'Rita Reviewer', secondConfig: true });
  for (const seed of CAMPAIGN_A) await seedInterview(o.orgId, { jobId: setup.job.id, campaignId: setup.campaign.id, configId: setup.config.id }, seed, reviewer.id);
  for (const seed of CAMPAIGN_B) await seedInterview(o.orgId, { jobId: setup.job.id, campaignId: campaignB.id, configId: configB!.id }, seed, reviewer.id);
  return { setup, campaignB, configB: configB!, reviewer };
}

const query = analyticsQuery;

describe('GET /api/v1/analytics/funnel and /agreement', () => {
  let seeded: Awaited<ReturnType<typeof seedOrganization>>;
  beforeAll(async () => {
    seeded = await seedOrganization(org);
    // The same shapes in another organization, which must never be counted.
    await seedOrganization(other);
  });

  it('counts the funnel of a campaign, a job and a configuration from what happened to each interview', async () => {
    const cases: [Record<string, string>, Seed[]][] = [
      [{ campaignId: seeded.setup.campaign.id }, CAMPAIGN_A],
      [{ jobId: seeded.setup.job.id }, [...CAMPAIGN_A, ...CAMPAIGN_B]],
      [{ configId: seeded.configB.id }, CAMPAIGN_B],
    ];
    for (const [params, seeds] of cases) {
      const res = await org.api(`/api/v1/analytics/funnel?${query(params)}`);
      expect(res.status, res.text).toBe(200);
      expectCleanResponse(res);
      expect(res.body).toEqual(expectedFunnel(seeds));
    }
    // Sanity of the seeds themselves, so that the comparison above is not vacuous.
    expect(expectedFunnel(CAMPAIGN_A)).toMatchObject({ invited: 9, opened: 8, started: 7, completed: 4, decided: 3, advanced: 2, rated: 3, satisfaction: 3.7, medianMinutesToComplete: 16.3 });
  });

  it('restricts both to interviews completed in [from, to)', async () => {
    const params = { campaignId: seeded.setup.campaign.id, from: '2026-03-01T10:00:00Z', to: '2026-03-20T10:00:00Z' };
    const inWindow = CAMPAIGN_A.filter((s) => s.completedAt && s.completedAt >= '2026-03-01T10:00:00.000Z' && s.completedAt < '2026-03-20T10:00:00.000Z');
    expect(inWindow).toHaveLength(2);
    const funnel = await org.api(`/api/v1/analytics/funnel?${query(params)}`);
    expect(funnel.status, funnel.text).toBe(200);
    expect(funnel.body).toEqual(expectedFunnel(inWindow));
    const agreement = await org.api(`/api/v1/analytics/agreement?${query(params)}`);
    expect(agreement.status, agreement.text).toBe(200);
    expectFigures(agreement.body, expectedAgreement(inWindow));
  });

  it('computes the agreement per criterion from the pairs of AI and human scores', async () => {
    const campaign = await org.api(`/api/v1/analytics/agreement?${query({ campaignId: seeded.setup.campaign.id })}`);
    expect(campaign.status, campaign.text).toBe(200);
    expectCleanResponse(campaign);
    expectFigures(campaign.body, expectedAgreement(CAMPAIGN_A));
    // By hand, for the campaign: communication pairs (8,8) (5,4) (3,3) [2.5 rounds up], technical (4,6) (9,9) (the
    // third interview's technical criterion had no AI score, so no pair).
    expect(campaign.body.criteria.map((c: any) => [c.key, c.pairs, c.exactAgreement, c.adjacentAgreement])).toEqual([
      ['communication', 3, 2 / 3, 1],
      ['technical', 2, 0.5, 0.5],
    ]);
    // Technical: observed (4−6)²/100 over 2 pairs = 0.02; expected over the marginals {4, 9} × {6, 9}:
    // ((4−6)² + (4−9)² + (9−6)² + 0) / 100 / 4 = 38/400 = 0.095; kappa = 1 − 0.02 / 0.095.
    expect(campaign.body.criteria[1].qwk).toBeCloseTo(1 - 0.02 / 0.095, 12);

    const job = await org.api(`/api/v1/analytics/agreement?${query({ jobId: seeded.setup.job.id })}`);
    expectFigures(job.body, expectedAgreement([...CAMPAIGN_A, ...CAMPAIGN_B]));
    const config = await org.api(`/api/v1/analytics/agreement?${query({ configId: seeded.configB.id })}`);
    // One interview: one pair per criterion, so no kappa and no standardized difference; 7.5 is level 8.
    expect(config.body).toEqual({
      criteria: [
        { key: 'communication', pairs: 1, exactAgreement: 1, adjacentAgreement: 1, qwk: null, aiMean: 6, humanMean: 6, standardizedMeanDifference: null },
        { key: 'technical', pairs: 1, exactAgreement: 0, adjacentAgreement: 1, qwk: null, aiMean: 8, humanMean: 7, standardizedMeanDifference: null },
      ],
    });
  });

  it('refuses a filter that is not exactly one of campaignId, jobId, configId, and bad dates, with 400', async () => {
    for (const path of ['/api/v1/analytics/funnel', '/api/v1/analytics/agreement']) {
      expectValidationIssue(await org.api(path), 'campaignId');
      expectValidationIssue(await org.api(`${path}?${query({ campaignId: seeded.setup.campaign.id, jobId: seeded.setup.job.id })}`), 'jobId');
      expectValidationIssue(await org.api(`${path}?${query({ jobId: seeded.setup.job.id, from: 'yesterday' })}`), 'from');
      expectValidationIssue(await org.api(`${path}?${query({ jobId: seeded.setup.job.id, to: '2026-13-01T00:00:00Z' })}`), 'to');
      expectValidationIssue(await org.api(`${path}?${query({ jobId: seeded.setup.job.id, from: '2026-03-02T00:00:00Z', to: '2026-03-01T00:00:00Z' })}`), 'to');
      expectValidationIssue(await org.api(`${path}?${query({ jobId: seeded.setup.job.id, interviewId: 'itv_x' })}`), 'interviewId');
      expectValidationIssue(await org.api(`${path}?${query({ campaignId: '' })}`), 'campaignId');
    }
  });

  it("answers another organization's campaign, job or configuration exactly like a missing one: 404", async () => {
    const theirs = await makeHiringSetup(app.db, other.orgId);
    const cases: [string, string, string][] = [
      ['campaignId', theirs.campaign.id, 'cmp_000000000000000000000000'],
      ['jobId', theirs.job.id, 'job_000000000000000000000000'],
      ['configId', theirs.config.id, 'cfg_000000000000000000000000'],
    ];
    for (const path of ['/api/v1/analytics/funnel', '/api/v1/analytics/agreement']) {
      for (const [field, foreign, missing] of cases) {
        const foreignRes = await org.api(`${path}?${query({ [field]: foreign })}`);
        const missingRes = await org.api(`${path}?${query({ [field]: missing })}`);
        expectError(foreignRes, 404, 'NOT_FOUND');
        expect(withoutRequestId(foreignRes.body)).toEqual(withoutRequestId(missingRes.body));
        // The owner reads it.
        expect((await other.api(`${path}?${query({ [field]: foreign })}`)).status).toBe(200);
      }
    }
  });

  it('needs reports:read: 403 for a key without it, 401 without a key', async () => {
    const key = await makeKey(app.db, org.orgId, ['interviews:read', 'candidates:read']);
    for (const path of ['/api/v1/analytics/funnel', '/api/v1/analytics/agreement']) {
      const url = `${path}?${query({ campaignId: seeded.setup.campaign.id })}`;
      expectError(await org.api(url, { key: key.key }), 403, 'FORBIDDEN');
      // Refused before the input is looked at: a bad filter is still 403.
      expectError(await org.api(path, { key: key.key }), 403, 'FORBIDDEN');
      expectError(await org.api(url, { key: null }), 401, 'UNAUTHORIZED');
      const narrow = await makeKey(app.db, org.orgId, ['reports:read']);
      expect((await org.api(url, { key: narrow.key })).status).toBe(200);
    }
  });

  it('serves the same figures to every dashboard role through tRPC', async () => {
    for (const role of ['viewer', 'recruiter', 'admin'] as const) {
      const user = await makeRecruiter(app.db, org.orgId, { role });
      const cookie = await sessionCookieFor(app.db, user.email);
      const funnel = await trpcQuery(app.url, 'analytics.funnel', { campaignId: seeded.setup.campaign.id }, cookie);
      expect(funnel.status).toBe(200);
      expect(funnel.body.result.data).toEqual(expectedFunnel(CAMPAIGN_A));
      const foreign = await trpcQuery(app.url, 'analytics.agreement', { campaignId: (await makeHiringSetup(app.db, other.orgId)).campaign.id }, cookie);
      expect(foreign.status).toBe(404);
    }
  });
});

describe('the invitation page records the first opening', () => {
  it('sets openedAt on the first load of a usable link, keeps it on later loads, and the funnel counts it', async () => {
    const o = await createTestOrg(app.db, app.url);
    const setup = await makeHiringSetup(app.db, o.orgId);
    const candidate = await makeCandidate(app.db, o.orgId);
    const { token, hash } = newInvitationToken();
    const interview = await makeInterview(app.db, o.orgId, {
      candidateId: candidate.id,
      jobId: setup.job.id,
      campaignId: setup.campaign.id,
      configId: setup.config.id,
      inviteTokenHash: hash,
    });
    const funnel = () => o.api(`/api/v1/analytics/funnel?${query({ campaignId: setup.campaign.id })}`);
    expect((await funnel()).body).toMatchObject({ invited: 1, opened: 0 });

    expect((await request(app.url, `/i/${token}`)).status).toBe(200);
    const [first] = await app.db.select({ openedAt: interviews.openedAt }).from(interviews).where(eq(interviews.id, interview.id));
    expect(first.openedAt).toBeInstanceOf(Date);
    expect((await funnel()).body).toMatchObject({ invited: 1, opened: 1 });

    expect((await request(app.url, `/i/${token}`)).status).toBe(200);
    const [second] = await app.db.select({ openedAt: interviews.openedAt }).from(interviews).where(eq(interviews.id, interview.id));
    expect(second.openedAt!.getTime()).toBe(first.openedAt!.getTime());
  });

  it('records nothing for a closed link', async () => {
    const o = await createTestOrg(app.db, app.url);
    const setup = await makeHiringSetup(app.db, o.orgId);
    const candidate = await makeCandidate(app.db, o.orgId);
    const { token, hash } = newInvitationToken();
    const interview = await makeInterview(app.db, o.orgId, { candidateId: candidate.id, jobId: setup.job.id, status: 'CANCELLED', inviteTokenHash: hash });
    await request(app.url, `/i/${token}`);
    const [row] = await app.db.select({ openedAt: interviews.openedAt }).from(interviews).where(eq(interviews.id, interview.id));
    expect(row.openedAt).toBeNull();
  });
});

describe('agreement per reviewer (dashboard, admins)', () => {
  it('names each reviewer with their figures and warns about the one who copies the AI on nearly everything', async () => {
    const o = await createTestOrg(app.db, app.url);
    const setup = await makeHiringSetup(app.db, o.orgId);
    const where = { jobId: setup.job.id, campaignId: setup.campaign.id, configId: setup.config.id };
    const copier = await makeRecruiter(app.db, o.orgId, { role: 'recruiter', name: 'Colin Copier' });
    const judge = await makeRecruiter(app.db, o.orgId, { role: 'recruiter', name: 'Judith Judge' });
    // Colin: 5 interviews × 2 criteria = 10 pairs, all equal to the AI's level (the threshold: ≥ 10 pairs, ≥ 95 %).
    for (let i = 0; i < 5; i++) {
      await seedInterview(o.orgId, where, { status: 'COMPLETED', started: true, minutes: 10, completedAt: '2026-04-01T10:00:00.000Z', ai: { communication: 3 + i, technical: 8.2 }, human: { communication: 3 + i, technical: 8 } }, copier.id);
    }
    // Judith: 5 interviews, 10 pairs, half of them one point off.
    for (let i = 0; i < 5; i++) {
      await seedInterview(o.orgId, where, { status: 'COMPLETED', started: true, minutes: 10, completedAt: '2026-04-01T10:00:00.000Z', ai: { communication: 5, technical: 6 }, human: { communication: 5, technical: 6 + (i % 2 === 0 ? 1 : 0) + (i === 4 ? -3 : 0) } }, judge.id);
    }
    // Judith's technical scores: 7, 6, 7, 6, 4 against the AI's 6: exact 5 (communication) + 2 of 10, within one 9.
    const admin = await makeRecruiter(app.db, o.orgId, { role: 'admin' });
    const res = await trpcQuery(app.url, 'analytics.reviewers', { campaignId: setup.campaign.id }, await sessionCookieFor(app.db, admin.email));
    expect(res.status).toBe(200);
    const data = res.body.result.data;
    expect(data.thresholds).toEqual({ minPairs: 10, minExactAgreement: 0.95 });
    const byName = Object.fromEntries(data.reviewers.map((r: any) => [r.reviewer.name, r]));
    expect(byName['Colin Copier']).toMatchObject({ reviewer: { type: 'user', id: copier.id }, pairs: 10, exactAgreement: 1, adjacentAgreement: 1, qwk: 1, automationBiasSuspected: true });
    expect(byName['Judith Judge']).toMatchObject({ reviewer: { type: 'user', id: judge.id }, pairs: 10, exactAgreement: 0.7, adjacentAgreement: 0.9, automationBiasSuspected: false });

    // With fewer than 10 pairs nobody is warned about, however exact.
    const narrow = await trpcQuery(app.url, 'analytics.reviewers', { campaignId: setup.campaign.id, to: '2026-04-01T10:00:00Z' }, await sessionCookieFor(app.db, admin.email));
    expect(narrow.body.result.data.reviewers).toEqual([]);

    for (const role of ['viewer', 'recruiter'] as const) {
      const user = await makeRecruiter(app.db, o.orgId, { role });
      const refused = await trpcQuery(app.url, 'analytics.reviewers', { campaignId: setup.campaign.id }, await sessionCookieFor(app.db, user.email));
      expect(refused.status).toBe(403);
      expect(refused.body.error.data.error.code).toBe('FORBIDDEN');
    }
    // An API key never reads it (dashboard only), and REST v1 has no such path.
    const v1 = await o.api(`/api/v1/analytics/reviewers?${query({ campaignId: setup.campaign.id })}`);
    expectError(v1, 404, 'NOT_FOUND');
    const foreign = await trpcQuery(app.url, 'analytics.reviewers', { campaignId: (await makeHiringSetup(app.db, other.orgId)).campaign.id }, await sessionCookieFor(app.db, admin.email));
    expect(foreign.status).toBe(404);
  });
});
