import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviewDecisions, organizations, reports } from '@/db/schema';
import { eq } from 'drizzle-orm';
import { newId } from '@/server/ids';
import { createTestOrg, makeCampaign, makeCandidate, makeConfig, makeInterview, makeJob, makeKey, request, type TestOrg } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectCleanResponse, expectError, expectValidationIssue, withoutRequestId } from '../support/v1';

/**
 * The bias audit (CONTRACT §14) over real HTTP, checked against figures this file computes itself from the data it
 * seeds: its own median, rates, ratios, and an exact Fisher test in rational arithmetic (BigInt), independent of
 * the service's floating-point one.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const SEXES = ['female', 'male'];
const RACES = ['hispanic_latino', 'white', 'black_african_american', 'native_hawaiian_pacific_islander', 'asian', 'american_indian_alaska_native', 'two_or_more'];

type Person = { score: number | null; decision: 'ADVANCE' | 'HOLD' | 'REJECT' | null; sex: string | null; raceEthnicity: string | null; answered: boolean };

async function collectingOrg(): Promise<TestOrg> {
  const org = await createTestOrg(app.db, app.url);
  await app.db.update(organizations).set({ collectSelfIdentification: true }).where(eq(organizations.id, org.orgId));
  return org;
}

let completedMinute = 0;
/** A completed interview of `candidateId` in the campaign, with a READY report (score may be null) and a decision. */
async function completedInterview(
  org: TestOrg,
  setup: { jobId: string; campaignId: string; configId: string },
  candidateId: string,
  fields: { score: number | null; decision: Person['decision']; completedAt?: Date },
) {
  const completedAt = fields.completedAt ?? new Date(Date.UTC(2026, 5, 1, 9, completedMinute++));
  const interview = await makeInterview(app.db, org.orgId, {
    candidateId,
    jobId: setup.jobId,
    campaignId: setup.campaignId,
    configId: setup.configId,
    status: 'COMPLETED',
    startedAt: new Date(completedAt.getTime() - 20 * 60_000),
    completedAt,
    endedAt: completedAt,
  });
  await app.db.insert(reports).values({
    id: newId('report'),
    orgId: org.orgId,
    type: 'interview',
    interviewId: interview.id,
    status: 'READY',
    overallScore: fields.score,
    recommendation: fields.score === null ? 'NO_DECISION' : 'YES',
    criteria: [],
    flags: [],
    coverage: { candidateTurns: 2, scoredTurns: fields.score === null ? 0 : 2 },
    generator: 'rules',
    completedAt,
  });
  if (fields.decision) {
    await app.db
      .insert(interviewDecisions)
      .values({ id: newId('decision'), orgId: org.orgId, interviewId: interview.id, status: fields.decision, decidedByType: 'user', decidedById: 'usr_test' });
  }
  return interview;
}

async function hiring(org: TestOrg) {
  const job = await makeJob(app.db, org.orgId);
  const campaign = await makeCampaign(app.db, org.orgId, job.id);
  const config = await makeConfig(app.db, org.orgId);
  return { jobId: job.id, campaignId: campaign.id, configId: config.id };
}

/** Seeds people through the real PUT route for their answers; returns the candidates' ids in order. */
async function seed(org: TestOrg, setup: Awaited<ReturnType<typeof hiring>>, people: Person[]): Promise<string[]> {
  const ids: string[] = [];
  for (const person of people) {
    const candidate = await makeCandidate(app.db, org.orgId);
    if (person.answered) {
      const res = await org.api(`/api/v1/candidates/${candidate.id}/self-identification`, { method: 'PUT', body: { sex: person.sex, raceEthnicity: person.raceEthnicity } });
      expect(res.status, res.text).toBe(204);
    }
    await completedInterview(org, setup, candidate.id, { score: person.score, decision: person.decision });
    ids.push(candidate.id);
  }
  return ids;
}

// ---- The independent computation -------------------------------------------------------------------------

function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 1; i <= k; i++) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

/** Two-sided Fisher exact p, exactly: the tables no more probable than the observed one, as one fraction. */
function exactFisher(a: number, b: number, c: number, d: number): number {
  const row1 = a + b;
  const col1 = a + c;
  const n = a + b + c + d;
  const weight = (x: number) => choose(col1, x) * choose(n - col1, row1 - x);
  const observed = weight(a);
  let sum = 0n;
  for (let x = Math.max(0, row1 - (n - col1)); x <= Math.min(row1, col1); x++) if (weight(x) <= observed) sum += weight(x);
  return Number((sum * 10n ** 15n) / choose(n, row1)) / 1e15;
}

