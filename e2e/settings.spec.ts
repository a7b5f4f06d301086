import type { Browser, BrowserContext, Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxMessages } from '@/db/schema';
import { newId } from '@/server/ids';
import { recordAuditEvent } from '@/server/services/audit/record-audit-event';
import { launchBrowser } from '../tests/support/browser';
import { expectAccessible, screenshot, signInThroughForm } from '../tests/support/dashboard-browser';
import { createTestOrg, makeCandidate, makeInterview, makeJob } from '../tests/support/factories';
import { makeRecruiter, RECRUITER_PASSWORD } from '../tests/support/recruiters';
import { startTestApp, type TestApp } from '../tests/support/test-app';

/**
 * Issue 26, Settings: the pages a recruiter understands (with the developers' under their own heading), the
 * readable audit log, the phone's navigation menu and the decision before the transcript on a phone, in Chromium.
 */
let app: TestApp;
let browser: Browser;
let storageState: Awaited<ReturnType<BrowserContext['storageState']>>;
let candidateId: string;
let interviewId: string;
let orgId: string;

beforeAll(async () => {
  app = await startTestApp({ RESEND_API_KEY: '', RESEND_BASE_URL: '' });
  browser = await launchBrowser();
  const org = await createTestOrg(app.db, app.url, { name: 'Settings Corp' });
  orgId = org.orgId;
  const admin = await makeRecruiter(app.db, org.orgId, { name: 'Ada Admin' });
  const candidate = await makeCandidate(app.db, org.orgId, { firstName: 'Sofia', lastName: 'Garcia' });
  candidateId = candidate.id;
  const job = await makeJob(app.db, org.orgId, 'Data analyst');
  interviewId = (await makeInterview(app.db, org.orgId, { candidateId, jobId: job.id, status: 'COMPLETED', completedAt: new Date() })).id;
  await recordAuditEvent(app.db, {
    orgId: org.orgId,
    audit: { actor: { type: 'user', id: admin.id }, requestId: 'req_settings_spec' },
    action: 'candidate.updated',
    targetType: 'candidate',
    targetId: candidateId,
    details: { fields: ['firstName', 'lastName'] },
  });
  await recordAuditEvent(app.db, {
    orgId: org.orgId,
    audit: { actor: { type: 'user', id: admin.id }, requestId: 'req_settings_spec_2' },
    action: 'settings.updated',
    targetType: 'organization',
    targetId: org.orgId,
    details: { setting: 'retentionDays', from: 730, to: 365 },
  });
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/Paris' });
  const page = await context.newPage();
  await signInThroughForm(page, app.url, admin.email, RECRUITER_PASSWORD);
  storageState = await context.storageState();
  await context.close();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const PAGES = [
  { link: 'General', heading: 'Settings', path: '/settings' },
  { link: 'Candidate experience', heading: 'Candidate experience', path: '/settings/candidate-experience' },
  { link: 'Team', heading: 'Team', path: '/settings/team' },
  { link: 'Notifications', heading: 'Notifications', path: '/settings/notifications' },
  { link: 'Data & privacy', heading: 'Data & privacy', path: '/settings/privacy' },
  { link: 'Audit log', heading: 'Audit log', path: '/settings/audit' },
  { link: 'API keys & AI', heading: 'Developers', path: '/settings/developers' },
  { link: 'Webhooks', heading: 'Webhooks', path: '/settings/webhooks' },
  { link: 'ATS integrations', heading: 'Integrations', path: '/settings/integrations' },
] as const;

async function open(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'en-GB', timezoneId: 'Europe/Paris', storageState });
  return { context, page: await context.newPage() };
}

