import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, bulkOperations, candidates, interviewDecisions, interviews, reports } from '@/db/schema';
import { newId } from '@/server/ids';
import { appRouter } from '@/server/routers/app-router';
import { runBulkOperation } from '@/server/services/bulk/run-bulk-operation';
import { eraseCandidate } from '@/server/services/data-rights/erase-candidate';
import { createCallerFactory, createContextInner } from '@/server/trpc';
import { createTestOrg, makeCandidate, makeHiringSetup, makeInterview, type TestOrg } from '../support/factories';
import { makeRecruiter } from '../support/recruiters';
import { startTestApp, type TestApp } from '../support/test-app';

/** Bulk actions, global search, sorting and saved filters (issue 10, "Bulk work" and "Find things fast"). */

const INLINE_LIMIT = 10;
let app: TestApp;
let org: TestOrg;
let other: TestOrg;

beforeAll(async () => {
  // A low inline limit, so the background path runs over a few dozen rows (the default is 100).
  app = await startTestApp({ BULK_INLINE_LIMIT: String(INLINE_LIMIT) });
  org = await createTestOrg(app.db, app.url);
  other = await createTestOrg(app.db, app.url);
});
afterAll(() => app?.close());

const createCaller = createCallerFactory(appRouter);
/** The router as a signed-in user of `orgId` calls it from the dashboard. */
function callerAs(orgId: string, userId: string = newId('user')) {
  return createCaller(createContextInner({ db: app.db, requestId: `req_${newId('session').slice(4)}`, principal: { kind: 'recruiter', role: 'recruiter', orgId, userId, sessionId: newId('session') } }));
}

async function interviewsOf(candidateIds: string[], campaignId: string) {
  return app.db.select().from(interviews).where(and(inArray(interviews.candidateId, candidateIds), eq(interviews.campaignId, campaignId)));
}

async function auditCount(orgId: string, action: string, targetIds?: string[]) {
  const rows = await app.db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.action, action), targetIds ? inArray(auditEvents.targetId, targetIds) : undefined));
  return rows.length;
}

