import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioRecordings } from '@/db/schema';
import { resetEnvCache } from '@/server/env';
import { agentApi } from '../support/agent';
import { makeInvitedInterview } from '../support/candidate-interview';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';
import { pcmTone } from '../support/fake-openai-realtime';
import { localStoreProbe } from '../support/erasure-audio';
import { connectLive, liveUrl, type LiveClient } from '../support/live-candidate';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The live conversation's record and its turn-taking (CONTRACT §13, docs/INTERVIEWER.md "Live mode"), over a real
 * WebSocket against the real app, its provider the tests' fake Realtime server: every turn's startedAt/endedAt and
 * its place in the interview's recording, the recording itself (both sides, one WAV, appended across a
 * reconnection), patience before an answer is taken as finished, barge-in for real speech only, and the gentle
 * prompt then the pause after a long silence. Small timings make it fast.
 */

const APP_ORIGIN = 'http://localhost:3998';
const QUESTIONS = [
  { id: 'q1', text: 'Tell me about a project you led.' },
  { id: 'q2', text: 'How do you handle a disagreement in your team?' },
];
const SILENCE_MS = 200;
const PATIENCE_MS = 1200;

let app: TestApp;
let fake: FakeOpenAi;
const storageDir = mkdtempSync(path.join(tmpdir(), 'live-recording-store-'));
const store = localStoreProbe(storageDir);

beforeAll(async () => {
  fake = await startFakeOpenAi();
  app = await startTestApp({
    APP_URL: APP_ORIGIN,
    REALTIME_BASE_URL: fake.baseUrl,
    REALTIME_API_KEY: 'sk-realtime-provider-key-0123456789',
    REALTIME_MODEL: 'gpt-realtime',
    REALTIME_SILENCE_MS: String(SILENCE_MS),
    LIVE_PATIENCE_MS: String(PATIENCE_MS),
    LIVE_RECORDING_FLUSH_MS: '1000',
    STORAGE_DIR: storageDir,
    LLM_BASE_URL: fake.baseUrl,
    LLM_API_KEY: 'sk-llm-key-for-evaluations-0123',
    LLM_MODEL: 'fake-model',
  });
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
  rmSync(storageDir, { recursive: true, force: true });
  for (const key of ['REALTIME_BASE_URL', 'REALTIME_API_KEY', 'REALTIME_MODEL', 'REALTIME_SILENCE_MS', 'LIVE_PATIENCE_MS', 'LIVE_RECORDING_FLUSH_MS']) delete process.env[key];
  resetEnvCache();
});

/** The app runs in this process: a conversation reads its timings when it starts. */
async function withEnv<T>(env: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  resetEnvCache();
  try {
    return await work();
  } finally {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvCache();
  }
}

async function startedInterview() {
  const invited = await makeInvitedInterview(app.db, app.url, { questions: QUESTIONS });
  const started = await invited.candidateApi.start();
  expect(started.status, started.text).toBe(200);
  return invited;
}

type Turn = { turnNumber: number; role: string; content: string; startedAt: string | null; endedAt: string | null; offsetMs: number | null; durationMs: number | null };
const history = async (interviewId: string) => (await agentApi(app.url, `/api/interviews/${interviewId}/history`)).body as { status: string; turns: Turn[] };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until<T>(probe: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 30_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

const interviewerSaid = (client: LiveClient, fragment: string) =>
  client.waitFor((e) => e.type === 'caption' && e.speaker === 'interviewer' && e.final && e.text.includes(fragment));

/** Audio as a page sends it: 20 ms frames in real time. */
async function speakInRealTime(client: LiveClient, pcm: Buffer): Promise<void> {
  const frame = 960;
  const start = Date.now();
  for (let at = 0, n = 0; at < pcm.length; at += frame, n++) {
    client.ws.send(pcm.subarray(at, at + frame), { binary: true });
    const due = start + (n + 1) * 20 - Date.now();
    if (due > 0) await sleep(due);
  }
}

/** The question at `turnNumber` has been spoken (its timing patched) and its audio has played out. */
async function questionHeard(interviewId: string, turnNumber: number): Promise<Turn> {
  const turn = await until(async () => (await history(interviewId)).turns.find((t) => t.turnNumber === turnNumber && t.offsetMs !== null), `turn ${turnNumber} spoken`);
  await sleep(Math.max(0, new Date(turn.endedAt!).getTime() - Date.now()) + 100);
  return turn;
}

/** The interview's recording as the v1 API hands it out: a signed URL to a PCM16 24 kHz mono WAV. */
async function recording(
  org: { api: (path: string) => Promise<{ status: number; body: any }> },
  interviewId: string,
): Promise<{ durationMs: number; pcm: Buffer; url: string; path: string } | null> {
  const retrieved = await org.api(`/api/v1/interviews/${interviewId}`);
  expect(retrieved.status).toBe(200);
  if (!retrieved.body.audioUrl) return null;
  const signed = new URL(retrieved.body.audioUrl);
  const url = `${app.url}${signed.pathname}${signed.search}`;
  // Every write appends to the same recording: a URL handed out before a write still serves it, grown.
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/audio\/wav/);
  const wav = Buffer.from(await res.arrayBuffer());
  expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
  expect(wav.readUInt16LE(22)).toBe(1);
  expect(wav.readUInt32LE(24)).toBe(24_000);
  expect(wav.readUInt16LE(34)).toBe(16);
  expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
  const pcm = wav.subarray(44);
  return { durationMs: pcm.length / 48, pcm, url, path: signed.pathname };
}

