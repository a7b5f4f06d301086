import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamInvitations, testSessions, users } from '@/db/schema';
import { makeInvitedInterview, waitFor } from '../support/candidate-interview';
import { silentWav } from '../support/fake-openai';
import { newInvitationToken } from '@/server/services/invitations/invitation-token';
import { createTestOrg, makeCandidate, makeHiringSetup, makeKey, request } from '../support/factories';
import { makeRecruiter, sessionCookieFor, trpcMutation, trpcQuery } from '../support/recruiters';
import { startTestApp, type TestApp } from '../support/test-app';

/** The low findings of issue 27's black-box probe, each over the real app. */

let app: TestApp;
beforeAll(async () => {
  // Nothing configured (the built-in interviewer, written answers): the candidate's routes need no fake provider.
  app = await startTestApp({ LLM_BASE_URL: '', STT_BASE_URL: '', TTS_BASE_URL: '', AGENT_DISPATCH_URL: '', DEMO_AGENT_TURN_DELAY_MS: '0' });
});
afterAll(() => app?.close());

/** A candidate who answered both questions in writing: their interview is COMPLETED and takes its recording. */
async function completedInterview() {
  const s = await makeInvitedInterview(app.db, app.url);
  expect((await s.candidateApi.start()).status).toBe(200);
  await s.candidateApi.answer(1, { text: 'Six years of payment systems.' });
  expect((await s.candidateApi.answer(3, { text: '' })).body.status).toBe('COMPLETED');
  return s;
}

