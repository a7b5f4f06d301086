import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports, turns } from '@/db/schema';
import { newId } from '@/server/ids';
import { signOut } from '@/server/services/auth/sign-out';
import { createTestOrg, makeCandidate, makeHiringSetup, makeInterview, type TestOrg } from '../support/factories';
import { makeRecruiter, RECRUITER_PASSWORD, sessionCookieFor, trpcMutation, trpcQuery } from '../support/recruiters';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
let cookieA: string;
let cookieB: string;

beforeAll(async () => {
  app = await startTestApp();
  orgA = await createTestOrg(app.db, app.url);
  orgB = await createTestOrg(app.db, app.url);
  const a = await makeRecruiter(app.db, orgA.orgId);
  const b = await makeRecruiter(app.db, orgB.orgId);
  cookieA = await sessionCookieFor(app.db, a.email);
  cookieB = await sessionCookieFor(app.db, b.email);
});
afterAll(() => app?.close());

async function interviewIn(orgId: string, fields: Record<string, unknown> = {}) {
  const setup = await makeHiringSetup(app.db, orgId);
  const candidate = await makeCandidate(app.db, orgId);
  const interview = await makeInterview(app.db, orgId, { candidateId: candidate.id, jobId: setup.job.id, campaignId: setup.campaign.id, ...fields });
  return { ...setup, candidate, interview };
}

