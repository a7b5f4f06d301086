import type { Browser, BrowserContext, Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../tests/support/browser';
import { expectAccessible, screenshot, signInThroughForm } from '../tests/support/dashboard-browser';
import { createTestOrg } from '../tests/support/factories';
import { makeRecruiter, RECRUITER_PASSWORD } from '../tests/support/recruiters';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import { QUESTION_SET_TEMPLATES } from '@/server/services/interview-configs/templates';
import { checkPhone, CountedRecruiter, expectThreeInvitations, inviteThree } from './job-setup-support';

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let orgId: string;

beforeAll(async () => {
  // No language model at all: the wizard says so and offers the templates.
  app = await startTestApp({ LLM_BASE_URL: '', LLM_API_KEY: '', STT_BASE_URL: '', TTS_BASE_URL: '', REALTIME_BASE_URL: '' });
  browser = await launchBrowser();
  const org = await createTestOrg(app.db, app.url, { name: 'Template Retail' });
  orgId = org.orgId;
  const recruiter = await makeRecruiter(app.db, orgId, { name: 'Tom Recruiter' });
  context = await browser.newContext({ viewport: { width: 1360, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/Paris' });
  page = await context.newPage();
  await signInThroughForm(page, app.url, recruiter.email, RECRUITER_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('a job set up from a template, with no language model', { timeout: 180_000 }, () => {
  let campaignId: string;

  it('goes from "New job" to three invitations sent in under 10 clicks, with the template’s question set', async () => {
    const template = QUESTION_SET_TEMPLATES.find((t) => t.id === 'customer-support-en')!;
    await page.goto(`${app.url}/campaigns`);
    await page.getByTestId('new-job').waitFor();
    const recruiter = await CountedRecruiter.on(context, page);
    await recruiter.click(page.getByTestId('new-job'));
    await page.getByRole('heading', { name: 'New job' }).waitFor();
    await recruiter.fill(page.getByLabel('Job title'), 'Support agent');
    // No model: the generate button is off and says why.
    await page.getByText('No language model is configured for your organization').waitFor();
    expect(await page.getByTestId('generate-question-set').isDisabled()).toBe(true);
    await recruiter.click(page.getByRole('button', { name: /Customer support agent/ }));
    await page.getByRole('heading', { name: '3. Review and create' }).waitFor();
    expect(await page.getByLabel('Label of criterion 1').inputValue()).toBe(template.criteria[0].label);
    await screenshot(page, 'job-setup-11-template-draft');
    await expectAccessible(page, 'new job wizard with a template');
    await recruiter.click(page.getByRole('button', { name: 'Create job and campaign' }));
    await page.waitForURL(/\/campaigns\/cmp_/);
    campaignId = new URL(page.url()).pathname.split('/').pop()!;
    await inviteThree(recruiter);
    await expectAccessible(page, 'invite dialog with its summary');

    expect(recruiter.total, `${recruiter.clicks} clicks and ${recruiter.fields} fields`).toBeLessThan(10);
    expect(recruiter.browserClicks).toBe(recruiter.clicks);
    expect(recruiter.seconds).toBeLessThan(120);
    console.log(`job setup (template): ${recruiter.clicks} clicks + ${recruiter.fields} fields = ${recruiter.total}, ${recruiter.seconds.toFixed(1)} s`);

    const config = await expectThreeInvitations(app, orgId, campaignId);
    expect(config.criteria).toEqual(template.criteria);
    expect(config.questions).toEqual(template.questions);
    expect(config.provenance).toBeNull();
  });

  it('shows each bad line of a paste, keeping it in the box, and sends the rest', async () => {
    await page.keyboard.press('Escape');
    await page.getByTestId('invite-candidates').click();
    const dialog = page.getByRole('dialog', { name: 'Invite candidates' });
    await dialog.getByLabel('Email addresses').fill('new.person@example.com\nnot an address\nada.setup@example.com');
    await dialog.getByRole('button', { name: 'Send invitations' }).click();
    await dialog.getByTestId('invite-errors').getByText('Line 2 (not an address): Must be a valid email address').waitFor();
    await dialog.getByTestId('invite-summary').getByText('1 sent').waitFor();
    await dialog.getByText('1 already invited').waitFor();
    expect(await dialog.getByLabel('Email addresses').inputValue()).toBe('not an address');
  });

  it('has no accessibility violations on the wizard and the invite dialog at phone size', async () => {
    await checkPhone(browser, context, app, campaignId, async (p) => {
      await p.getByRole('button', { name: /Customer support agent/ }).click();
    }, 'job-setup-template');
  });
});
