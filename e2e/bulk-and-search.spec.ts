import type { Browser, BrowserContext, Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseCandidate } from '@/server/services/data-rights/erase-candidate';
import { launchBrowser } from '../tests/support/browser';
import { expectAccessible, screenshot, signInThroughForm } from '../tests/support/dashboard-browser';
import { createTestOrg, makeCandidate, makeHiringSetup } from '../tests/support/factories';
import { makeRecruiter, RECRUITER_PASSWORD } from '../tests/support/recruiters';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import { expectInView, pressUntil } from './dashboard-support';

/**
 * Bulk work and "find things fast" (issue 10) in Debian's Chromium: a bulk invite of 50 candidates with one
 * failing row, the global search through `/`, a saved filter, a column sort, on a desktop. A 390×844 phone then
 * opens the same organization, signed in as the same recruiter, for what depends on the screen: the bulk bar and
 * its dialogs, the search results and the shortcut help fit and pass axe.
 */
let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let data: Awaited<ReturnType<typeof seed>>;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  data = await seed();
  context = await browser.newContext({ viewport: { width: 1360, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/Paris' });
  page = await context.newPage();
  await signInThroughForm(page, app.url, data.recruiter.email, RECRUITER_PASSWORD);
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

const toast = (p: Page, text: string | RegExp) => p.locator('[data-sonner-toast]', { hasText: text });

describe('bulk work and search in a real browser (desktop)', { timeout: 180_000 }, () => {
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
    await dialog.getByRole('combobox', { name: 'Campaign' }).selectOption({ label: data.setup.campaign.name });
    await expectAccessible(page, 'the invite dialog (desktop)');
    await dialog.getByRole('button', { name: `Invite ${BATCH}` }).click();

    const result = page.getByRole('dialog', { name: 'Invite to campaign' });
    await result.locator('[data-testid="bulk-result"][data-status="completed"]').waitFor({ timeout: 120_000 });
    expect(await result.getByTestId('bulk-summary').textContent()).toBe(`${BATCH} of ${BATCH} rows: ${BATCH - 1} done, 0 skipped, 1 failed`);
    const failed = result.locator('[data-testid="bulk-row"][data-outcome="failed"]');
    expect(await failed.count()).toBe(1);
    expect(await failed.textContent()).toContain('Candidate not found');
    await screenshot(page, 'bulk-desktop-invite-result');
    await expectAccessible(page, 'the bulk result (desktop)');
    await result.getByRole('button', { name: 'Close' }).first().click();
    // The interviews and the audit entry (in the recruiter's name) it leaves behind, the erased candidate never
    // invited: tests/integration/bulk-and-search.test.ts ("creates one interview per candidate …").
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
    await toast(page, 'Saved “Autumn A to Z”').waitFor();
    const link = saved.getByRole('link', { name: 'Autumn A to Z' });
    expect(await link.getAttribute('aria-current')).toBe('true');

    await page.goto(`${app.url}/candidates`);
    await link.click();
    await page.waitForURL(/tags=autumn/);
    const url = new URL(page.url());
    expect([url.searchParams.get('tags'), url.searchParams.get('sort'), url.searchParams.get('order')]).toEqual(['autumn', 'name', 'asc']);
    const table = page.getByRole('table', { name: 'Candidates' });
    await expect.poll(() => table.locator('tbody tr[data-row]').first().locator('a').first().textContent()).toBe('Batch Person 01');
    await expectAccessible(page, 'candidates with a saved filter (desktop)');

    await saved.getByRole('button', { name: 'Delete saved filter Autumn A to Z' }).click();
    await toast(page, 'Saved filter deleted').waitFor();
    await saved.getByText('No saved filters yet.').waitFor();
  });

  it('focuses the global search with /, navigates the results with the keyboard, and closes with Esc', async () => {
    await page.goto(`${app.url}/overview`);
    const search = page.getByRole('combobox', { name: 'Quick find' });
    // Focus on no field (a sticky header may cover any spot a click would aim at on a phone), then "/".
    await pressUntil(page, '/', () => search.evaluate((el) => el === document.activeElement));
    expect(await search.inputValue()).toBe('');
    await page.keyboard.type('quintes');
    const results = page.getByRole('listbox', { name: 'Quick find results' });
    const option = results.getByRole('option', { name: /Quintessa Marlowe/ });
    await option.waitFor();
    expect(await results.getByRole('group', { name: 'Candidates' }).count()).toBe(1);
    expect(await search.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    await screenshot(page, 'bulk-desktop-search');
    await expectAccessible(page, 'the global search (desktop)');
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
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    // Focus on no field (a sticky header may cover any spot a click would aim at on a phone), then "?".
    await pressUntil(page, '?', () => help.isVisible());
    expect(await help.textContent()).toContain('Go to Interviews');
    await expectAccessible(page, 'the shortcut help (desktop)');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    await page.keyboard.press('g');
    await page.keyboard.press('i');
    await page.waitForURL(/\/interviews$/);
    await page.getByRole('table', { name: 'Interviews' }).locator('tbody tr[data-row]').first().waitFor();
    await expectAccessible(page, 'the interviews list (desktop)');
  });
});

/**
 * The same organization and session on a phone. The flows above do not depend on the screen; what does is checked
 * here: the bulk bar and its dialogs, the saved filters, the search results and the shortcut help fit and pass axe.
 */
describe('bulk work and search on a 390×844 phone', { timeout: 180_000 }, () => {
  let phone: BrowserContext;
  let small: Page;

  beforeAll(async () => {
    phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB', timezoneId: 'Europe/Paris', storageState: await context.storageState() });
    small = await phone.newPage();
  });
  afterAll(() => phone?.close());

  it('the bulk bar, the invite dialog and its row-by-row result fit and pass axe', async () => {
    // The desktop run erased one of the batch and invited the others.
    const left = BATCH - 1;
    await small.goto(`${app.url}/candidates?tags=autumn&pageSize=50`);
    const table = small.getByRole('table', { name: 'Candidates' });
    await expect.poll(() => table.locator('tbody tr[data-row]').count()).toBe(left);
    await table.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    const bar = small.getByRole('region', { name: 'Bulk actions' });
    await bar.getByTestId('selection-count').getByText(`${left} selected`).waitFor();
    await expectInView(small, bar.getByRole('button', { name: 'Invite to campaign' }));
    await bar.getByRole('button', { name: 'Invite to campaign' }).click();
    const dialog = small.getByRole('dialog', { name: `Invite ${left} candidates` });
    await dialog.getByRole('combobox', { name: 'Campaign' }).selectOption({ label: data.setup.campaign.name });
    await expectInView(small, dialog.getByRole('button', { name: `Invite ${left}` }));
    await expectAccessible(small, 'the invite dialog (phone)');
    await dialog.getByRole('button', { name: `Invite ${left}` }).click();

    // Each of them already has an open interview in the campaign: every row is skipped, and listed with its reason.
    const result = small.getByRole('dialog', { name: 'Invite to campaign' });
    await result.locator('[data-testid="bulk-result"][data-status="completed"]').waitFor();
    expect(await result.getByTestId('bulk-summary').textContent()).toBe(`${left} of ${left} rows: 0 done, ${left} skipped, 0 failed`);
    expect(await result.locator('[data-testid="bulk-row"][data-outcome="skipped"]').count()).toBe(left);
    await expectInView(small, result.getByRole('region', { name: 'Rows not done' }));
    await screenshot(small, 'bulk-phone-invite-result');
    await expectAccessible(small, 'the bulk result (phone)');
    await result.getByRole('button', { name: 'Close' }).first().click();
  });

  it('the saved filters, the global search and the shortcut help fit and pass axe', async () => {
    await small.goto(`${app.url}/candidates?tags=autumn&sort=name&order=asc`);
    const saved = small.getByRole('navigation', { name: 'Saved filters' });
    await saved.getByRole('button', { name: 'Save filter' }).click();
    const dialog = small.getByRole('dialog', { name: 'Save this filter' });
    await dialog.getByLabel('Name').fill('Autumn A to Z');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(small, 'Saved “Autumn A to Z”').waitFor();
    await expectInView(small, saved.getByRole('link', { name: 'Autumn A to Z' }));
    await expectInView(small, saved.getByRole('button', { name: 'Delete saved filter Autumn A to Z' }));
    await expectAccessible(small, 'candidates with a saved filter (phone)');

    const search = small.getByRole('combobox', { name: 'Quick find' });
    // Focus on no field (a sticky header may cover any spot a click would aim at on a phone), then "/".
    await pressUntil(small, '/', () => search.evaluate((el) => el === document.activeElement));
    await small.keyboard.type('quintes');
    const option = small.getByRole('listbox', { name: 'Quick find results' }).getByRole('option', { name: /Quintessa Marlowe/ });
    await option.waitFor();
    await expectInView(small, option);
    await screenshot(small, 'bulk-phone-search');
    await expectAccessible(small, 'the global search (phone)');
    await small.keyboard.press('Enter');
    await small.waitForURL(new RegExp(`/candidates/${data.unique.id}$`));

    await small.getByRole('heading', { name: 'Quintessa Marlowe' }).waitFor();
    const help = small.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await pressUntil(small, '?', () => help.isVisible());
    await expectAccessible(small, 'the shortcut help (phone)');
    await small.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    await small.keyboard.press('g');
    await small.keyboard.press('i');
    await small.waitForURL(/\/interviews$/);
    await small.getByRole('table', { name: 'Interviews' }).locator('tbody tr[data-row]').first().waitFor();
    await expectAccessible(small, 'the interviews list (phone)');
  });
});