describe('dashboard tRPC over HTTP', () => {
  it('401 without a session cookie, with a garbage one, with a revoked one, and with an API key instead', async () => {
    const none = await trpcQuery(app.url, 'dashboard.overview', undefined);
    expect(none.status).toBe(401);
    expect(none.body.error.data.error).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(none.headers.get('x-request-id')).toMatch(/^req_/);
    expect(JSON.stringify(none.body).replace(/req_[A-Za-z0-9]+/g, '')).not.toMatch(/stack|dashboard\.overview/);
    expect((await trpcQuery(app.url, 'dashboard.overview', undefined, 'iss_session=nope')).status).toBe(401);
    expect((await trpcQuery(app.url, 'candidates.list', {}, undefined, { authorization: `Bearer ${orgA.apiKey}` })).status).toBe(401);

    const user = await makeRecruiter(app.db, orgA.orgId);
    const cookie = await sessionCookieFor(app.db, user.email);
    expect((await trpcQuery(app.url, 'dashboard.overview', undefined, cookie)).status).toBe(200);
    await signOut(app.db, cookie.split('=')[1]);
    expect((await trpcQuery(app.url, 'dashboard.overview', undefined, cookie)).status).toBe(401);
  });

  it("a session of organization A never sees organization B's data", async () => {
    const b = await interviewIn(orgB.orgId);
    const a = await interviewIn(orgA.orgId);
    for (const [path, input] of [
      ['dashboard.interview', { id: b.interview.id }],
      ['interviews.get', { id: b.interview.id }],
      ['candidates.get', { id: b.candidate.id }],
    ] as const) {
      const res = await trpcQuery(app.url, path, input, cookieA);
      expect(res.status, path).toBe(404);
      expect(res.body.error.data.error.code).toBe('NOT_FOUND');
      // Exactly like an id that does not exist at all.
      const missing = await trpcQuery(app.url, path, { id: `${input.id.slice(0, 4)}${'0'.repeat(22)}` }, cookieA);
      expect(missing.status).toBe(404);
      expect(missing.body.error.message).toBe(res.body.error.message);
    }
    const own = await trpcQuery(app.url, 'dashboard.interview', { id: a.interview.id }, cookieA);
    expect(own.status).toBe(200);
    expect(own.body.result.data).toMatchObject({ id: a.interview.id, job: { title: a.job.title }, campaign: { name: a.campaign.name } });

    const list = await trpcQuery(app.url, 'dashboard.interviews', {}, cookieA);
    const ids = list.body.result.data.items.map((i: { id: string }) => i.id);
    expect(ids).toContain(a.interview.id);
    expect(ids).not.toContain(b.interview.id);
    // Filtering by the other organization's job or candidate finds nothing rather than leaking.
    for (const filter of [{ jobId: b.job.id }, { candidateId: b.candidate.id }, { campaignId: b.campaign.id }]) {
      const filtered = await trpcQuery(app.url, 'dashboard.interviews', filter, cookieA);
      expect(filtered.body.result.data.pagination.total).toBe(0);
    }
    const candidates = await trpcQuery(app.url, 'candidates.list', { search: b.candidate.email }, cookieA);
    expect(candidates.body.result.data.items).toEqual([]);

    const overviewB = (await trpcQuery(app.url, 'dashboard.overview', undefined, cookieB)).body.result.data;
    const overviewA = (await trpcQuery(app.url, 'dashboard.overview', undefined, cookieA)).body.result.data;
    expect(overviewB.totalInterviews).toBe(1);
    expect(overviewA.totalInterviews).toBe(1);
  });

  it('mutations need the CSRF header and a same-origin request', async () => {
    const email = `${newId('candidate').toLowerCase()}@example.com`;
    expect((await trpcMutation(app.url, 'candidates.create', { email }, cookieA, {})).status).toBe(403);
    const evil = await trpcMutation(app.url, 'candidates.create', { email }, cookieA, { 'x-iss-csrf': '1', origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(evil.body.error.data.error.code).toBe('FORBIDDEN');
    const crossSite = await trpcMutation(app.url, 'candidates.create', { email }, cookieA, { 'x-iss-csrf': '1', 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const ok = await trpcMutation(app.url, 'candidates.create', { email }, cookieA, { 'x-iss-csrf': '1', origin: app.url, 'sec-fetch-site': 'same-origin' });
    expect(ok.status).toBe(200);
    expect(ok.body.result.data).toMatchObject({ email });
    const list = await trpcQuery(app.url, 'candidates.list', { search: email }, cookieB);
    expect(list.body.result.data.items).toEqual([]);
  });

  it('validation errors carry the issues the form shows beside each field', async () => {
    const res = await trpcMutation(app.url, 'candidates.create', { email: 'not-an-email', cvUrl: 'ftp://x' }, cookieA);
    expect(res.status).toBe(400);
    expect(res.body.error.data.error.code).toBe('VALIDATION_ERROR');
    const paths = res.body.error.data.error.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['email', 'cvUrl']));
  });

  it('the interviews table searches by candidate, filters, orders, and names what ids refer to', async () => {
    const org = await createTestOrg(app.db, app.url);
    const user = await makeRecruiter(app.db, org.orgId);
    const cookie = await sessionCookieFor(app.db, user.email, RECRUITER_PASSWORD);
    const setup = await makeHiringSetup(app.db, org.orgId);
    const grace = await makeCandidate(app.db, org.orgId, { firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.example' });
    const alan = await makeCandidate(app.db, org.orgId, { firstName: 'Alan', lastName: 'Turing', email: 'alan@bletchley.example' });
    const first = await makeInterview(app.db, org.orgId, { candidateId: grace.id, jobId: setup.job.id, createdAt: new Date(Date.now() - 60_000) });
    const second = await makeInterview(app.db, org.orgId, { candidateId: alan.id, jobId: setup.job.id, campaignId: setup.campaign.id, status: 'IN_PROGRESS' });
    const page = async (input: object) => (await trpcQuery(app.url, 'dashboard.interviews', input, cookie)).body.result.data;

    expect((await page({ search: 'grace hop' })).items.map((i: any) => i.id)).toEqual([first.id]);
    expect((await page({ search: 'BLETCHLEY' })).items.map((i: any) => i.id)).toEqual([second.id]);
    expect((await page({ search: '%' })).items).toEqual([]);
    expect((await page({})).items.map((i: any) => i.id)).toEqual([second.id, first.id]);
    expect((await page({ order: 'asc' })).items.map((i: any) => i.id)).toEqual([first.id, second.id]);
    expect((await page({ status: 'IN_PROGRESS' })).items.map((i: any) => i.id)).toEqual([second.id]);
    expect((await page({ campaignId: setup.campaign.id })).items.map((i: any) => i.id)).toEqual([second.id]);
    const row = (await page({ status: 'IN_PROGRESS' })).items[0];
    expect(row).toMatchObject({ candidate: { firstName: 'Alan', email: 'alan@bletchley.example' }, jobTitle: setup.job.title, campaignName: setup.campaign.name });
    expect((await page({ pageSize: 1, page: 2 })).pagination).toEqual({ page: 2, pageSize: 1, total: 2, totalPages: 2 });
    const bad = await trpcQuery(app.url, 'dashboard.interviews', { pageSize: 500 }, cookie);
    expect(bad.status).toBe(400);
    expect(bad.body.error.data.error.issues[0].path).toBe('pageSize');
  });

  it('the overview aggregates statuses, completion rate, score buckets and recent completions', async () => {
    const org = await createTestOrg(app.db, app.url);
    const user = await makeRecruiter(app.db, org.orgId);
    const cookie = await sessionCookieFor(app.db, user.email);
    const setup = await makeHiringSetup(app.db, org.orgId);
    const candidate = await makeCandidate(app.db, org.orgId, { firstName: 'Katherine', lastName: 'Johnson' });
    const base = { candidateId: candidate.id, jobId: setup.job.id };
    const done = [] as string[];
    for (const score of [95, 100, 42]) {
      const i = await makeInterview(app.db, org.orgId, { ...base, status: 'COMPLETED', completedAt: new Date(), startedAt: new Date() });
      await app.db.insert(reports).values({ id: newId('report'), orgId: org.orgId, type: 'interview', interviewId: i.id, status: 'READY', overallScore: score, recommendation: score > 90 ? 'STRONG_YES' : 'NO' });
      done.push(i.id);
    }
    await makeInterview(app.db, org.orgId, { ...base, status: 'CANCELLED', cancelledAt: new Date() });
    // INVITED past its expiry counts as EXPIRED at once.
    await makeInterview(app.db, org.orgId, { ...base, status: 'INVITED', expiresAt: new Date(Date.now() - 1000) });
    await makeInterview(app.db, org.orgId, { ...base, status: 'DRAFT', invitedAt: null });
    const o = (await trpcQuery(app.url, 'dashboard.overview', undefined, cookie)).body.result.data;
    expect(o.totalInterviews).toBe(6);
    expect(o.byStatus).toEqual({ DRAFT: 1, INVITED: 0, IN_PROGRESS: 0, COMPLETED: 3, CANCELLED: 1, EXPIRED: 1 });
    expect(o.completionRate).toBeCloseTo(3 / 5);
    expect(o.completedLast7Days).toBe(3);
    expect(o.averageScore).toBeCloseTo(79);
    expect(o.scoreDistribution).toHaveLength(10);
    expect(o.scoreDistribution[9]).toEqual({ from: 90, to: 100, count: 2 });
    expect(o.scoreDistribution[4]).toEqual({ from: 40, to: 49, count: 1 });
    expect(o.recommendations).toMatchObject({ STRONG_YES: 2, NO: 1, YES: 0 });
    expect(o.recentCompletions.map((r: any) => r.interviewId).sort()).toEqual([...done].sort());
    expect(o.recentCompletions[0]).toMatchObject({ candidate: { firstName: 'Katherine' }, jobTitle: setup.job.title, reportStatus: 'READY' });
  });
});

/** Reads server-sent events from a streaming response: each `data:` payload parsed as JSON. */
function sseReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return async function next(timeoutMs = 10_000): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = block
          .split('\n')
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).trim())
          .join('\n');
        if (event === 'ping' || event === 'connected') continue;
        return { event, data: data ? JSON.parse(data) : null };
      }
      if (Date.now() > deadline) throw new Error('no event in time');
      const { value, done } = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event in time')), Math.max(1, deadline - Date.now()))),
      ]);
      if (done) return { event: 'closed', data: null };
      buffer += decoder.decode(value, { stream: true });
    }
  };
}

