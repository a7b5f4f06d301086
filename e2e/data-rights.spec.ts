import type { Browser, BrowserContext, Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, candidates, organizations } from '@/db/schema';
import { launchBrowser } from '../tests/support/browser';
import { expectAccessible, screenshot, signInThroughForm } from '../tests/support/dashboard-browser';
import { createTestOrg, makeCandidate, makeHiringSetup, makeInterview } from '../tests/support/factories';
import { makeRecruiter, RECRUITER_PASSWORD } from '../tests/support/recruiters';
import { startTestApp, type TestApp } from '../tests/support/test-app';

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let orgId: string;
let recruiter: Awaited<ReturnType<typeof makeRecruiter>>;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  orgId = (await createTestOrg(app.db, app.url, { name: 'Acme Robotics' })).orgId;
  recruiter = await makeRecruiter(app.db, orgId, { name: 'Rita Recruiter' });
  context = await browser.newContext({ viewport: { width: 1360, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/Paris' });
  page = await context.newPage();
  await signInThroughForm(page, app.url, recruiter.email, RECRUITER_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe("candidates' data rights in the dashboard", { timeout: 90_000 }, () => {
  it('records the sign-in through the form, with the user as actor', async () => {
    const entries = await app.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.action, 'auth.signed_in')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorType: 'user', actorId: recruiter.id, targetId: recruiter.id });
  });

  it('downloads the candidate data, then erases the candidate after a confirmation naming what is destroyed', async () => {
    const setup = await makeHiringSetup(app.db, orgId);
    const candidate = await makeCandidate(app.db, orgId, { firstName: 'Hedy', lastName: 'Lamarr', email: 'hedy@example.com' });
    await makeInterview(app.db, orgId, { candidateId: candidate.id, jobId: setup.job.id, campaignId: setup.campaign.id });
    await page.goto(`${app.url}/candidates/${candidate.id}`);
    await page.getByRole('heading', { name: 'Hedy Lamarr' }).waitFor();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`candidate-${candidate.id}-data.json`);
    const exported = JSON.parse(await streamText(await download.createReadStream()));
    expect(exported).toMatchObject({ candidate: { id: candidate.id, email: 'hedy@example.com' }, notes: [] });
    expect(exported.interviews).toHaveLength(1);

    await page.getByRole('button', { name: 'Erase' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Erase Hedy Lamarr?').waitFor();
    for (const text of ['the profile: name, email, phone', 'interview transcripts, audio recordings', 'report summaries', 'emails sent to them']) {
      expect(await dialog.textContent()).toContain(text);
    }
    await screenshot(page, 'data-rights-01-erase-dialog');
    await expectAccessible(page, 'erase dialog');
    await dialog.getByRole('button', { name: 'Erase permanently' }).click();
    await page.waitForURL(/\/candidates$/);
    expect(await app.db.$count(candidates, eq(candidates.id, candidate.id))).toBe(0);
    const erased = await app.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.action, 'candidate.erased')));
    expect(erased).toHaveLength(1);
    expect(erased[0]).toMatchObject({ actorType: 'user', actorId: recruiter.id, targetId: candidate.id, details: { interviews: 1, cancelledInterviews: 1 } });
  });

  it('changes the retention period in Settings and browses the audit log', async () => {
    await page.goto(`${app.url}/settings/privacy`);
    const field = page.getByLabel('Retention period (days)');
    // Each settings card has its own Save: the one of the form that holds the field.
    const save = page.locator('form').filter({ has: field }).getByRole('button', { name: 'Save' });
    await field.fill('10');
    await save.click();
    await page.getByText('Must be at least 30 days').waitFor();
    await field.fill('365');
    await save.click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    const [org] = await app.db.select({ days: organizations.retentionDays }).from(organizations).where(eq(organizations.id, orgId));
    expect(org.days).toBe(365);
    await expectAccessible(page, 'settings with retention');

    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await expect.poll(() => page.locator('tbody tr[data-row]').count()).toBeGreaterThanOrEqual(4);
    await page.getByLabel('Action').selectOption('settings.updated');
    await expect.poll(() => page.locator('tbody tr[data-row]').count()).toBe(1);
    // What changed, in words (Settings → Audit log reads before → after, not JSON).
    expect(await page.locator('tbody').textContent()).toContain('Retention period (days): 730 → 365');
    await screenshot(page, 'data-rights-02-audit-log');
    await expectAccessible(page, 'audit log');
    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(href).toBe('/api/dashboard/audit-export?action=settings.updated');
  });
});

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
