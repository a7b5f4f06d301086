import type { Browser } from '@playwright/test';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviews, reports, turns } from '@/db/schema';
import { screenshot } from '../tests/support/dashboard-browser';
import { startFakeOpenAi, type FakeOpenAi } from '../tests/support/fake-openai';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import { acknowledgeNotice, inviteCandidate, launchChromiumWithMicrophone, seriousA11yViolations } from './candidate-support';

/**
 * The interview in writing when no speech-to-text is configured: the page says that answers are written, never
 * asks for the microphone, and the interview ends with the same turns and report as a spoken one. In French, on a
 * phone, checked by axe at every step.
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
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR', isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const response = await page.goto(`${app.url}/i/${invited.token}`);
    expect(response!.status()).toBe(200);

    const notice = await page.getByTestId('notice-items').innerText();
    for (const text of ['intelligence artificielle', 'enregistrées puis transcrites', 'par écrit', 'Une personne de Acme Robotics lit vos réponses et prend la décision', 'conservés', 'entretien sans IA']) {
      expect(notice).toContain(text);
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'candidate-written-notice-phone');

    // Keyboard only: the checkbox and the button are reached with Tab and used with Space and Enter.
    await page.getByTestId('consent').focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByTestId('setup').waitFor();
    expect(await page.getByTestId('voice-unavailable').innerText()).toContain('vous répondrez par écrit');
    expect(await page.getByTestId('mic-check').count()).toBe(0);
    expect(await page.getByTestId('mode-voice').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'candidate-written-setup-phone');
    await page.getByTestId('start-interview').click();

    const answers = [
      "Je développe depuis huit ans des services de paiement en TypeScript, aujourd'hui chez Acme Pay.",
      "Une fuite mémoire dans un worker Node : j'ai comparé deux instantanés du tas et trouvé un cache jamais vidé.",
    ];
    for (const [i, answer] of answers.entries()) {
      await expect.poll(() => page.getByTestId('progress').textContent()).toBe(`Question ${i + 1} sur 2`);
      // The question has focus when it arrives, and is announced.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('cp-stage-title');
      if (i === 0) {
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, 'candidate-written-question-phone');
      }
      await page.getByTestId('answer-text').fill(answer);
      if (i === 0) {
        // The network drops as the answer is sent: the page says so, keeps it, and sends it once back online.
        await context.setOffline(true);
        await page.getByTestId('send-answer').click();
        await expect.poll(() => page.getByTestId('answer-status').textContent()).toBe('Connexion perdue, nouvel essai…');
        await context.setOffline(false);
      } else {
        await page.getByTestId('send-answer').click();
      }
    }
    await expect.poll(() => page.getByTestId('invitation-finished').innerText()).toContain('Merci !');
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