async function waitForCompletion(caller: ReturnType<typeof callerAs>, id: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const operation = await caller.bulk.get({ id });
    if (operation.status === 'completed') return operation;
    if (Date.now() > deadline) throw new Error(`bulk operation still ${operation.status} (${operation.done}/${operation.total})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('bulk invite to a campaign', () => {
  it('creates one interview per candidate, reports each row, and creates nothing new when run again', async () => {
    const setup = await makeHiringSetup(app.db, org.orgId);
    const fresh = await Promise.all(Array.from({ length: 4 }, () => makeCandidate(app.db, org.orgId)));
    const alreadyInvited = await makeCandidate(app.db, org.orgId);
    const existing = await makeInterview(app.db, org.orgId, { candidateId: alreadyInvited.id, jobId: setup.job.id, campaignId: setup.campaign.id });
    const erased = await makeCandidate(app.db, org.orgId);
    await eraseCandidate(app.db, { orgId: org.orgId, id: erased.id });
    const foreign = await makeCandidate(app.db, other.orgId);
    const ids = [...fresh.map((c) => c.id), alreadyInvited.id, erased.id, foreign.id, 'cnd_nope'];
    const userId = newId('user');
    const caller = callerAs(org.orgId, userId);

    const first = await caller.bulk.inviteCandidates({ selection: { mode: 'ids', ids }, campaignId: setup.campaign.id, stageId: setup.stage.id, configId: setup.config.id });
    expect(first).toMatchObject({ kind: 'candidates.invite', status: 'completed', total: 8, done: 8, ok: 4, skipped: 1, failed: 3, background: false });
    const byId = new Map(first.results.map((r) => [r.targetId, r]));
    for (const c of fresh) expect(byId.get(c.id)).toMatchObject({ outcome: 'ok', reason: null });
    expect(byId.get(alreadyInvited.id)).toMatchObject({ outcome: 'skipped', reason: 'Already has an open interview in this campaign', resultId: existing.id });
    // An erased candidate, another organization's and an unknown id are alike: missing, never touched.
    for (const id of [erased.id, foreign.id, 'cnd_nope']) expect(byId.get(id)).toMatchObject({ outcome: 'failed', reason: 'Candidate not found', label: null });
    // Failures first, so the UI never cuts them off.
    expect(first.results.slice(0, 3).map((r) => r.outcome)).toEqual(['failed', 'failed', 'failed']);

    const created = await interviewsOf(ids, setup.campaign.id);
    expect(created).toHaveLength(5);
    expect(created.filter((i) => i.id !== existing.id).every((i) => i.status === 'INVITED' && i.stageId === setup.stage.id && i.configId === setup.config.id)).toBe(true);
    expect(await app.db.select().from(interviews).where(eq(interviews.candidateId, foreign.id))).toHaveLength(0);

    const second = await caller.bulk.inviteCandidates({ selection: { mode: 'ids', ids }, campaignId: setup.campaign.id, stageId: setup.stage.id, configId: setup.config.id });
    expect(second).toMatchObject({ total: 8, ok: 0, skipped: 5, failed: 3 });
    expect(await interviewsOf(ids, setup.campaign.id)).toHaveLength(5);

    // One audit entry per operation, plus the single action's entry per created interview.
    expect(await auditCount(org.orgId, 'bulk_operation.created', [first.id, second.id])).toBe(2);
    // In the name of the user who started it (e2e/bulk-and-search.spec.ts starts one from the dashboard).
    const operations = await app.db
      .select({ actorType: auditEvents.actorType, actorId: auditEvents.actorId })
      .from(auditEvents)
      .where(and(eq(auditEvents.orgId, org.orgId), eq(auditEvents.action, 'bulk_operation.created'), inArray(auditEvents.targetId, [first.id, second.id])));
    expect(operations).toEqual([
      { actorType: 'user', actorId: userId },
      { actorType: 'user', actorId: userId },
    ]);
    expect(await auditCount(org.orgId, 'interview.created', created.map((i) => i.id))).toBe(4);
  });

  it('refuses a campaign, stage or configuration of another organization before any row (400 naming the field)', async () => {
    const mine = await makeHiringSetup(app.db, org.orgId);
    const theirs = await makeHiringSetup(app.db, other.orgId);
    const candidate = await makeCandidate(app.db, org.orgId);
    const caller = callerAs(org.orgId);
    const selection = { mode: 'ids' as const, ids: [candidate.id] };
    await expect(caller.bulk.inviteCandidates({ selection, campaignId: theirs.campaign.id })).rejects.toMatchObject({ appCode: 'VALIDATION_ERROR', issues: [{ path: 'campaignId' }] });
    await expect(caller.bulk.inviteCandidates({ selection, campaignId: mine.campaign.id, stageId: theirs.stage.id })).rejects.toMatchObject({ issues: [{ path: 'stageId' }] });
    await expect(caller.bulk.inviteCandidates({ selection, campaignId: mine.campaign.id, configId: theirs.config.id })).rejects.toMatchObject({ issues: [{ path: 'configId' }] });
    expect(await app.db.select().from(interviews).where(eq(interviews.candidateId, candidate.id))).toHaveLength(0);
  });

  it('resolves "all matching the filter" on the server, within the organization', async () => {
    const setup = await makeHiringSetup(app.db, org.orgId);
    const tag = `batch-${newId('job').slice(4, 12)}`;
    const tagged = await Promise.all(Array.from({ length: 6 }, () => makeCandidate(app.db, org.orgId, { tags: [tag] })));
    await makeCandidate(app.db, org.orgId, { tags: ['other'] });
    const foreignTagged = await makeCandidate(app.db, other.orgId, { tags: [tag] });
    const result = await callerAs(org.orgId).bulk.inviteCandidates({ selection: { mode: 'filter', filter: { tags: [tag] } }, campaignId: setup.campaign.id });
    expect(result).toMatchObject({ total: 6, ok: 6 });
    expect(new Set(result.results.map((r) => r.targetId))).toEqual(new Set(tagged.map((c) => c.id)));
    expect(await app.db.select().from(interviews).where(eq(interviews.candidateId, foreignTagged.id))).toHaveLength(0);
    await expect(callerAs(org.orgId).bulk.inviteCandidates({ selection: { mode: 'filter', filter: { tags: ['no-such-tag-anywhere'] } }, campaignId: setup.campaign.id })).rejects.toMatchObject({
      appCode: 'VALIDATION_ERROR',
    });
  });
});

describe('bulk over the inline limit', () => {
  it('runs as a job with progress, and a crashed or doubled run never redoes a committed row', async () => {
    const setup = await makeHiringSetup(app.db, org.orgId);
    const tag = `big-${newId('job').slice(4, 12)}`;
    const pool = await Promise.all(Array.from({ length: 3 * INLINE_LIMIT }, () => makeCandidate(app.db, org.orgId, { tags: [tag] })));
    const caller = callerAs(org.orgId);
    const started = await caller.bulk.inviteCandidates({ selection: { mode: 'filter', filter: { tags: [tag] } }, campaignId: setup.campaign.id });
    expect(started).toMatchObject({ total: pool.length, background: true });
    expect(started.done).toBeLessThan(pool.length);
    // A worker that dies after a few rows, and two more runners at once beside the queued job (a retried job
    // while the first still runs): each row is worked exactly once.
    await runBulkOperation(app.db, { orgId: org.orgId, operationId: started.id, maxRows: 4 });
    const midway = await caller.bulk.get({ id: started.id });
    expect(midway.done).toBeGreaterThanOrEqual(4);
    await Promise.all([runBulkOperation(app.db, { orgId: org.orgId, operationId: started.id }), runBulkOperation(app.db, { orgId: org.orgId, operationId: started.id })]);
    const finished = await waitForCompletion(caller, started.id);
    expect(finished).toMatchObject({ total: pool.length, done: pool.length, ok: pool.length, failed: 0, skipped: 0 });
    expect(finished.completedAt).not.toBeNull();
    const created = await interviewsOf(pool.map((c) => c.id), setup.campaign.id);
    expect(created).toHaveLength(pool.length);
    expect(new Set(created.map((i) => i.candidateId)).size).toBe(pool.length);

    // The job retried once more after everything committed (its operation put back to running): nothing new.
    await app.db.update(bulkOperations).set({ status: 'running' }).where(eq(bulkOperations.id, started.id));
    await runBulkOperation(app.db, { orgId: org.orgId, operationId: started.id });
    expect(await interviewsOf(pool.map((c) => c.id), setup.campaign.id)).toHaveLength(pool.length);
    expect(await auditCount(org.orgId, 'interview.created', created.map((i) => i.id))).toBe(pool.length);
    expect(await caller.bulk.get({ id: started.id })).toMatchObject({ status: 'completed', done: pool.length });
  });

  it('decides in the name of the user who started it, with the single decide’s audit entries, through the job', async () => {
    const setup = await makeHiringSetup(app.db, org.orgId);
    const completed = [];
    for (let i = 0; i < INLINE_LIMIT + 2; i++) {
      const candidate = await makeCandidate(app.db, org.orgId);
      completed.push(await makeInterview(app.db, org.orgId, { candidateId: candidate.id, jobId: setup.job.id, campaignId: setup.campaign.id, status: 'COMPLETED', completedAt: new Date() }));
    }
    const invited = await makeInterview(app.db, org.orgId, { candidateId: (await makeCandidate(app.db, org.orgId)).id, jobId: setup.job.id, campaignId: setup.campaign.id });
    const user = await makeRecruiter(app.db, org.orgId);
    const caller = callerAs(org.orgId, user.id);
    const started = await caller.bulk.decideInterviews({ selection: { mode: 'filter', filter: { campaignId: setup.campaign.id } }, status: 'HOLD', reason: 'Second round in March' });
    expect(started).toMatchObject({ total: completed.length + 1, background: true });
    const finished = await waitForCompletion(caller, started.id);
    expect(finished).toMatchObject({ ok: completed.length, skipped: 1, failed: 0 });
    expect(finished.results.find((r) => r.targetId === invited.id)).toMatchObject({ outcome: 'skipped', reason: expect.stringContaining('COMPLETED') });
    const decisions = await app.db.select().from(interviewDecisions).where(inArray(interviewDecisions.interviewId, completed.map((i) => i.id)));
    expect(decisions).toHaveLength(completed.length);
    expect(decisions.every((d) => d.status === 'HOLD' && d.reason === 'Second round in March' && d.decidedByType === 'user' && d.decidedById === user.id)).toBe(true);
    const audit = await app.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'interview.decided'), inArray(auditEvents.targetId, completed.map((i) => i.id))));
    expect(audit).toHaveLength(completed.length);
    expect(audit.every((a) => a.actorType === 'user' && a.actorId === user.id)).toBe(true);
  });
});

describe('bulk interview actions and tags', () => {
  it('cancels only the organization’s own interviews; another organization’s ids are missing and untouched', async () => {
    const setup = await makeHiringSetup(app.db, org.orgId);
    const theirs = await makeHiringSetup(app.db, other.orgId);
    const mine = await makeInterview(app.db, org.orgId, { candidateId: (await makeCandidate(app.db, org.orgId)).id, jobId: setup.job.id });
    const done = await makeInterview(app.db, org.orgId, { candidateId: (await makeCandidate(app.db, org.orgId)).id, jobId: setup.job.id, status: 'CANCELLED', cancelledAt: new Date() });
    const foreign = await makeInterview(app.db, other.orgId, { candidateId: (await makeCandidate(app.db, other.orgId)).id, jobId: theirs.job.id });
    const result = await callerAs(org.orgId).bulk.cancelInterviews({ selection: { mode: 'ids', ids: [mine.id, done.id, foreign.id] } });
    const byId = new Map(result.results.map((r) => [r.targetId, r]));
    expect(byId.get(mine.id)?.outcome).toBe('ok');
    expect(byId.get(done.id)?.outcome).toBe('skipped');
    expect(byId.get(foreign.id)).toMatchObject({ outcome: 'failed', reason: 'Interview not found', label: null });
    const [foreignAfter] = await app.db.select().from(interviews).where(eq(interviews.id, foreign.id));
    expect(foreignAfter.status).toBe('INVITED');
    expect(await auditCount(org.orgId, 'interview.cancelled', [mine.id])).toBe(1);
  });

  it('adds and removes tags, skipping candidates already so', async () => {
    const a = await makeCandidate(app.db, org.orgId, { tags: ['old'] });
    const b = await makeCandidate(app.db, org.orgId, { tags: ['new'] });
    const result = await callerAs(org.orgId).bulk.tagCandidates({ selection: { mode: 'ids', ids: [a.id, b.id] }, add: ['new'], remove: ['old'] });
    expect(new Map(result.results.map((r) => [r.targetId, r.outcome]))).toEqual(new Map([[a.id, 'ok'], [b.id, 'skipped']]));
    const rows = await app.db.select({ id: candidates.id, tags: candidates.tags }).from(candidates).where(inArray(candidates.id, [a.id, b.id]));
    expect(rows.every((r) => r.tags.join() === 'new')).toBe(true);
    expect(await auditCount(org.orgId, 'candidate.updated', [a.id])).toBe(1);
  });

  it('exports the selection as CSV with formula cells neutralised, never another organization’s rows', async () => {
    const risky = await makeCandidate(app.db, org.orgId, { firstName: '=HYPERLINK("http://evil")', lastName: 'Doe' });
    const foreign = await makeCandidate(app.db, other.orgId);
    const { csv, rows } = await callerAs(org.orgId).bulk.exportCandidates({ selection: { mode: 'ids', ids: [risky.id, foreign.id] } });
    expect(rows).toBe(1);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).not.toContain(foreign.id);
  });
});

describe('global search', () => {
  it('finds candidates, interviews and campaigns of the organization only', async () => {
    const word = `Zebulon${newId('job').slice(4, 10)}`;
    const setup = await makeHiringSetup(app.db, org.orgId);
    const mine = await makeCandidate(app.db, org.orgId, { firstName: word, lastName: 'Martin' });
    const interview = await makeInterview(app.db, org.orgId, { candidateId: mine.id, jobId: setup.job.id });
    const theirs = await makeHiringSetup(app.db, other.orgId);
    const foreign = await makeCandidate(app.db, other.orgId, { firstName: word });
    await makeInterview(app.db, other.orgId, { candidateId: foreign.id, jobId: theirs.job.id });
    const { campaigns: _c, ...rest } = await callerAs(org.orgId).search.global({ query: word.toLowerCase() });
    expect(rest.candidates.map((c) => c.id)).toEqual([mine.id]);
    expect(rest.candidates[0].name).toBe(`${word} Martin`);
    expect(rest.interviews.map((i) => i.id)).toEqual([interview.id]);
    expect((await callerAs(org.orgId).search.global({ query: `${word} mar` })).candidates.map((c) => c.id)).toEqual([mine.id]);
    // Any order of the name's words, each matching a name or the email; every word must match.
    const reversed = await callerAs(org.orgId).search.global({ query: `  MARTIN   ${word.toLowerCase()} ` });
    expect(reversed.candidates.map((c) => c.id)).toEqual([mine.id]);
    expect(reversed.interviews.map((i) => i.id)).toEqual([interview.id]);
    expect((await callerAs(org.orgId).search.global({ query: `${word} nobody` })).candidates).toEqual([]);
    expect((await callerAs(org.orgId).search.global({ query: `${word} %` })).candidates).toEqual([]);
    expect((await callerAs(org.orgId).dashboard.candidates({ page: 1, pageSize: 10, search: `martin ${word}` })).items.map((c) => c.id)).toEqual([mine.id]);

    const campaignWord = `Harvest${newId('job').slice(4, 10)}`;
    const { campaign } = await makeHiringSetup(app.db, org.orgId).then(async (s) => ({ campaign: s.campaign }));
    const { db } = app;
    const { campaigns } = await import('@/db/schema');
    await db.update(campaigns).set({ name: `${campaignWord} 2027` }).where(eq(campaigns.id, campaign.id));
    await db.update(campaigns).set({ name: `${campaignWord} theirs` }).where(eq(campaigns.id, theirs.campaign.id));
    const found = await callerAs(org.orgId).search.global({ query: campaignWord });
    expect(found.campaigns.map((c) => c.id)).toEqual([campaign.id]);
  });
});

describe('sorting', () => {
  it('sorts candidates by name with the id breaking ties, so pages neither repeat nor skip a row', async () => {
    const tag = `sort-${newId('job').slice(4, 12)}`;
    const same = await Promise.all(Array.from({ length: 5 }, () => makeCandidate(app.db, org.orgId, { firstName: 'Same', lastName: 'Name', tags: [tag] })));
    const first = await makeCandidate(app.db, org.orgId, { firstName: 'Aaron', lastName: 'Able', tags: [tag] });
    const caller = callerAs(org.orgId);
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const result = await caller.dashboard.candidates({ page, pageSize: 2, tags: [tag], sort: 'name', order: 'asc' });
      seen.push(...result.items.map((c) => c.id));
      expect(result.pagination.total).toBe(6);
    }
    expect(seen).toEqual([first.id, ...same.map((c) => c.id).sort()]);
    const desc = await caller.dashboard.candidates({ page: 1, pageSize: 10, tags: [tag], sort: 'name', order: 'desc' });
    expect(desc.items.map((c) => c.id)).toEqual([...same.map((c) => c.id).sort().reverse(), first.id]);
  });

  it('sorts interviews by score (empty last) and by completion, stable across pages', async () => {
    const setup = await makeHiringSetup(app.db, org.orgId);
    const scores = [70, null, 90, 70, 40];
    const made = [];
    for (const score of scores) {
      const candidate = await makeCandidate(app.db, org.orgId);
      const interview = await makeInterview(app.db, org.orgId, { candidateId: candidate.id, jobId: setup.job.id, campaignId: setup.campaign.id, status: 'COMPLETED', completedAt: new Date(Date.now() - made.length * 60_000) });
      if (score !== null) await app.db.insert(reports).values({ id: newId('report'), orgId: org.orgId, type: 'interview', interviewId: interview.id, status: 'READY', overallScore: score });
      made.push({ id: interview.id, score });
    }
    const caller = callerAs(org.orgId);
    const page = async (p: number, sort: 'score' | 'completedAt', order: 'asc' | 'desc') =>
      (await caller.dashboard.interviews({ page: p, pageSize: 2, campaignId: setup.campaign.id, sort, order })).items.map((i) => i.id);
    const byScore = [...(await page(1, 'score', 'desc')), ...(await page(2, 'score', 'desc')), ...(await page(3, 'score', 'desc'))];
    const seventies = made.filter((m) => m.score === 70).map((m) => m.id).sort().reverse();
    expect(byScore).toEqual([made[2].id, ...seventies, made[4].id, made[1].id]);
    const ascending = [...(await page(1, 'score', 'asc')), ...(await page(2, 'score', 'asc')), ...(await page(3, 'score', 'asc'))];
    expect(ascending).toEqual([made[4].id, ...[...seventies].reverse(), made[2].id, made[1].id]);
    const byCompletion = [...(await page(1, 'completedAt', 'asc')), ...(await page(2, 'completedAt', 'asc')), ...(await page(3, 'completedAt', 'asc'))];
    expect(byCompletion).toEqual([...made].reverse().map((m) => m.id));
  });
});

describe('saved filters', () => {
  it('are personal: another user of the organization neither sees nor deletes them', async () => {
    const alice = await makeRecruiter(app.db, org.orgId);
    const bob = await makeRecruiter(app.db, org.orgId);
    const asAlice = callerAs(org.orgId, alice.id);
    const asBob = callerAs(org.orgId, bob.id);
    const saved = await asAlice.savedFilters.create({ list: 'interviews', name: 'Completed, best first', query: '?status=COMPLETED&sort=score&page=3&evil=1' });
    expect(saved.query).toBe('status=COMPLETED&sort=score');
    expect((await asAlice.savedFilters.list({ list: 'interviews' })).map((f) => f.id)).toEqual([saved.id]);
    expect(await asAlice.savedFilters.list({ list: 'candidates' })).toEqual([]);
    expect(await asBob.savedFilters.list({ list: 'interviews' })).toEqual([]);
    await expect(asBob.savedFilters.delete({ id: saved.id })).rejects.toMatchObject({ appCode: 'NOT_FOUND' });
    await expect(asAlice.savedFilters.create({ list: 'interviews', name: 'completed, BEST first', query: '' })).rejects.toMatchObject({ appCode: 'CONFLICT' });
    await asAlice.savedFilters.delete({ id: saved.id });
    expect(await asAlice.savedFilters.list({ list: 'interviews' })).toEqual([]);
  });
});
