import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentApi } from '../support/agent';
import { makeInvitedInterview } from '../support/candidate-interview';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';
import { connectLive, liveUrl, spokenAnswer, type LiveClient } from '../support/live-candidate';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The live conversation through the cascaded pipeline (LIVE_PIPELINE=cascade): the real app, a real WebSocket, the
 * real Silero model deciding when the candidate starts and stops speaking (server/services/live/cascade/), and
 * the speech-to-text, chat and speech APIs served by the tests' fake through the real `openai` SDK. The candidate
 * streams espeak-ng speech with pauses; the fake transcribes with queued transcripts and speaks with espeak-ng
 * (PCM16 24 kHz, streamed). No realtime provider is configured: live is offered because the cascade is.
 */

const APP_ORIGIN = 'http://localhost:3999';
const STT_KEY = 'sk-stt-key-cascade-never-for-browsers-0123';
const TTS_KEY = 'sk-tts-key-cascade-never-for-browsers-0123';
const QUESTIONS = [
  { id: 'q1', text: 'Tell me about a project you led.' },
  { id: 'q2', text: 'How do you handle a disagreement in your team?' },
];
const ENV = {
  APP_URL: APP_ORIGIN,
  LIVE_PIPELINE: 'cascade',
  STT_BASE_URL: '',
  STT_API_KEY: STT_KEY,
  STT_MODEL: 'whisper-1',
  LLM_BASE_URL: '',
  LLM_API_KEY: 'sk-llm-key-for-evaluations-0123',
  LLM_MODEL: 'fake-model',
  TTS_BASE_URL: '',
  TTS_API_KEY: TTS_KEY,
  TTS_MODEL: 'tts-1',
  TTS_VOICE: 'alloy',
  REALTIME_SILENCE_MS: '700',
};

let app: TestApp;
let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  app = await startTestApp({ ...ENV, STT_BASE_URL: fake.baseUrl, LLM_BASE_URL: fake.baseUrl, TTS_BASE_URL: fake.baseUrl });
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
  for (const key of Object.keys(ENV)) delete process.env[key];
});

const history = async (interviewId: string) => (await agentApi(app.url, `/api/interviews/${interviewId}/history`)).body as { status: string; turns: { turnNumber: number; role: string; content: string }[] };

const interviewerSaid = (client: LiveClient, fragment: string) =>
  client.waitFor((e) => e.type === 'caption' && e.speaker === 'interviewer' && e.final && e.text.includes(fragment), 30_000);

const requestsTo = (path: string) => fake.requests.filter((r) => r.path === path);

