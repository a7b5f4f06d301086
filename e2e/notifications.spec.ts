import type { Browser, BrowserContext, Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/server/env';
import { agentApi } from '../tests/support/agent';
import { launchBrowser } from '../tests/support/browser';
import { expectAccessible, expectToastAccessible, screenshot, signInThroughForm } from '../tests/support/dashboard-browser';
import { createTestOrg, makeCandidate, makeHiringSetup, makeInterview } from '../tests/support/factories';
import { makeRecruiter, RECRUITER_PASSWORD } from '../tests/support/recruiters';
import { startTestApp, type TestApp } from '../tests/support/test-app';

/**
 * Notes with @mentions and live notifications, in Debian's Chromium, on a desktop and on a 390×844 phone: a
 * recruiter mentions a teammate in a note and the teammate's bell shows it; the recruiter watches an interview, the
 * voice agent takes it to its end through the internal routes, and the bell's unread count goes up on the open
 * page, without a reload. (A demo interview notifies nobody: it is left out of notifications and webhooks.)
 */
let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  // The local mailbox, no agent platform: the test plays the voice agent on the internal routes itself.
  app = await startTestApp({ RESEND_API_KEY: '', RESEND_BASE_URL: '', AGENT_DISPATCH_URL: '', AGENT_DISPATCH_SECRET: '', LLM_BASE_URL: '' });
  process.env.APP_URL = app.url;
  resetEnvCache();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function seed() {
  const org = await createTestOrg(app.db, app.url, { name: 'Acme Robotics' });
  const rita = await makeRecruiter(app.db, org.orgId, { name: 'Rita Recruiter' });
  const sam = await makeRecruiter(app.db, org.orgId, { name: 'Sam Second' });
  await makeRecruiter(app.db, org.orgId, { name: 'Tom Third' });
  const setup = await makeHiringSetup(app.db, org.orgId);
  const ada = await makeCandidate(app.db, org.orgId, { firstName: 'Ada', lastName: 'Lovelace' });
  const grace = await makeCandidate(app.db, org.orgId, { firstName: 'Grace', lastName: 'Hopper' });
  const refs = { jobId: setup.job.id, campaignId: setup.campaign.id, stageId: setup.stage.id, configId: setup.config.id };
  const noted = await makeInterview(app.db, org.orgId, { candidateId: ada.id, ...refs });
  const watched = await makeInterview(app.db, org.orgId, { candidateId: grace.id, ...refs });
  return { rita, sam, noted, watched };
}

/** The bell the viewport shows (the sidebar's on a desktop, the header's on a phone). */
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1360, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

describe.each(VIEWPORTS)('notes and notifications in a real browser ($name)', { timeout: 180_000 }, ({ name, viewport }) => {
  let ritaContext: BrowserContext;
  let samContext: BrowserContext;
  let page: Page;
  let data: Awaited<ReturnType<typeof seed>>;

  beforeAll(async () => {
    data = await seed();
    ritaContext = await browser.newContext({ viewport, locale: 'en-GB', timezoneId: 'Europe/Paris' });
    samContext = await browser.newContext({ viewport, locale: 'en-GB', timezoneId: 'Europe/Paris' });
    page = await ritaContext.newPage();
    await signInThroughForm(page, app.url, data.rita.email, RECRUITER_PASSWORD);
  });
  afterAll(async () => {
    await ritaContext?.close();
    await samContext?.close();
  });

  it('writes a note mentioning a teammate picked from the list; the teammate sees the mention notification', async () => {
    await page.goto(`${app.url}/interviews/${data.noted.id}`);
    const textarea = page.getByLabel('Add a note');
    await textarea.click();
    await textarea.pressSequentially('Please listen to the design answer, @Sa');
    const picker = page.getByRole('listbox', { name: 'Teammates to mention' });
    await picker.waitFor();
    // Only teammates, not the author; Tom does not match "Sa".
    expect(await picker.getByRole('option').allTextContents()).toEqual([expect.stringContaining('Sam Second')]);
    expect(await textarea.getAttribute('aria-activedescendant')).toBe(await picker.getByRole('option').first().getAttribute('id'));
    await expectAccessible(page, `mention picker (${name})`);
    await textarea.press('Enter');
    await picker.waitFor({ state: 'detached' });
    await textarea.pressSequentially('thanks <b>!</b>');
    expect(await textarea.inputValue()).toBe('Please listen to the design answer, @Sam Second thanks <b>!</b>');
    await page.getByRole('button', { name: 'Add note' }).click();
    const note = page.getByTestId('note').first();
    await note.getByText('Mentioned:').waitFor();
    // Shown as text, never as HTML.
    expect(await note.locator('p.whitespace-pre-wrap').textContent()).toBe('Please listen to the design answer, @Sam Second thanks <b>!</b>');
    expect(await note.locator('b').count()).toBe(0);
    expect(await note.textContent()).toContain('@Sam Second');
    // Writing a note made Rita a watcher of the interview.
    await page.locator('[data-testid="watch-button"][data-watching="true"]').filter({ visible: true }).waitFor();
    await screenshot(page, `notifications-${name}-note`);
    await expectAccessible(page, `interview page with a note (${name})`);

    const samPage = await samContext.newPage();
    await signInThroughForm(samPage, app.url, data.sam.email, RECRUITER_PASSWORD);
    await bell(samPage).and(samPage.locator('[data-unread="1"]')).waitFor();
    expect(await bell(samPage).getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await bell(samPage).click();
    const panel = samPage.getByRole('dialog', { name: 'Notifications' });
    await panel.waitFor();
    const item = panel.getByRole('link', { name: /Rita Recruiter mentioned you in a note about Ada Lovelace/ });
    await item.waitFor();
    await expectAccessible(samPage, `notification panel (${name})`);
    await screenshot(samPage, `notifications-${name}-panel`);
    await item.click();
    await samPage.waitForURL(new RegExp(`/interviews/${data.noted.id}$`));
    await samPage.getByTestId('note').first().getByText('@Sam Second').first().waitFor();
    await bell(samPage).and(samPage.locator('[data-unread="0"]')).waitFor();
    await samPage.close();
  });

  it('a notification arrives live when the watched interview completes, on the page left open', async () => {
    await page.goto(`${app.url}/interviews/${data.watched.id}`);
    const watch = page.getByTestId('watch-button').filter({ visible: true });
    await page.locator('[data-testid="watch-button"][data-watching="false"]').filter({ visible: true }).waitFor();
    await watch.click();
    await page.locator('[data-testid="watch-button"][data-watching="true"]').filter({ visible: true }).waitFor();
    await page.locator('[data-sonner-toast]', { hasText: 'You now watch this interview' }).waitFor();
    await expectToastAccessible(page, `toast (${name})`);
    await bell(page).and(page.locator('[data-unread="0"]')).waitFor();
    // The page records every unread count its visible bell shows, and that it was never reloaded.
    await page.evaluate(() => {
      const w = window as unknown as { unreadCounts: string[]; notReloaded: boolean };
      const read = () => [...document.querySelectorAll<HTMLElement>('[data-testid="notification-bell"]')].find((b) => b.offsetParent !== null)?.dataset.unread ?? '';
      w.notReloaded = true;
      w.unreadCounts = [read()];
      new MutationObserver(() => {
        if (w.unreadCounts.at(-1) !== read()) w.unreadCounts.push(read());
      }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-unread'] });
    });

    // The voice agent records a question and an answer, then finalizes: the interview completes, the report follows.
    const interviewPath = `/api/interviews/${data.watched.id}`;
    expect((await agentApi(app.url, `${interviewPath}/turns`, { method: 'POST', body: { turnNumber: 1, role: 'agent', content: 'Tell me about a system you built.' } })).status).toBe(201);
    expect((await agentApi(app.url, `${interviewPath}/turns`, { method: 'POST', body: { turnNumber: 2, role: 'candidate', content: 'A scheduler for a fleet of delivery robots, in Go.' } })).status).toBe(201);
    expect((await agentApi(app.url, `${interviewPath}/finalize`, { method: 'POST', body: { endedAt: new Date().toISOString() } })).status).toBe(200);
    await page.locator('h1 [data-status="COMPLETED"]').waitFor({ timeout: 90_000 });
    // The "You now watch" toast sits over the phone's bell while hovered: move away and let it go.
    await page.mouse.move(1, (page.viewportSize()?.height ?? 800) - 1);
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => page.evaluate(() => (window as unknown as { unreadCounts: string[] }).unreadCounts.some((n) => Number(n) >= 1)), { timeout: 30_000 }).toBe(true);
    const state = await page.evaluate(() => {
      const w = window as unknown as { unreadCounts: string[]; notReloaded?: boolean };
      return { unreadCounts: w.unreadCounts, notReloaded: w.notReloaded };
    });
    expect(state.notReloaded).toBe(true);
    expect(state.unreadCounts[0]).toBe('0');
    expect(state.unreadCounts.map(Number)).toEqual([...state.unreadCounts.map(Number)].sort((a, b) => a - b));

    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('link', { name: /Interview with Grace Hopper \(Backend engineer\) completed/ }).waitFor();
    // The report job follows the completion: wait for it too, so "mark all read" leaves nothing unread behind.
    await panel.getByRole('link', { name: /Report ready for Grace Hopper/ }).waitFor({ timeout: 30_000 });
    await screenshot(page, `notifications-${name}-live`);
    await expectAccessible(page, `notification panel after the interview completed (${name})`);
    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await panel.getByText('0 unread', { exact: true }).waitFor();
    expect(await panel.locator('[data-testid="notification"][data-read="false"]').count()).toBe(0);
    // The open dialog hides the page from assistive technology (the bell included): close it, then read the bell.
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await bell(page).and(page.locator('[data-unread="0"]')).waitFor();
  });

  it('sets email preferences under Settings → Notifications', async () => {
    await page.goto(`${app.url}/settings`);
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Notifications' }).click();
    await page.waitForURL(/\/settings\/notifications$/);
    const mention = page.getByRole('group', { name: 'You were mentioned in a note' });
    expect(await mention.getByRole('radio', { name: 'Immediately' }).isChecked()).toBe(true);
    await mention.getByRole('radio', { name: 'Daily digest' }).check();
    await page.getByText('Notification preference saved').first().waitFor();
    await page.reload();
    expect(await page.getByRole('group', { name: 'You were mentioned in a note' }).getByRole('radio', { name: 'Daily digest' }).isChecked()).toBe(true);
    await expectAccessible(page, `notification preferences (${name})`);
  });
});