describe('live transcript over server-sent events', () => {
  it('sends a snapshot, then new and edited turns and the status change, without polling from the client', async () => {
    const { interview } = await interviewIn(orgA.orgId, { status: 'IN_PROGRESS', startedAt: new Date() });
    await app.db.insert(turns).values({ interviewId: interview.id, orgId: orgA.orgId, turnNumber: 1, role: 'agent', content: 'Hello, tell me about yourself.', isPendingQuestion: true });
    const controller = new AbortController();
    const res = await fetch(`${app.url}/api/trpc/dashboard.transcript?input=${encodeURIComponent(JSON.stringify({ interviewId: interview.id }))}`, {
      headers: { cookie: cookieA, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const next = sseReader(res);
    try {
      const snapshot = await next();
      expect(snapshot.data).toMatchObject({ type: 'snapshot', status: 'IN_PROGRESS', turns: [{ turnNumber: 1, role: 'agent', isPendingQuestion: true }] });

      await app.db.insert(turns).values({ interviewId: interview.id, orgId: orgA.orgId, turnNumber: 2, role: 'candidate', content: 'I build compilers.' });
      const added = await next();
      expect(added.data).toMatchObject({ type: 'turns', turns: [{ turnNumber: 2, content: 'I build compilers.' }] });

      const { interviews } = await import('@/db/schema');
      const { eq, and } = await import('drizzle-orm');
      await app.db
        .update(turns)
        .set({ evaluation: { scores: { technical: 8 } }, updatedAt: new Date(Date.now() + 5) })
        .where(and(eq(turns.interviewId, interview.id), eq(turns.turnNumber, 2)));
      const edited = await next();
      expect(edited.data).toMatchObject({ type: 'turns', turns: [{ turnNumber: 2, evaluation: { scores: { technical: 8 } } }] });

      await app.db.update(interviews).set({ status: 'COMPLETED', completedAt: new Date() }).where(eq(interviews.id, interview.id));
      expect((await next()).data).toEqual({ type: 'status', status: 'COMPLETED' });
      // A final status ends the stream.
      const last = await next();
      expect(['return', 'closed']).toContain(last.event);
    } finally {
      controller.abort();
    }
  });

  it("another organization's interview and a missing session are refused", async () => {
    const { interview } = await interviewIn(orgB.orgId, { status: 'IN_PROGRESS' });
    const url = `${app.url}/api/trpc/dashboard.transcript?input=${encodeURIComponent(JSON.stringify({ interviewId: interview.id }))}`;
    const foreign = await fetch(url, { headers: { cookie: cookieA, accept: 'text/event-stream' } });
    const text = await foreign.text();
    expect(text).toContain('NOT_FOUND');
    expect(text).not.toContain('Hello');
    const anonymous = await fetch(url, { headers: { accept: 'text/event-stream' } });
    const anonymousText = await anonymous.text();
    expect(anonymous.status === 401 || anonymousText.includes('UNAUTHORIZED')).toBe(true);
  });
});
