import type { Browser, BrowserContext, Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxMessages } from '@/db/schema';
import { resetEnvCache } from '@/server/env';
import { launchBrowser } from '../tests/support/browser';
import { expectAccessible, screenshot, signInThroughForm } from '../tests/support/dashboard-browser';
import { createTestOrg, makeCandidate } from '../tests/support/factories';
import { makeRecruiter, RECRUITER_PASSWORD } from '../tests/support/recruiters';
import { startTestApp, type TestApp } from '../tests/support/test-app';

/**
 * A team with roles, in Debian's Chromium, on a desktop: an admin invites a teammate as a viewer, who joins from the
 * link in the local mailbox, sees no control that changes anything, and can act once the admin makes them a
 * recruiter. A 390×844 phone then does what depends on the screen: the admin reaches the team through the menu and
 * invites a second teammate, who joins on a phone; those pages pass axe. (That the tRPC endpoint itself refuses a
 * viewer, and a recruiter the team, is checked over HTTP in tests/integration/team.test.ts.)
 */
let app: TestApp;
let browser: Browser;
let orgId: string;
let candidateId: string;
let adminContext: BrowserContext;
let admin: Page;
const orgName = 'Acme Robotics';

beforeAll(async () => {
  // No RESEND_API_KEY: the invitation lands in the local mailbox (Settings → Mailbox).
  app = await startTestApp({ RESEND_API_KEY: '', RESEND_BASE_URL: '' });
  // The emailed link points at this very server.
  process.env.APP_URL = app.url;
  resetEnvCache();
  browser = await launchBrowser();
  orgId = (await createTestOrg(app.db, app.url, { name: orgName })).orgId;
  const adminUser = await makeRecruiter(app.db, orgId, { name: 'Ada Admin' });
  candidateId = (await makeCandidate(app.db, orgId, { firstName: 'Grace', lastName: 'Hopper' })).id;
  adminContext = await browser.newContext({ viewport: { width: 1360, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/Paris' });
  admin = await adminContext.newPage();
  await signInThroughForm(admin, app.url, adminUser.email, RECRUITER_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]', { hasText: text });

/** Invites `email` as a viewer from Settings → Team, where `page` already is. */
async function inviteViewer(page: Page, email: string, label: string): Promise<void> {
  await page.getByRole('list', { name: 'Members' }).getByTestId('member-row').filter({ hasText: 'Ada Admin' }).waitFor();
  await page.getByRole('button', { name: 'Invite a teammate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a teammate' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Role').selectOption('viewer');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await toast(page, `Invitation sent to ${email}`).waitFor();
  const pending = page.getByRole('list', { name: 'Pending invitations' }).getByTestId('invitation-row').filter({ hasText: email });
  await pending.waitFor();
  expect(await pending.textContent()).toContain('Viewer');
  await screenshot(page, `team-${label}-invited`);
  await expectAccessible(page, `team page (${label})`);
}

/** The join link of the email to `to`, once the job has delivered it to the local mailbox. */
async function joinLinkFor(to: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const rows = await app.db.select({ text: mailboxMessages.text }).from(mailboxMessages).where(and(eq(mailboxMessages.orgId, orgId), eq(mailboxMessages.toAddress, to)));
    const link = rows.map((m) => /https?:\/\/\S+\/join\/[A-Za-z0-9_-]{43}/.exec(m.text)?.[0]).find(Boolean);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no invitation email to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Fills the join page's form and waits for the read-only overview it leads to. */
async function join(page: Page, name: string): Promise<void> {
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill('a long enough password');
  await page.getByLabel('Repeat the password').fill('a long enough password');
  await page.getByRole('button', { name: 'Join and sign in' }).click();
  await page.waitForURL(/\/overview$/);
  await page.getByTestId('read-only-notice').waitFor();
}

describe('a team with roles in a real browser (desktop)', { timeout: 180_000 }, () => {
  let teammateContext: BrowserContext;
  let teammate: Page;
  let joinLink: string;
  const teammateEmail = 'hiring.manager@example.com';

  beforeAll(async () => {
    teammateContext = await browser.newContext({ viewport: { width: 1360, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/Paris' });
    teammate = await teammateContext.newPage();
  });
  afterAll(() => teammateContext?.close());

  it('the admin invites a teammate as a viewer from Settings → Team', async () => {
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).first().click();
    await admin.waitForURL(/\/settings$/);
    await admin.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Team' }).click();
    await admin.waitForURL(/\/settings\/team$/);
    await inviteViewer(admin, teammateEmail, 'desktop');
  });

  it('the invitation is in the local mailbox, with the join link', async () => {
    await admin.goto(`${app.url}/settings/mailbox`);
    const message = admin.getByRole('list', { name: 'Messages' }).getByRole('link', { name: new RegExp(`Join ${orgName} on Interview screening`) });
    // The email job runs a moment after the invitation; the list looks again by itself.
    await message.waitFor({ timeout: 20_000 });
    await message.click();
    await admin.waitForURL(/message=msg_/);
    const link = admin.getByRole('region', { name: 'Text version' }).getByRole('link', { name: /\/join\// });
    joinLink = (await link.getAttribute('href'))!;
    expect(joinLink).toMatch(new RegExp(`^${app.url}/join/[A-Za-z0-9_-]{43}$`));
  });

  it('the teammate opens the link in their own browser, joins and lands on the dashboard as a viewer', async () => {
    // The role the join stores (viewer) is checked in tests/integration/team.test.ts ("an admin invites a viewer …").
    await teammate.goto(joinLink);
    await teammate.getByRole('heading', { name: `Join ${orgName}` }).waitFor();
    expect(await teammate.getByTestId('join-role').textContent()).toBe('viewer');
    await expectAccessible(teammate, 'join page (desktop)');
    await join(teammate, 'Hank Hiring-Manager');
    await screenshot(teammate, 'team-desktop-viewer-overview');
    await expectAccessible(teammate, 'overview as a viewer (desktop)');

    // The link works once: opened again, it says so.
    const again = await teammateContext.newPage();
    await again.goto(joinLink);
    await again.getByRole('heading', { name: 'This invitation was already used' }).waitFor();
    await again.close();
  });

  it('the viewer sees everything and no control that changes anything', async () => {
    await teammate.goto(`${app.url}/candidates`);
    await teammate.getByRole('link', { name: /Grace Hopper/ }).first().waitFor();
    expect(await teammate.getByRole('button', { name: 'New candidate' }).count()).toBe(0);
    expect(await teammate.getByRole('link', { name: 'Import CSV' }).count()).toBe(0);

    await teammate.goto(`${app.url}/candidates/${candidateId}`);
    await teammate.getByRole('heading', { name: 'Grace Hopper' }).waitFor();
    // Reading and exporting is theirs; editing, erasing and inviting are not.
    await teammate.getByRole('button', { name: /Download/ }).waitFor();
    for (const label of ['Edit', 'Erase', 'New interview']) expect(await teammate.getByRole('button', { name: new RegExp(label) }).count(), label).toBe(0);
    expect(await teammate.getByRole('link', { name: 'New interview' }).count()).toBe(0);
    await expectAccessible(teammate, `candidate as a viewer (desktop)`);

    await teammate.goto(`${app.url}/interviews`);
    await teammate.getByRole('heading', { name: 'Interviews' }).waitFor();
    expect(await teammate.getByRole('link', { name: 'New interview' }).count()).toBe(0);

    await teammate.goto(`${app.url}/settings`);
    await teammate.getByTestId('account-role').getByText('Viewer').waitFor();
    expect(await teammate.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Team' }).count()).toBe(0);
    expect(await teammate.getByRole('button', { name: 'New API key' }).count()).toBe(0);

    await teammate.goto(`${app.url}/interviews/new`);
    await teammate.getByText('You have read-only access').first().waitFor();
    await teammate.goto(`${app.url}/settings/team`);
    await teammate.getByText('Only admins can use this page').waitFor();
    await expectAccessible(teammate, `admin page refused to a viewer (desktop)`);
  });

  it('once the admin makes them a recruiter, they can', async () => {
    await admin.goto(`${app.url}/settings/team`);
    const row = admin.getByTestId('member-row').filter({ hasText: teammateEmail });
    await row.getByLabel('Role of Hank Hiring-Manager').selectOption('recruiter');
    await toast(admin, 'Hank Hiring-Manager is now recruiter.').waitFor();

    await teammate.goto(`${app.url}/candidates`);
    await teammate.getByRole('button', { name: 'New candidate' }).waitFor();
    expect(await teammate.getByTestId('read-only-notice').count()).toBe(0);
    await expectAccessible(teammate, `candidates as a recruiter (desktop)`);
  });
});

/**
 * The same organization on a phone, the admin signed in as above. What depends on the screen: the navigation is
 * behind the header's Menu button, and the team, join, overview, candidate and refusal pages fit and pass axe.
 */
describe('a team with roles on a 390×844 phone', { timeout: 180_000 }, () => {
  let adminPhone: BrowserContext;
  let teammatePhone: BrowserContext;
  let small: Page;
  let teammate: Page;
  const teammateEmail = 'second.manager@example.com';

  beforeAll(async () => {
    const phone = { viewport: { width: 390, height: 844 }, locale: 'en-GB', timezoneId: 'Europe/Paris' };
    adminPhone = await browser.newContext({ ...phone, storageState: await adminContext.storageState() });
    small = await adminPhone.newPage();
    teammatePhone = await browser.newContext(phone);
    teammate = await teammatePhone.newPage();
  });
  afterAll(async () => {
    await teammatePhone?.close();
    await adminPhone?.close();
  });

  it('the admin reaches Settings → Team through the menu and invites a teammate', async () => {
    await small.goto(`${app.url}/overview`);
    await small.getByRole('button', { name: 'Menu' }).click();
    await small.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).first().click();
    await small.waitForURL(/\/settings$/);
    await small.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Team' }).click();
    await small.waitForURL(/\/settings\/team$/);
    await inviteViewer(small, teammateEmail, 'phone');
  });

  it('the teammate joins on a phone: the join page, the read-only overview, a candidate and a refused page pass axe', async () => {
    // The mailbox's own page was read on the desktop: here the link is taken from the message it shows.
    const joinLink = await joinLinkFor(teammateEmail);
    await teammate.goto(joinLink);
    await teammate.getByRole('heading', { name: `Join ${orgName}` }).waitFor();
    await expectAccessible(teammate, 'join page (phone)');
    await join(teammate, 'Sue Second');
    await screenshot(teammate, 'team-phone-viewer-overview');
    await expectAccessible(teammate, 'overview as a viewer (phone)');

    await teammate.goto(`${app.url}/candidates/${candidateId}`);
    await teammate.getByRole('heading', { name: 'Grace Hopper' }).waitFor();
    await teammate.getByRole('button', { name: /Download/ }).waitFor();
    expect(await teammate.getByRole('button', { name: /Erase/ }).count()).toBe(0);
    await expectAccessible(teammate, 'candidate as a viewer (phone)');

    await teammate.goto(`${app.url}/settings/team`);
    await teammate.getByText('Only admins can use this page').waitFor();
    await expectAccessible(teammate, 'admin page refused to a viewer (phone)');
  });
});
