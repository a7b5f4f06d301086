import type { Browser, BrowserContext, Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/server/env';
import { agentApi } from '../tests/support/agent';
import { launchBrowser } from '../tests/support/browser';
import { expectAccessible, expectToastAccessible, screenshot, signInThroughForm } from '../tests/support/dashboard-browser';
import { createTestOrg, makeCandidate, makeHiringSetup, makeInterview } from '../tests/support/factories';
import { makeRecruiter, RECRUITER_PASSWORD, sessionCookieFor, trpcMutation } from '../tests/support/recruiters';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import { expectInView, signInWithCookie } from './dashboard-support';

/**
 * Notes with @mentions and live notifications, in Debian's Chromium, on a desktop: a recruiter mentions a teammate
 * in a note and the teammate's bell shows it; the recruiter watches an interview, the voice agent takes it to its
 * end through the internal routes, and the bell's unread count goes up on the open page, without a reload. A
 * 390×844 phone then checks the header's bell, the picker, a toast and the panel there. (A demo interview notifies
 * nobody: it is left out of notifications and webhooks.)
 */
let app: TestApp;
let browser: Browser;
let data: Awaited<ReturnType<typeof seed>>;
let ritaContext: BrowserContext;
let page: Page;

beforeAll(async () => {
  // The local mailbox, no agent platform: the test plays the voice agent on the internal routes itself.
  app = await startTestApp({ RESEND_API_KEY: '', RESEND_BASE_URL: '', AGENT_DISPATCH_URL: '', AGENT_DISPATCH_SECRET: '', LLM_BASE_URL: '' });
  process.env.APP_URL = app.url;
  resetEnvCache();
  browser = await launchBrowser();
  data = await seed();
  ritaContext = await browser.newContext({ viewport: { width: 1360, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/Paris' });
  page = await ritaContext.newPage();
  await signInThroughForm(page, app.url, data.rita.email, RECRUITER_PASSWORD);
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

describe('notes and notifications in a real browser (desktop)', { timeout: 180_000 }, () => {
  let samContext: BrowserContext;

  beforeAll(async () => {
    samContext = await browser.newContext({ viewport: { width: 1360, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/Paris' });
    await signInWithCookie(samContext, app.db, app.url, data.sam.email);
  });
  afterAll(() => samContext?.close());

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
    await expectAccessible(page, `mention picker (desktop)`);
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
    await screenshot(page, `notifications-desktop-note`);
    await expectAccessible(page, `interview page with a note (desktop)`);

    const samPage = await samContext.newPage();
    await samPage.goto(`${app.url}/overview`);
    await bell(samPage).and(samPage.locator('[data-unread="1"]')).waitFor();
    expect(await bell(samPage).getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await bell(samPage).click();
    const panel = samPage.getByRole('dialog', { name: 'Notifications' });
    await panel.waitFor();
    const item = panel.getByRole('link', { name: /Rita Recruiter mentioned you in a note about Ada Lovelace/ });
    await item.waitFor();
    await expectAccessible(samPage, `notification panel (desktop)`);
    await screenshot(samPage, `notifications-desktop-panel`);
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
    await expectToastAccessible(page, `toast (desktop)`);
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
    await screenshot(page, `notifications-desktop-live`);
    await expectAccessible(page, `notification panel after the interview completed (desktop)`);
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
    await expectAccessible(page, `notification preferences (desktop)`);
  });
});

/**
 * The same organization on a phone, Rita signed in as above. What depends on the screen: the bell is the header's
 * (the sidebar is hidden), the mention picker, the toast and the notification panel fit and pass axe, and the
 * header's bell counts a new notification on the open page.
 */
describe('notes and notifications on a 390×844 phone', { timeout: 180_000 }, () => {
  let phone: BrowserContext;
  let small: Page;

  beforeAll(async () => {
    phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB', timezoneId: 'Europe/Paris', storageState: await ritaContext.storageState() });
    small = await phone.newPage();
  });
  afterAll(() => phone?.close());

  it('the mention picker and the watch toast pass axe', async () => {
    await small.goto(`${app.url}/interviews/${data.noted.id}`);
    // The note written on the desktop is shown as text on the phone too.
    await small.getByTestId('note').first().getByText('@Sam Second').first().waitFor();
    const textarea = small.getByLabel('Add a note');
    await textarea.click();
    await textarea.pressSequentially('@Sa');
    const picker = small.getByRole('listbox', { name: 'Teammates to mention' });
    const option = picker.getByRole('option', { name: /Sam Second/ });
    await option.waitFor();
    await expectInView(small, option);
    await screenshot(small, 'notifications-phone-picker');
    await expectAccessible(small, 'mention picker (phone)');
    await textarea.fill('');

    // Rita watches this interview since her note: the button stops watching, and says so in a toast.
    await small.locator('[data-testid="watch-button"][data-watching="true"]').filter({ visible: true }).click();
    await small.locator('[data-testid="watch-button"][data-watching="false"]').filter({ visible: true }).waitFor();
    await small.locator('[data-sonner-toast]', { hasText: 'You no longer watch this interview' }).waitFor();
    await expectToastAccessible(small, 'toast (phone)');
  });

  it("the header's bell counts a mention on the open page; its panel passes axe", async () => {
    await small.goto(`${app.url}/settings/notifications`);
    await small.getByRole('group', { name: 'You were mentioned in a note' }).waitFor();
    await expectAccessible(small, 'notification preferences (phone)');
    await bell(small).and(small.locator('[data-unread="0"]')).waitFor();
    await expectInView(small, bell(small));

    // Sam mentions Rita from his own session, over the dashboard's tRPC, while her page stays open.
    const cookie = await sessionCookieFor(app.db, data.sam.email);
    const note = await trpcMutation(app.url, 'notes.create', { subjectType: 'interview', subjectId: data.watched.id, body: '@Rita Recruiter over to you', mentionedUserIds: [data.rita.id] }, cookie);
    expect(note.status, JSON.stringify(note.body)).toBe(200);
    await bell(small).and(small.locator('[data-unread="1"]')).waitFor();
    await bell(small).click();
    const panel = small.getByRole('dialog', { name: 'Notifications' });
    const item = panel.getByRole('link', { name: /Sam Second mentioned you in a note about Grace Hopper/ });
    await item.waitFor();
    await expectInView(small, item);
    await screenshot(small, 'notifications-phone-panel');
    await expectAccessible(small, 'notification panel (phone)');
    await item.click();
    await small.waitForURL(new RegExp(`/interviews/${data.watched.id}$`));
    await bell(small).and(small.locator('[data-unread="0"]')).waitFor();
  });
});
