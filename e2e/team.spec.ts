import type { Browser, BrowserContext, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { resetEnvCache } from '@/server/env';
import { launchBrowser } from '../tests/support/browser';
import { expectAccessible, screenshot, signInThroughForm } from '../tests/support/dashboard-browser';
import { createTestOrg, makeCandidate } from '../tests/support/factories';
import { makeRecruiter, RECRUITER_PASSWORD } from '../tests/support/recruiters';
import { startTestApp, type TestApp } from '../tests/support/test-app';

/**
 * A team with roles, in Debian's Chromium, on a desktop and on a 390×844 phone: an admin invites a teammate as a
 * viewer, who joins from the link in the local mailbox, sees no control that changes anything, is refused by the
 * tRPC endpoint itself, and can act once the admin makes them a recruiter.
 */
let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  // No RESEND_API_KEY: the invitation lands in the local mailbox (Settings → Mailbox).
  app = await startTestApp({ RESEND_API_KEY: '', RESEND_BASE_URL: '' });
  // The emailed link points at this very server.
  process.env.APP_URL = app.url;
  resetEnvCache();
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

/** A tRPC mutation sent by the page itself, with its session cookie and the CSRF header the app's client sends. */
async function postFromPage(page: Page, path: string, input: unknown): Promise<{ status: number; code: string | undefined; message: string | undefined }> {
  return page.evaluate(
    async ({ path, input }) => {
      const res = await fetch(`/api/trpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-iss-csrf': '1' }, body: JSON.stringify(input) });
      const body = await res.json();
      return { status: res.status, code: body?.error?.data?.error?.code, message: body?.error?.message };
    },
    { path, input },
  );
}

describe.each(VIEWPORTS)('a team with roles in a real browser ($name)', { timeout: 180_000 }, ({ name, viewport }) => {
  let adminContext: BrowserContext;
  let admin: Page;
  let teammateContext: BrowserContext;
  let teammate: Page;
  let orgName: string;
  let candidateId: string;
  let joinLink: string;
  const teammateEmail = `hiring.manager.${name}@example.com`;

  beforeAll(async () => {
    orgName = `Acme ${name}`;
    const org = await createTestOrg(app.db, app.url, { name: orgName });
    const adminUser = await makeRecruiter(app.db, org.orgId, { name: 'Ada Admin' });
    candidateId = (await makeCandidate(app.db, org.orgId, { firstName: 'Grace', lastName: 'Hopper' })).id;
    adminContext = await browser.newContext({ viewport, locale: 'en-GB', timezoneId: 'Europe/Paris' });
    admin = await adminContext.newPage();
    await signInThroughForm(admin, app.url, adminUser.email, RECRUITER_PASSWORD);
    teammateContext = await browser.newContext({ viewport, locale: 'en-GB', timezoneId: 'Europe/Paris' });
    teammate = await teammateContext.newPage();
  });
  afterAll(async () => {
    await teammateContext?.close();
    await adminContext?.close();
  });

  const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]', { hasText: text });

  it('the admin invites a teammate as a viewer from Settings → Team', async () => {
    // On a phone the navigation is behind the header's Menu button.
    if (name === 'phone') await admin.getByRole('button', { name: 'Menu' }).click();
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).first().click();
    await admin.waitForURL(/\/settings$/);
    await admin.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Team' }).click();
    await admin.waitForURL(/\/settings\/team$/);
    await admin.getByRole('list', { name: 'Members' }).getByTestId('member-row').filter({ hasText: 'Ada Admin' }).waitFor();
    await admin.getByRole('button', { name: 'Invite a teammate' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Invite a teammate' });
    await dialog.getByLabel('Email').fill(teammateEmail);
    await dialog.getByLabel('Role').selectOption('viewer');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await toast(admin, `Invitation sent to ${teammateEmail}`).waitFor();
    const pending = admin.getByRole('list', { name: 'Pending invitations' }).getByTestId('invitation-row');
    await pending.filter({ hasText: teammateEmail }).waitFor();
    expect(await pending.textContent()).toContain('Viewer');
    await screenshot(admin, `team-${name}-invited`);
    await expectAccessible(admin, `team page (${name})`);
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
    await teammate.goto(joinLink);
    await teammate.getByRole('heading', { name: `Join ${orgName}` }).waitFor();
    expect(await teammate.getByTestId('join-role').textContent()).toBe('viewer');
    await expectAccessible(teammate, `join page (${name})`);
    await teammate.getByLabel('Your name').fill('Hank Hiring-Manager');
    await teammate.getByLabel('Password', { exact: true }).fill('a long enough password');
    await teammate.getByLabel('Repeat the password').fill('a long enough password');
    await teammate.getByRole('button', { name: 'Join and sign in' }).click();
    await teammate.waitForURL(/\/overview$/);
    await teammate.getByTestId('read-only-notice').waitFor();
    const [row] = await app.db.select({ role: users.role }).from(users).where(eq(users.email, teammateEmail));
    expect(row.role).toBe('viewer');
    await screenshot(teammate, `team-${name}-viewer-overview`);
    await expectAccessible(teammate, `overview as a viewer (${name})`);

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
    await expectAccessible(teammate, `candidate as a viewer (${name})`);

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
    await expectAccessible(teammate, `admin page refused to a viewer (${name})`);
  });

  it('the tRPC endpoint itself refuses the viewer a mutation with 403', async () => {
    const refused = await postFromPage(teammate, 'candidates.create', { email: `made-by-viewer-${name}@example.com` });
    expect(refused).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(refused.message).toMatch(/recruiter role/);
    expect(await postFromPage(teammate, 'team.invite', { email: 'x@example.com', role: 'admin' })).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('once the admin makes them a recruiter, they can', async () => {
    await admin.goto(`${app.url}/settings/team`);
    const row = admin.getByTestId('member-row').filter({ hasText: teammateEmail });
    await row.getByLabel('Role of Hank Hiring-Manager').selectOption('recruiter');
    await toast(admin, 'Hank Hiring-Manager is now recruiter.').waitFor();

    await teammate.goto(`${app.url}/candidates`);
    await teammate.getByRole('button', { name: 'New candidate' }).waitFor();
    expect(await teammate.getByTestId('read-only-notice').count()).toBe(0);
    expect(await postFromPage(teammate, 'candidates.create', { email: `made-by-recruiter-${name}@example.com` })).toMatchObject({ status: 200 });
    // Still not an admin.
    expect(await postFromPage(teammate, 'team.invite', { email: 'x@example.com', role: 'admin' })).toMatchObject({ status: 403 });
    await expectAccessible(teammate, `candidates as a recruiter (${name})`);
  });
});
