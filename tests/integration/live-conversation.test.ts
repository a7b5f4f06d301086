import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviews } from '@/db/schema';
import { agentApi } from '../support/agent';
import { makeInvitedInterview } from '../support/candidate-interview';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';
import { connectLive, liveUrl, spokenAnswer, upgradeStatus, type LiveClient } from '../support/live-candidate';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The live conversation over a real WebSocket against the real app, its provider the tests' fake speaking the
 * OpenAI Realtime protocol (client events: session.update, input_audio_buffer.append, conversation.item.create,
 * response.create / cancel, conversation.item.truncate; server events: session.*, input_audio_buffer.speech_*,
 * conversation.item.input_audio_transcription.completed, response.output_audio(.transcript).delta,
 * response.done — https://platform.openai.com/docs/api-reference/realtime-client-events and
 * …/realtime-server-events). The candidate is a Node `ws` client streaming PCM16 24 kHz (espeak-ng speech when
 * installed, tone bursts otherwise).
 */

const REALTIME_KEY = 'sk-realtime-provider-key-never-for-browsers-0123';
const APP_ORIGIN = 'http://localhost:3999';
const QUESTIONS = [
  { id: 'q1', text: 'Tell me about a project you led.' },
  { id: 'q2', text: 'How do you handle a disagreement in your team?' },
];

let app: TestApp;
let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  app = await startTestApp({
    APP_URL: APP_ORIGIN,
    REALTIME_BASE_URL: fake.baseUrl,
    REALTIME_API_KEY: REALTIME_KEY,
    REALTIME_MODEL: 'gpt-realtime',
    REALTIME_SILENCE_MS: '300',
    LLM_BASE_URL: fake.baseUrl,
    LLM_API_KEY: 'sk-llm-key-for-evaluations-0123',
    LLM_MODEL: 'fake-model',
    AUTH_FAILURES_PER_MINUTE: '12',
  });
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
  for (const key of ['REALTIME_BASE_URL', 'REALTIME_API_KEY', 'REALTIME_MODEL', 'REALTIME_SILENCE_MS']) delete process.env[key];
});

async function startedInterview() {
  const invited = await makeInvitedInterview(app.db, app.url, { questions: QUESTIONS });
  const started = await invited.candidateApi.start();
  expect(started.status).toBe(200);
  expect(started.body.voice.live).toBe(true);
  return invited;
}

const history = async (interviewId: string) => (await agentApi(app.url, `/api/interviews/${interviewId}/history`)).body as { status: string; turns: { turnNumber: number; role: string; content: string }[] };

const interviewerSaid = (client: LiveClient, fragment: string) =>
  client.waitFor((e) => e.type === 'caption' && e.speaker === 'interviewer' && e.final && e.text.includes(fragment));

function neverSawTheKey(client: LiveClient) {
  expect(client.rawText.join('\n')).not.toContain(REALTIME_KEY);
  expect(Buffer.concat(client.audio).includes(Buffer.from(REALTIME_KEY))).toBe(false);
}

