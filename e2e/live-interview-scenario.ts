import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviews } from '@/db/schema';
import { runGroup } from '../tests/support/child-processes';
import { screenshot, signInThroughForm } from '../tests/support/dashboard-browser';
import { startFakeOpenAi, type FakeOpenAi } from '../tests/support/fake-openai';
import { startTcpProxy, type TcpProxy } from '../tests/support/tcp-proxy';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import { a11yViolationsAtBothSizes, acknowledgeNotice, expectPlayableAndSeekable, inviteCandidate, launchChromiumWithMicrophone, storedTurns } from './candidate-support';

/**
 * A whole live interview (answerMode "live") in Debian's Chromium, once per provider shape (the spec files
 * candidate-live-interview.spec.ts and candidate-live-cascade.spec.ts call `liveInterviewSpec`), against the tests'
 * fake OpenAI server through the real `openai` SDK: `realtime`, the Realtime protocol relayed by the server
 * (tests/support/fake-openai-realtime.ts: energy VAD, scripted transcripts, replies as tone audio paced in real
 * time); `cascade`, LIVE_PIPELINE=cascade, the server's own Silero VAD, then the fake's transcriptions, chat and
 * streamed espeak-ng speech. The page gets its own microphone: `getUserMedia` returns a MediaStream of an
 * AudioContext the test feeds with espeak-ng answers at chosen moments (`window.__speak`), silence otherwise.
 * The candidate hears each question (the page's player reports the audio heard and its analyser's level), gets a
 * follow-up after a thin answer, interrupts the interviewer once (playback stops), loses the network
 * mid-interview and resumes without a question asked twice, and finishes; every turn is stored once, and the
 * recruiter plays the whole recording and seeks to a turn's place in it. On a 375 px phone viewport; axe at phone
 * and desktop sizes on each screen that waits for the candidate (notice, microphone check, practice, the live view
 * listening, the join screen after a reload, writing instead, the thank-you page).
 *
 * The app is reached through a TCP front door (tests/support/tcp-proxy.ts) whose port is known before the app
 * starts: it is APP_URL, so the page's origin is the one the live socket accepts, and cutting it is the network
 * going away.
 */

export type LiveShape = 'realtime' | 'cascade';

const REALTIME_KEY = 'sk-realtime-key-for-the-live-view-spec-0123';
const STT_KEY = 'sk-stt-key-for-the-live-view-spec-0123';
const QUESTIONS = [
  { id: 'q1', text: 'Tell me about a project you led.', criterion: 'communication' },
  { id: 'q2', text: 'How do you handle a disagreement?', criterion: 'collaboration' },
];
/** Too short to judge (the fake model finds an answer of under six words thin): a follow-up comes. */
const THIN_ANSWER = 'I led a project.';
const FOLLOW_UP = 'Could you give a concrete example?';
const ANSWERS = ['I led the migration of our billing system to a new provider.', 'We talk it through and write the options down.'];

/** The app's settings for each shape; the fake's base URL is filled in. */
function shapeEnv(shape: LiveShape, baseUrl: string): Record<string, string> {
  // No gentle prompt after a silence (20 s by default): the test reads the screen (axe) while the interviewer waits.
  const llm = { LLM_BASE_URL: baseUrl, LLM_API_KEY: 'sk-llm-key-for-evaluations-0123', LLM_MODEL: 'fake-model', LIVE_SILENCE_PROMPT_MS: '120000' };
  if (shape === 'realtime') {
    return { ...llm, STT_BASE_URL: '', TTS_BASE_URL: '', REALTIME_BASE_URL: baseUrl, REALTIME_API_KEY: REALTIME_KEY, REALTIME_MODEL: 'gpt-realtime', REALTIME_SILENCE_MS: '400' };
  }
  return {
    ...llm,
    LIVE_PIPELINE: 'cascade',
    REALTIME_BASE_URL: '',
    STT_BASE_URL: baseUrl,
    STT_API_KEY: STT_KEY,
    STT_MODEL: 'whisper-1',
    TTS_BASE_URL: baseUrl,
    TTS_API_KEY: 'sk-tts-key-for-the-live-view-spec-0123',
    TTS_MODEL: 'tts-1',
    TTS_VOICE: 'alloy',
    // Silero's end of an utterance; the answer itself ends after LIVE_PATIENCE_MS.
    REALTIME_SILENCE_MS: '500',
  };
}



