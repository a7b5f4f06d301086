import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { interviews } from '@/db/schema';
import { resetEnvCache } from '@/server/env';
import { newId } from '@/server/ids';
import { MAX_RECORDING_MS } from '@/server/services/turns/turn-schemas';
import { agentApi, makeAgentInterview } from '../support/agent';
import { makeInvitedInterview } from '../support/candidate-interview';
import { startFakeAgentPlatform } from '../support/fake-agent-platform';
import { createTestOrg, makeCampaign, type TestOrg } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

/**
 * CONTRACT §13, the data: an interview's `answerMode` (chosen by the candidate's start, never changed, null with an
 * external agent platform) on every surface that shows an interview, and each turn's timing (`startedAt`,
 * `endedAt`, `offsetMs`, `durationMs`) through the internal routes and back out of every read.
 */
let app: TestApp;
let receiver: WebhookReceiver;
let agentPlatform: Awaited<ReturnType<typeof startFakeAgentPlatform>>;

const NOTHING_CONFIGURED = { LLM_BASE_URL: '', STT_BASE_URL: '', TTS_BASE_URL: '', REALTIME_BASE_URL: '', AGENT_DISPATCH_URL: '', AGENT_DISPATCH_SECRET: '' };

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  agentPlatform = await startFakeAgentPlatform();
  app = await startTestApp({ ...NOTHING_CONFIGURED, WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
});
afterAll(async () => {
  await app?.close();
  await receiver?.close();
  await agentPlatform?.close();
});

/** The app runs in this process: what it is configured with can change between two requests. */
function configure(env: Record<string, string>) {
  Object.assign(process.env, env);
  resetEnvCache();
}
afterEach(() => configure(NOTHING_CONFIGURED));

async function makeEndpoint(org: TestOrg) {
  const path = `/hook-${newId('webhookEndpoint').slice(4)}`;
  const res = await org.api('/api/v1/webhook-endpoints', { method: 'POST', body: { url: `${receiver.base}${path}`, eventTypes: ['interview.started'] } });
  expect(res.status, res.text).toBe(201);
  receiver.register(path, res.body.secret);
  return path;
}

const validationPaths = (res: { body: any }) => (res.body.error?.issues ?? []).map((i: { path: string }) => i.path);

