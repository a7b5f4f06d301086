import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidates, reports, type Recommendation } from '@/db/schema';
import { newId } from '@/server/ids';
import { createTestOrg, makeCampaign, makeCandidate, makeHiringSetup, makeInterview, makeKey, makeStage, request, type TestOrg } from '../support/factories';
import { makeRecruiter, sessionCookieFor, trpcMutation, trpcQuery, type TrpcResponse } from '../support/recruiters';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

/** An organization with an API key and a signed-in recruiter (its session cookie). */
async function recruiterOrg(): Promise<TestOrg & { cookie: string }> {
  const org = await createTestOrg(app.db, app.url);
  const user = await makeRecruiter(app.db, org.orgId);
  return { ...org, cookie: await sessionCookieFor(app.db, user.email) };
}

const data = (res: TrpcResponse) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.data;
};
const error = (res: TrpcResponse) => ({ status: res.status, ...res.body.error.data.error });

const DAY = 24 * 3600 * 1000;

async function completedWithReport(orgId: string, setup: Awaited<ReturnType<typeof makeHiringSetup>>, candidateId: string, report: { status: 'READY' | 'PENDING' | 'FAILED'; score?: number | null; recommendation?: Recommendation; daysAgo?: number }) {
  const completedAt = new Date(Date.now() - (report.daysAgo ?? 1) * DAY);
  const interview = await makeInterview(app.db, orgId, {
    candidateId,
    jobId: setup.job.id,
    campaignId: setup.campaign.id,
    stageId: setup.stage.id,
    status: 'COMPLETED',
    createdAt: new Date(completedAt.getTime() - DAY),
    startedAt: completedAt,
    completedAt,
    endedAt: completedAt,
  });
  await app.db.insert(reports).values({
    id: newId('report'),
    orgId,
    type: 'interview',
    interviewId: interview.id,
    status: report.status,
    overallScore: report.status === 'READY' ? (report.score ?? null) : null,
    recommendation: report.status === 'READY' ? (report.recommendation ?? 'YES') : null,
    criteria: report.status === 'READY' ? [{ key: 'technical', label: 'Technical depth', score: 7, weight: 2, evidenceTurns: [2] }] : null,
    flags: [],
    generator: 'rules',
    completedAt: report.status === 'READY' ? completedAt : null,
  });
  return interview;
}

/**
 * A campaign with candidates at every point of the pipeline: two scored READY reports (one candidate with a
 * second, weaker interview), a READY report without a score, a pending report, an interview in progress, an
 * invitation, a cancellation; a test result; and an interview of another campaign that must not count.
 */
async function seedRankedCampaign(orgId: string) {
  const setup = await makeHiringSetup(app.db, orgId);
  const person = (firstName: string) => makeCandidate(app.db, orgId, { firstName, lastName: 'Test', email: `${firstName.toLowerCase()}.${newId('candidate').slice(-8).toLowerCase()}@example.com` });
  const [ada, bob, cyd, dan, eve, fay, gus] = await Promise.all(['Ada', 'Bob', 'Cyd', 'Dan', 'Eve', 'Fay', 'Gus'].map(person));
  await completedWithReport(orgId, setup, ada.id, { status: 'READY', score: 91, recommendation: 'STRONG_YES', daysAgo: 5 });
  await completedWithReport(orgId, setup, ada.id, { status: 'READY', score: 40, recommendation: 'NO', daysAgo: 1 });
  await completedWithReport(orgId, setup, bob.id, { status: 'READY', score: 72, recommendation: 'YES' });
  await completedWithReport(orgId, setup, cyd.id, { status: 'READY', score: null, recommendation: 'NO_DECISION' });
  await completedWithReport(orgId, setup, dan.id, { status: 'PENDING' });
  await makeInterview(app.db, orgId, { candidateId: eve.id, jobId: setup.job.id, campaignId: setup.campaign.id, status: 'IN_PROGRESS', startedAt: new Date() });
  await makeInterview(app.db, orgId, { candidateId: fay.id, jobId: setup.job.id, campaignId: setup.campaign.id });
  await makeInterview(app.db, orgId, { candidateId: gus.id, jobId: setup.job.id, campaignId: setup.campaign.id, status: 'CANCELLED', cancelledAt: new Date() });
  const elsewhere = await makeCampaign(app.db, orgId, setup.job.id, 'Elsewhere');
  await makeInterview(app.db, orgId, { candidateId: gus.id, jobId: setup.job.id, campaignId: elsewhere.id, status: 'COMPLETED', completedAt: new Date() });
  return { setup, people: { ada, bob, cyd, dan, eve, fay, gus }, elsewhere };
}