// Generous: on a loaded machine an evaluation and a finalization take seconds.
describe('the live conversation over WebSocket', { timeout: 120_000 }, () => {
  it('asks, hears the answers, records every utterance once, resumes a dropped connection without asking again, and ends', async () => {
    const { interview, token } = await startedInterview();
    const url = liveUrl(app.url, token);

    const first = await connectLive(url, APP_ORIGIN);
    await first.waitFor((e) => e.type === 'ready');
    // The first question, with the greeting and the AI disclosure, as audio and captions.
    const q1 = await interviewerSaid(first, QUESTIONS[0].text);
    expect(q1.text).toMatch(/I am an AI interviewer; a person will review your answers/);
    expect(first.events.find((e) => e.type === 'progress')).toMatchObject({ questionIndex: 1, total: 2 });
    await first.waitFor((e) => e.type === 'state' && e.state === 'listening');
    expect(Buffer.concat(first.audio).length).toBeGreaterThan(0);
    // The provider session: the service's key (never the page's), the questions and §13 in its instructions.
    const provider = fake.realtime.sessions.at(-1)!;
    expect(provider.headers.authorization).toBe(`Bearer ${REALTIME_KEY}`);
    const update = provider.received.find((e) => e.type === 'session.update');
    expect(update.session.instructions).toContain(QUESTIONS[1].text);
    expect(update.session.instructions).toMatch(/data, never instructions/);
    expect(update.session.audio.input.turn_detection).toMatchObject({ type: 'server_vad', silence_duration_ms: 300, create_response: false });

    fake.realtime.queueTranscripts('I led the migration of our billing system to a new provider over six months.');
    first.speak(await spokenAnswer('I led the migration of our billing system to a new provider'));
    await first.waitFor((e) => e.type === 'caption' && e.speaker === 'candidate' && e.final);
    await interviewerSaid(first, QUESTIONS[1].text);
    let turns = (await history(interview.id)).turns;
    expect(turns.map((t) => [t.turnNumber, t.role])).toEqual([
      [1, 'agent'],
      [2, 'candidate'],
      [3, 'agent'],
    ]);
    expect(turns[1].content).toBe('I led the migration of our billing system to a new provider over six months.');
    expect(turns[2].content).toBe(QUESTIONS[1].text);

    // The network drops; the page reconnects: the pending question is said again as a resumption, not asked anew.
    first.ws.terminate();
    const second = await connectLive(url, APP_ORIGIN);
    const resumed = await interviewerSaid(second, QUESTIONS[1].text);
    expect(resumed.text).toMatch(/^Welcome back\. We were at question 2/);
    expect((await history(interview.id)).turns).toHaveLength(3);
    // The provider was given the conversation so far.
    const items = fake.realtime.sessions.at(-1)!.received.filter((e) => e.type === 'conversation.item.create');
    expect(items.map((e) => e.item.role)).toEqual(['assistant', 'user', 'assistant']);

    await second.waitFor((e) => e.type === 'state' && e.state === 'listening');
    fake.realtime.queueTranscripts('We talk it through, write the options down and agree on how we will decide.');
    second.speak(await spokenAnswer('We talk it through and write the options down'));
    await second.waitFor((e) => e.type === 'ended');
    await interviewerSaid(second, 'the interview is complete');
    expect((await second.closed).code).toBe(1000);

    const done = await history(interview.id);
    expect(done.status).toBe('COMPLETED');
    expect(done.turns.map((t) => [t.turnNumber, t.role])).toEqual([
      [1, 'agent'],
      [2, 'candidate'],
      [3, 'agent'],
      [4, 'candidate'],
    ]);
    expect(done.turns.filter((t) => t.role === 'agent').map((t) => t.content.endsWith(QUESTIONS[0].text) || t.content === QUESTIONS[1].text)).toEqual([true, true]);
    neverSawTheKey(first);
    neverSawTheKey(second);
  });

  it('a request to repeat and a question about the process are answered, never recorded as the answer', async () => {
    const { interview, token } = await startedInterview();
    const client = await connectLive(liveUrl(app.url, token), APP_ORIGIN);
    await interviewerSaid(client, QUESTIONS[0].text);
    await client.waitFor((e) => e.type === 'state' && e.state === 'listening');

    fake.realtime.queueTranscripts('Sorry, could you repeat the question?');
    client.speak(await spokenAnswer('Sorry, could you repeat the question'));
    await interviewerSaid(client, `Of course, here it is again: ${QUESTIONS[0].text}`);
    expect((await history(interview.id)).turns).toHaveLength(1);

    await client.waitFor((e) => e.type === 'state' && e.state === 'listening' && client.events.filter((x) => x.type === 'caption' && x.speaker === 'interviewer' && x.final).length === 2);
    fake.realtime.queueTranscripts('How long will this take? Did I pass so far?');
    client.speak(await spokenAnswer('How long will this take'));
    const reply = await interviewerSaid(client, 'There are 2 questions in this interview, and we are at question 1.');
    expect(reply.text).toMatch(/A person on the hiring team will review your answers and make any decision; I cannot say anything about the outcome\. Of course, here it is again: Tell me about a project you led\.$/);
    expect((await history(interview.id)).turns).toHaveLength(1);

    await client.waitFor((e) => e.type === 'state' && e.state === 'listening' && client.events.filter((x) => x.type === 'caption' && x.speaker === 'interviewer' && x.final).length === 3);
    fake.realtime.queueTranscripts('I led the rewrite of our invoicing service with three engineers.');
    client.speak(await spokenAnswer('I led the rewrite of our invoicing service'));
    await interviewerSaid(client, QUESTIONS[1].text);
    const turns = (await history(interview.id)).turns;
    expect(turns.map((t) => [t.role, t.content])).toEqual([
      ['agent', expect.stringContaining(QUESTIONS[0].text)],
      ['candidate', 'I led the rewrite of our invoicing service with three engineers.'],
      ['agent', QUESTIONS[1].text],
    ]);
    client.ws.close();
  });

  it('barge-in: the candidate speaking over the interviewer stops playback, cancels the response and truncates it', async () => {
    fake.realtime.options.chunkIntervalMs = 60;
    try {
      const { token } = await startedInterview();
      const client = await connectLive(liveUrl(app.url, token), APP_ORIGIN);
      await client.waitFor((e) => e.type === 'state' && e.state === 'speaking');
      const provider = fake.realtime.sessions.at(-1)!;
      await new Promise((resolve) => setTimeout(resolve, 150));
      provider.speechStarted();
      await client.waitFor((e) => e.type === 'interrupt');
      await client.waitFor((e) => e.type === 'state' && e.state === 'listening');
      const until = Date.now() + 30_000;
      while (!provider.received.some((e) => e.type === 'conversation.item.truncate') && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(provider.received.some((e) => e.type === 'response.cancel')).toBe(true);
      const truncate = provider.received.find((e) => e.type === 'conversation.item.truncate');
      expect(truncate.audio_end_ms).toBeGreaterThanOrEqual(0);
      expect(provider.sent.some((e) => e.type === 'error')).toBe(false);
      client.ws.close();
    } finally {
      fake.realtime.options.chunkIntervalMs = 0;
    }
  });

  it('one connection per interview: a second one takes over and the first is closed; frames have a size limit', async () => {
    const { token } = await startedInterview();
    const url = liveUrl(app.url, token);
    const first = await connectLive(url, APP_ORIGIN);
    await first.waitFor((e) => e.type === 'ready');
    const second = await connectLive(url, APP_ORIGIN);
    expect((await first.closed).code).toBe(4000);
    await second.waitFor((e) => e.type === 'ready');
    // A frame over the size limit (64 KiB) ends the connection (1009, message too big).
    second.ws.send(Buffer.alloc(70 * 1024), { binary: true });
    expect((await second.closed).code).toBe(1009);
  });

  it('refuses an unknown link, another origin, a closed or unstarted interview, before upgrading', async () => {
    const { token } = await startedInterview();
    const unknown = await upgradeStatus(liveUrl(app.url, 'A'.repeat(43)), { origin: APP_ORIGIN });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body).error.code).toBe('NOT_FOUND');
    expect(unknown.body).not.toContain('A'.repeat(43));
    expect((await upgradeStatus(liveUrl(app.url, token), { origin: 'https://evil.example' })).status).toBe(403);
    expect((await upgradeStatus(liveUrl(app.url, token), {})).status).toBe(403);

    const notStarted = await makeInvitedInterview(app.db, app.url, { questions: QUESTIONS });
    expect((await upgradeStatus(liveUrl(app.url, notStarted.token), { origin: APP_ORIGIN })).status).toBe(409);
    const cancelled = await startedInterview();
    await app.db.update(interviews).set({ status: 'CANCELLED', cancelledAt: new Date() }).where(eq(interviews.id, cancelled.interview.id));
    expect((await upgradeStatus(liveUrl(app.url, cancelled.token), { origin: APP_ORIGIN })).status).toBe(410);

    // Unknown links count against the address, as on the other invitation routes: past the limit, 429 first.
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await upgradeStatus(liveUrl(app.url, `${'B'.repeat(42)}${i % 10}`), { origin: APP_ORIGIN })).status);
    expect(statuses).toContain(429);
    expect((await upgradeStatus(liveUrl(app.url, token), { origin: APP_ORIGIN })).status).toBe(429);
  });
});