describe('answerMode: chosen when the candidate starts, then kept', () => {
  it('written on a fresh clone; shown by v1 list and retrieve, the webhook, both exports; a second start changes nothing', async () => {
    const s = await makeInvitedInterview(app.db, app.url);
    const campaign = await makeCampaign(app.db, s.org.orgId, s.job.id);
    await app.db.update(interviews).set({ campaignId: campaign.id }).where(eq(interviews.id, s.interview.id));
    const hook = await makeEndpoint(s.org);

    const before = await s.candidateApi.session();
    expect(before.body).toMatchObject({ answerMode: null, answerModes: ['written'] });
    expect((await s.org.api(`/api/v1/interviews/${s.interview.id}`)).body.answerMode).toBeNull();

    // Modes this service does not offer, and no mode at all: 400 naming the field, nothing recorded.
    for (const answerMode of ['recorded', 'live', 'spoken', 7]) {
      const refused = await s.candidateApi.start({ consent: true, answerMode });
      expect(refused.status, refused.text).toBe(400);
      expect(validationPaths(refused)).toEqual(['answerMode']);
    }
    expect((await s.candidateApi.session()).body).toMatchObject({ status: 'OPEN', consentedAt: null, answerMode: null });

    const started = await s.candidateApi.start({ consent: true });
    expect(started.status, started.text).toBe(200);
    expect(started.body.answerMode).toBe('written');

    // Speech to text configured meanwhile: recorded is offered, but this interview's mode stays what it started with.
    configure({ STT_BASE_URL: 'http://127.0.0.1:9/v1' });
    const again = await s.candidateApi.start({ consent: true, answerMode: 'recorded' });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ answerMode: 'written', answerModes: ['recorded', 'written'] });
    configure(NOTHING_CONFIGURED);

    const retrieved = await s.org.api(`/api/v1/interviews/${s.interview.id}`);
    expect(retrieved.body).toMatchObject({ status: 'IN_PROGRESS', answerMode: 'written' });
    const listed = await s.org.api('/api/v1/interviews');
    expect(listed.body.items.find((i: { id: string }) => i.id === s.interview.id).answerMode).toBe('written');
    await receiver.waitFor(() => receiver.on(hook).length > 0, 20_000, 'interview.started');
    expect(receiver.on(hook)[0].body).toMatchObject({ type: 'interview.started', data: { id: s.interview.id, answerMode: 'written' } });

    // The built-in interviewer times its turns: a question when it was asked, a written answer when it was sent.
    const sentAt = Date.now();
    await s.candidateApi.answer(1, { text: 'I build payment systems.' });
    const done = await s.candidateApi.answer(3, { text: 'With tests first.' });
    expect(done.body.status).toBe('COMPLETED');
    const { transcript } = (await s.org.api(`/api/v1/interviews/${s.interview.id}`)).body;
    expect(transcript[0]).toMatchObject({ role: 'agent', endedAt: null, offsetMs: null, durationMs: null });
    expect(Date.parse(transcript[0].startedAt)).toBeLessThanOrEqual(sentAt);
    expect(transcript[1]).toMatchObject({ role: 'candidate', startedAt: null, offsetMs: null, durationMs: null });
    expect(Date.parse(transcript[1].endedAt)).toBeGreaterThanOrEqual(sentAt - 1000);
    expect(Date.parse(transcript[1].endedAt)).toBeLessThanOrEqual(Date.parse(transcript[2].startedAt));

    const json = await s.org.api(`/api/v1/reports/export?campaignId=${campaign.id}&type=interviews`);
    expect(json.status, json.text).toBe(200);
    expect(json.body.interviews).toHaveLength(1);
    expect(json.body.interviews[0]).toMatchObject({ interviewId: s.interview.id, interviewAnswerMode: 'written' });
    const csv = await s.org.api(`/api/v1/reports/export?campaignId=${campaign.id}&type=interviews&format=csv`);
    const rows = parse(csv.text, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sourceId: s.interview.id, answerMode: 'written' });
  }, 120_000);

  it('defaults to the best available mode: recorded with speech to text, live with a real-time provider', async () => {
    configure({ STT_BASE_URL: 'http://127.0.0.1:9/v1' });
    const recorded = await makeInvitedInterview(app.db, app.url);
    expect((await recorded.candidateApi.session()).body.answerModes).toEqual(['recorded', 'written']);
    expect((await recorded.candidateApi.start({ consent: true })).body.answerMode).toBe('recorded');
    const written = await makeInvitedInterview(app.db, app.url);
    expect((await written.candidateApi.start({ consent: true, answerMode: 'written' })).body.answerMode).toBe('written');
    const noLive = await written.candidateApi.start({ consent: true, answerMode: 'live' });
    expect(noLive.status).toBe(400);
    expect(validationPaths(noLive)).toEqual(['answerMode']);

    configure({ STT_BASE_URL: 'http://127.0.0.1:9/v1', REALTIME_BASE_URL: 'http://127.0.0.1:9/v1' });
    const live = await makeInvitedInterview(app.db, app.url);
    expect((await live.candidateApi.session()).body.answerModes).toEqual(['live', 'recorded', 'written']);
    expect((await live.candidateApi.start({ consent: true })).body.answerMode).toBe('live');
    const chosen = await makeInvitedInterview(app.db, app.url);
    expect((await chosen.candidateApi.start({ consent: true, answerMode: 'recorded' })).body.answerMode).toBe('recorded');
    for (const [s, mode] of [[recorded, 'recorded'], [written, 'written'], [live, 'live'], [chosen, 'recorded']] as const) {
      expect((await s.org.api(`/api/v1/interviews/${s.interview.id}`)).body.answerMode).toBe(mode);
    }
  });

  it('null when an external agent platform conducts the interview, or an agent started it without the candidate', async () => {
    configure({ AGENT_DISPATCH_URL: agentPlatform.url, AGENT_DISPATCH_SECRET: 'test-agent-dispatch-secret-0123456789' });
    const external = await makeInvitedInterview(app.db, app.url);
    const started = await external.candidateApi.start({ consent: true, answerMode: 'written' });
    expect(started.status, started.text).toBe(200);
    expect(started.body).toMatchObject({ mode: 'external', answerMode: null, answerModes: [] });
    const turn = await agentApi(app.url, `/api/interviews/${external.interview.id}/turns`, { method: 'POST', body: { turnNumber: 1, role: 'agent', content: 'Hello' } });
    expect(turn.status, turn.text).toBe(201);
    expect((await external.org.api(`/api/v1/interviews/${external.interview.id}`)).body).toMatchObject({ status: 'IN_PROGRESS', answerMode: null });

    // The built-in interviewer configured again: an interview an agent already started keeps no mode.
    configure(NOTHING_CONFIGURED);
    const agentFirst = await makeInvitedInterview(app.db, app.url);
    expect((await agentApi(app.url, `/api/interviews/${agentFirst.interview.id}/turns`, { method: 'POST', body: { turnNumber: 1, role: 'agent', content: 'Q' } })).status).toBe(201);
    expect((await agentFirst.candidateApi.start({ consent: true, answerMode: 'written' })).status).toBe(200);
    expect((await agentFirst.org.api(`/api/v1/interviews/${agentFirst.interview.id}`)).body.answerMode).toBeNull();
  });
});

