import type { Browser } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxMessages, turns } from '@/db/schema';
import { signInThroughForm } from '../tests/support/dashboard-browser';
import { invitationLinkIn } from '../tests/support/fake-resend-server';
import { startFakeOpenAi, type FakeOpenAi } from '../tests/support/fake-openai';
import { createTestOrg, makeCandidate, makeConfig, makeJob } from '../tests/support/factories';
import { makeRecruiter } from '../tests/support/recruiters';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import { launchChromiumWithMicrophone } from './candidate-support';

/**
 * Issue 25, done-when: the practice question is never posted (no turn, no model request), and a candidate who leaves
 * the page twice and pastes an answer is shown with exactly those signals on the recruiter's interview page and in
 * the v1 report. Everything else about the signals is asserted in tests/integration/integrity-signals.test.ts.
 */
let app: TestApp;
let openai: FakeOpenAi;
let browser: Browser;

beforeAll(async () => {
  openai = await startFakeOpenAi();
  app = await startTestApp({ RESEND_API_KEY: '', AGENT_DISPATCH_URL: '', STT_BASE_URL: '', TTS_BASE_URL: '', LLM_BASE_URL: openai.baseUrl, LLM_API_KEY: 'test-llm-key' });
  browser = await launchChromiumWithMicrophone();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await openai?.close();
});

const PRACTICE = 'Sunny here, with a light breeze (practice-sentinel-7Q2).';
const PASTED = 'I have built payment services in TypeScript for eight years, most recently the ledger and the refunds at Acme Pay.';

describe('integrity signals and the practice question, in the browser', () => {
  it('the practice answer goes nowhere; leaving twice and one paste are what the recruiter and the v1 report see', async () => {
    const org = await createTestOrg(app.db, app.url, { name: 'Acme Robotics' });
    const recruiter = await makeRecruiter(app.db, org.orgId);
    const candidate = await makeCandidate(app.db, org.orgId, { locale: 'en', firstName: 'Ada' });
    const job = await makeJob(app.db, org.orgId, 'Backend engineer');
    const config = await makeConfig(app.db, org.orgId, {
      questions: [
        { id: 'q1', text: 'Tell me about yourself.', criterion: 'communication' },
        { id: 'q2', text: 'Describe a hard bug you fixed.', criterion: 'communication' },
      ],
    });
    const created = await org.api('/api/v1/interviews', { body: { candidateId: candidate.id, jobId: job.id, configId: config.id } });
    expect(created.status).toBe(201);
    const interviewId = created.body.id as string;
    await expect.poll(async () => (await app.db.select().from(mailboxMessages).where(eq(mailboxMessages.orgId, org.orgId))).length, { timeout: 20_000 }).toBe(1);
    const [email] = await app.db.select().from(mailboxMessages).where(eq(mailboxMessages.orgId, org.orgId));

    const context = await browser.newContext({ locale: 'en-GB', permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await page.goto(`${app.url}/i/${invitationLinkIn(email).token}`);
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
        const res = await org.api(`/api/v1/reports/interviews/${interviewId}`);
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
    await signInThroughForm(recruiterPage, app.url, recruiter.email, recruiter.password);
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
    await context.close();
  }, 120_000);
});
