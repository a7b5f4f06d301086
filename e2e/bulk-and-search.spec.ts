import type { Browser, BrowserContext, Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, interviews } from '@/db/schema';
import { eraseCandidate } from '@/server/services/data-rights/erase-candidate';
import { launchBrowser } from '../tests/support/browser';
import { expectAccessible, screenshot, signInThroughForm } from '../tests/support/dashboard-browser';
import { createTestOrg, makeCandidate, makeHiringSetup } from '../tests/support/factories';
import { makeRecruiter, RECRUITER_PASSWORD } from '../tests/support/recruiters';
import { startTestApp, type TestApp } from '../tests/support/test-app';

/**
 * Bulk work and "find things fast" (issue 10) in Debian's Chromium, on a desktop and a 390×844 phone: a bulk
 * invite of 50 candidates with one failing row, the global search through `/`, a saved filter, a column sort.
 * Each viewport gets its own organization.
 */
let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const BATCH = 50;
const pad = (n: number) => String(n).padStart(2, '0');

async function seed() {
  const org = await createTestOrg(app.db, app.url, { name: 'Acme Robotics' });
  const recruiter = await makeRecruiter(app.db, org.orgId, { name: 'Rita Recruiter' });
  const setup = await makeHiringSetup(app.db, org.orgId);
  const batch = [];
  // Created oldest first, so the list (newest first) and the name sort disagree: the sort is visible.
  for (let i = 1; i <= BATCH; i++) {
    batch.push(await makeCandidate(app.db, org.orgId, { firstName: 'Batch', lastName: `Person ${pad(i)}`, tags: ['autumn'], createdAt: new Date(Date.now() - (BATCH - i) * 60_000) }));
  }
  const unique = await makeCandidate(app.db, org.orgId, { firstName: 'Quintessa', lastName: 'Marlowe' });
  return { org, recruiter, setup, batch, unique };
}

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1360, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

