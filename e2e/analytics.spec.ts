import type { Browser, BrowserContext, Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanReviews, reports } from '@/db/schema';
import { newId } from '@/server/ids';
import { launchBrowser } from '../tests/support/browser';
import { expectAccessible, screenshot, signInThroughForm } from '../tests/support/dashboard-browser';
import { createTestOrg, makeCampaign, makeCandidate, makeConfig, makeInterview, makeJob } from '../tests/support/factories';
import { makeRecruiter } from '../tests/support/recruiters';
import { startTestApp, type TestApp } from '../tests/support/test-app';

/**
 * In Debian's Chromium, at desktop and phone sizes: the overview's "Awaiting your decision" card (oldest first,
 * the reviewer's score labelled as such, a demo never in it) and the analytics page's funnel over time (chart and
 * table, the week/month switch), with axe on both. The figures themselves are checked over HTTP in
 * tests/integration/analytics-timeseries-queue.test.ts; this is what only a browser shows.
 */
let app: TestApp;
let browser: Browser;
beforeAll(async () => {
  app = await startTestApp({ RESEND_API_KEY: '', AGENT_DISPATCH_URL: '' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1360, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

async function seed() {
  const org = await createTestOrg(app.db, app.url, { name: 'Acme Robotics' });
  const viewer = await makeRecruiter(app.db, org.orgId, { role: 'viewer' });
  const job = await makeJob(app.db, org.orgId, 'Backend engineer');
  const campaign = await makeCampaign(app.db, org.orgId, job.id, 'Spring hiring');
  const config = await makeConfig(app.db, org.orgId);
  const rows: [string, string, string, number | null, number | null, boolean][] = [
    // name, invitedAt, completedAt, AI score, reviewer's score, demo
    ['Rhea Reviewed', '2026-03-03T08:00:00Z', '2026-03-04T10:00:00Z', 60, 85, false],
    ['Alma Aionly', '2026-03-10T08:00:00Z', '2026-03-11T10:00:00Z', 55, null, false],
    ['Demo Sample', '2026-03-10T08:00:00Z', '2026-03-10T09:00:00Z', 89, null, true],
    ['Nina Noreport', '2026-03-24T08:00:00Z', '2026-03-25T10:00:00Z', null, null, false],
  ];
  for (const [name, invitedAt, completedAt, ai, human, demo] of rows) {
    const [firstName, lastName] = name.split(' ');
    const candidate = await makeCandidate(app.db, org.orgId, { firstName, lastName });
    const interview = await makeInterview(app.db, org.orgId, {
      candidateId: candidate.id,
      jobId: job.id,
      campaignId: campaign.id,
      configId: config.id,
      status: 'COMPLETED',
      invitedAt: new Date(invitedAt),
      openedAt: new Date(invitedAt),
      startedAt: new Date(invitedAt),
      completedAt: new Date(completedAt),
      endedAt: new Date(completedAt),
      isDemo: demo,
    });
    if (ai !== null) {
      const [report] = await app.db
        .insert(reports)
        .values({ id: newId('report'), orgId: org.orgId, type: 'interview', interviewId: interview.id, status: 'READY', overallScore: ai, recommendation: 'YES', criteria: [], flags: [], completedAt: new Date(completedAt) })
        .returning();
      if (human !== null) await app.db.insert(humanReviews).values({ reportId: report.id, orgId: org.orgId, criteria: [], overallScore: human, reviewedByType: 'user', reviewedById: viewer.id });
    }
  }
  // An invitation still open in the week of the 2nd, so the chart has a started-less bar.
  const waiting = await makeCandidate(app.db, org.orgId, { firstName: 'Ines', lastName: 'Invited' });
  await makeInterview(app.db, org.orgId, { candidateId: waiting.id, jobId: job.id, campaignId: campaign.id, configId: config.id, invitedAt: new Date('2026-03-02T08:00:00Z') });
  return { org, viewer, campaign };
}

describe.each(VIEWPORTS)('analytics in a real browser ($name)', { timeout: 180_000 }, ({ name, viewport }) => {
  let context: BrowserContext;
  let page: Page;
  let seeded: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    seeded = await seed();
    context = await browser.newContext({ viewport, locale: 'en-GB', timezoneId: 'Europe/Paris' });
    page = await context.newPage();
    await signInThroughForm(page, app.url, seeded.viewer.email, seeded.viewer.password);
  });
  afterAll(() => context?.close());

  it('the overview lists the interviews awaiting a decision, oldest first, the demo left out, whose score each is', async () => {
    const card = page.getByTestId('awaiting-decision');
    await card.getByTestId('awaiting-decision-list').waitFor();
    const rows = card.getByTestId('awaiting-decision-list').locator('li');
    expect(await rows.count()).toBe(3);
    const texts = await rows.allInnerTexts();
    expect(texts[0]).toContain('Rhea Reviewed');
    expect(texts[0]).toContain('85');
    expect(texts[0]).toContain('Reviewer');
    expect(texts[1]).toContain('Alma Aionly');
    expect(texts[1]).toContain('AI');
    expect(texts[2]).toContain('Nina Noreport');
    expect(texts[2]).toContain('Not scored');
    expect(texts.join('\n')).not.toContain('Demo Sample');
    expect(await card.innerText()).toContain('(3)');
    await expectAccessible(page, `overview with the awaiting-decision card (${name})`);
    await screenshot(page, `overview-awaiting-decision-${name}`);
    // A row opens the interview, where the decision is taken.
    await rows.first().getByRole('link').click();
    await page.waitForURL(/\/interviews\/itv_/);
  });

  it('the analytics page charts the funnel by week and by month, with the figures as a table', async () => {
    await page.goto(`${app.url}/analytics?by=campaign&id=${seeded.campaign.id}`);
    const card = page.getByTestId('funnel-over-time');
    await card.getByTestId('funnel-over-time-chart').waitFor();
    // Four weeks from the 2nd to the 23rd of March, the empty week of the 16th included.
    expect(await card.getByTestId('funnel-over-time-chart').locator(':scope > div').count()).toBe(4);
    await card.getByText('Show the figures as a table').click();
    const table = card.getByTestId('funnel-over-time-table');
    const cells = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim())));
    expect(cells).toEqual([
      ['Week of 2 Mar 2026', '2', '1', '1', '1', '0', '0', '100 %'],
      ['Week of 9 Mar 2026', '1', '1', '1', '1', '0', '0', '100 %'],
      ['Week of 16 Mar 2026', '0', '0', '0', '0', '0', '0', '—'],
      ['Week of 23 Mar 2026', '1', '1', '1', '1', '0', '0', '100 %'],
    ]);
    await expectAccessible(page, `analytics page with the funnel over time (${name})`);
    await screenshot(page, `analytics-funnel-over-time-${name}`);

    await card.getByRole('button', { name: 'By month' }).click();
    await page.waitForURL(/interval=month/);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    expect(await table.locator('tbody tr').first().innerText()).toContain('March 2026');
    expect(await card.getByRole('button', { name: 'By month' }).getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(page, `analytics page by month (${name})`);

    // The completion dates are days in the viewer's zone (Europe/Paris here). The server renders the figures, so the
    // page puts the browser's zone in the URL beside the days (a link without it gets it), and the server counts
    // 4 March from 23:00 UTC on the 3rd (components/dashboard/format.test.ts checks that arithmetic): Rhea only.
    await page.goto(`${app.url}/analytics?by=campaign&id=${seeded.campaign.id}&from=2026-03-04&to=2026-03-04`);
    await page.waitForURL(/[?&]tz=Europe%2FParis/);
    await expect.poll(() => page.getByTestId('funnel-completed').textContent()).toBe('1');
    await expect.poll(() => page.getByTestId('funnel-invited').textContent()).toBe('1');
    await page.getByText('A day in your time zone, included').first().waitFor();
  });
});