function medianOf(values: number[]): number {
  const s = [...values].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

const knownValue = (v: string | null, answered: boolean) => (answered && v !== null && v !== 'declined' ? v : null);

function expectedDimension(categories: string[], members: { value: string | null; selected: boolean }[]) {
  const known = members.filter((m) => m.value !== null);
  const selectedKnown = known.filter((m) => m.selected).length;
  const rows = categories.map((category) => {
    const inCategory = known.filter((m) => m.value === category);
    const n = inCategory.length;
    const k = inCategory.filter((m) => m.selected).length;
    return { category, n, k, rate: n ? k / n : null, excluded: n === 0 || n * 50 < known.length };
  });
  const top = Math.max(...rows.filter((r) => !r.excluded && r.rate !== null).map((r) => r.rate!));
  return rows.map((r) => ({
    category: r.category,
    n: r.n,
    rate: r.rate,
    impactRatio: r.excluded || r.rate === null || !(top > 0) ? null : r.rate / top,
    excluded: r.excluded,
    fisherP: r.n ? exactFisher(r.k, r.n - r.k, selectedKnown - r.k, known.length - r.n - (selectedKnown - r.k)) : null,
  }));
}

function expectedAudit(people: Person[], basis: 'score' | 'decision') {
  const sample = people.filter((p) => (basis === 'score' ? p.score !== null : p.decision !== null));
  const median = basis === 'score' ? medianOf(sample.map((p) => p.score!)) : null;
  const members = sample.map((p) => {
    const sex = knownValue(p.sex, p.answered);
    const race = knownValue(p.raceEthnicity, p.answered);
    return { selected: basis === 'score' ? p.score! > median! : p.decision === 'ADVANCE', sex, race, both: sex && race ? `${sex}/${race}` : null };
  });
  return {
    basis,
    sampleSize: sample.length,
    medianScore: median,
    unknown: { sex: members.filter((m) => !m.sex).length, raceEthnicity: members.filter((m) => !m.race).length },
    categories: {
      sex: expectedDimension(SEXES, members.map((m) => ({ value: m.sex, selected: m.selected }))),
      raceEthnicity: expectedDimension(RACES, members.map((m) => ({ value: m.race, selected: m.selected }))),
      intersectional: expectedDimension(
        SEXES.flatMap((s) => RACES.map((r) => `${s}/${r}`)),
        members.map((m) => ({ value: m.both, selected: m.selected })),
      ),
    },
  };
}

/** Compares the service's figures with the expected ones, floating-point values to 9 decimals. */
function expectFigures(actual: any, expected: ReturnType<typeof expectedAudit>) {
  expect(actual.basis).toBe(expected.basis);
  expect(actual.sampleSize).toBe(expected.sampleSize);
  expect(actual.medianScore).toBe(expected.medianScore);
  expect(actual.unknown).toEqual(expected.unknown);
  for (const dimension of ['sex', 'raceEthnicity', 'intersectional'] as const) {
    const got = actual.categories[dimension];
    expect(got.map((c: any) => c.category)).toEqual(expected.categories[dimension].map((c) => c.category));
    expected.categories[dimension].forEach((want, i) => {
      const c = got[i];
      const where = `${dimension} ${want.category}`;
      expect({ n: c.n, excluded: c.excluded }, where).toEqual({ n: want.n, excluded: want.excluded });
      for (const field of ['rate', 'impactRatio', 'fisherP'] as const) {
        if (want[field] === null) expect(c[field], `${where} ${field}`).toBeNull();
        else expect(c[field], `${where} ${field}`).toBeCloseTo(want[field]!, 9);
      }
    });
  }
  expect(typeof actual.method).toBe('string');
}

// ---- The seeded population ---------------------------------------------------------------------------------

/** A deterministic population of 80: ties at the median, one hispanic_latino (under 2 %), unknowns of three kinds. */
function population(): Person[] {
  let state = 12345;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const people: Person[] = [];
  const commonRaces = ['white', 'asian', 'black_african_american', 'two_or_more'];
  for (let i = 0; i < 80; i++) {
    const sex = i % 29 === 5 ? 'declined' : i % 31 === 7 ? null : next() < 0.45 ? 'female' : 'male';
    const raceEthnicity = i === 12 ? 'hispanic_latino' : i % 23 === 3 ? 'declined' : commonRaces[Math.floor(next() * commonRaces.length)];
    // Scores on a coarse grid, so that many equal the median; every seventh report has no AI score.
    const score = i % 7 === 6 ? null : [40, 55, 60, 60, 60, 72, 85][Math.floor(next() * 7)];
    const decision = i % 5 === 4 ? null : (['ADVANCE', 'HOLD', 'REJECT'] as const)[Math.floor(next() * 3)];
    people.push({ score, decision, sex, raceEthnicity, answered: i % 17 !== 9 });
  }
  return people;
}

describe('GET /api/v1/analytics/bias-audit', () => {
  it('computes the scoring and selection rates, impact ratios, exclusions, unknowns and Fisher tests exactly as CONTRACT §14', async () => {
    const org = await collectingOrg();
    const setup = await hiring(org);
    const people = population();
    const ids = await seed(org, setup, people);
    // The sample holds people on both sides of the median and at it, and one category under 2 %.
    const scored = people.filter((p) => p.score !== null).map((p) => p.score!);
    const median = medianOf(scored);
    expect(scored.filter((s) => s === median).length).toBeGreaterThan(3);
    expect(people.filter((p) => p.raceEthnicity === 'hispanic_latino' && p.score !== null)).toHaveLength(1);

    // Noise that must not count: an earlier interview of a candidate (only the latest completed one counts), an
    // interview of another campaign, an interview not completed, and a superseded decision.
    await completedInterview(org, setup, ids[0], { score: 99, decision: 'ADVANCE', completedAt: new Date(Date.UTC(2026, 0, 1)) });
    const elsewhere = await hiring(org);
    await completedInterview(org, { ...elsewhere, configId: setup.configId }, ids[1], { score: 1, decision: 'REJECT', completedAt: new Date(Date.UTC(2026, 11, 1)) });
    await makeInterview(app.db, org.orgId, { candidateId: ids[2], jobId: setup.jobId, campaignId: setup.campaignId, status: 'IN_PROGRESS' });

    const byScore = await org.api(`/api/v1/analytics/bias-audit?campaignId=${setup.campaignId}`);
    expect(byScore.status, byScore.text).toBe(200);
    expectCleanResponse(byScore);
    const expectedScore = expectedAudit(people, 'score');
    expectFigures(byScore.body, expectedScore);
    // The category under 2 % keeps its n and rate, and gets no impact ratio.
    const hispanic = byScore.body.categories.raceEthnicity.find((c: any) => c.category === 'hispanic_latino');
    expect(hispanic).toMatchObject({ n: 1, excluded: true, impactRatio: null });
    expect(hispanic.rate).not.toBeNull();
    expect(byScore.body.unknown.sex).toBeGreaterThan(2);
    expect(byScore.body.method).toMatch(/strictly above the median/);
    // Only aggregates: no candidate id anywhere.
    for (const id of ids) expect(byScore.text).not.toContain(id);

    const byDecision = await org.api(`/api/v1/analytics/bias-audit?campaignId=${setup.campaignId}&basis=decision`);
    expect(byDecision.status, byDecision.text).toBe(200);
    expectFigures(byDecision.body, expectedAudit(people, 'decision'));
    expect(byDecision.body.medianScore).toBeNull();
    expect(byDecision.body.method).toMatch(/ADVANCE/);

    // By configuration, shared with the other campaign (of another job): there, the other campaign's interview is
    // its candidate's latest, so the sample differs by exactly that one. By job: the campaign's own figures.
    const byConfig = await org.api(`/api/v1/analytics/bias-audit?configId=${setup.configId}`);
    expect(byConfig.status).toBe(200);
    const moved = people.map((p, i) => (i === 1 ? { ...p, score: 1 } : p));
    expectFigures(byConfig.body, expectedAudit(moved, 'score'));
    const byJob = await org.api(`/api/v1/analytics/bias-audit?jobId=${setup.jobId}`);
    expectFigures(byJob.body, expectedScore);
  });

  it('a published table: 3 of 4 women and 1 of 4 men above the median give Fisher p = 0.4857 (R, tea tasting)', async () => {
    const org = await collectingOrg();
    const setup = await hiring(org);
    const people: Person[] = [
      ...[90, 80, 70, 20].map((score) => ({ score, decision: null, sex: 'female', raceEthnicity: null, answered: true })),
      ...[60, 10, 15, 25].map((score) => ({ score, decision: null, sex: 'male', raceEthnicity: null, answered: true })),
    ];
    await seed(org, setup, people);
    const res = await org.api(`/api/v1/analytics/bias-audit?campaignId=${setup.campaignId}&basis=score`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.medianScore).toBe(42.5);
    expect(res.body.categories.sex).toEqual([
      { category: 'female', n: 4, rate: 0.75, impactRatio: 1, excluded: false, fisherP: expect.closeTo(0.4857, 4) },
      { category: 'male', n: 4, rate: 0.25, impactRatio: expect.closeTo(1 / 3, 12), excluded: false, fisherP: expect.closeTo(0.4857, 4) },
    ]);
    expect(res.body.categories.sex[0].fisherP).toBeCloseTo(34 / 70, 12);
    expect(res.body.unknown).toEqual({ sex: 0, raceEthnicity: 8 });
    expect(res.body.categories.raceEthnicity.every((c: any) => c.n === 0 && c.rate === null && c.fisherP === null && c.excluded)).toBe(true);
  });

  it('from (inclusive) and to (exclusive) select on completedAt; an empty sample has no median and no rates', async () => {
    const org = await collectingOrg();
    const setup = await hiring(org);
    const a = await makeCandidate(app.db, org.orgId);
    const b = await makeCandidate(app.db, org.orgId);
    await completedInterview(org, setup, a.id, { score: 80, decision: 'ADVANCE', completedAt: new Date('2026-03-01T00:00:00Z') });
    await completedInterview(org, setup, b.id, { score: 40, decision: 'REJECT', completedAt: new Date('2026-04-01T00:00:00Z') });
    const window = (q: string) => org.api(`/api/v1/analytics/bias-audit?campaignId=${setup.campaignId}&${q}`);
    expect((await window('from=2026-03-01T00:00:00Z')).body.sampleSize).toBe(2);
    expect((await window('from=2026-03-01T00:00:01Z')).body.sampleSize).toBe(1);
    expect((await window('to=2026-04-01T00:00:00Z')).body.sampleSize).toBe(1);
    const empty = await window('from=2027-01-01T00:00:00Z');
    expect(empty.body).toMatchObject({ sampleSize: 0, medianScore: null, unknown: { sex: 0, raceEthnicity: 0 } });
    expect(empty.body.categories.sex).toEqual([
      { category: 'female', n: 0, rate: null, impactRatio: null, excluded: true, fisherP: null },
      { category: 'male', n: 0, rate: null, impactRatio: null, excluded: true, fisherP: null },
    ]);
    expectValidationIssue(await window('from=2026-05-01T00:00:00Z&to=2026-04-01T00:00:00Z'), 'to');
    expectValidationIssue(await window('from=yesterday'), 'from');
  });

  it('400 without exactly one filter or with a bad basis; 404 for another organization’s campaign, job or configuration, exactly like a missing one; 403 without reports:read', async () => {
    const org = await collectingOrg();
    const other = await collectingOrg();
    const mine = await hiring(org);
    const theirs = await hiring(other);
    expectValidationIssue(await org.api('/api/v1/analytics/bias-audit'), 'campaignId');
    expectValidationIssue(await org.api(`/api/v1/analytics/bias-audit?campaignId=${mine.campaignId}&jobId=${mine.jobId}`), 'jobId');
    expectValidationIssue(await org.api(`/api/v1/analytics/bias-audit?campaignId=${mine.campaignId}&basis=vibes`), 'basis');
    expectValidationIssue(await org.api(`/api/v1/analytics/bias-audit?campaignId=${mine.campaignId}&sex=female`), 'sex');
    for (const [field, id, missing] of [
      ['campaignId', theirs.campaignId, 'cmp_doesnotexist00000000000'],
      ['jobId', theirs.jobId, 'job_doesnotexist00000000000'],
      ['configId', theirs.configId, 'cfg_doesnotexist00000000000'],
    ]) {
      const foreign = await org.api(`/api/v1/analytics/bias-audit?${field}=${id}`);
      const absent = await org.api(`/api/v1/analytics/bias-audit?${field}=${missing}`);
      expectError(foreign, 404, 'NOT_FOUND');
      expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(absent.body));
    }
    const narrow = await makeKey(app.db, org.orgId, ['interviews:read', 'candidates:read', 'candidates:write']);
    const refused = await request(app.url, `/api/v1/analytics/bias-audit?campaignId=${mine.campaignId}`, { key: narrow.key });
    expectError(refused, 403, 'FORBIDDEN');
    expect(refused.body.error.message).toContain('reports:read');
    const readOnly = await makeKey(app.db, org.orgId, ['reports:read']);
    expect((await request(app.url, `/api/v1/analytics/bias-audit?campaignId=${mine.campaignId}`, { key: readOnly.key })).status).toBe(200);
  });
});