function loudMs(pcm: Buffer, fromMs: number, toMs: number): number {
  let loud = 0;
  for (let ms = Math.floor(fromMs); ms + 20 <= toMs; ms += 20) {
    let sum = 0;
    for (let i = ms * 48; i < (ms + 20) * 48 && i + 1 < pcm.length; i += 2) sum += pcm.readInt16LE(i) ** 2;
    if (Math.sqrt(sum / 480) > 1000) loud += 20;
  }
  return loud;
}

describe('the live conversation, recorded', { timeout: 90_000 }, () => {
  it('gives every turn its times and its place in one recording of both sides, appended after a reconnection', async () => {
    const { interview, token, org } = await startedInterview();
    const url = liveUrl(app.url, token);
    const first = await connectLive(url, APP_ORIGIN);
    await interviewerSaid(first, QUESTIONS[0].text);
    const q1 = await questionHeard(interview.id, 1);

    fake.realtime.queueTranscripts('I led the migration of our billing system to a new provider over six months.');
    // 800 ms of "speech" then silence: the fake's VAD ends it after REALTIME_SILENCE_MS.
    await speakInRealTime(first, Buffer.concat([pcmTone(800, 9000, 220), pcmTone(SILENCE_MS + 200, 0)]));
    await interviewerSaid(first, QUESTIONS[1].text);
    const q2 = await questionHeard(interview.id, 3);
    const answer1 = (await history(interview.id)).turns.find((t) => t.turnNumber === 2)!;
    expect(answer1.role).toBe('candidate');
    expect(new Date(answer1.startedAt!).getTime()).toBeLessThan(new Date(answer1.endedAt!).getTime());
    // About the 800 ms spoken (the VAD's 20 ms windows), after the question and before the next one.
    expect(answer1.durationMs!).toBeGreaterThanOrEqual(700);
    expect(answer1.durationMs!).toBeLessThanOrEqual(1100);
    expect(answer1.offsetMs!).toBeGreaterThanOrEqual(q1.offsetMs! + q1.durationMs! - 50);
    expect(q2.offsetMs!).toBeGreaterThanOrEqual(answer1.offsetMs! + answer1.durationMs!);
    for (const q of [q1, q2]) {
      expect(q.durationMs!).toBeGreaterThan(0);
      expect(new Date(q.endedAt!).getTime() - new Date(q.startedAt!).getTime()).toBe(q.durationMs);
    }

    // The network drops: what this connection heard and said is written when it ends.
    first.ws.terminate();
    const firstSegment = await until(async () => {
      const stored = await recording(org, interview.id);
      return stored && stored.durationMs >= q2.offsetMs! + q2.durationMs! ? stored : null;
    }, 'the first connection’s recording', 30_000, 250);
    // Both sides are in it: the interviewer's questions and the candidate's answer, where the turns say.
    expect(loudMs(firstSegment.pcm, q1.offsetMs!, q1.offsetMs! + q1.durationMs!)).toBeGreaterThan(q1.durationMs! / 2);
    expect(loudMs(firstSegment.pcm, answer1.offsetMs!, answer1.offsetMs! + answer1.durationMs!)).toBeGreaterThan(answer1.durationMs! / 2);

    const second = await connectLive(url, APP_ORIGIN);
    await interviewerSaid(second, 'Welcome back');
    await sleep(Math.max(0, Buffer.concat(second.audio).length / 48) + 100);
    fake.realtime.queueTranscripts('We talk it through, write the options down and agree on how we will decide.');
    await speakInRealTime(second, Buffer.concat([pcmTone(600, 9000, 220), pcmTone(SILENCE_MS + 200, 0)]));
    await second.waitFor((e) => e.type === 'ended');
    await second.closed;

    const done = await history(interview.id);
    expect(done.status).toBe('COMPLETED');
    expect(done.turns.map((t) => [t.turnNumber, t.role])).toEqual([
      [1, 'agent'],
      [2, 'candidate'],
      [3, 'agent'],
      [4, 'candidate'],
    ]);
    // The resumption did not move the question's place: it was first said in the first segment.
    expect(done.turns[2].offsetMs).toBe(q2.offsetMs);
    const answer2 = done.turns[3];
    expect(answer2.offsetMs!).toBeGreaterThanOrEqual(firstSegment.durationMs);
    const whole = await until(async () => {
      const stored = await recording(org, interview.id);
      return stored && stored.durationMs >= answer2.offsetMs! + answer2.durationMs! ? stored : null;
    }, 'the whole recording', 30_000, 250);
    // The first segment is kept as it was, the second appended after it.
    expect(whole.pcm.subarray(0, firstSegment.pcm.length).equals(firstSegment.pcm)).toBe(true);
    let previousEnd = 0;
    for (const turn of done.turns) {
      expect(turn.offsetMs, `turn ${turn.turnNumber}`).not.toBeNull();
      expect(turn.offsetMs!).toBeGreaterThanOrEqual(previousEnd - 50);
      expect(turn.offsetMs! + turn.durationMs!).toBeLessThanOrEqual(whole.durationMs);
      expect(new Date(turn.startedAt!).getTime()).toBeLessThan(new Date(turn.endedAt!).getTime());
      previousEnd = turn.offsetMs! + turn.durationMs!;
    }
    expect(loudMs(whole.pcm, answer2.offsetMs!, answer2.offsetMs! + answer2.durationMs!)).toBeGreaterThan(answer2.durationMs! / 2);
  });
});

