import type { Browser, BrowserContext, Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../tests/support/browser';
import { expectAccessible, screenshot, signInThroughForm } from '../tests/support/dashboard-browser';
import { createTestOrg } from '../tests/support/factories';
import { FAKE_QUESTION_SET_CRITERIA, startFakeOpenAi, type FakeOpenAi } from '../tests/support/fake-openai';
import { makeRecruiter, RECRUITER_PASSWORD } from '../tests/support/recruiters';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import { checkPhone, CountedRecruiter, expectThreeInvitations, inviteThree } from './job-setup-support';

let fake: FakeOpenAi;
let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let orgId: string;

const JD = [
  'Night shift team leader for our Lyon distribution centre.',
  'You run a team of twelve pickers, keep accuracy above 99.5 % and safety incidents at zero, and report to the site manager.',
].join('\n');

beforeAll(async () => {
  fake = await startFakeOpenAi();
  app = await startTestApp({ LLM_BASE_URL: fake.baseUrl, LLM_API_KEY: 'sk-test', LLM_MODEL: 'gpt-4o-mini', STT_BASE_URL: '', TTS_BASE_URL: '', REALTIME_BASE_URL: '' });
  browser = await launchBrowser();
  const org = await createTestOrg(app.db, app.url, { name: 'Setup Logistics' });
  orgId = org.orgId;
  const recruiter = await makeRecruiter(app.db, orgId, { name: 'Rita Recruiter' });
  context = await browser.newContext({ viewport: { width: 1360, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/Paris' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
  page = await context.newPage();
  await signInThroughForm(page, app.url, recruiter.email, RECRUITER_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await fake?.close();
});

describe('a job set up from a pasted job description', { timeout: 180_000 }, () => {
  let campaignId: string;

  it('goes from "New job" to three invitations sent in under 10 clicks, with the generated question set', async () => {
    await page.goto(`${app.url}/campaigns`);
    await page.getByTestId('new-job').waitFor();
    const recruiter = await CountedRecruiter.on(context, page);
    await recruiter.click(page.getByTestId('new-job'));
    await page.getByRole('heading', { name: 'New job' }).waitFor();
    await recruiter.fill(page.getByLabel('Job title'), 'Night shift team leader');
    await recruiter.fill(page.getByLabel('Job description'), JD);
    await recruiter.click(page.getByTestId('generate-question-set'));
    await page.getByRole('heading', { name: '3. Review and create' }).waitFor();
    // The draft is the model's, shown for review: its criteria and their anchored scale.
    for (const [i, label] of FAKE_QUESTION_SET_CRITERIA.entries()) expect(await page.getByLabel(`Label of criterion ${i + 1}`).inputValue()).toBe(label);
    expect(await page.getByLabel('8 / 10 for criterion 1').inputValue()).toMatch(/specific, measured example/);
    await page.getByTestId('config-provenance').getByText('Drafted by gpt-4o-mini').waitFor();
    await screenshot(page, 'job-setup-01-generated-draft');
    await expectAccessible(page, 'new job wizard with a generated draft');

    await recruiter.click(page.getByRole('button', { name: 'Create job and campaign' }));
    await page.waitForURL(/\/campaigns\/cmp_/);
    campaignId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('heading', { name: 'Night shift team leader' }).waitFor();
    await page.getByTestId('campaign-question-set').getByText('Night shift team leader screening').first().waitFor();
    await inviteThree(recruiter);
    await screenshot(page, 'job-setup-02-invitations-sent');
    await expectAccessible(page, 'invite dialog with its summary');

    expect(recruiter.total, `${recruiter.clicks} clicks and ${recruiter.fields} fields`).toBeLessThan(10);
    expect(recruiter.browserClicks).toBe(recruiter.clicks);
    expect(recruiter.seconds).toBeLessThan(120);
    console.log(`job setup (generated): ${recruiter.clicks} clicks + ${recruiter.fields} fields = ${recruiter.total}, ${recruiter.seconds.toFixed(1)} s`);

    const config = await expectThreeInvitations(app, orgId, campaignId);
    expect(config.criteria.map((c) => c.label)).toEqual(FAKE_QUESTION_SET_CRITERIA);
    expect(config.provenance).toMatchObject({ task: 'question-set-generation', model: 'gpt-4o-mini', editedByHuman: false });
    // The model was asked through the real SDK with the pasted description.
    const asked = fake.requests.filter((r) => r.path === '/v1/chat/completions' && r.body?.response_format?.json_schema?.name === 'question_set');
    expect(asked).toHaveLength(1);
    expect(JSON.parse(asked[0].body.messages.at(-1).content).jobDescription).toBe(JD);
  });

  it('copies a candidate’s invitation link from the campaign page', async () => {
    await page.keyboard.press('Escape');
    const ranking = page.getByRole('table', { name: 'Candidates ranked by overall score' });
    await expect.poll(() => ranking.getByTestId('copy-invitation-link').count()).toBe(3);
    await ranking.getByRole('button', { name: /Copy link to the invitation of Ada Lovelace/ }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/i\/[A-Za-z0-9_-]{43}$/);
  });

  it('has no accessibility violations on the wizard and the invite dialog at phone size', async () => {
    await expectAccessible(page, 'campaign page after inviting');
    await checkPhone(browser, context, app, campaignId, async (p) => {
      await p.getByLabel('Job description').fill(JD);
      await p.getByTestId('generate-question-set').click();
    }, 'job-setup-generated');
  });
});