describe('the campaign page procedures', () => {
  it('ranks the candidates: READY reports by score (best interview per candidate), then the others by progress', async () => {
    const org = await recruiterOrg();
    const { setup, people } = await seedRankedCampaign(org.orgId);
    const test = data(
      await trpcMutation(app.url, 'testSessions.record', { candidateId: people.bob.id, campaignId: setup.campaign.id, testName: 'Kata', score: 33, maxScore: 40, completedAt: new Date().toISOString() }, org.cookie),
    );

    const ranking = data(await trpcQuery(app.url, 'dashboard.campaignRanking', { campaignId: setup.campaign.id }, org.cookie));
    expect(ranking.items.map((r: { candidate: { firstName: string } }) => r.candidate.firstName)).toEqual(['Ada', 'Bob', 'Cyd', 'Dan', 'Eve', 'Fay', 'Gus']);
    expect(ranking.pagination).toEqual({ page: 1, pageSize: 20, total: 7, totalPages: 1 });
    const [ada, bob, cyd, dan, eve, fay] = ranking.items;
    expect(ada).toMatchObject({ position: 1, ranked: true, overallScore: 91, recommendation: 'STRONG_YES', reportStatus: 'READY', status: 'COMPLETED', interviewCount: 2, stageName: setup.stage.name });
    expect(bob).toMatchObject({ position: 2, ranked: true, overallScore: 72, bestTestPercentage: test.percentage, interviewCount: 1 });
    expect(cyd).toMatchObject({ ranked: true, overallScore: null, recommendation: 'NO_DECISION' });
    expect(dan).toMatchObject({ ranked: false, status: 'COMPLETED', reportStatus: 'PENDING', overallScore: null, recommendation: null });
    expect(eve).toMatchObject({ ranked: false, status: 'IN_PROGRESS', reportId: null });
    expect(fay).toMatchObject({ ranked: false, status: 'INVITED' });
    expect(ranking.items[6]).toMatchObject({ ranked: false, status: 'CANCELLED', interviewCount: 1 });

    // Pages are slices of the same order, with positions across pages.
    const page2 = data(await trpcQuery(app.url, 'dashboard.campaignRanking', { campaignId: setup.campaign.id, page: 2, pageSize: 3 }, org.cookie));
    expect(page2.items.map((r: { position: number; candidate: { firstName: string } }) => [r.position, r.candidate.firstName])).toEqual([
      [4, 'Dan'],
      [5, 'Eve'],
      [6, 'Fay'],
    ]);
    expect(page2.pagination).toEqual({ page: 2, pageSize: 3, total: 7, totalPages: 3 });

    const view = data(await trpcQuery(app.url, 'dashboard.campaign', { id: setup.campaign.id }, org.cookie));
    expect(view).toMatchObject({
      id: setup.campaign.id,
      job: { id: setup.job.id, title: setup.job.title },
      stages: [{ id: setup.stage.id, name: setup.stage.name }],
      counts: { candidates: 7, interviews: 8, completed: 5, inProgress: 1, awaiting: 1, reportsReady: 4, exportableInterviews: 5, tests: 1 },
    });
    expect(view.averageScore).toBeCloseTo((91 + 40 + 72) / 3, 5);
  });

  it('lists test results of a campaign or of a candidate', async () => {
    const org = await recruiterOrg();
    const { setup, people, elsewhere } = await seedRankedCampaign(org.orgId);
    const record = (candidateId: string, campaignId: string, score: number, day: number) =>
      trpcMutation(app.url, 'testSessions.record', { candidateId, campaignId, testName: `Test ${score}`, score, maxScore: 50, completedAt: new Date(Date.now() - day * DAY).toISOString(), results: [{ task: 'a', score, maxScore: 50, passed: score >= 25 }] }, org.cookie);
    data(await record(people.ada.id, setup.campaign.id, 40, 3));
    data(await record(people.bob.id, setup.campaign.id, 20, 1));
    data(await record(people.ada.id, elsewhere.id, 10, 2));
    const byCampaign = data(await trpcQuery(app.url, 'dashboard.testResults', { campaignId: setup.campaign.id }, org.cookie));
    expect(byCampaign.items.map((t: { testName: string }) => t.testName)).toEqual(['Test 20', 'Test 40']);
    expect(byCampaign.items[1]).toMatchObject({ percentage: 80, campaignName: setup.campaign.name, candidate: { id: people.ada.id, email: people.ada.email } });
    const byCandidate = data(await trpcQuery(app.url, 'dashboard.testResults', { candidateId: people.ada.id }, org.cookie));
    expect(byCandidate.items.map((t: { campaignName: string }) => t.campaignName)).toEqual(['Elsewhere', setup.campaign.name]);
    const neither = await trpcQuery(app.url, 'dashboard.testResults', {}, org.cookie);
    expect(error(neither)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });

  it('stages.reorder sets the pipeline order in one step, and refuses a list that is not exactly the campaign’s stages', async () => {
    const org = await recruiterOrg();
    const setup = await makeHiringSetup(app.db, org.orgId);
    const second = await makeStage(app.db, org.orgId, setup.campaign.id, { name: 'Technical' });
    const third = data(await trpcMutation(app.url, 'stages.create', { campaignId: setup.campaign.id, name: 'Final', generateReport: false }, org.cookie));
    const reordered = data(await trpcMutation(app.url, 'stages.reorder', { campaignId: setup.campaign.id, stageIds: [third.id, setup.stage.id, second.id] }, org.cookie));
    expect(reordered.map((s: { id: string; position: number }) => [s.id, s.position])).toEqual([
      [third.id, 0],
      [setup.stage.id, 1],
      [second.id, 2],
    ]);
    const view = data(await trpcQuery(app.url, 'dashboard.campaign', { id: setup.campaign.id }, org.cookie));
    expect(view.stages.map((s: { name: string; generateReport: boolean }) => [s.name, s.generateReport])).toEqual([
      ['Final', false],
      [setup.stage.name, true],
      ['Technical', true],
    ]);
    const other = await makeHiringSetup(app.db, org.orgId);
    for (const stageIds of [[third.id, setup.stage.id], [third.id, setup.stage.id, other.stage.id], [third.id, setup.stage.id, second.id, second.id]]) {
      const res = await trpcMutation(app.url, 'stages.reorder', { campaignId: setup.campaign.id, stageIds }, org.cookie);
      expect(error(res), JSON.stringify(stageIds)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    }
  });

  it("another organization's ids are NOT_FOUND, exactly like missing ones, on every new procedure", async () => {
    const mine = await recruiterOrg();
    const theirs = await recruiterOrg();
    const { setup, people } = await seedRankedCampaign(theirs.orgId);
    const cases: [string, 'query' | 'mutation', Record<string, unknown>, Record<string, unknown>][] = [
      ['dashboard.campaign', 'query', { id: setup.campaign.id }, { id: 'cmp_0000000000000000000000' }],
      ['dashboard.campaignRanking', 'query', { campaignId: setup.campaign.id }, { campaignId: 'cmp_0000000000000000000000' }],
      ['dashboard.testResults', 'query', { campaignId: setup.campaign.id }, { campaignId: 'cmp_0000000000000000000000' }],
      ['dashboard.testResults', 'query', { candidateId: people.ada.id }, { candidateId: 'cnd_0000000000000000000000' }],
      ['candidates.update', 'mutation', { id: people.ada.id, firstName: 'Mallory' }, { id: 'cnd_0000000000000000000000', firstName: 'Mallory' }],
      ['stages.reorder', 'mutation', { campaignId: setup.campaign.id, stageIds: [setup.stage.id] }, { campaignId: 'cmp_0000000000000000000000', stageIds: [setup.stage.id] }],
    ];
    for (const [path, kind, foreignInput, missingInput] of cases) {
      const call = (input: Record<string, unknown>) => (kind === 'query' ? trpcQuery(app.url, path, input, mine.cookie) : trpcMutation(app.url, path, input, mine.cookie));
      const [foreign, missing] = [error(await call(foreignInput)), error(await call(missingInput))];
      expect(foreign, path).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect(foreign.message, path).toBe(missing.message);
      // A malformed id reads the same as well.
      const malformed = Object.fromEntries(Object.entries(missingInput).map(([k, v]) => [k, typeof v === 'string' ? 'not-an-id' : v]));
      expect(error(await call(malformed)), `${path} malformed`).toMatchObject({ status: 404, message: missing.message });
    }
    // Nothing of theirs changed or leaked.
    const [ada] = await app.db.select().from(candidates).where(eq(candidates.id, people.ada.id));
    expect(ada.firstName).toBe('Ada');
    expect(data(await trpcQuery(app.url, 'dashboard.campaign', { id: setup.campaign.id }, theirs.cookie)).name).toBe(setup.campaign.name);
  });

  it('the new procedures are for signed-in recruiters only', async () => {
    const org = await recruiterOrg();
    const setup = await makeHiringSetup(app.db, org.orgId);
    expect((await trpcQuery(app.url, 'dashboard.campaignRanking', { campaignId: setup.campaign.id })).status).toBe(401);
    expect((await trpcMutation(app.url, 'candidates.import', { csv: 'email\na@example.com\n' })).status).toBe(401);
    // The dashboard's tRPC ignores API keys: they open nothing there.
    expect((await trpcQuery(app.url, 'dashboard.campaign', { id: setup.campaign.id }, undefined, { authorization: `Bearer ${org.apiKey}` })).status).toBe(401);
  });
});

describe('candidates.update and PATCH /api/v1/candidates/{id}', () => {
  it('updates the given fields with the create rules: null clears, tags replace, an empty update is refused', async () => {
    const org = await recruiterOrg();
    const candidate = await makeCandidate(app.db, org.orgId, { phone: '+33 6 00 00 00 00', tags: ['old'], source: 'Fair', cvUrl: 'https://cv.example/a.pdf' });
    const updated = data(
      await trpcMutation(app.url, 'candidates.update', { id: candidate.id, email: '  New.Address@Example.COM ', lastName: 'Byron', phone: null, tags: ['math', 'math', 'poetry'], locale: 'EN-gb', cvUrl: null }, org.cookie),
    );
    expect(updated).toMatchObject({ id: candidate.id, email: 'new.address@example.com', firstName: 'Ada', lastName: 'Byron', phone: null, tags: ['math', 'poetry'], locale: 'en-GB', cvUrl: null, source: 'Fair' });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(candidate.updatedAt.getTime() - 1);

    const bad = error(await trpcMutation(app.url, 'candidates.update', { id: candidate.id, email: 'nope', cvUrl: 'ftp://x', tags: [''] }, org.cookie));
    expect(bad).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(bad.issues.map((i: { path: string }) => i.path)).toEqual(expect.arrayContaining(['email', 'cvUrl', 'tags.0']));
    expect(error(await trpcMutation(app.url, 'candidates.update', { id: candidate.id }, org.cookie))).toMatchObject({ status: 400, message: 'Nothing to update: give at least one field' });
    expect(error(await trpcMutation(app.url, 'candidates.update', { id: candidate.id, email: null }, org.cookie)).status).toBe(400);
  });

  it('an email taken by another candidate of the organization is a 409 naming them; the same email elsewhere is fine', async () => {
    const org = await recruiterOrg();
    const other = await recruiterOrg();
    const first = await makeCandidate(app.db, org.orgId, { email: 'taken@example.com' });
    const second = await makeCandidate(app.db, org.orgId);
    await makeCandidate(app.db, other.orgId, { email: 'elsewhere@example.com' });
    const conflict = error(await trpcMutation(app.url, 'candidates.update', { id: second.id, email: 'TAKEN@example.com' }, org.cookie));
    expect(conflict).toMatchObject({ status: 409, code: 'CONFLICT', existingId: first.id });
    // Keeping one's own email is no conflict; another organization's candidate with that email is none either.
    expect(data(await trpcMutation(app.url, 'candidates.update', { id: first.id, email: 'taken@example.com', firstName: 'Same' }, org.cookie)).firstName).toBe('Same');
    expect(data(await trpcMutation(app.url, 'candidates.update', { id: second.id, email: 'elsewhere@example.com' }, org.cookie)).email).toBe('elsewhere@example.com');
  });

  it('REST v1: PATCH with candidates:write, the same rules and envelopes', async () => {
    const org = await recruiterOrg();
    const candidate = await makeCandidate(app.db, org.orgId);
    const taken = await makeCandidate(app.db, org.orgId);
    const ok = await org.api(`/api/v1/candidates/${candidate.id}`, { method: 'PATCH', body: { firstName: 'Augusta', tags: ['vip'] } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: candidate.id, firstName: 'Augusta', lastName: 'Lovelace', tags: ['vip'] });
    expect((await org.api(`/api/v1/candidates/${candidate.id}`)).body.firstName).toBe('Augusta');

    const unknown = await org.api(`/api/v1/candidates/${candidate.id}`, { method: 'PATCH', body: { nickname: 'A' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.issues).toContainEqual({ path: 'nickname', message: 'Unknown field' });
    const empty = await org.api(`/api/v1/candidates/${candidate.id}`, { method: 'PATCH', body: {} });
    expect(empty.status).toBe(400);
    const conflict = await org.api(`/api/v1/candidates/${candidate.id}`, { method: 'PATCH', body: { email: taken.email } });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toMatchObject({ code: 'CONFLICT', existingId: taken.id });

    const readOnly = await makeKey(app.db, org.orgId, ['candidates:read']);
    const forbidden = await request(app.url, `/api/v1/candidates/${candidate.id}`, { method: 'PATCH', body: { firstName: 'X' }, key: readOnly.key });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.message).toContain('candidates:write');

    const stranger = await createTestOrg(app.db, app.url);
    const foreign = await stranger.api(`/api/v1/candidates/${candidate.id}`, { method: 'PATCH', body: { firstName: 'Mallory' } });
    const missing = await stranger.api('/api/v1/candidates/cnd_0000000000000000000000', { method: 'PATCH', body: { firstName: 'Mallory' } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toMatchObject({ code: 'NOT_FOUND', message: missing.body.error.message });
    expect((await org.api(`/api/v1/candidates/${candidate.id}`)).body.firstName).toBe('Augusta');
  });
});

describe('candidates.import (CSV)', () => {
  const csv = (existing: string, org: string) =>
    [
      'email,firstName,lastName,phone,locale,cvUrl,tags,source',
      `ada.${org}@example.com,Ada,Lovelace,+44 20 7946 0000,en-GB,https://cv.example/ada.pdf,math;poetry|engines,Referral`,
      'not-an-email,Bad,Email,,,,,',
      `grace.${org}@example.com,Grace,Hopper,,,ftp://cv.example/g.pdf,,`,
      '',
      `${existing},Already,There,,,,,`,
      `ADA.${org}@example.com,Ada,Again,,,,,`,
      `alan.${org}@example.com,Alan,Turing,,xx-!!,,,LinkedIn`,
      `edsger.${org}@example.com,"Dijkstra, Edsger",,,,,,`,
    ].join('\r\n');

  it('checks first (nothing written), then imports the valid rows and reports the others by row, field and reason', async () => {
    const org = await recruiterOrg();
    const tag = org.orgId.slice(-6).toLowerCase();
    const existing = await makeCandidate(app.db, org.orgId, { email: `existing.${tag}@example.com` });
    const file = csv(existing.email.toUpperCase(), tag);

    const check = data(await trpcMutation(app.url, 'candidates.import', { csv: file, dryRun: true }, org.cookie));
    expect(check).toMatchObject({ dryRun: true, rows: 7, imported: 2 });
    expect(check.created).toEqual([
      { row: 2, id: null, email: `ada.${tag}@example.com` },
      { row: 9, id: null, email: `edsger.${tag}@example.com` },
    ]);
    expect(check.errors).toEqual([
      { row: 3, field: 'email', message: 'Must be a valid email address' },
      { row: 4, field: 'cvUrl', message: 'Must be an http(s) URL' },
      { row: 8, field: 'locale', message: 'Must be a BCP 47 language tag such as fr or en-GB' },
    ]);
    expect(check.duplicates).toEqual([
      { row: 6, email: existing.email, existingId: existing.id, duplicateOfRow: null },
      { row: 7, email: `ada.${tag}@example.com`, existingId: null, duplicateOfRow: 2 },
    ]);
    const count = async () => (await app.db.select({ id: candidates.id }).from(candidates).where(eq(candidates.orgId, org.orgId))).length;
    expect(await count()).toBe(1);

    const imported = data(await trpcMutation(app.url, 'candidates.import', { csv: file }, org.cookie));
    expect(imported).toMatchObject({ dryRun: false, imported: 2, errors: check.errors, duplicates: check.duplicates });
    expect(await count()).toBe(3);
    const [ada] = await app.db.select().from(candidates).where(and(eq(candidates.orgId, org.orgId), eq(candidates.email, `ada.${tag}@example.com`)));
    expect(imported.created[0]).toEqual({ row: 2, id: ada.id, email: ada.email });
    expect(ada).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', phone: '+44 20 7946 0000', locale: 'en-GB', cvUrl: 'https://cv.example/ada.pdf', tags: ['math', 'poetry', 'engines'], source: 'Referral' });
    const [edsger] = await app.db.select().from(candidates).where(eq(candidates.id, imported.created[1].id));
    expect(edsger).toMatchObject({ firstName: 'Dijkstra, Edsger', lastName: null, locale: 'fr', tags: [] });

    // Uploaded again, the rows imported the first time come back as duplicates: nothing is created twice.
    const again = data(await trpcMutation(app.url, 'candidates.import', { csv: file }, org.cookie));
    expect(again.imported).toBe(0);
    expect(again.duplicates.map((d: { row: number }) => d.row)).toEqual([2, 6, 7, 9]);
    expect(await count()).toBe(3);
  });

  it("duplicates are per organization: another organization's candidate with the same email is no duplicate", async () => {
    const org = await recruiterOrg();
    const other = await recruiterOrg();
    await makeCandidate(app.db, other.orgId, { email: `shared.${org.orgId.slice(-6).toLowerCase()}@example.com` });
    const result = data(await trpcMutation(app.url, 'candidates.import', { csv: `email\nshared.${org.orgId.slice(-6).toLowerCase()}@example.com\n` }, org.cookie));
    expect(result).toMatchObject({ imported: 1, duplicates: [] });
  });

  it('refuses the whole file for a bad header, too many rows or too many bytes, with nothing written', async () => {
    const org = await recruiterOrg();
    const unknown = error(await trpcMutation(app.url, 'candidates.import', { csv: 'email,nickname\na@example.com,A\n' }, org.cookie));
    expect(unknown).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', issues: [{ path: 'file' }] });
    expect(unknown.message).toContain('unknown column "nickname"');
    const rows = Array.from({ length: 5001 }, (_, i) => `c${i}@example.com`).join('\n');
    const tooMany = error(await trpcMutation(app.url, 'candidates.import', { csv: `email\n${rows}\n` }, org.cookie));
    expect(tooMany.message).toContain('At most 5000 candidates');
    const tooBig = error(await trpcMutation(app.url, 'candidates.import', { csv: `email,source\na@example.com,${'x'.repeat(2 * 1024 * 1024)}\n` }, org.cookie));
    expect(tooBig).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(tooBig.issues[0].message).toContain('2 MiB');
    expect(await app.db.select().from(candidates).where(eq(candidates.orgId, org.orgId))).toEqual([]);
  });
});

describe('GET /api/dashboard/export (the v1 export for a recruiter session)', () => {
  it('streams the same CSV as the v1 export, as a download, for the session’s organization', async () => {
    const org = await recruiterOrg();
    const { setup } = await seedRankedCampaign(org.orgId);
    const query = `campaignId=${setup.campaign.id}&format=csv&type=all`;
    const dashboard = await request(app.url, `/api/dashboard/export?${query}`, { headers: { cookie: org.cookie } });
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(dashboard.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="campaign-${setup.campaign.id}-all-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    expect(dashboard.headers.get('x-request-id')).toMatch(/^req_/);
    expect(dashboard.headers.get('cache-control')).toBe('no-store');
    // One piece of logic, two doors: byte for byte the v1 answer.
    const v1 = await org.api(`/api/v1/reports/export?${query}`);
    expect(dashboard.text).toBe(v1.text);
    const rows = parse(dashboard.text, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['READY', 'PENDING']));

    const json = await request(app.url, `/api/dashboard/export?campaignId=${setup.campaign.id}&type=interviews`, { headers: { cookie: org.cookie } });
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toMatch(/filename="campaign-.*-interviews-.*\.json"/);
    expect(Object.keys(json.body)).toEqual(['campaignId', 'exportedAt', 'interviews']);
    expect(json.body.interviews).toHaveLength(5);
  });

  it('401 without a session (an API key opens nothing here), 404 for another organization’s campaign, 400 for a bad query', async () => {
    const org = await recruiterOrg();
    const other = await recruiterOrg();
    const { setup } = await seedRankedCampaign(other.orgId);
    const path = `/api/dashboard/export?campaignId=${setup.campaign.id}&format=csv`;
    for (const headers of <Record<string, string>[]>[{}, { authorization: `Bearer ${other.apiKey}` }, { 'x-api-key': other.apiKey }, { cookie: 'iss_session=forged' }]) {
      const res = await request(app.url, path, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body.error).toMatchObject({ code: 'UNAUTHORIZED', requestId: res.headers.get('x-request-id') });
      expect(res.headers.get('content-disposition')).toBeNull();
    }
    const foreign = await request(app.url, path, { headers: { cookie: org.cookie } });
    const missing = await request(app.url, '/api/dashboard/export?campaignId=cmp_0000000000000000000000', { headers: { cookie: org.cookie } });
    for (const res of [foreign, missing]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'Campaign not found' });
    }
    expect((await request(app.url, path, { headers: { cookie: other.cookie } })).status).toBe(200);
    const bad = await request(app.url, `/api/dashboard/export?campaignId=${setup.campaign.id}&format=xlsx`, { headers: { cookie: other.cookie } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: { path: string }) => i.path)).toContain('format');
    const post = await request(app.url, path, { method: 'POST', body: {}, headers: { cookie: other.cookie } });
    expect(post.status).toBe(404);
  });
});
