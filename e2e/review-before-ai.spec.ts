import type { Browser, BrowserContext, Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanReviews } from '@/db/schema';
import { generateInterviewReport } from '@/server/services/reports/generate-interview-report';
import { launchBrowser } from '../tests/support/browser';
import { expectAccessible, screenshot, signInThroughForm } from '../tests/support/dashboard-browser';
import { createTestOrg, makeCandidate, makeHiringSetup } from '../tests/support/factories';
import { makeInterviewWithPendingReport } from '../tests/support/report-factories';
import { makeRecruiter, RECRUITER_PASSWORD } from '../tests/support/recruiters';
import { startTestApp, type TestApp } from '../tests/support/test-app';

/**
 * Issue 23 in Chromium: an admin switches on "review before you see the AI"; the interview page hides the AI's
 * scores until the reviewer saves their own review, then shows them. And the Analytics page: the funnel, the
 * agreement table and the automation-bias warning naming a reviewer who always copies the AI.
 */
let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
});

async function seed() {
  const org = await createTestOrg(app.db, app.url, { name: 'Acme Robotics' });
  const admin = await makeRecruiter(app.db, org.orgId, { name: 'Rita Reviewer', role: 'admin' });
  const setup = await makeHiringSetup(app.db, org.orgId);
  const candidate = await makeCandidate(app.db, org.orgId, { firstName: 'Ada', lastName: 'Lovelace' });
  // The default turns: the rules score communication 7 and technical 8, overall (7 + 8 × 2) / 3 × 10 = 76.7.
  const made = await makeInterviewWithPendingReport(app.db, org.orgId, { setup, candidate });
  await generateInterviewReport(app.db, { reportId: made.report.id });
  return { org, admin, setup, interviewId: made.interview.id };
}

describe('review before you see the AI, and the Analytics page', { timeout: 180_000 }, () => {
  let data: Awaited<ReturnType<typeof seed>>;

  beforeAll(async () => {
    data = await seed();
    context = await browser.newContext({ viewport: { width: 1360, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/Paris' });
    page = await context.newPage();
    await signInThroughForm(page, app.url, data.admin.email, RECRUITER_PASSWORD);
  });

  it('an admin switches the mode on in Settings', async () => {
    await page.goto(`${app.url}/settings/candidate-experience`);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Review before you see the AI' }) });
    const box = card.getByRole('checkbox');
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await card.getByText('Saved: reviewers now score before they see the AI.').waitFor();
    await page.reload();
    expect(await page.locator('section', { has: page.getByRole('heading', { name: 'Review before you see the AI' }) }).getByRole('checkbox').isChecked()).toBe(true);
  });

  it("hides the AI's scores until the reviewer saves a review, then shows them", async () => {
    await page.goto(`${app.url}/interviews/${data.interviewId}`);
    const scorecard = page.locator('section', { has: page.getByRole('heading', { name: 'AI scorecard' }) });
    await scorecard.getByTestId('ai-withheld').waitFor();
    expect(await scorecard.getByTestId('score-ring').count()).toBe(0);
    const main = (await page.locator('main').textContent()) ?? '';
    expect(main).not.toContain('76.7');
    expect(main).not.toContain('AI advice');
    await screenshot(page, 'issue23-ai-withheld');
    await expectAccessible(page, 'interview page with the AI withheld');

    const review = page.locator('section', { has: page.getByRole('heading', { name: 'Your review' }) });
    await review.getByLabel('Communication score').fill('6');
    await review.getByLabel('Technical depth score').fill('9');
    await review.getByRole('button', { name: 'Save review' }).click();

    await scorecard.getByTestId('score-ring').getByText('76.7').waitFor();
    expect(await scorecard.getByTestId('ai-withheld').count()).toBe(0);
    expect(await scorecard.textContent()).toContain('AI advice: Yes');
    await review.getByTestId('human-overall').getByText('80').waitFor();
    await screenshot(page, 'issue23-ai-shown-after-review');
  });

  it('shows the funnel, the agreement per criterion and warns about a reviewer who copies the AI', async () => {
    // Five more interviews the same admin "reviewed" with exactly the AI's scores: with the one above (6 vs 7,
    // 9 vs 8), 10 of 12 pairs agree exactly (83 %: no warning yet)…
    const more = [];
    for (let i = 0; i < 5; i++) {
      const candidate = await makeCandidate(app.db, data.org.orgId);
      const made = await makeInterviewWithPendingReport(app.db, data.org.orgId, { setup: data.setup, candidate });
      await generateInterviewReport(app.db, { reportId: made.report.id });
      more.push(made.report.id);
    }
    const copy = async (reportIds: string[]) => {
      for (const reportId of reportIds) {
        await app.db.insert(humanReviews).values({
          reportId,
          orgId: data.org.orgId,
          criteria: [
            { key: 'communication', score: 7, note: null },
            { key: 'technical', score: 8, note: null },
          ],
          overallScore: 76.7,
          reviewedByType: 'user',
          reviewedById: data.admin.id,
        });
      }
    };
    await copy(more);
    await page.goto(`${app.url}/analytics?by=campaign&id=${data.setup.campaign.id}`);
    await page.getByTestId('funnel-steps').waitFor();
    expect(await page.getByTestId('funnel-completed').textContent()).toBe('6');
    const table = page.getByTestId('agreement-table');
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(2);
    expect(await table.locator('tbody tr').first().textContent()).toContain('communication');
    expect(await page.getByTestId('automation-bias-warning').count()).toBe(0);

    // …and 15 more interviews copied (30 pairs): 40 of 42 agree exactly, 95.2 %, past the 95 % threshold.
    const batch = async (n: number) => {
      const ids = [];
      for (let i = 0; i < n; i++) {
        const made = await makeInterviewWithPendingReport(app.db, data.org.orgId, { setup: data.setup, candidate: await makeCandidate(app.db, data.org.orgId) });
        await generateInterviewReport(app.db, { reportId: made.report.id });
        ids.push(made.report.id);
      }
      await copy(ids);
    };
    await batch(15);
    await page.reload();
    await page.getByTestId('agreement-table').waitFor();
    const warning = page.getByTestId('automation-bias-warning');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('Rita Reviewer');
    expect(await warning.textContent()).toContain('95.2 %');
    await screenshot(page, 'issue23-analytics');
    await expectAccessible(page, 'analytics page');
  });
});