describe('the live recording while the conversation goes on', { timeout: 60_000 }, () => {
  it('is written every LIVE_RECORDING_FLUSH_MS (1 s here), not only at the end: a killed instance loses at most that', async () => {
    const { interview, token, org } = await startedInterview();
    const client = await connectLive(liveUrl(app.url, token), APP_ORIGIN);
    await interviewerSaid(client, QUESTIONS[0].text);
    const q1 = await questionHeard(interview.id, 1);
    await speakInRealTime(client, pcmTone(600, 9000, 220));
    const stored = await until(async () => {
      const r = await recording(org, interview.id);
      return r && r.durationMs >= q1.offsetMs! + q1.durationMs! + 600 ? r : null;
    }, 'a periodic write', 20_000, 250);
    expect(client.ws.readyState).toBe(client.ws.OPEN);
    expect(loudMs(stored.pcm, q1.offsetMs!, q1.offsetMs! + q1.durationMs!)).toBeGreaterThan(q1.durationMs! / 2);

    // Later writes append to the same recording (its URL does not change), without rewriting what was stored.
    await speakInRealTime(client, pcmTone(1500, 9000, 220));
    const grown = await until(async () => {
      const r = await recording(org, interview.id);
      return r && r.durationMs >= stored.durationMs + 1000 ? r : null;
    }, 'a later write', 20_000, 250);
    expect(grown.path).toBe(stored.path);
    expect(grown.pcm.subarray(0, stored.pcm.length).equals(stored.pcm)).toBe(true);
    // The URL handed out first serves the grown recording; a byte range across the first write's end (from an odd
    // byte, as players may ask) is exactly those bytes of the whole (what is stored never changes: the recording
    // may have grown between the two reads, not changed).
    const whole = Buffer.from(await (await fetch(stored.url)).arrayBuffer());
    expect(whole.length).toBeGreaterThanOrEqual(44 + grown.pcm.length);
    const from = 44 + stored.pcm.length - 1001;
    const ranged = await fetch(stored.url, { headers: { range: `bytes=${from}-${from + 4999}` } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toMatch(new RegExp(`^bytes ${from}-${from + 4999}/\\d+$`));
    expect(Buffer.from(await ranged.arrayBuffer()).equals(whole.subarray(from, from + 5000))).toBe(true);
    client.ws.close();
  });
});

describe('the live recording and erasure', { timeout: 60_000 }, () => {
  it('an erased candidate’s conversation is not written afterwards', async () => {
    const { interview, token, org, candidate } = await startedInterview();
    const client = await connectLive(liveUrl(app.url, token), APP_ORIGIN);
    await interviewerSaid(client, QUESTIONS[0].text);
    await speakInRealTime(client, pcmTone(300, 9000, 220));
    const stored = `orgs/${org.orgId}/interviews/${interview.id}/`;
    await until(async () => (await store.keys(stored)).length > 0, 'a first write of the recording', 10_000, 100);
    const erased = await org.api(`/api/v1/candidates/${candidate.id}`, { method: 'DELETE' });
    expect(erased.status, JSON.stringify(erased.body)).toBeLessThan(300);
    // The page is still connected for a moment and sends more audio: it is not written anywhere.
    await speakInRealTime(client, pcmTone(300, 9000, 220));
    client.ws.terminate();
    await client.closed;
    const sessionRows = () => app.db.select({ id: audioRecordings.id }).from(audioRecordings).where(and(eq(audioRecordings.interviewId, interview.id), eq(audioRecordings.kind, 'session')));
    // What was written before the erasure goes with its job; the connection's last write, after it, stores nothing.
    await until(async () => (await sessionRows()).length === 0, 'the erase-audio job', 30_000, 200);
    await sleep(1500);
    expect(await sessionRows()).toEqual([]);
    // The parts the recording was written as are gone from the store too.
    expect(await store.keys(stored)).toEqual([]);
  });
});

describe('turn-taking made for interviews', { timeout: 90_000 }, () => {
  it('follow-ups are on by default in live mode: a thin answer gets one', async () => {
    const { interview, token } = await startedInterview();
    const client = await connectLive(liveUrl(app.url, token), APP_ORIGIN);
    await interviewerSaid(client, QUESTIONS[0].text);
    await questionHeard(interview.id, 1);
    const provider = fake.realtime.sessions.at(-1)!;
    fake.realtime.queueTranscripts('Yes, I did.');
    provider.speechStarted();
    await sleep(300);
    provider.speechStopped();
    // The fake model finds answers under six words thin and asks for an example.
    await interviewerSaid(client, 'Could you give a concrete example?');
    const turns = (await history(interview.id)).turns;
    expect(turns.map((t) => t.role)).toEqual(['agent', 'candidate', 'agent']);
    expect(turns[2].content).toBe('Could you give a concrete example?');
    client.ws.close();
  });

  it('an "uh-huh" over the interviewer does not stop it; real speech does, at once', async () => {
    fake.realtime.options.chunkIntervalMs = 80;
    try {
      const { interview, token } = await startedInterview();
      const client = await connectLive(liveUrl(app.url, token), APP_ORIGIN);
      await client.waitFor((e) => e.type === 'state' && e.state === 'speaking');
      const provider = fake.realtime.sessions.at(-1)!;
      fake.realtime.queueTranscripts('Uh-huh.');
      provider.speechStarted();
      await sleep(60);
      provider.speechStopped();
      await interviewerSaid(client, QUESTIONS[0].text);
      await client.waitFor((e) => e.type === 'caption' && e.speaker === 'candidate' && e.text === 'Uh-huh.');
      expect(client.events.some((e) => e.type === 'interrupt')).toBe(false);
      expect(provider.received.some((e) => e.type === 'response.cancel')).toBe(false);
      // Not an answer either.
      await sleep(PATIENCE_MS);
      expect((await history(interview.id)).turns).toHaveLength(1);

      // The question again; the candidate really speaks over it: stopped within the barge-in delay (200 ms) and a margin.
      client.send({ type: 'repeat' });
      await client.waitFor((e) => e.type === 'caption' && e.speaker === 'interviewer' && !e.final && e.text.startsWith('Of course'));
      const spokeAt = Date.now();
      provider.speechStarted();
      await client.waitFor((e) => e.type === 'interrupt');
      expect(Date.now() - spokeAt).toBeLessThan(1000);
      expect(provider.received.some((e) => e.type === 'response.cancel')).toBe(true);
      fake.realtime.queueTranscripts('Sorry, I led the migration of our billing system last year.');
      provider.speechStopped();
      await interviewerSaid(client, QUESTIONS[1].text);
      const turns = (await history(interview.id)).turns;
      expect(turns.map((t) => t.role)).toEqual(['agent', 'candidate', 'agent']);
      expect(turns[1].content).toBe('Sorry, I led the migration of our billing system last year.');
      client.ws.close();
    } finally {
      fake.realtime.options.chunkIntervalMs = 0;
    }
  });

  it('two utterances with a pause shorter than the patience are one answer, recorded once the patience has passed', async () => {
    const { interview, token } = await startedInterview();
    const client = await connectLive(liveUrl(app.url, token), APP_ORIGIN);
    await interviewerSaid(client, QUESTIONS[0].text);
    await questionHeard(interview.id, 1);
    const provider = fake.realtime.sessions.at(-1)!;

    fake.realtime.queueTranscripts('I led the billing migration.', 'It took six months and three teams.');
    provider.speechStarted();
    await sleep(300);
    provider.speechStopped();
    // A pause to think, shorter than the patience: not the end of the answer.
    await sleep(PATIENCE_MS - SILENCE_MS - 500);
    expect((await history(interview.id)).turns).toHaveLength(1);
    provider.speechStarted();
    await sleep(300);
    const stoppedAt = Date.now();
    provider.speechStopped();
    await client.waitFor((e) => e.type === 'caption' && e.speaker === 'candidate' && e.text === 'It took six months and three teams.');
    const answer = await until(async () => (await history(interview.id)).turns.find((t) => t.turnNumber === 2), 'the answer');
    expect(new Date(answer.endedAt!).getTime()).toBeGreaterThan(new Date(answer.startedAt!).getTime());
    expect(answer.content).toBe('I led the billing migration. It took six months and three teams.');
    // Recorded only after the patience (counted from the end of speech; the provider's VAD waited SILENCE_MS of it).
    expect(Date.parse((answer as unknown as { createdAt: string }).createdAt) - stoppedAt).toBeGreaterThanOrEqual(PATIENCE_MS - SILENCE_MS - 50);
    // The answer spans both utterances and the pause between them.
    expect(answer.durationMs!).toBeGreaterThanOrEqual(300 + (PATIENCE_MS - SILENCE_MS - 500) + 300 - 50);
    await interviewerSaid(client, QUESTIONS[1].text);
    expect((await history(interview.id)).turns.filter((t) => t.role === 'candidate')).toHaveLength(1);
    client.ws.close();
  });

  it('an answer still inside its patience when the page drops is recorded, once, and the conversation moves on', async () => {
    const { interview, token } = await startedInterview();
    const url = liveUrl(app.url, token);
    const first = await connectLive(url, APP_ORIGIN);
    await interviewerSaid(first, QUESTIONS[0].text);
    await questionHeard(interview.id, 1);
    const provider = fake.realtime.sessions.at(-1)!;
    fake.realtime.queueTranscripts('I led the migration of our billing system to a new provider.');
    provider.speechStarted();
    await sleep(300);
    provider.speechStopped();
    await first.waitFor((e) => e.type === 'caption' && e.speaker === 'candidate' && e.final);
    first.ws.terminate();
    const turns = await until(async () => {
      const h = await history(interview.id);
      return h.turns.length >= 3 ? h.turns : null;
    }, 'the answer and the next question');
    expect(turns.map((t) => [t.turnNumber, t.role])).toEqual([
      [1, 'agent'],
      [2, 'candidate'],
      [3, 'agent'],
    ]);
    expect(turns[1].content).toBe('I led the migration of our billing system to a new provider.');
    const second = await connectLive(url, APP_ORIGIN);
    const resumed = await interviewerSaid(second, QUESTIONS[1].text);
    expect(resumed.text).toMatch(/^Welcome back\. We were at question 2/);
    second.ws.close();
  });

  it('a long silence after a question gets one gentle prompt, then the interview pauses until resumed', async () => {
    await withEnv({ LIVE_SILENCE_PROMPT_MS: '1000', LIVE_SILENCE_PAUSE_MS: '1000' }, async () => {
      const { interview, token } = await startedInterview();
      const client = await connectLive(liveUrl(app.url, token), APP_ORIGIN);
      await interviewerSaid(client, QUESTIONS[0].text);
      await interviewerSaid(client, 'Take your time. Would you like me to repeat the question?');
      const paused = await client.waitFor((e) => e.type === 'state' && e.state === 'paused');
      expect(paused.reason).toBe('silence');
      // Said once: the pause came instead of a second prompt.
      expect(client.events.filter((e) => e.type === 'caption' && e.final && e.text.startsWith('Take your time'))).toHaveLength(1);
      expect((await history(interview.id)).turns).toHaveLength(1);
      client.send({ type: 'resume' });
      const resumed = await interviewerSaid(client, 'Welcome back');
      expect(resumed.text).toContain(QUESTIONS[0].text);
      client.ws.close();
    });
  });
});
