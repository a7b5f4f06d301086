import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { campaigns, candidates, interviewConfigs, interviews } from '@/db/schema';
import { expectAccessible, screenshot } from '../tests/support/dashboard-browser';
import type { TestApp } from '../tests/support/test-app';

/**
 * What a recruiter does, counted: every click, and every field they must click into and fill (counted as one
 * more click each, as a person has to put the cursor there). A document-level listener counts the trusted
 * clicks the browser actually received, as a cross-check of the tally.
 */
export class CountedRecruiter {
  clicks = 0;
  fields = 0;
  browserClicks = 0;
  readonly startedAt = Date.now();
  constructor(readonly page: Page) {}

  static async on(context: BrowserContext, page: Page): Promise<CountedRecruiter> {
    const recruiter = new CountedRecruiter(page);
    await context.exposeBinding('__countClick', () => {
      recruiter.browserClicks++;
    });
    const listen = () => document.addEventListener('click', (e) => e.isTrusted && (window as unknown as { __countClick: () => void }).__countClick(), true);
    // Documents loaded from now on, and the one already open (the dashboard navigates without reloading).
    await context.addInitScript(listen);
    await page.evaluate(listen);
    return recruiter;
  }

  async click(target: Locator) {
    this.clicks++;
    await target.click();
  }

  async fill(target: Locator, text: string) {
    this.fields++;
    await target.fill(text);
  }

  get total() {
    return this.clicks + this.fields;
  }

  get seconds() {
    return (Date.now() - this.startedAt) / 1000;
  }
}

export const INVITEES = ['Ada Lovelace <ada.setup@example.com>', 'grace.setup@example.com', 'linus.setup@example.com'];

/** From the campaign page: "Invite candidates", three addresses, "Send invitations"; waits for the summary. */
export async function inviteThree(recruiter: CountedRecruiter): Promise<void> {
  const { page } = recruiter;
  await recruiter.click(page.getByTestId('invite-candidates'));
  const dialog = page.getByRole('dialog', { name: 'Invite candidates' });
  await recruiter.fill(dialog.getByLabel('Email addresses'), INVITEES.join('\n'));
  await recruiter.click(dialog.getByRole('button', { name: 'Send invitations' }));
  await dialog.getByTestId('invite-summary').getByText('3 sent').waitFor();
}

/** The campaign's invitations in the database: three, INVITED, each with the campaign's question set. */
export async function expectThreeInvitations(app: TestApp, orgId: string, campaignId: string) {
  const [campaign] = await app.db.select().from(campaigns).where(and(eq(campaigns.id, campaignId), eq(campaigns.orgId, orgId)));
  expect(campaign.configId).toEqual(expect.stringMatching(/^cfg_/));
  const rows = await app.db
    .select({ email: candidates.email, status: interviews.status, configId: interviews.configId })
    .from(interviews)
    .innerJoin(candidates, eq(candidates.id, interviews.candidateId))
    .where(and(eq(interviews.orgId, orgId), eq(interviews.campaignId, campaignId)));
  expect(rows.map((r) => r.email).sort()).toEqual(['ada.setup@example.com', 'grace.setup@example.com', 'linus.setup@example.com']);
  for (const row of rows) expect(row).toMatchObject({ status: 'INVITED', configId: campaign.configId });
  const [config] = await app.db.select().from(interviewConfigs).where(eq(interviewConfigs.id, campaign.configId!));
  return config;
}

/** axe on the wizard (with a draft shown) and on the invite dialog, at phone size, in a second signed-in context. */
export async function checkPhone(browser: Browser, context: BrowserContext, app: TestApp, campaignId: string, pickDraft: (page: Page) => Promise<void>, name: string) {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, storageState: await context.storageState() });
  try {
    const page = await phone.newPage();
    await page.goto(`${app.url}/campaigns/new`);
    await page.getByRole('heading', { name: 'New job' }).waitFor();
    await page.getByLabel('Job title').fill('Phone check');
    await pickDraft(page);
    await page.getByRole('heading', { name: '3. Review and create' }).waitFor();
    await screenshot(page, `${name}-wizard-phone`);
    await expectAccessible(page, 'new job wizard (phone)');
    await page.goto(`${app.url}/campaigns/${campaignId}`);
    await page.getByTestId('invite-candidates').click();
    await page.getByRole('dialog', { name: 'Invite candidates' }).getByLabel('Email addresses').waitFor();
    await screenshot(page, `${name}-invite-phone`);
    await expectAccessible(page, 'invite dialog (phone)');
  } finally {
    await phone.close();
  }
}