/** espeak-ng's speech of `text` as a base64 WAV, for `window.__speak`. */
async function speech(text: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'live-answer-'));
  try {
    const wav = path.join(dir, 'answer.wav');
    const result = await runGroup('espeak-ng', ['-v', 'en', '-s', '170', '-w', wav, text], { timeoutMs: 30_000 });
    if (result.code !== 0) throw new Error(`espeak-ng exited with ${result.code}: ${result.stderr}`);
    return (await readFile(wav)).toString('base64');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs in the page before its scripts: the microphone is an AudioContext's stream that `__speak` plays into. */
function fakeMicrophone() {
  let context: AudioContext | null = null;
  const destinations: MediaStreamAudioDestinationNode[] = [];
  const audio = () => (context ??= new AudioContext());
  navigator.mediaDevices.getUserMedia = async () => {
    const destination = audio().createMediaStreamDestination();
    destinations.push(destination);
    await audio().resume();
    return destination.stream;
  };
  (window as unknown as { __speak: (wav: string) => Promise<number> }).__speak = async (wav) => {
    const bytes = Uint8Array.from(atob(wav), (c) => c.charCodeAt(0));
    const buffer = await audio().decodeAudioData(bytes.buffer);
    const source = audio().createBufferSource();
    source.buffer = buffer;
    for (const destination of destinations) source.connect(destination);
    source.start();
    return buffer.duration;
  };
}

/** The live interview's browser spec for one provider shape. */
export function liveInterviewSpec(shape: LiveShape): void {
  let app: TestApp;
  let fake: FakeOpenAi;
  let frontDoor: TcpProxy;
  let browser: Browser;
  let spoken: string[];
  let thin: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    // The browser starts while the answers are spoken and the app starts.
    const launched = launchChromiumWithMicrophone();
    launched.catch(() => undefined);
    [thin, ...spoken] = await Promise.all([THIN_ANSWER, ...ANSWERS].map(speech));
    fake = await startFakeOpenAi();
    // Replies paced in real time (100 ms of audio every 100 ms), so there is a moment to interrupt them.
    Object.assign(fake.realtime.options, { chunkMs: 100, chunkIntervalMs: 100, msPerWord: 80, responseLatencyMs: 30, transcriptionLatencyMs: 30 });
    fake.speechStream.chunkBytes = 4800;
    fake.speechStream.intervalMs = 100;
    const app_ = { host: '127.0.0.1', port: 0 };
    frontDoor = await startTcpProxy(app_);
    env = shapeEnv(shape, fake.baseUrl);
    app = await startTestApp({ APP_URL: `http://127.0.0.1:${frontDoor.port}`, RESEND_API_KEY: '', AGENT_DISPATCH_URL: '', ...env });
    // The front door opens onto the app now that its port is known (the proxy reads the target per connection).
    app_.port = app.server.port;
    browser = await launched;
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await frontDoor?.close();
    await fake?.close();
    for (const key of Object.keys(env ?? {})) delete process.env[key];
  });

  const live = (page: Page) => page.getByTestId('live-interview');
  const attr = (page: Page, name: string) => live(page).getAttribute(name);
  const numberAttr = async (page: Page, name: string) => Number(await attr(page, name));
  const interviewerCaptions = (page: Page) => page.getByTestId('caption-interviewer');
  /** The words of the `n`th caption of `speaker` (without its label). */
  const captionText = (page: Page, speaker: 'interviewer' | 'candidate', n: number) => page.getByTestId(`caption-${speaker}`).nth(n).getByTestId('caption-text').innerText();

  /** The candidate says `wav` into the page's microphone, its transcript queued at the fake model first. */
  async function say(page: Page, wav: string, transcript: string): Promise<void> {
    if (shape === 'realtime') fake.realtime.queueTranscripts(transcript);
    else fake.queueTranscripts(transcript);
    await page.evaluate((audio) => (window as unknown as { __speak: (wav: string) => Promise<number> }).__speak(audio), wav);
  }

  describe(`the live interview in the browser (${shape})`, () => {
    it('hears each question, answers, interrupts once, survives a network loss without a repeated question, and finishes', async () => {
      const invited = await inviteCandidate(app, { locale: 'en-GB', firstName: 'Ada', questions: QUESTIONS });
      const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'en-GB' });
      await context.addInitScript(fakeMicrophone);
      const page = await context.newPage();
      const response = await page.goto(`http://127.0.0.1:${frontDoor.port}/i/${invited.token}`);
      expect(response!.status()).toBe(200);

      // The page promises the live spoken conversation it holds, and writing as the alternative.
      expect(await page.getByTestId('intro').innerText()).toBe('Acme Robotics invites you to a live spoken interview for the Backend engineer position.');
      expect(await page.locator('main').innerText()).toContain('asked out loud in a live conversation; you answer out loud, or in writing if you prefer');
      expect(await page.getByTestId('notice').getAttribute('data-mode')).toBe('live');
      const notice = await page.getByTestId('notice').textContent();
      for (const text of ['live spoken conversation with an artificial intelligence', 'captions show it as it happens', 'answer in writing']) expect(notice).toContain(text);
      expect(await a11yViolationsAtBothSizes(page)).toEqual([]);
      await acknowledgeNotice(page);
      expect(await page.getByTestId('setup').innerText()).toContain('Live spoken conversation');
      await page.getByTestId('mic-allow').click();
      await page.getByTestId('mic-level').waitFor();
      expect(await a11yViolationsAtBothSizes(page)).toEqual([]);
      await page.getByTestId('start-interview').click();
      await page.getByTestId('practice').waitFor();
      expect(await a11yViolationsAtBothSizes(page)).toEqual([]);
      await page.getByTestId('practice-done').click();

      // Question 1: said (the greeting, the AI disclosure, the question), heard, captioned; the progress.
      await live(page).waitFor();
      await expect.poll(() => numberAttr(page, 'data-output-level'), { timeout: 20_000, interval: 50 }).toBeGreaterThan(0.01);
      await expect.poll(() => interviewerCaptions(page).first().getAttribute('data-final'), { timeout: 20_000 }).toBe('true');
      const q1 = await captionText(page, 'interviewer', 0);
      expect(q1).toContain('I am an AI interviewer');
      expect(q1).toContain(QUESTIONS[0].text);
      expect(await page.getByTestId('progress').textContent()).toBe('Question 1 of 2');
      expect(await page.getByTestId('progress-bar').getAttribute('value')).toBe('0');
      await expect.poll(() => attr(page, 'data-state'), { timeout: 20_000 }).toBe('listening');
      await expect.poll(() => numberAttr(page, 'data-heard-ms'), { timeout: 10_000 }).toBeGreaterThan(1000);

      // The live view listening: accessible at both sizes; on the phone, nothing wider than the screen.
      expect(await a11yViolationsAtBothSizes(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await screenshot(page, 'candidate-live-phone');

      // The microphone goes out in 20–40 ms frames of PCM16 24 kHz (as the relay passes them on to the provider).
      if (shape === 'realtime') {
        const frames = fake.realtime.sessions
          .at(-1)!
          .received.filter((e) => e.type === 'input_audio_buffer.append')
          .map((e) => Buffer.from(e.audio, 'base64').length / 48);
        expect(frames.length).toBeGreaterThan(10);
        for (const ms of frames.slice(0, 20)) {
          expect(ms).toBeGreaterThanOrEqual(19);
          expect(ms).toBeLessThanOrEqual(40);
        }
      }

      // A thin answer gets one follow-up (on by default in live mode); then the fuller answer, and question 2.
      await say(page, thin, THIN_ANSWER);
      await expect.poll(() => captionText(page, 'candidate', 0), { timeout: 20_000 }).toBe(THIN_ANSWER);
      await expect.poll(() => captionText(page, 'interviewer', 1), { timeout: 30_000 }).toContain(FOLLOW_UP);
      expect(await page.getByTestId('progress').textContent()).toBe('Question 1 of 2');
      await expect.poll(() => interviewerCaptions(page).nth(1).getAttribute('data-final'), { timeout: 20_000 }).toBe('true');
      await expect.poll(() => attr(page, 'data-state'), { timeout: 20_000 }).toBe('listening');
      await say(page, spoken[0], ANSWERS[0]);
      await expect.poll(() => captionText(page, 'candidate', 1), { timeout: 20_000 }).toBe(ANSWERS[0]);
      await expect.poll(() => captionText(page, 'interviewer', 2), { timeout: 30_000 }).toContain(QUESTIONS[1].text);
      await expect.poll(() => page.getByTestId('progress').textContent()).toBe('Question 2 of 2');
      expect(await page.getByTestId('progress-bar').getAttribute('value')).toBe('1');
      await expect.poll(() => attr(page, 'data-state'), { timeout: 20_000 }).toBe('listening');
      await expect.poll(() => interviewerCaptions(page).nth(2).getAttribute('data-final')).toBe('true');

      // The network goes away: the page says it is reconnecting, comes back, and the interviewer resumes at question
      // 2 ("welcome back"), slower now so it can be interrupted.
      fake.realtime.options.msPerWord = 250;
      const interruptionsBefore = await numberAttr(page, 'data-interruptions');
      await frontDoor.cut();
      await expect.poll(() => attr(page, 'data-connection'), { timeout: 10_000 }).toBe('reconnecting');
      expect(await page.getByTestId('live-state').innerText()).toContain('reconnecting');
      await frontDoor.restore();
      await expect.poll(() => captionText(page, 'interviewer', 3), { timeout: 30_000 }).toMatch(/^Welcome back/);

      // The candidate answers over it: playback stops at once, the caption stays cut where it was.
      await expect.poll(() => attr(page, 'data-state'), { timeout: 10_000, interval: 20 }).toBe('speaking');
      await say(page, spoken[1], ANSWERS[1]);
      await expect.poll(() => numberAttr(page, 'data-interruptions'), { timeout: 10_000 }).toBeGreaterThan(interruptionsBefore);
      fake.realtime.options.msPerWord = 80;
      await expect.poll(() => captionText(page, 'candidate', 2), { timeout: 20_000 }).toBe(ANSWERS[1]);
      const cut = interviewerCaptions(page).nth(3);
      expect(await cut.getAttribute('data-final')).toBe('false');
      // The relay's captions follow the audio word by word; the cascade's a sentence at a time.
      if (shape === 'realtime') expect(await captionText(page, 'interviewer', 3)).not.toContain(QUESTIONS[1].text);

      // The closing, then the finished screen.
      await expect.poll(() => page.getByTestId('invitation-finished').count(), { timeout: 30_000 }).toBe(1);
      expect(await page.getByTestId('invitation-finished').innerText()).toContain('Thank you!');
      expect(await page.getByTestId('thread').count()).toBe(0);
      expect(await a11yViolationsAtBothSizes(page)).toEqual([]);
      await context.close();

      // Every question asked once, every answer stored once, the interview live and complete.
      const rows = await storedTurns(app, invited);
      expect(rows.map((t) => [t.turnNumber, t.role, t.content])).toEqual([
        [1, 'agent', expect.stringContaining(QUESTIONS[0].text)],
        [2, 'candidate', THIN_ANSWER],
        [3, 'agent', FOLLOW_UP],
        [4, 'candidate', ANSWERS[0]],
        [5, 'agent', QUESTIONS[1].text],
        [6, 'candidate', ANSWERS[1]],
      ]);
      const [row] = await app.db.select().from(interviews).where(eq(interviews.id, invited.interviewId));
      expect(row).toMatchObject({ status: 'COMPLETED', answerMode: 'live', audioUrl: expect.stringMatching(/\/api\/audio\/rec_/) });
      if (shape === 'realtime') {
        // One provider session per connection: the first and the one after the network came back.
        expect(fake.realtime.sessions.length).toBeGreaterThanOrEqual(2);
        expect(fake.realtime.sessions.every((s) => s.headers.authorization === `Bearer ${REALTIME_KEY}`)).toBe(true);
      } else {
        // No speech-to-speech model: Silero here decided each utterance, the fake transcribed each once.
        expect(fake.realtime.sessions).toEqual([]);
        const transcriptions = fake.requests.filter((r) => r.path === '/v1/audio/transcriptions');
        expect(transcriptions.length).toBeGreaterThanOrEqual(3);
        expect(transcriptions.every((r) => r.headers.authorization === `Bearer ${STT_KEY}`)).toBe(true);
      }

      // Every utterance has its place in the whole recording, which the recruiter plays and seeks by turn.
      for (const turn of rows) {
        expect(turn.offsetMs, `turn ${turn.turnNumber}`).not.toBeNull();
        expect(turn.durationMs, `turn ${turn.turnNumber}`).toBeGreaterThan(0);
      }
      const recruiterContext = await browser.newContext({ viewport: { width: 1280, height: 1000 }, locale: 'en-GB' });
      const recruiter = await recruiterContext.newPage();
      const appUrl = `http://127.0.0.1:${frontDoor.port}`;
      await signInThroughForm(recruiter, appUrl, invited.recruiter.email, invited.recruiter.password);
      await recruiter.goto(`${appUrl}/interviews/${invited.interviewId}`);
      await recruiter.getByRole('heading', { name: 'Full recording' }).waitFor();
      expect(await recruiter.getByTestId('answer-mode').textContent()).toBe('Live spoken conversation');
      const seconds = await expectPlayableAndSeekable(recruiter, 'whole-audio');
      expect(seconds * 1000).toBeGreaterThanOrEqual(Math.max(...rows.map((t) => t.offsetMs! + t.durationMs!)) - 50);
      const question2 = rows[4];
      await recruiter.getByTestId(`seek-turn-${question2.turnNumber}`).click();
      const position = () => recruiter.getByTestId('whole-audio').evaluate((el: HTMLMediaElement) => (el.seeking ? -1 : el.currentTime));
      await expect.poll(position).toBeGreaterThanOrEqual(question2.offsetMs! / 1000 - 0.05);
      expect(await position()).toBeLessThan(question2.offsetMs! / 1000 + 5);
      await recruiterContext.close();
    }, 120_000);

    it('a reload returns to the live view (one click turns the sound back on), and the candidate may continue in writing', async () => {
      const invited = await inviteCandidate(app, { locale: 'en', firstName: 'Grace', questions: QUESTIONS });
      const context = await browser.newContext({ viewport: { width: 1000, height: 900 }, locale: 'en-GB' });
      await context.addInitScript(fakeMicrophone);
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${frontDoor.port}/i/${invited.token}`);
      await acknowledgeNotice(page);
      await page.getByTestId('mic-allow').click();
      await page.getByTestId('mic-level').waitFor();
      await page.getByTestId('start-interview').click();
      await page.getByTestId('practice-done').click();
      await expect.poll(() => interviewerCaptions(page).first().getAttribute('data-final'), { timeout: 20_000 }).toBe('true');

      // The reload lands in the live view, asking for the click browsers need before sound and the microphone.
      await page.reload();
      await expect.poll(() => attr(page, 'data-connection')).toBe('join');
      expect(await page.getByTestId('notice').count()).toBe(0);
      expect(await a11yViolationsAtBothSizes(page)).toEqual([]);
      await page.getByTestId('live-join-button').click();
      await expect.poll(() => captionText(page, 'interviewer', 0), { timeout: 20_000 }).toMatch(/^Welcome back\. We were at question 1: Tell me about a project you led\.$/);

      // Writing instead: the thread at the same question, answered as in a written interview.
      await page.getByTestId('live-writing').first().click();
      for (const [index, answer] of [
        [1, 'I led the rewrite of our invoicing service.'],
        [2, 'I listen first, then we agree on how to decide.'],
      ] as const) {
        await expect.poll(() => page.getByTestId('progress').textContent()).toBe(`Question ${index} of 2`);
        if (index === 1) expect(await a11yViolationsAtBothSizes(page)).toEqual([]);
        await page.getByTestId('answer-text').fill(answer);
        await page.getByTestId('send-answer').click();
      }
      await expect.poll(() => page.getByTestId('invitation-finished').innerText()).toContain('Thank you!');
      await context.close();

      const rows = await storedTurns(app, invited);
      expect(rows.map((t) => t.role)).toEqual(['agent', 'candidate', 'agent', 'candidate']);
      expect(rows[1].content).toBe('I led the rewrite of our invoicing service.');
      // The interview's mode is the one it started with.
      const [row] = await app.db.select().from(interviews).where(eq(interviews.id, invited.interviewId));
      expect(row).toMatchObject({ status: 'COMPLETED', answerMode: 'live' });
    }, 60_000);
  });
}
