import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeInvitedInterview, waitFor } from '../support/candidate-interview';
import { createTestOrg, request } from '../support/factories';
import { makeRecruiter, sessionCookieFor, trpcQuery } from '../support/recruiters';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Integrity signals (issue 25): the candidate's page reports what it observed (time away, pastes) to
 * POST /api/invitations/:token/integrity; the turns' timings give the answers faster than typing; the recruiter's
 * dashboard (`interviews.integrity`) and the v1 report (`integrity`) show the same facts.
 */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ LLM_BASE_URL: '', STT_BASE_URL: '', TTS_BASE_URL: '', AGENT_DISPATCH_URL: '', DEMO_AGENT_TURN_DELAY_MS: '0' });
});
afterAll(async () => {
  await app?.close();
});

const at = () => new Date().toISOString();
const long = (word: string) => Array.from({ length: 40 }, () => word).join(' ');

describe('integrity signals', () => {
  it('are taken while the interview is under way, stored once per event, and shown as the same facts on the dashboard and in the v1 report', async () => {
    const s = await makeInvitedInterview(app.db, app.url);
    const post = (body: unknown) => request(app.url, `/api/invitations/${s.token}/integrity`, { body });
    const away = (id: string, durationMs: number) => ({ id, kind: 'page_away', at: at(), durationMs });

    // Before the start: nothing to observe.
    expect((await post({ events: [away('away-00000001', 3000)] })).status).toBe(409);
    expect((await s.candidateApi.start()).status).toBe(200);

    const first = await post({ events: [away('away-00000001', 3000), away('away-00000002', 1500)] });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ accepted: 2 });
    // A retry (the response was lost) stores nothing twice; a new event with it is taken.
    const retry = await post({ events: [away('away-00000002', 1500), { id: 'paste-0000001', kind: 'paste', at: at(), turnNumber: 1, characters: 180 }] });
    expect(retry.body).toEqual({ accepted: 1 });
    // Under a second: not reported as time away.
    expect((await post({ events: [away('away-00000003', 400)] })).body).toEqual({ accepted: 1 });

    // Malformed events: 400 naming the field; unknown fields refused.
    const bad = await post({ events: [{ id: 'x', kind: 'page_away', at: at(), durationMs: -1 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(['events.0.durationMs', 'events.0.id']);
    expect((await post({ events: [{ ...away('away-00000004', 1000), mood: 'nervous' }] })).status).toBe(400);
    expect((await post({ events: [] })).status).toBe(400);

    // The pasted answer (not listed again as fast), then an answer sent at once: faster than typing.
    const pasted = long('pasted');
    const fast = long('typed');
    expect((await s.candidateApi.answer(1, { text: pasted })).status).toBe(200);
    expect((await s.candidateApi.answer(3, { text: fast })).status).toBe(200);

    const expected = {
      pageAway: { count: 2, totalSeconds: 4.5 },
      pastedAnswers: [{ turnNumber: 2, pastes: 1, characters: 180, answerCharacters: pasted.length }],
      fastAnswers: [{ turnNumber: 4, channel: 'typed', characters: fast.length, seconds: expect.any(Number), perMinute: expect.any(Number) }],
      longSilences: [],
    };

    const report = await waitFor(async () => {
      const res = await s.org.api(`/api/v1/reports/interviews/${s.interview.id}`);
      return res.status === 200 ? res.body : null;
    });
    expect(report.integrity).toEqual(expected);
    expect(report.integrity.fastAnswers[0].perMinute).toBeGreaterThan(600);
    // By report id too (the same builder).
    expect((await s.org.api(`/api/v1/reports/${report.id}`)).body.integrity).toEqual(report.integrity);

    const recruiter = await makeRecruiter(app.db, s.org.orgId, { role: 'viewer' });
    const cookie = await sessionCookieFor(app.db, recruiter.email);
    const dashboard = await trpcQuery(app.url, 'interviews.integrity', { id: s.interview.id }, cookie);
    expect(dashboard.body.result.data).toEqual(report.integrity);

    // Another organization's recruiter: the same 404 as an interview that does not exist.
    const other = await createTestOrg(app.db, app.url);
    const stranger = await makeRecruiter(app.db, other.orgId);
    const foreign = await trpcQuery(app.url, 'interviews.integrity', { id: s.interview.id }, await sessionCookieFor(app.db, stranger.email));
    expect(foreign.body.error.data.error.code).toBe('NOT_FOUND');

    // After the end the page may still send what it saw last (within the hour).
    expect((await post({ events: [away('away-00000005', 2000)] })).body).toEqual({ accepted: 1 });
  });

  it('an interview nobody observed reports no signals at all', async () => {
    const s = await makeInvitedInterview(app.db, app.url);
    await s.candidateApi.start();
    const recruiter = await makeRecruiter(app.db, s.org.orgId);
    const res = await trpcQuery(app.url, 'interviews.integrity', { id: s.interview.id }, await sessionCookieFor(app.db, recruiter.email));
    expect(res.body.result.data).toEqual({ pageAway: { count: 0, totalSeconds: 0 }, pastedAnswers: [], fastAnswers: [], longSilences: [] });
  });
});