describe('Settings in a real browser', { timeout: 180_000 }, () => {
  it('splits Settings into pages reached from its own navigation, the developers’ under their heading, each accessible', async () => {
    const { context, page } = await open({ width: 1360, height: 900 });
    try {
      await page.goto(`${app.url}/settings`);
      const nav = page.getByRole('navigation', { name: 'Settings' });
      expect(await nav.getByRole('list', { name: 'Developers' }).getByRole('link').allInnerTexts()).toEqual(['API keys & AI', 'Webhooks', 'ATS integrations']);
      // General no longer carries the developers' surfaces.
      expect(await page.getByRole('heading', { name: 'Agent integration' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'New API key' }).count()).toBe(0);
      // The time zone rule, said where it applies.
      expect(await page.getByTestId('viewer-time-zone').first().innerText()).toContain('Europe/Paris');
      expect(await page.getByTestId('organization-time-zone').innerText()).toBe('Europe/Paris');
      for (const entry of PAGES) {
        await nav.getByRole('link', { name: entry.link, exact: true }).click();
        await page.waitForURL(new RegExp(`${entry.path.replace(/\//g, '\\/')}$`));
        await page.getByRole('heading', { name: entry.heading, level: 1 }).waitFor();
        expect(await nav.getByRole('link', { name: entry.link, exact: true }).getAttribute('aria-current')).toBe('page');
        if (['/settings', '/settings/candidate-experience', '/settings/privacy', '/settings/developers', '/settings/audit'].includes(entry.path)) {
          await expectAccessible(page, `settings ${entry.link} (desktop)`);
        }
      }
      await page.goto(`${app.url}/settings/developers`);
      await page.getByRole('heading', { name: 'Agent integration' }).waitFor();
      await page.getByRole('button', { name: 'New API key' }).waitFor();
      await screenshot(page, 'settings-developers');
    } finally {
      await context.close();
    }
  });

  it('the audit log reads names, plain words and before → after, not ids and JSON', async () => {
    const { context, page } = await open({ width: 1360, height: 900 });
    try {
      await page.goto(`${app.url}/settings/audit`);
      const row = page.locator('tbody tr[data-row]').filter({ hasText: 'Edited a candidate' });
      await row.waitFor();
      expect(await row.getByText('Ada Admin').isVisible()).toBe(true);
      const link = row.getByRole('link', { name: 'Sofia Garcia' });
      expect(await link.getAttribute('href')).toBe(`/candidates/${candidateId}`);
      expect(await row.getByText('Changed: first name, last name').isVisible()).toBe(true);
      // The ids are there for whoever needs them, folded away.
      expect(await row.getByText(candidateId).isVisible()).toBe(false);
      expect(await row.innerText()).not.toContain('{');
      const setting = page.locator('tbody tr[data-row]').filter({ hasText: 'Changed a setting' });
      expect(await setting.getByText('Retention period (days): 730 → 365').isVisible()).toBe(true);
      // The action filter speaks the same words.
      await page.getByLabel('Action').selectOption({ label: 'Changed a setting' });
      await expect.poll(() => page.locator('tbody tr[data-row]').count()).toBe(1);
      await screenshot(page, 'settings-audit-log');

      // The organization's language (Settings → General): chosen with the language dropdown, then the start of a new
      // candidate and of a new interview configuration, and in the audit log in words.
      await page.goto(`${app.url}/settings`);
      // A native <select> now (no Radix Select on the page's first load): chosen with selectOption.
      await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' });
      await page.getByRole('button', { name: 'Save language' }).click();
      await page.getByText('Saved: new candidates and configurations start in Deutsch.').waitFor();
      await page.goto(`${app.url}/campaigns/configurations/new`);
      // The configuration form's Language is a native <select> too: its value, not its text (which lists every option).
      await expect.poll(() => page.getByRole('combobox', { name: 'Language' }).inputValue()).toBe('de');
      await page.goto(`${app.url}/candidates`);
      await page.getByRole('button', { name: 'New candidate' }).click();
      await expect.poll(() => page.getByRole('dialog', { name: 'New candidate' }).locator('input[name="locale"]').inputValue()).toBe('de');
      await page.goto(`${app.url}/settings/audit`);
      await page.locator('tbody tr[data-row]').filter({ hasText: 'Language: none → de' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('on a phone: a Menu button opens the navigation (focus inside, Escape closes), reaches Settings; pages fit and pass axe', async () => {
    const { context, page } = await open({ width: 390, height: 844 });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    try {
      await page.goto(`${app.url}/overview`);
      await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
      const menu = page.getByRole('button', { name: 'Menu' });
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      const main = page.getByRole('navigation', { name: 'Main' });
      await main.waitFor();
      // Every destination is on screen, Campaigns and Settings included.
      for (const name of ['Campaigns', 'Settings']) expect(await main.getByRole('link', { name }).isVisible()).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Overview');
      await expectAccessible(page, 'phone menu open');
      await page.keyboard.press('Escape');
      await main.waitFor({ state: 'detached' });
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Menu');

      await menu.click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
      await page.waitForURL(/\/settings$/);
      await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
      for (const path of ['/settings', '/settings/candidate-experience', '/settings/privacy', '/settings/developers', '/settings/audit']) {
        await page.goto(`${app.url}${path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        expect(await overflow(), path).toBe(0);
        await expectAccessible(page, `settings ${path} (phone)`);
      }
      await screenshot(page, 'settings-phone-audit');
    } finally {
      await context.close();
    }
  });

  it('on a phone the decision comes before the transcript', async () => {
    const { context, page } = await open({ width: 390, height: 844 });
    try {
      await page.goto(`${app.url}/interviews/${interviewId}`);
      const decision = page.locator('#decision-title');
      await decision.waitFor();
      const transcript = page.getByRole('heading', { name: 'Transcript' });
      const [d, t] = await Promise.all([decision.boundingBox(), transcript.boundingBox()]);
      expect(d!.y).toBeLessThan(t!.y);
      // Within the first screen or close to it: no scrolling through the transcript to decide.
      expect(d!.y).toBeLessThan(844 * 1.5);
      await screenshot(page, 'settings-phone-interview-decision');
    } finally {
      await context.close();
    }
  });

  it('the local mailbox shows a new message by itself, and renders the page again only when one came', async () => {
    const { context, page } = await open({ width: 1360, height: 900 });
    try {
      const looks: string[] = [];
      let renders = 0;
      page.on('request', (request) => {
        const url = new URL(request.url());
        const headers = request.headers();
        if (url.pathname.startsWith('/api/trpc/mailbox.list')) looks.push(url.pathname);
        // The page rendered again (router.refresh): the route's payload asked for, not a link's prefetch.
        else if (url.pathname === '/settings/mailbox' && headers.rsc === '1' && !headers['next-router-prefetch']) renders++;
      });
      await page.goto(`${app.url}/settings/mailbox`);
      await page.getByRole('heading', { name: 'Local mailbox' }).waitFor();
      // Two looks, three seconds apart, at a mailbox that did not change: the page is left as it is.
      await expect.poll(() => looks.length, { timeout: 15_000, interval: 200 }).toBeGreaterThanOrEqual(2);
      expect(renders).toBe(0);
      // The email job deposits a message, as it does when no email provider is configured.
      await app.db.insert(mailboxMessages).values({
        id: newId('mailboxMessage'),
        orgId,
        idempotencyKey: `settings-spec-${Date.now()}`,
        fromAddress: 'Screening <noreply@example.com>',
        toAddress: 'sofia.garcia@example.com',
        subject: 'Your application for Data analyst',
        html: '<p>Hello Sofia,</p>',
        text: 'Hello Sofia,',
      });
      const message = page.getByRole('list', { name: 'Messages' }).getByRole('link', { name: /Your application for Data analyst/ });
      await message.waitFor({ timeout: 10_000 });
      expect(renders).toBeGreaterThanOrEqual(1);
      expect(await message.textContent()).toContain('To sofia.garcia@example.com');
    } finally {
      await context.close();
    }
  });
});