describe('turn timings on the internal routes', () => {
  const turnsOf = (id: string) => `/api/interviews/${id}/turns`;
  const timing = { startedAt: '2026-03-02T10:00:05.250Z', endedAt: '2026-03-02T10:00:41.000Z', offsetMs: 5250, durationMs: 35750 };

  it('accepted, returned by the turn, the history and v1; a retry with the same timing is a 200, another a 409', async () => {
    const org = await createTestOrg(app.db, app.url);
    const { interview } = await makeAgentInterview(app.db, org.orgId);
    const body = { turnNumber: 1, role: 'candidate', content: 'Hello', ...timing };
    const first = await agentApi(app.url, turnsOf(interview.id), { method: 'POST', body });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject(timing);
    // The same instant written with another offset is the same time.
    const retry = await agentApi(app.url, turnsOf(interview.id), { method: 'POST', body: { ...body, startedAt: '2026-03-02T11:00:05.250+01:00' } });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body).toEqual(first.body);
    for (const [field, value] of [['endedAt', '2026-03-02T10:00:42.000Z'], ['offsetMs', 5251], ['durationMs', null], ['startedAt', undefined]] as const) {
      const other = await agentApi(app.url, turnsOf(interview.id), { method: 'POST', body: { ...body, [field]: value } });
      expect(other.status, `${field}: ${other.text}`).toBe(409);
      expect(other.body.error.message).toContain(field);
    }

    const untimed = await agentApi(app.url, turnsOf(interview.id), { method: 'POST', body: { turnNumber: 2, role: 'agent', content: 'Next?' } });
    expect(untimed.body).toMatchObject({ startedAt: null, endedAt: null, offsetMs: null, durationMs: null });
    const history = await agentApi(app.url, `/api/interviews/${interview.id}/history`);
    expect(history.body.turns).toMatchObject([timing, { startedAt: null, endedAt: null, offsetMs: null, durationMs: null }]);
    const v1 = await org.api(`/api/v1/interviews/${interview.id}`);
    expect(v1.body.transcript).toMatchObject([timing, { startedAt: null, endedAt: null, offsetMs: null, durationMs: null }]);
  });

  it('bad values: 400 naming the field, nothing stored; PATCH checks one time against the other as stored', async () => {
    const org = await createTestOrg(app.db, app.url);
    const { interview } = await makeAgentInterview(app.db, org.orgId);
    const bad: [string, Record<string, unknown>][] = [
      ['endedAt', { startedAt: '2026-03-02T10:00:05.000Z', endedAt: '2026-03-02T10:00:04.999Z' }],
      ['startedAt', { startedAt: 'yesterday' }],
      ['startedAt', { startedAt: '1970-01-01T00:00:00Z' }],
      ['endedAt', { endedAt: '2026-03-02 10:00:00' }],
      ['offsetMs', { offsetMs: -1 }],
      ['offsetMs', { offsetMs: 1.5 }],
      ['offsetMs', { offsetMs: '100' }],
      ['durationMs', { durationMs: MAX_RECORDING_MS + 1 }],
    ];
    for (const [field, fields] of bad) {
      const res = await agentApi(app.url, turnsOf(interview.id), { method: 'POST', body: { turnNumber: 1, role: 'agent', content: 'Q', ...fields } });
      expect(res.status, `${JSON.stringify(fields)}: ${res.text}`).toBe(400);
      expect(validationPaths(res)).toEqual([field]);
    }
    expect((await agentApi(app.url, `/api/interviews/${interview.id}/history`)).body.turns).toEqual([]);

    expect((await agentApi(app.url, turnsOf(interview.id), { method: 'POST', body: { turnNumber: 1, role: 'agent', content: 'Q', startedAt: timing.startedAt } })).status).toBe(201);
    const patch = (fields: Record<string, unknown>) => agentApi(app.url, `${turnsOf(interview.id)}/1`, { method: 'PATCH', body: fields });
    const early = await patch({ endedAt: '2026-03-02T10:00:05.000Z' });
    expect(early.status, early.text).toBe(400);
    expect(validationPaths(early)).toEqual(['endedAt']);
    const completed = await patch({ endedAt: timing.endedAt, offsetMs: 0, durationMs: 35750 });
    expect(completed.status, completed.text).toBe(200);
    expect(completed.body).toMatchObject({ startedAt: timing.startedAt, endedAt: timing.endedAt, offsetMs: 0, durationMs: 35750 });
    const late = await patch({ startedAt: '2026-03-02T10:00:41.001Z' });
    expect(late.status, late.text).toBe(400);
    expect(validationPaths(late)).toEqual(['startedAt']);
    for (const [field, fields] of bad) {
      const res = await patch(fields);
      expect(res.status, `PATCH ${JSON.stringify(fields)}: ${res.text}`).toBe(400);
      expect(validationPaths(res)).toEqual([field]);
    }
    const stored = (await agentApi(app.url, `/api/interviews/${interview.id}/history`)).body.turns[0];
    expect(stored).toMatchObject({ startedAt: timing.startedAt, endedAt: timing.endedAt, offsetMs: 0, durationMs: 35750 });
    // Both cleared, or both moved together, is fine.
    expect((await patch({ startedAt: null, endedAt: null })).body).toMatchObject({ startedAt: null, endedAt: null });
  });
});