describe('the live conversation through the cascaded pipeline', { timeout: 60_000 }, () => {
  it('detects speech with Silero, transcribes, speaks each question as streamed PCM, takes a barge-in, and completes', async () => {
    // Speech streams at twice real time (200 ms of audio every 100 ms): the interviewer is still speaking when
    // the candidate starts.
    fake.speechStream.intervalMs = 100;
    const { interview, token, candidateApi } = await makeInvitedInterview(app.db, app.url, { questions: QUESTIONS });
    const started = await candidateApi.start();
    expect(started.status).toBe(200);
    expect(started.body.voice.live).toBe(true);
    expect(started.body.answerModes[0]).toBe('live');
    const client = await connectLive(liveUrl(app.url, token), APP_ORIGIN);
    await client.waitFor((e) => e.type === 'ready');

    // Question 1 (with the greeting and the AI disclosure), spoken by the TTS server as PCM, sentence by sentence.
    await client.waitFor((e) => e.type === 'state' && e.state === 'speaking', 30_000);
    const speech = requestsTo('/v1/audio/speech');
    expect(speech.length).toBeGreaterThan(1);
    expect(speech[0].body).toMatchObject({ response_format: 'pcm', model: 'tts-1', voice: 'alloy' });
    expect(speech[0].headers.authorization).toBe(`Bearer ${TTS_KEY}`);
    expect(speech.map((r) => r.body.input).join(' ')).toContain(QUESTIONS[0].text);

    // The candidate answers over the interviewer (barge-in): Silero hears the start, playback stops, and the
    // interviewer's speech stops coming (the TTS streams are aborted with response.cancel).
    const answer1 = 'I led the migration of our billing system to a new provider over six months.';
    fake.queueTranscripts(answer1);
    const bytes = () => client.audio.reduce((sum, chunk) => sum + chunk.length, 0);
    client.speak(await spokenAnswer('I led the migration of our billing system to a new provider', 1500));
    await client.waitFor((e) => e.type === 'interrupt', 20_000);
    const atInterrupt = bytes();
    await client.waitFor((e) => e.type === 'caption' && e.speaker === 'candidate' && e.final && e.text === answer1, 30_000);
    expect(bytes() - atInterrupt).toBeLessThanOrEqual(4800);

    await interviewerSaid(client, QUESTIONS[1].text);
    await client.waitFor((e) => e.type === 'state' && e.state === 'listening' && client.events.indexOf(e) > client.events.findIndex((x) => x.type === 'caption' && x.speaker === 'interviewer' && x.final && x.text.includes(QUESTIONS[1].text)));

    // Answer 2 with a pause to think (≈ 500 ms with espeak-ng's own trailing silence, under the 700 ms silence
    // duration): one utterance, one transcription.
    const answer2 = 'We talk it through, write the options down and agree on how we will decide.';
    fake.queueTranscripts(answer2);
    const transcriptionsBefore = requestsTo('/v1/audio/transcriptions').length;
    client.speak(Buffer.concat([await spokenAnswer('We talk it through', 200), await spokenAnswer('and write the options down', 1500)]));
    await client.waitFor((e) => e.type === 'caption' && e.speaker === 'candidate' && e.final && e.text === answer2, 30_000);
    await client.waitFor((e) => e.type === 'ended', 30_000);
    await interviewerSaid(client, 'the interview is complete');
    expect((await client.closed).code).toBe(1000);

    // The interviewer's audio reached the page as PCM16 24 kHz, whole samples: question 2 and the closing in full.
    const heard = Buffer.concat(client.audio);
    expect(heard.length % 2).toBe(0);
    expect(heard.length).toBeGreaterThan(24_000 * 2 * 4);

    const transcriptions = requestsTo('/v1/audio/transcriptions');
    expect(transcriptions.length - transcriptionsBefore).toBe(1);
    expect(transcriptions).toHaveLength(2);
    // The utterance went up as a 16 kHz WAV, to the STT server, with the service's key and the session language.
    expect(transcriptions[0].headers.authorization).toBe(`Bearer ${STT_KEY}`);
    expect(transcriptions[0].body).toMatchObject({ model: 'whisper-1', language: 'en' });
    expect((transcriptions[1].body.file as { size: number }).size).toBeGreaterThan(16_000 * 2);
    // The Silero detector decided the turns: the candidate's state went listening → thinking for each answer.
    expect(client.events.filter((e) => e.type === 'caption' && e.speaker === 'candidate')).toHaveLength(2);
    // No realtime provider was involved.
    expect(fake.realtime.sessions).toHaveLength(0);

    const done = await history(interview.id);
    expect(done.status).toBe('COMPLETED');
    expect(done.turns.map((t) => [t.turnNumber, t.role])).toEqual([
      [1, 'agent'],
      [2, 'candidate'],
      [3, 'agent'],
      [4, 'candidate'],
    ]);
    expect(done.turns[0].content.endsWith(QUESTIONS[0].text)).toBe(true);
    expect(done.turns[1].content).toBe(answer1);
    expect(done.turns[2].content).toBe(QUESTIONS[1].text);
    expect(done.turns[3].content).toBe(answer2);
    const page = client.rawText.join('\n');
    expect(page).not.toContain(STT_KEY);
    expect(page).not.toContain(TTS_KEY);
  });
});
