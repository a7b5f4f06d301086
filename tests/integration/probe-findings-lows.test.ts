import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSessions } from '@/db/schema';
import { makeInvitedInterview } from '../support/candidate-interview';
import { silentWav } from '../support/fake-openai-server';
import { createTestOrg, makeCandidate, makeHiringSetup } from '../support/factories';
import { makeRecruiter, sessionCookieFor, trpcMutation } from '../support/recruiters';
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
