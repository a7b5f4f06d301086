import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { interviews, mailboxMessages, turns } from '@/db/schema';
import { screenshot, signInThroughForm } from '../tests/support/dashboard-browser';
import { awaitReportReady, candidateSuite, inviteCandidate, openCandidatePage, PHONE, seriousA11yViolations, storedTurns } from './candidate-support';

/**
 * The interview in writing when nothing is configured (no speech-to-text): the email, the page and the notice say
 * written (no voice, no microphone), the page never asks for the microphone, the interview is a conversation thread
 * (the greeting its own message, earlier questions and answers visible, acknowledgements), a reload rebuilds it and
 * says it resumed once, the progress bar counts answers, and the interview ends with the same turns and report as a
 * spoken one. In French, on a phone (375 px), checked by axe at every step. Then the practice question and the
 * integrity signals of a written interview, end to end.
 */

const suite = candidateSuite();

/** How many transcriptions the service asked for. */
const transcriptions = () => suite.openai.requests.filter((r) => r.path === '/v1/audio/transcriptions').length;

describe('the candidate interview in writing', () => {
  it('without speech-to-text: writing only, said plainly; a phone, keyboard only, accessible; a lost network loses nothing; same turns and report', async () => {
    const { app } = suite;
    const invited = await inviteCandidate(app, { locale: 'fr-FR', firstName: 'Zoé' });
    // The email promises what the candidate will get: a written interview, no voice, no microphone.
    const [email] = await app.db.select().from(mailboxMessages).where(eq(mailboxMessages.orgId, invited.orgId));
    expect(email.text).toContain('Acme Robotics vous invite à un entretien écrit pour le poste de Backend engineer.');
    expect(email.text).toContain('vous répondez par écrit');
    expect(email.text).not.toMatch(/vocal|micro|oral|voix/i);

    const page = await openCandidatePage(suite.browser, `${app.url}/i/${invited.token}`, { viewport: PHONE, locale: 'fr-FR' });
    const context = page.context();
    expect(await page.title()).toBe('Entretien écrit : Backend engineer');
    expect(await page.getByTestId('intro').innerText()).toBe('Acme Robotics vous invite à un entretien écrit pour le poste de Backend engineer.');

    const notice = await page.getByTestId('notice').textContent();
    for (const text of ['posées par écrit par une intelligence artificielle', 'Vous répondez par écrit', 'Une personne de Acme Robotics lit vos réponses et prend la décision', 'conservés', 'entretien sans IA']) {
      expect(notice).toContain(text);
    }
    expect(await page.locator('main').innerText()).not.toMatch(/vocal|micro|oral|voix/i);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'candidate-written-notice-phone');

    // Keyboard only: the checkbox and the button are reached with Tab and used with Space and Enter; a written
    // interview has nothing to set up, so the notice's button starts it.
    await page.getByTestId('consent').focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    // The practice question first: answered, shown as it would be sent, never posted; then the interview.
    await page.getByTestId('practice').waitFor();
    await page.getByTestId('practice-text').fill('Il fait beau et doux.');
    await page.getByTestId('practice-try').click();
    expect(await page.getByTestId('practice-echo').innerText()).toBe('Il fait beau et doux.');
    await page.getByTestId('practice-done').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('thread').waitFor();
    expect(await page.getByTestId('mic-check').count()).toBe(0);
    expect(await page.getByTestId('setup').count()).toBe(0);

    const answers = [
      "Je développe depuis huit ans des services de paiement en TypeScript, aujourd'hui chez Acme Pay.",
      "Une fuite mémoire dans un worker Node : j'ai comparé deux instantanés du tas et trouvé un cache jamais vidé.",
    ];
    const bar = () => page.getByTestId('progress-bar').evaluate((el: HTMLProgressElement) => [el.value, el.max]);

    // Question 1: the greeting is its own message, the question has focus, the bar is empty, no resume banner.
    await expect.poll(() => page.getByTestId('progress').textContent()).toBe('Question 1 sur 2');
    expect(await page.getByTestId('msg-greeting').innerText()).toContain('Bonjour Zoé, merci de participer à cet entretien pour le poste de Backend engineer.');
    expect(await page.getByTestId('question-text').innerText()).toBe('Tell me about yourself.');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('cp-current-question');
    expect(await bar()).toEqual([0, 2]);
    expect(await page.getByTestId('resumed').count()).toBe(0);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'candidate-written-question-phone');

    // A reload on question 1 keeps the draft and says the interview resumed there.
    await page.getByTestId('answer-text').fill(answers[0]);
    await page.reload();
    await expect.poll(() => page.getByTestId('resumed').textContent()).toBe("Reprise de l'entretien à la question 1.");
    await expect.poll(() => page.getByTestId('answer-text').inputValue()).toBe(answers[0]);
    expect(await page.getByTestId('msg-greeting').count()).toBe(1);

    // The network drops as the answer is sent: the page says so, keeps it, and sends it once back online.
    await context.setOffline(true);
    await page.getByTestId('send-answer').click();
    await expect.poll(() => page.getByTestId('answer-status').textContent()).toBe('Connexion perdue, nouvel essai…');
    // The answer is in the thread already, the interviewer is "typing".
    expect(await page.getByTestId('typing').count()).toBe(1);
    expect(await page.getByTestId('msg-answer').last().innerText()).toContain(answers[0]);
    await context.setOffline(false);

    // Question 2: the first answer stays visible, acknowledged; focus stays in the text field, the new question is
    // announced; the bar counts one answer.
    await expect.poll(() => page.getByTestId('progress').textContent()).toBe('Question 2 sur 2');
    expect(await page.getByTestId('messages').locator('li').evaluateAll((items) => items.map((i) => i.getAttribute('data-testid')))).toEqual([
      'msg-greeting',
      'msg-question',
      'msg-answer',
      'msg-ack',
      'msg-question',
    ]);
    expect(await page.getByTestId('question-text').innerText()).toBe('Describe a hard bug you fixed.');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('answer-text');
    await expect.poll(() => page.getByTestId('announcer').textContent()).toContain('Describe a hard bug you fixed.');
    expect(await bar()).toEqual([1, 2]);
    // The resume banner was for question 1 only.
    expect(await page.getByTestId('resumed').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'candidate-written-thread-phone');

    // A reload rebuilds the thread from the session and says it resumed, on this question only.
    await page.getByTestId('answer-text').fill(answers[1]);
    await page.reload();
    await expect.poll(() => page.getByTestId('progress').textContent()).toBe('Question 2 sur 2');
    expect(await page.getByTestId('resumed').innerText()).toBe("Reprise de l'entretien à la question 2.");
    expect(await page.getByTestId('msg-answer').innerText()).toContain(answers[0]);
    expect(await page.getByTestId('msg-greeting').count()).toBe(1);
    await expect.poll(() => page.getByTestId('answer-text').inputValue()).toBe(answers[1]);
    expect(await page.getByTestId('notice').count()).toBe(0);
    expect(await bar()).toEqual([1, 2]);
    // Ctrl+Enter sends.
    await page.getByTestId('answer-text').press('Control+Enter');

    await expect.poll(() => page.getByTestId('invitation-finished').innerText()).toContain('Merci !');
    expect(await page.getByTestId('resumed').count()).toBe(0);
    expect(await page.getByTestId('msg-answer').count()).toBe(2);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'candidate-written-finished-phone');
    await context.close();

    const rows = await storedTurns(app, invited);
    expect(rows.map((t) => [t.role, t.role === 'candidate' ? t.content : null])).toEqual([
      ['agent', null],
      ['candidate', answers[0]],
      ['agent', null],
      ['candidate', answers[1]],
    ]);
    for (const t of rows.filter((r) => r.role === 'candidate')) expect(Object.keys((t.evaluation as { scores?: object })?.scores ?? {})).not.toHaveLength(0);
    expect(transcriptions()).toBe(0);
    const [row] = await app.db.select().from(interviews).where(eq(interviews.id, invited.interviewId));
    expect(row.status).toBe('COMPLETED');
    expect(row.consentedAt).toBeInstanceOf(Date);
    await awaitReportReady(app, invited.interviewId);
  }, 90_000);
});