describe.each(VIEWPORTS)('bulk work and search in a real browser ($name)', { timeout: 180_000 }, ({ name, viewport }) => {
  let context: BrowserContext;
  let page: Page;
  let data: Awaited<ReturnType<typeof seed>>;

  beforeAll(async () => {
    data = await seed();
    context = await browser.newContext({ viewport, locale: 'en-GB', timezoneId: 'Europe/Paris' });
    page = await context.newPage();
    await signInThroughForm(page, app.url, data.recruiter.email, RECRUITER_PASSWORD);
  });
  afterAll(() => context?.close());

  const toast = (text: string | RegExp) => page.locator('[data-sonner-toast]', { hasText: text });

  it('invites 50 selected candidates to a campaign and reports the one row that failed', async () => {
    await page.goto(`${app.url}/candidates?tags=autumn&pageSize=50`);
    const table = page.getByRole('table', { name: 'Candidates' });
    await expect.poll(() => table.locator('tbody tr[data-row]').count()).toBe(BATCH);
    await table.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await page.getByTestId('selection-count').getByText(`${BATCH} selected`).waitFor();
    // Between the selection and the invitation, one candidate is erased (a data-rights request): a real failure.
    const erased = data.batch[7];
    await eraseCandidate(app.db, { orgId: data.org.orgId, id: erased.id });

    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByRole('button', { name: 'Invite to campaign' }).click();
    const dialog = page.getByRole('dialog', { name: `Invite ${BATCH} candidates` });
    await dialog.getByRole('combobox', { name: 'Campaign' }).click();
    await page.getByRole('option', { name: data.setup.campaign.name }).click();
    await expectAccessible(page, `the invite dialog (${name})`);
    await dialog.getByRole('button', { name: `Invite ${BATCH}` }).click();

    const result = page.getByRole('dialog', { name: 'Invite to campaign' });
    await result.locator('[data-testid="bulk-result"][data-status="completed"]').waitFor({ timeout: 120_000 });
    expect(await result.getByTestId('bulk-summary').textContent()).toBe(`${BATCH} of ${BATCH} rows: ${BATCH - 1} done, 0 skipped, 1 failed`);
    const failed = result.locator('[data-testid="bulk-row"][data-outcome="failed"]');
    expect(await failed.count()).toBe(1);
    expect(await failed.textContent()).toContain('Candidate not found');
    await screenshot(page, `bulk-${name}-invite-result`);
    await expectAccessible(page, `the bulk result (${name})`);
    await result.getByRole('button', { name: 'Close' }).first().click();

    const created = await app.db.select().from(interviews).where(and(eq(interviews.orgId, data.org.orgId), eq(interviews.campaignId, data.setup.campaign.id)));
    expect(created).toHaveLength(BATCH - 1);
    expect(created.some((i) => i.candidateId === erased.id)).toBe(false);
    const operations = await app.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, data.org.orgId), eq(auditEvents.action, 'bulk_operation.created')));
    expect(operations.map((o) => [o.actorType, o.actorId])).toEqual([['user', data.recruiter.id]]);
  });

  it('sorts the candidates by name, keeping the sort in the URL', async () => {
    await page.goto(`${app.url}/candidates?tags=autumn`);
    const table = page.getByRole('table', { name: 'Candidates' });
    const firstName = () => table.locator('tbody tr[data-row]').first().locator('a').first().textContent();
    await expect.poll(firstName).toBe(`Batch Person ${pad(BATCH)}`);
    const header = table.getByRole('columnheader', { name: 'Candidate' });
    expect(await header.getAttribute('aria-sort')).toBe('none');
    await header.getByRole('button').click();
    await page.waitForURL(/sort=name/);
    await expect.poll(firstName).toBe('Batch Person 01');
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    expect(page.url()).toContain('order=asc');
    await header.getByRole('button').click();
    await expect.poll(firstName).toBe(`Batch Person ${pad(BATCH)}`);
    expect(await header.getAttribute('aria-sort')).toBe('descending');
    await page.reload();
    await expect.poll(firstName).toBe(`Batch Person ${pad(BATCH)}`);
    expect(await table.getByRole('columnheader', { name: 'Candidate' }).getAttribute('aria-sort')).toBe('descending');
  });

  it('saves the current filter and sort, opens it from its link, and deletes it', async () => {
    await page.goto(`${app.url}/candidates?tags=autumn&sort=name&order=asc`);
    const saved = page.getByRole('navigation', { name: 'Saved filters' });
    await saved.getByText('No saved filters yet.').waitFor();
    await saved.getByRole('button', { name: 'Save filter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this filter' });
    await dialog.getByLabel('Name').fill('Autumn A to Z');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast('Saved “Autumn A to Z”').waitFor();
    const link = saved.getByRole('link', { name: 'Autumn A to Z' });
    expect(await link.getAttribute('aria-current')).toBe('true');

    await page.goto(`${app.url}/candidates`);
    await link.click();
    await page.waitForURL(/tags=autumn/);
    const url = new URL(page.url());
    expect([url.searchParams.get('tags'), url.searchParams.get('sort'), url.searchParams.get('order')]).toEqual(['autumn', 'name', 'asc']);
    const table = page.getByRole('table', { name: 'Candidates' });
    await expect.poll(() => table.locator('tbody tr[data-row]').first().locator('a').first().textContent()).toBe('Batch Person 01');
    await expectAccessible(page, `candidates with a saved filter (${name})`);

    await saved.getByRole('button', { name: 'Delete saved filter Autumn A to Z' }).click();
    await toast('Saved filter deleted').waitFor();
    await saved.getByText('No saved filters yet.').waitFor();
  });

  it('focuses the global search with /, navigates the results with the keyboard, and closes with Esc', async () => {
    await page.goto(`${app.url}/overview`);
    const search = page.getByRole('combobox', { name: 'Quick find' });
    // Focus on no field (a sticky header may cover any spot a click would aim at on a phone).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('/');
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await search.inputValue()).toBe('');
    await page.keyboard.type('quintes');
    const results = page.getByRole('listbox', { name: 'Quick find results' });
    const option = results.getByRole('option', { name: /Quintessa Marlowe/ });
    await option.waitFor();
    expect(await results.getByRole('group', { name: 'Candidates' }).count()).toBe(1);
    expect(await search.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    await screenshot(page, `bulk-${name}-search`);
    await expectAccessible(page, `the global search (${name})`);
    await page.keyboard.press('Escape');
    await expect.poll(() => search.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => search.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/candidates/${data.unique.id}$`));

    // In another field, "/" is text.
    await page.goto(`${app.url}/candidates`);
    const listSearch = page.getByRole('search', { name: 'Filter candidates' }).getByRole('searchbox', { name: 'Search' });
    await listSearch.click();
    await page.keyboard.type('a/b');
    await expect.poll(() => listSearch.inputValue()).toBe('a/b');
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(false);
  });

  it('shows the shortcut help with ?, and g i goes to the interviews', async () => {
    await page.goto(`${app.url}/overview`);
    // Focus on no field (a sticky header may cover any spot a click would aim at on a phone).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    expect(await help.textContent()).toContain('Go to Interviews');
    await expectAccessible(page, `the shortcut help (${name})`);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    await page.keyboard.press('g');
    await page.keyboard.press('i');
    await page.waitForURL(/\/interviews$/);
    await page.getByRole('table', { name: 'Interviews' }).locator('tbody tr[data-row]').first().waitFor();
    await expectAccessible(page, `the interviews list (${name})`);
  });
});
