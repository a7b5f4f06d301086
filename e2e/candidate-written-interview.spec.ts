import type { Browser } from '@playwright/test';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviews, mailboxMessages, reports, turns } from '@/db/schema';
import { screenshot } from '../tests/support/dashboard-browser';
import { startFakeOpenAi, type FakeOpenAi } from '../tests/support/fake-openai';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import { acknowledgeNotice, inviteCandidate, launchChromiumWithMicrophone, seriousA11yViolations } from './candidate-support';

/**
 * The interview in writing when nothing is configured (no speech-to-text): the email, the page and the notice say
 * written (no voice, no microphone), the page never asks for the microphone, the interview is a conversation thread
 * (the greeting its own message, earlier questions and answers visible, acknowledgements), a reload rebuilds it and
 * says it resumed once, the progress bar counts answers, and the interview ends with the same turns and report as a
 * spoken one. In French, on a phone (375 px), checked by axe at every step.
 */

let app: TestApp;
let openai: FakeOpenAi;
let browser: Browser;

/** How many transcriptions the service asked for. */
const transcriptions = () => openai.requests.filter((r) => r.path === '/v1/audio/transcriptions').length;

beforeAll(async () => {
  openai = await startFakeOpenAi();
  app = await startTestApp({ RESEND_API_KEY: '', AGENT_DISPATCH_URL: '', STT_BASE_URL: '', LLM_BASE_URL: openai.baseUrl, LLM_API_KEY: 'test-llm-key' });
  browser = await launchChromiumWithMicrophone();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await openai?.close();
});

describe('the candidate interview in writing', () => {
  it('without speech-to-text: writing only, said plainly; a phone, keyboard only, accessible; a lost network loses nothing; same turns and report', async () => {
    const invited = await inviteCandidate(app, { locale: 'fr-FR', firstName: 'Zoé' });
    // The email promises what the candidate will get: a written interview, no voice, no microphone.
    const [email] = await app.db.select().from(mailboxMessages).where(eq(mailboxMessages.orgId, invited.orgId));
    expect(email.text).toContain('Acme Robotics vous invite à un entretien écrit pour le poste de Backend engineer.');
    expect(email.text).toContain('vous répondez par écrit');
    expect(email.text).not.toMatch(/vocal|micro|oral|voix/i);

    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, locale: 'fr-FR', isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const response = await page.goto(`${app.url}/i/${invited.token}`);
    expect(response!.status()).toBe(200);
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
    expect(await page.getByTestId('answer-text').inputValue()).toBe(answers[0]);
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
    expect(await page.getByTestId('answer-text').inputValue()).toBe(answers[1]);
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

    const rows = await app.db
      .select()
      .from(turns)
      .where(and(eq(turns.interviewId, invited.interviewId), eq(turns.orgId, invited.orgId)))
      .orderBy(asc(turns.turnNumber));
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
    await expect.poll(async () => (await app.db.select().from(reports).where(eq(reports.interviewId, invited.interviewId)))[0]?.status, { timeout: 30_000 }).toBe('READY');
  });
});