describe('stored audio is never served as something a browser would render', () => {
  it('a WAV header followed by HTML is a download in a sandbox without sources, on GET, HEAD and ranges', async () => {
    const s = await completedInterview();
    const polyglot = Buffer.concat([silentWav(1).subarray(0, 44), Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')]);
    const uploaded = await s.candidateApi.recording(polyglot);
    expect(uploaded.status).toBe(200);
    const { audioId } = (await uploaded.json()) as { audioId: string };
    const retrieved = await s.org.api(`/api/v1/interviews/${s.interview.id}`);
    const signed = new URL(retrieved.body.audioUrl);
    const url = `${app.url}${signed.pathname}${signed.search}`;

    const expectDownloadHeaders = (res: Response) => {
      expect(res.headers.get('content-type')).toBe('audio/wav');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${audioId}.wav"`);
      expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    };
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expectDownloadHeaders(whole);
    expect(Buffer.from(await whole.arrayBuffer()).equals(polyglot)).toBe(true);

    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expectDownloadHeaders(head);

    // Players still seek: Range keeps working with the same headers.
    const part = await fetch(url, { headers: { range: 'bytes=44-49' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 44-49/${polyglot.length}`);
    expectDownloadHeaders(part);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('<html>');

    // Unsigned, with the organization's key: the same headers.
    const keyed = await fetch(`${app.url}/api/audio/${audioId}`, { headers: { authorization: `Bearer ${s.org.apiKey}` } });
    expect(keyed.status).toBe(200);
    expectDownloadHeaders(keyed);
  });
});

describe('dates outside 1900–2100 are a 400 naming the field, never changed', () => {
  const RANGE = /between 1900-01-01T00:00:00Z and 2100-12-31T23:59:59Z/;

  it('testSessions.record: a year under 100 was stored as 19xx or 20xx (JavaScript reads PostgreSQL\'s `0050-…` as 1950)', async () => {
    const org = await createTestOrg(app.db, app.url);
    const recruiter = await makeRecruiter(app.db, org.orgId);
    const cookie = await sessionCookieFor(app.db, recruiter.email);
    const setup = await makeHiringSetup(app.db, org.orgId);
    const candidate = await makeCandidate(app.db, org.orgId);
    const record = (dates: { startedAt?: string; completedAt: string }) =>
      trpcMutation(app.url, 'testSessions.record', { candidateId: candidate.id, campaignId: setup.campaign.id, testName: 'Kata', score: 1, maxScore: 2, results: [], ...dates }, cookie);
    for (const [dates, field] of [
      [{ completedAt: '0001-01-01T00:00:00Z' }, 'completedAt'],
      [{ completedAt: '0050-06-15T12:00:00Z' }, 'completedAt'],
      [{ completedAt: '1899-12-31T23:59:59Z' }, 'completedAt'],
      [{ completedAt: '1900-01-01T00:30:00+01:00' }, 'completedAt'],
      [{ startedAt: '0099-01-01T00:00:00Z', completedAt: '2026-01-01T00:00:00Z' }, 'startedAt'],
    ] as const) {
      const res = await record(dates);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.data.error.issues).toContainEqual({ path: field, message: expect.stringMatching(RANGE) });
    }
    expect(await app.db.$count(testSessions, eq(testSessions.orgId, org.orgId))).toBe(0);
    // The first instant of the range is kept as sent.
    const kept = await record({ completedAt: '1900-01-01T00:00:00Z' });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    const [row] = await app.db.select({ completedAt: testSessions.completedAt }).from(testSessions).where(eq(testSessions.orgId, org.orgId));
    expect(row.completedAt.toISOString()).toBe('1900-01-01T00:00:00.000Z');
  });

  it('REST v1: an interview\'s expiresAt and the audit log\'s since and until', async () => {
    const org = await createTestOrg(app.db, app.url);
    const setup = await makeHiringSetup(app.db, org.orgId);
    const candidate = await makeCandidate(app.db, org.orgId);
    const created = await org.api('/api/v1/interviews', {
      body: { candidateId: candidate.id, jobId: setup.job.id, campaignId: setup.campaign.id, stageId: setup.stage.id, configId: setup.config.id, expiresAt: '2150-01-01T00:00:00Z' },
    });
    expect(created.status, created.text).toBe(400);
    expect(created.body.error.issues).toContainEqual({ path: 'expiresAt', message: expect.stringMatching(RANGE) });
    for (const field of ['since', 'until']) {
      const res = await org.api(`/api/v1/audit-events?${field}=0001-01-01T00:00:00Z`);
      expect(res.status, res.text).toBe(400);
      expect(res.body.error.issues).toEqual([{ path: field, message: expect.stringMatching(RANGE) }]);
    }
    expect((await org.api('/api/v1/audit-events?since=1900-01-01T00:00:00Z&until=2100-12-31T23:59:59Z')).status).toBe(200);
  });
});

describe("an erased candidate's link answers as an unknown link everywhere", () => {
  /** Every route of server/http/invitation-routes.ts, and the page, as the candidate's browser calls them. */
  async function everyAnswer(token: string) {
    const base = `${app.url}/api/invitations/${token}`;
    const wav = { method: 'POST', headers: { 'content-type': 'audio/wav' }, body: new Uint8Array(silentWav(1)) };
    const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const calls: [string, string, RequestInit][] = [
      ['status', `${base}/status`, {}],
      ['session', `${base}/session`, {}],
      ['start', `${base}/start`, json({ consent: true })],
      ['answer', `${base}/answers/3`, json({ text: 'Still here.' })],
      ['answer audio', `${base}/answers/3/audio`, wav],
      ['recording', `${base}/recording`, wav],
      ['speech', `${base}/speech/1`, {}],
      ['page', `${app.url}/i/${token}`, {}],
      ['page (HEAD)', `${app.url}/i/${token}`, { method: 'HEAD' }],
    ];
    const answers: Record<string, { status: number; body: unknown }> = {};
    for (const [name, url, init] of calls) {
      const res = await fetch(url, init);
      const text = await res.text();
      let body: unknown = text;
      try {
        const parsed = JSON.parse(text);
        delete parsed.error?.requestId;
        body = parsed;
      } catch {
        // The page's HTML.
      }
      answers[name] = { status: res.status, body };
    }
    return answers;
  }

  it('status, session, start, answers, uploads, speech and the /i/ page', async () => {
    const s = await makeInvitedInterview(app.db, app.url);
    expect((await s.candidateApi.start()).status).toBe(200);
    expect((await s.candidateApi.answer(1, { text: 'Six years of payment systems.' })).status).toBe(200);
    expect((await fetch(`${app.url}/api/invitations/${s.token}/status`)).status).toBe(200);

    expect((await s.org.api(`/api/v1/candidates/${s.candidate.id}`, { method: 'DELETE' })).status).toBe(204);
    const erased = await everyAnswer(s.token);
    const unknown = await everyAnswer(newInvitationToken().token);
    expect(unknown.status).toEqual({ status: 404, body: { error: expect.objectContaining({ code: 'NOT_FOUND' }) } });
    expect(unknown.page.status).toBe(404);
    expect(erased).toEqual(unknown);
  });
});

describe("a team invitation tells nothing about another organization's accounts", () => {
  it('an email with an account elsewhere is invited exactly like a free one; the holder cannot join with it', async () => {
    const elsewhere = await createTestOrg(app.db, app.url);
    const taken = await makeRecruiter(app.db, elsewhere.orgId, { email: `taken-${Date.now()}@example.com` });
    const org = await createTestOrg(app.db, app.url);
    const admin = await makeRecruiter(app.db, org.orgId, { role: 'admin' });
    const cookie = await sessionCookieFor(app.db, admin.email);
    const invite = (email: string) => trpcMutation(app.url, 'team.invite', { email, role: 'viewer' }, cookie);

    const free = await invite(`free-${Date.now()}@example.com`);
    const foreign = await invite(taken.email);
    expect(free.status, JSON.stringify(free.body)).toBe(200);
    expect(foreign.status, JSON.stringify(foreign.body)).toBe(free.status);
    const shape = (body: any) => ({ ...body.result.data, invitation: { ...body.result.data.invitation, id: 'x', email: 'x', expiresAt: 'x', createdAt: 'x' } });
    expect(shape(foreign.body)).toEqual(shape(free.body));
    expect(JSON.stringify(foreign.body)).not.toMatch(/another organization|account/i);

    // Its holder is still a member of their own organization only; the link cannot make them one of this one.
    const [invitation] = await app.db.select().from(teamInvitations).where(and(eq(teamInvitations.orgId, org.orgId), eq(teamInvitations.email, taken.email)));
    expect(invitation.acceptedAt).toBeNull();
    const [holder] = await app.db.select({ orgId: users.orgId }).from(users).where(eq(users.email, taken.email));
    expect(holder.orgId).toBe(elsewhere.orgId);
    // A member of the team itself is still told so: the admin sees the team anyway.
    const member = await invite(admin.email);
    expect(member.status).toBe(409);
    expect(member.body.error.data.error.message).toBe('This person is already a member of the team');
  });
});

describe('the access export holds only what its caller could read elsewhere', () => {
  it('a key with candidates:read alone gets the profile and the emails; interviews, reports and notes are null and named', async () => {
    // Everything an export can hold: a recording, a report, a decision, notes and a test result.
    const s = await completedInterview();
    expect((await s.candidateApi.recording(silentWav(1))).status).toBe(200);
    await waitFor(async () => (await s.org.api(`/api/v1/reports/interviews/${s.interview.id}`)).body?.status === 'READY');
    expect((await s.org.api(`/api/v1/interviews/${s.interview.id}/decision`, { body: { status: 'ADVANCE', reason: 'Clear and concrete' } })).status).toBeLessThan(300);
    const viewer = await makeRecruiter(app.db, s.org.orgId, { role: 'viewer' });
    const admin = await makeRecruiter(app.db, s.org.orgId, { role: 'admin' });
    const adminCookie = await sessionCookieFor(app.db, admin.email);
    expect((await trpcMutation(app.url, 'notes.create', { subjectType: 'candidate', subjectId: s.candidate.id, body: 'Strong on payments' }, adminCookie)).status).toBe(200);
    const campaign = (await makeHiringSetup(app.db, s.org.orgId)).campaign.id;
    const recorded = await trpcMutation(app.url, 'testSessions.record', { candidateId: s.candidate.id, campaignId: campaign, testName: 'Kata', score: 1, maxScore: 2, completedAt: '2026-01-01T00:00:00Z' }, adminCookie);
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);

    const exportWith = async (scopes: Parameters<typeof makeKey>[2]) => {
      const key = await makeKey(app.db, s.org.orgId, scopes);
      return request(app.url, `/api/v1/candidates/${s.candidate.id}/export`, { key: key.key });
    };
    const narrow = await exportWith(['candidates:read']);
    expect(narrow.status, narrow.text).toBe(200);
    expect(narrow.body).toMatchObject({
      candidate: { id: s.candidate.id },
      interviews: null,
      testSessions: null,
      notes: null,
      omitted: [
        { section: 'interviews', missingScopes: ['interviews:read'] },
        { section: 'testSessions', missingScopes: ['reports:read'] },
        { section: 'notes', missingScopes: ['interviews:read', 'reports:read'] },
      ],
    });
    expect(narrow.body.emails.length).toBeGreaterThanOrEqual(0);
    // Nothing of what the same key cannot read through /interviews, /reports or /api/audio.
    for (const needle of ['/api/audio/', 'Six years of payment systems', 'Clear and concrete', 'Strong on payments', 'Kata']) {
      expect(narrow.text).not.toContain(needle);
    }
    const key = await makeKey(app.db, s.org.orgId, ['candidates:read']);
    expect((await request(app.url, `/api/v1/interviews/${s.interview.id}`, { key: key.key })).status).toBe(403);

    // interviews:read: the interviews as retrieve gives them (their recording included), without their reports.
    const interviewsToo = await exportWith(['candidates:read', 'interviews:read']);
    expect(interviewsToo.body.interviews).toHaveLength(1);
    expect(interviewsToo.body.interviews[0]).toMatchObject({ id: s.interview.id, report: null, audioUrl: expect.stringContaining('/api/audio/'), decisions: [expect.objectContaining({ reason: 'Clear and concrete' })] });
    expect(interviewsToo.body.omitted).toEqual([
      { section: 'interviews.report', missingScopes: ['reports:read'] },
      { section: 'testSessions', missingScopes: ['reports:read'] },
      { section: 'notes', missingScopes: ['reports:read'] },
    ]);

    // Every read scope: the whole export, as before.
    const full = await exportWith(['candidates:read', 'interviews:read', 'reports:read']);
    expect(full.body.omitted).toEqual([]);
    expect(full.body.interviews[0].report).toMatchObject({ status: 'READY' });
    expect(full.body.testSessions).toEqual([expect.objectContaining({ testName: 'Kata' })]);
    expect(full.body.notes).toEqual([expect.objectContaining({ body: 'Strong on payments' })]);

    // A dashboard user keeps their role's rules: every role, a viewer included, reads the whole export.
    const dashboard = await trpcQuery(app.url, 'candidates.exportData', { id: s.candidate.id }, await sessionCookieFor(app.db, viewer.email));
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.result.data).toMatchObject({ omitted: [], notes: [expect.objectContaining({ body: 'Strong on payments' })], testSessions: [expect.anything()] });
    expect(dashboard.body.result.data.interviews[0].report).toMatchObject({ status: 'READY' });
  });
});
