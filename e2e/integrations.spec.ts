import type { Browser, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atsOrders } from '@/db/schema';
import { launchBrowser } from '../tests/support/browser';
import { expectAccessible, screenshot, signInThroughForm } from '../tests/support/dashboard-browser';
import { createTestOrg, makeHiringSetup } from '../tests/support/factories';
import { startFakeGreenhouse, type FakeGreenhouse } from '../tests/support/fake-greenhouse';
import { makeRecruiter, RECRUITER_PASSWORD } from '../tests/support/recruiters';
import { startTestApp, type TestApp } from '../tests/support/test-app';

let app: TestApp;
let browser: Browser;
let page: Page;
let greenhouse: FakeGreenhouse;
let email: string;
let campaignName: string;

beforeAll(async () => {
  app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', RESEND_API_KEY: '', RESEND_BASE_URL: '' });
  greenhouse = await startFakeGreenhouse(app.url);
  browser = await launchBrowser();
  const org = await createTestOrg(app.db, app.url, { name: 'Greenhouse Customer' });
  const setup = await makeHiringSetup(app.db, org.orgId);
  campaignName = setup.campaign.name;
  email = (await makeRecruiter(app.db, org.orgId)).email;
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' })).newPage();
});
afterAll(async () => {
  await browser?.close();
  await greenhouse?.close();
  await app?.close();
});

describe('Settings → Integrations in a real browser', { timeout: 120_000 }, () => {
  it('connects Greenhouse (key shown once), maps a test to a campaign; an interview Greenhouse orders shows Greenhouse as its source', async () => {
    await signInThroughForm(page, app.url, email, RECRUITER_PASSWORD);
    await page.goto(`${app.url}/settings/developers`);
    await page.getByRole('link', { name: /Manage integrations/ }).click();
    await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor();
    await page.getByText('Not connected').waitFor();

    await page.getByRole('button', { name: 'Connect Greenhouse' }).click();
    const key = await page.getByRole('textbox', { name: 'Integration key', exact: true }).inputValue();
    expect(key).toMatch(/^iik_/);
    await screenshot(page, 'integrations-01-key');
    await page.getByRole('button', { name: 'I have stored the key' }).click();
    await expect.poll(() => page.getByText(key).count()).toBe(0);
    await page.getByText('Connected', { exact: true }).waitFor();

    await page.getByLabel('Test name').fill('Backend screening');
    await page.getByLabel('Campaign').selectOption({ label: campaignName });
    await page.getByRole('button', { name: 'Map test' }).click();
    await page.getByRole('list', { name: 'Mapped tests' }).getByText('Backend screening').waitFor();

    // Greenhouse, with the key the admin copied, lists the test and orders it for a candidate.
    const listed = await greenhouse.call(key, 'list_tests');
    expect(listed.body).toEqual([{ partner_test_id: expect.stringMatching(/^att_/), partner_test_name: 'Backend screening' }]);
    const sent = await greenhouse.sendTest(key, { partnerTestId: listed.body[0].partner_test_id, email: 'ordered@example.com', firstName: 'Ordered', lastName: 'Candidate' });
    expect(sent.status).toBe(200);
    const [order] = await app.db.select().from(atsOrders).where(eq(atsOrders.id, sent.body.partner_interview_id));

    await page.reload();
    await page.getByRole('cell', { name: 'send_test', exact: true }).waitFor();
    await expectAccessible(page, 'integrations page');
    await screenshot(page, 'integrations-02-log');

    // Ashby, one click away: its addresses, and the customer's Ashby key asked before connecting.
    await page.getByRole('button', { name: 'Ashby', exact: true }).click();
    await page.getByText('/api/integrations/ashby/assessment.start').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Connect Ashby' }).isDisabled()).toBe(true);
    await page.getByLabel(/Your Ashby API key/).fill('ashby-customer-key');
    await page.getByRole('button', { name: 'Connect Ashby' }).click();
    await page.getByText('with your API key').waitFor();
    await page.getByRole('button', { name: 'I have stored the key' }).click();

    // Lever: the customer's Lever key, our webhook address to paste into Lever, then Lever's signature token, and a
    // Lever stage id mapped to the campaign.
    await page.getByRole('button', { name: 'Lever', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Connect Lever' }).isDisabled()).toBe(true);
    await page.getByLabel(/Your Lever API key/).fill('lever-customer-key');
    await page.getByRole('button', { name: 'Connect Lever' }).click();
    const webhookUrl = await page.getByRole('dialog').locator('code').textContent();
    expect(webhookUrl).toMatch(/\/api\/integrations\/lever\/webhook\/atc_/);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByLabel(/Signature token \(from Lever\): not given yet/).fill('lever-signature-token');
    await page.getByRole('button', { name: 'Save token' }).click();
    await page.getByLabel(/Signature token given/).waitFor();
    await page.getByLabel('Test name').fill('Phone screen');
    await page.getByLabel('Lever stage id').fill('stage-phone-screen');
    await page.getByLabel('Campaign').selectOption({ label: campaignName });
    await page.getByRole('button', { name: 'Map test' }).click();
    await page.getByRole('list', { name: 'Mapped tests' }).getByText('stage-phone-screen').waitFor();
    await expectAccessible(page, 'integrations page, Lever');
    await screenshot(page, 'integrations-04-lever');
    await page.getByRole('button', { name: 'Greenhouse', exact: true }).click();
    await page.getByRole('button', { name: 'Connect Greenhouse' }).or(page.getByRole('button', { name: 'Create another Greenhouse key' })).waitFor();

    // The ordered interview appears among the interviews, and its page names Greenhouse as the source.
    await page.goto(`${app.url}/interviews`);
    await page.locator(`a[href="/interviews/${order.interviewId}"]`).first().click();
    await expect.poll(() => page.getByTestId('interview-source').textContent()).toMatch(/^Greenhouse/);
    await page.getByTestId('interview-source').getByText('Backend screening').waitFor();
    await screenshot(page, 'integrations-03-interview-source');
  });
});
