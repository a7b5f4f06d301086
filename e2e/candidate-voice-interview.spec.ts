import type { Browser, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { interviews } from '@/db/schema';
import { screenshot, signInThroughForm } from '../tests/support/dashboard-browser';
import {
  a11yViolationsAtBothSizes,
  acknowledgeNotice,
  awaitReportReady,
  candidateSuite,
  expectPlayableAndSeekable,
  inviteCandidate,
  openCandidatePage,
  PHONE,
  spokenAnswerWav,
  storedTurns,
  type InvitedCandidate,
} from './candidate-support';

/**
 * A whole interview by voice, in Debian's Chromium: the fake microphone plays an answer spoken by espeak-ng, the
 * page records it until voice-activity detection hears the end, the service transcribes it through the real
 * `openai` SDK pointed at a local server, the candidate corrects a transcript by pasting over it (an integrity
 * signal, as in a written answer), reloads mid-interview, finishes; the recruiter then hears every answer and sees
 * the paste. And the same interview with the microphone refused: the page offers writing, and the report is of
 * the same kind. axe at phone and desktop sizes on every screen that waits for the candidate.
 */

const SPOKEN = 'I have built web services in TypeScript for eight years, mostly payment systems.';
const CORRECTED = 'I have built web services in TypeScript for eight years, mostly payment systems at Acme Pay.';

const suite = candidateSuite({
  microphone: () => spokenAnswerWav(SPOKEN),
  env: (openai) => ({
    STT_BASE_URL: openai.baseUrl,
    STT_API_KEY: 'test-stt-key',
    // The questions are spoken by the service (GET /speech/:turnNumber); the fake's MP3 is silence.
    TTS_BASE_URL: openai.baseUrl,
    TTS_API_KEY: 'test-tts-key',
    ANSWER_TIME_LIMIT_SECONDS: '60',
  }),
});
beforeAll(() => suite.openai.setDefaultTranscript(SPOKEN));

/** How many transcriptions the service asked for. */
const transcriptions = () => suite.openai.requests.filter((r) => r.path === '/v1/audio/transcriptions').length;

const openLink = (browser: Browser, token: string, options: Parameters<typeof openCandidatePage>[2] = {}) => openCandidatePage(browser, `${suite.app.url}/i/${token}`, options);

/** Waits for the recording of the pending question to end and its transcript to be shown for review. */
async function awaitTranscript(page: Page, questionIndex: number): Promise<void> {
  await expect.poll(() => page.getByTestId('progress').textContent()).toBe(`Question ${questionIndex} of 2`);
  await expect.poll(() => page.getByTestId('question-panel').getAttribute('data-step'), { timeout: 30_000 }).toBe('reviewing');
  expect(await page.getByTestId('answer-text').inputValue()).toBe(SPOKEN);
}

async function recruiterSees(invited: InvitedCandidate, expectations: { transcript: string[]; audio: boolean }): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  page.on('close', () => void context.close().catch(() => undefined));
  await signInThroughForm(page, suite.app.url, invited.recruiter.email, invited.recruiter.password);
  await page.goto(`${suite.app.url}/interviews/${invited.interviewId}`);
  const transcript = page.getByRole('list', { name: 'Transcript' });
  for (const text of expectations.transcript) await expect.poll(() => transcript.innerText()).toContain(text);
  // The scorecard is the model's: criteria scored, and each answer's rationale quotes it.
  await expect.poll(() => page.getByText('Scored by').count(), { timeout: 30_000 }).toBeGreaterThan(0);
  const rationales = await page.getByRole('group', { name: /Evaluation of turn/ }).allInnerTexts();
  expect(rationales.length).toBe(2);
  for (const r of rationales) expect(r).toMatch(/"[^"]+"/);
  expect(await page.getByTestId('consented-at').locator('time').count()).toBe(1);
  if (expectations.audio) {
    for (const turn of [2, 4]) expect(await expectPlayableAndSeekable(page, `turn-audio-${turn}`)).toBeGreaterThan(0.5);
    expect(await expectPlayableAndSeekable(page, 'whole-audio')).toBeGreaterThan(0.5);
  } else {
    expect(await page.locator('audio').count()).toBe(0);
  }
  return page;
}

