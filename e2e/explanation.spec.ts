import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Download, Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateInterviewReport } from '@/server/services/reports/generate-interview-report';
import { launchBrowser } from '../tests/support/browser';
import { expectAccessible, screenshot, signInThroughForm } from '../tests/support/dashboard-browser';
import { createTestOrg, makeCandidate } from '../tests/support/factories';
import { pdfText } from '../tests/support/pdf-text';
import { makeInterviewWithPendingReport, SCORED_TURNS } from '../tests/support/report-factories';
import { makeRecruiter, RECRUITER_PASSWORD } from '../tests/support/recruiters';
import { startTestApp, type TestApp } from '../tests/support/test-app';

/**
 * Issue 23 in Chromium: from the interview page, a recruiter downloads the explanation for the candidate as HTML
 * and PDF, in the candidate's own language (French) and in English picked from the list; each file names the
 * candidate and the criteria, in its language. axe on the interview page with the downloads, desktop and phone. The
 * transcript says which model wrote a follow-up question (provenance of every AI output).
 */
let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let interviewId: string;

const FOLLOW_UP_PROVENANCE = {
  task: 'follow-up-question',
  provider: 'api.openai.com',
  model: 'gpt-4o-mini',
  promptVersion: '1a2b3c4d5e6f7a8b',
  rubricHash: '9f8e7d6c5b4a3928',
  inputHash: '0011223344556677',
  parameters: { temperature: 0, seed: 7 },
  at: '2026-05-04T10:00:00.000Z',
  durationMs: 812,
};

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  const org = await createTestOrg(app.db, app.url, { name: 'Acme Robotics' });
  const recruiter = await makeRecruiter(app.db, org.orgId, { name: 'Rita Recruiter' });
  const candidate = await makeCandidate(app.db, org.orgId, { firstName: 'Noémie', lastName: 'Cœur', locale: 'fr-FR' });
  // The default turns, scored by the rules (no model): communication 7, technical depth 8. The last question is a
  // follow-up a model wrote: its turn carries the provenance of the request that wrote it (issue 23).
  const turns = SCORED_TURNS.map((t) => (t.turnNumber === 5 ? { ...t, evaluation: { interviewer: { followUp: true, answerTurn: 4 }, provenance: FOLLOW_UP_PROVENANCE } } : t));
  const made = await makeInterviewWithPendingReport(app.db, org.orgId, { candidate, turns });
  await generateInterviewReport(app.db, { reportId: made.report.id });
  interviewId = made.interview.id;
  context = await browser.newContext({ viewport: { width: 1360, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/Paris', acceptDownloads: true });
  page = await context.newPage();
  await signInThroughForm(page, app.url, recruiter.email, RECRUITER_PASSWORD);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
});

const plain = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/\s+/g, ' ');

async function downloadFrom(link: string): Promise<Download> {
  const downloads = page.getByTestId('explanation-downloads');
  const [download] = await Promise.all([page.waitForEvent('download'), downloads.getByRole('link', { name: link }).click()]);
  return download;
}

describe('the explanation for the candidate, downloaded from the interview page', { timeout: 180_000 }, () => {
  it("downloads HTML and PDF in the candidate's language (French) by default", async () => {
    await page.goto(`${app.url}/interviews/${interviewId}`);
    const downloads = page.getByTestId('explanation-downloads');
    await downloads.waitFor();
    expect(await downloads.getByLabel('Language').inputValue()).toBe('');
    // The transcript says which model wrote the follow-up question; the configuration's questions say nothing.
    expect(await page.getByTestId('written-by-5').textContent()).toBe('Follow-up written by gpt-4o-mini at api.openai.com · prompt 1a2b3c4d · rubric 9f8e7d6c');
    expect(await page.getByTestId('written-by-3').count()).toBe(0);
    await screenshot(page, 'issue23-explanation-downloads');
    await expectAccessible(page, 'interview page with the explanation downloads');

    const html = await downloadFrom('Download HTML');
    expect(html.suggestedFilename()).toBe(`explanation-${interviewId}-fr.html`);
    const source = await readFile((await html.path())!, 'utf8');
    expect(source).toContain('<html lang="fr">');
    const text = plain(source);
    for (const phrase of ['Comment votre entretien a été évalué', 'Noémie Cœur', 'Critère', 'Communication', 'Technical depth', "Avis de l'IA"]) expect(text).toContain(phrase);

    const pdf = await downloadFrom('Download PDF');
    expect(pdf.suggestedFilename()).toBe(`explanation-${interviewId}-fr.pdf`);
    const bytes = await readFile((await pdf.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdfWords = pdfText(bytes);
    for (const phrase of ['Comment votre entretien a été évalué', 'Noémie Cœur', 'Communication', 'Technical depth']) expect(pdfWords).toContain(phrase);
  });

  it('downloads HTML and PDF in English picked from the list', async () => {
    await page.getByTestId('explanation-downloads').getByLabel('Language').selectOption('en');
    const html = await downloadFrom('Download HTML (English)');
    expect(html.suggestedFilename()).toBe(`explanation-${interviewId}-en.html`);
    const source = await readFile((await html.path())!, 'utf8');
    expect(source).toContain('<html lang="en">');
    const text = plain(source);
    for (const phrase of ['How your interview was assessed', 'Noémie Cœur', 'Criterion', 'Communication', 'Technical depth', 'No decision has been taken yet.']) expect(text).toContain(phrase);

    const pdf = await downloadFrom('Download PDF (English)');
    expect(pdf.suggestedFilename()).toBe(`explanation-${interviewId}-en.pdf`);
    const pdfWords = pdfText(await readFile((await pdf.path())!));
    for (const phrase of ['How your interview was assessed', 'Noémie Cœur', 'Criterion | Weight | AI score', 'Technical depth']) expect(pdfWords).toContain(phrase);
  });

  it('the downloads are accessible on a phone', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, storageState: await context.storageState() });
    try {
      const small = await phone.newPage();
      await small.goto(`${app.url}/interviews/${interviewId}`);
      await small.getByTestId('explanation-downloads').waitFor();
      await expectAccessible(small, 'interview page with the explanation downloads, phone');
      await screenshot(small, 'issue23-explanation-downloads-phone');
    } finally {
      await phone.close();
    }
  });
});