const PRACTICE = 'Sunny here, with a light breeze (practice-sentinel-7Q2).';
const PASTED = 'I have built payment services in TypeScript for eight years, most recently the ledger and the refunds at Acme Pay.';

/**
 * Issue 25, done-when: the practice question is never posted (no turn, no model request), and a candidate who leaves
 * the page twice and pastes an answer is shown with exactly those signals on the recruiter's interview page and in
 * the v1 report. Everything else about the signals is asserted in tests/integration/integrity-signals.test.ts; a
 * paste into the recorded mode's review box in candidate-voice-interview.spec.ts. (Here rather than in a file of its
 * own: the same app and browser as the written interview, started once.)
 */
describe('integrity signals and the practice question, in the browser', () => {
  it('the practice answer goes nowhere; leaving twice and one paste are what the recruiter and the v1 report see', async () => {
    const { app, openai, browser } = suite;
    const invited = await inviteCandidate(app, {
      locale: 'en',
      firstName: 'Ada',
      questions: [
        { id: 'q1', text: 'Tell me about yourself.', criterion: 'communication' },
        { id: 'q2', text: 'Describe a hard bug you fixed.', criterion: 'communication' },
      ],
    });
    const { interviewId } = invited;
    const page = await openCandidatePage(browser, `${app.url}/i/${invited.token}`, { permissions: ['clipboard-read', 'clipboard-write'] });
    // The notice says what is observed, before anything starts: one tap away, in the notice's details.
    await page.getByTestId('notice-details').locator('summary').click();
    expect(await page.getByTestId('notice-integrity').innerText()).toContain('when you leave it during the interview and for how long');
    await page.getByTestId('consent').check();
    await page.getByTestId('start-interview').click();

    // The practice question: answered, shown back, then the interview.
    await page.getByTestId('practice').waitFor();
    await page.getByTestId('practice-text').fill(PRACTICE);
    await page.getByTestId('practice-try').click();
    expect(await page.getByTestId('practice-echo').innerText()).toBe(PRACTICE);
    expect(await page.getByTestId('practice-result').innerText()).toContain('It works');
    await page.getByTestId('practice-done').click();
    await expect.poll(() => page.getByTestId('question-text').textContent(), { timeout: 20_000 }).toBe('Tell me about yourself.');

    // Leave the page twice, each time for over a second. Headless Chromium never hides a page (another tab brought
    // to the front leaves it 'visible'), so the browser's own signal is given as a browser gives it: the document
    // turns hidden and fires visibilitychange, then turns visible again. What the page does with it is the real code.
    const setVisibility = (state: 'hidden' | 'visible') =>
      page.evaluate((value) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => value === 'hidden' });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    for (let i = 0; i < 2; i++) {
      await setVisibility('hidden');
      // The absence is what is measured: it must last past the one-second floor.
      await page.waitForTimeout(1200);
      await setVisibility('visible');
    }

    // Paste the first answer (a real paste from the clipboard), type the second.
    await page.evaluate((text) => navigator.clipboard.writeText(text), PASTED);
    await page.getByTestId('answer-text').focus();
    await page.keyboard.press('ControlOrMeta+V');
    await expect.poll(() => page.getByTestId('answer-text').inputValue()).toBe(PASTED);
    await page.getByTestId('send-answer').click();
    await expect.poll(() => page.getByTestId('question-text').textContent(), { timeout: 20_000 }).toBe('Describe a hard bug you fixed.');
    await page.getByTestId('answer-text').pressSequentially('A cache leak.');
    await page.getByTestId('send-answer').click();
    await page.getByTestId('invitation-finished').waitFor({ timeout: 20_000 });

    const report = await (async () => {
      for (const deadline = Date.now() + 30_000; Date.now() < deadline; await page.waitForTimeout(200)) {
        const res = await invited.api(`/api/v1/reports/interviews/${interviewId}`);
        if (res.status === 200 && res.body.integrity.pageAway.count === 2) return res.body;
      }
      throw new Error('no report with the signals');
    })();
    expect(report.integrity).toEqual({
      pageAway: { count: 2, totalSeconds: expect.any(Number) },
      pastedAnswers: [{ turnNumber: 2, pastes: 1, characters: PASTED.length, answerCharacters: PASTED.length }],
      fastAnswers: [],
      longSilences: [],
    });
    expect(report.integrity.pageAway.totalSeconds).toBeGreaterThanOrEqual(2.4);

    // The recruiter's interview page shows the same facts.
    const recruiterPage = await browser.newPage();
    await signInThroughForm(recruiterPage, app.url, invited.recruiter.email, invited.recruiter.password);
    await recruiterPage.goto(`${app.url}/interviews/${interviewId}`);
    await expect.poll(() => recruiterPage.getByTestId('integrity-away').innerText()).toMatch(/^Left the interview page 2 times, \d+(\.\d)? s in all\.$/);
    expect(await recruiterPage.getByTestId('integrity-paste').allInnerTexts()).toEqual([
      `Pasted ${PASTED.length} characters into the answer at turn 2; the answer sent has ${PASTED.length} characters.`,
    ]);
    expect(await recruiterPage.getByTestId('integrity-fast').count()).toBe(0);
    expect(await recruiterPage.getByTestId('integrity-silence').count()).toBe(0);

    // The practice answer was never a turn and never reached the model, which did see the real answers.
    const stored = await app.db.select().from(turns).where(eq(turns.interviewId, interviewId));
    expect(stored.some((t) => t.content.includes('practice-sentinel'))).toBe(false);
    expect(openai.requests.some((r) => r.raw.includes('the ledger and the refunds'))).toBe(true);
    expect(openai.requests.some((r) => r.raw.includes('practice-sentinel'))).toBe(false);
    await recruiterPage.close();
    await page.close();
  }, 120_000);
});