describe('the candidate interview by voice', () => {
  it('records, transcribes, lets the candidate correct, survives a reload, and the recruiter hears every answer', async () => {
    const invited = await inviteCandidate(suite.app, { locale: 'en-GB', firstName: 'Ada' });
    const page = await openLink(suite.browser, invited.token, { viewport: { width: 1000, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
    // With speech-to-text the page offers both ways of answering, and promises no voice call.
    expect(await page.getByTestId('intro').innerText()).toBe('Acme Robotics invites you to an interview for the Backend engineer position.');
    expect(await page.locator('main').innerText()).toContain('you answer out loud or in writing');

    // The notice: every item, accessible, nothing happens before it is acknowledged.
    const notice = await page.getByTestId('notice').textContent();
    for (const text of ['artificial intelligence', 'recorded and transcribed', 'in writing', 'A person at Acme Robotics reviews your answers and takes the decision', 'kept', 'interview without AI']) {
      expect(notice).toContain(text);
    }
    expect(await a11yViolationsAtBothSizes(page)).toEqual([]);
    await page.getByTestId('accept-notice').click();
    expect(await page.getByTestId('consent').getAttribute('aria-invalid')).toBe('true');
    expect((await suite.app.db.select().from(interviews).where(eq(interviews.id, invited.interviewId)))[0].consentedAt).toBeNull();
    await acknowledgeNotice(page);

    // The microphone check: permission, then the live level of the fake microphone's voice.
    await page.getByTestId('mic-allow').click();
    await expect.poll(() => page.getByTestId('mic-level').getAttribute('data-level').then(Number)).toBeGreaterThan(0.05);
    expect(await a11yViolationsAtBothSizes(page)).toEqual([]);
    await screenshot(page, 'candidate-voice-mic-check');
    await page.getByTestId('start-interview').click();
    // The practice question by voice (spoken by the browser, recorded, played back; never posted).
    await page.getByTestId('practice').waitFor();
    expect(await a11yViolationsAtBothSizes(page)).toEqual([]);
    await page.getByTestId('practice-done').click();

    // Question 1: shown, recorded until the silence after the answer, transcribed, then corrected by pasting a
    // corrected text over the transcript (a real paste from the clipboard into the review box).
    await expect.poll(() => page.getByTestId('question-text').textContent()).toBe('Tell me about yourself.');
    expect(await page.getByTestId('msg-greeting').innerText()).toContain('Hello Ada, thank you for joining');
    await awaitTranscript(page, 1);
    expect(await a11yViolationsAtBothSizes(page)).toEqual([]);
    await screenshot(page, 'candidate-voice-review');
    await page.evaluate((text) => navigator.clipboard.writeText(text), CORRECTED);
    await page.getByTestId('answer-text').selectText();
    await page.keyboard.press('ControlOrMeta+V');
    await expect.poll(() => page.getByTestId('answer-text').inputValue()).toBe(CORRECTED);
    await page.getByTestId('send-answer').click();

    // Question 2: transcribed, then the tab reloads before the answer is sent: the draft survives.
    await expect.poll(() => page.getByTestId('question-text').textContent()).toContain('Describe a hard bug you fixed.');
    await awaitTranscript(page, 2);
    await page.reload();
    await expect.poll(() => page.getByTestId('question-text').textContent()).toContain('Describe a hard bug you fixed.');
    expect(await page.getByTestId('progress').textContent()).toBe('Question 2 of 2');
    await expect.poll(() => page.getByTestId('answer-text').inputValue()).toBe(SPOKEN);
    expect(await page.getByTestId('notice').count()).toBe(0);
    // The thread is rebuilt: the first answer as corrected, acknowledged.
    expect(await page.getByTestId('msg-answer').innerText()).toContain(CORRECTED);
    expect(await page.getByTestId('msg-ack').count()).toBe(1);
    await page.getByTestId('send-answer').click();

    await expect.poll(() => page.getByTestId('invitation-finished').innerText()).toContain('Thank you!');
    expect(await a11yViolationsAtBothSizes(page)).toEqual([]);
    await screenshot(page, 'candidate-voice-finished');
    await page.close();

    // One agent turn per question, one candidate turn per answer, each with its stored recording.
    const rows = await storedTurns(suite.app, invited);
    expect(rows.map((t) => [t.turnNumber, t.role])).toEqual([
      [1, 'agent'],
      [2, 'candidate'],
      [3, 'agent'],
      [4, 'candidate'],
    ]);
    expect(rows[1].content).toBe(CORRECTED);
    expect(rows[3].content).toBe(SPOKEN);
    expect(rows[1].audioUrl).toBeTruthy();
    expect(rows[3].audioUrl).toBeTruthy();
    expect(transcriptions()).toBeGreaterThanOrEqual(2);
    // Each question was spoken once by the service's text-to-speech (cached; the reload did not read it again).
    expect(suite.openai.requests.filter((r) => r.path === '/v1/audio/speech').length).toBeGreaterThanOrEqual(2);
    const [row] = await suite.app.db.select().from(interviews).where(eq(interviews.id, invited.interviewId));
    expect(row.status).toBe('COMPLETED');
    expect(row.consentedAt).toBeInstanceOf(Date);
    await awaitReportReady(suite.app, invited.interviewId);

    // The paste into the review box is an integrity signal: in the v1 report and on the recruiter's page, exactly.
    const report = await invited.api(`/api/v1/reports/interviews/${invited.interviewId}`);
    expect(report.status).toBe(200);
    expect(report.body.integrity.pastedAnswers).toEqual([{ turnNumber: 2, pastes: 1, characters: CORRECTED.length, answerCharacters: CORRECTED.length }]);
    const recruiter = await recruiterSees(invited, { transcript: [CORRECTED, SPOKEN, 'Tell me about yourself.'], audio: true });
    expect(await recruiter.getByTestId('integrity-paste').allInnerTexts()).toEqual([
      `Pasted ${CORRECTED.length} characters into the answer at turn 2; the answer sent has ${CORRECTED.length} characters.`,
    ]);
    // Playing an answer highlights its turn; the speed applies to the players.
    await recruiter.getByTestId('playback-speed').selectOption('1.5');
    await recruiter.getByTestId('turn-audio-4').evaluate((el: HTMLMediaElement) => el.play());
    await expect.poll(() => recruiter.locator('li[data-turn="4"]').getAttribute('aria-current')).toBe('true');
    expect(await recruiter.getByTestId('turn-audio-4').evaluate((el: HTMLMediaElement) => el.playbackRate)).toBe(1.5);
    await screenshot(recruiter, 'recruiter-voice-interview');
    await recruiter.close();
  }, 120_000);

  it('with the microphone refused, the page says so, offers writing, and the interview ends with the same kind of report', async () => {
    const invited = await inviteCandidate(suite.app, { locale: 'en', firstName: 'Grace' });
    const page = await openLink(suite.deniedBrowser, invited.token, { viewport: PHONE });
    await acknowledgeNotice(page);
    await page.getByTestId('mic-allow').click();
    await expect.poll(() => page.getByTestId('mic-denied').innerText()).toContain('The microphone is blocked');
    expect(await page.getByTestId('start-interview').isDisabled()).toBe(true);
    expect(await a11yViolationsAtBothSizes(page)).toEqual([]);
    await screenshot(page, 'candidate-mic-denied-phone');
    await page.getByTestId('use-writing').click();
    await page.getByTestId('start-interview').click();
    await page.getByTestId('practice-done').click();

    for (const [index, answer] of [
      [1, 'I lead a team of four building an ordering platform in TypeScript and PostgreSQL.'],
      [2, 'A race condition in our payment retries: two workers charged the same card; I added a unique idempotency key.'],
    ] as const) {
      await expect.poll(() => page.getByTestId('progress').textContent()).toBe(`Question ${index} of 2`);
      // Writing in an interview offered by voice: the switch back to the microphone stays on offer.
      if (index === 1) expect(await a11yViolationsAtBothSizes(page)).toEqual([]);
      await page.getByTestId('answer-text').fill(answer);
      await page.getByTestId('send-answer').click();
    }
    await expect.poll(() => page.getByTestId('invitation-finished').innerText()).toContain('Thank you!');
    await page.close();

    const rows = await storedTurns(suite.app, invited);
    expect(rows.filter((t) => t.role === 'candidate').map((t) => t.audioUrl)).toEqual([null, null]);
    await awaitReportReady(suite.app, invited.interviewId);
    const recruiter = await recruiterSees(invited, { transcript: ['ordering platform', 'idempotency key'], audio: false });
    await recruiter.close();
  }, 60_000);

  it('without a reload, the whole conversation is recorded too and becomes the interview recording the recruiter plays', async () => {
    const invited = await inviteCandidate(suite.app, { locale: 'en', firstName: 'Alan', questions: [{ id: 'q1', text: 'Why this job?', criterion: 'communication' }] });
    const page = await openLink(suite.browser, invited.token);
    await acknowledgeNotice(page);
    await page.getByTestId('mic-allow').click();
    await page.getByTestId('mic-level').waitFor();
    await page.getByTestId('start-interview').click();
    await page.getByTestId('practice-done').click();
    await expect.poll(() => page.getByTestId('progress').textContent()).toBe('Question 1 of 1');
    await expect.poll(() => page.getByTestId('question-panel').getAttribute('data-step'), { timeout: 30_000 }).toBe('reviewing');
    await page.getByTestId('send-answer').click();
    await expect.poll(() => page.getByTestId('invitation-finished').innerText()).toContain('Thank you!');
    await expect.poll(async () => (await suite.app.db.select().from(interviews).where(eq(interviews.id, invited.interviewId)))[0].audioUrl).toMatch(/\/api\/audio\/rec_/);
    await page.close();

    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const recruiter = await context.newPage();
    await signInThroughForm(recruiter, suite.app.url, invited.recruiter.email, invited.recruiter.password);
    await recruiter.goto(`${suite.app.url}/interviews/${invited.interviewId}`);
    await recruiter.getByRole('heading', { name: 'Full recording' }).waitFor();
    expect(await expectPlayableAndSeekable(recruiter, 'whole-audio')).toBeGreaterThan(0.5);
    await context.close();
  }, 60_000);
});
