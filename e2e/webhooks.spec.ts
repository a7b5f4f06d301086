import type { Browser, Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../tests/support/browser';
import { expectAccessible, screenshot, signInThroughForm } from '../tests/support/dashboard-browser';
import { createTestOrg } from '../tests/support/factories';
import { makeRecruiter, RECRUITER_PASSWORD } from '../tests/support/recruiters';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import { startWebhookReceiver, type WebhookReceiver } from '../tests/support/webhook-receiver';

let app: TestApp;
let browser: Browser;
let page: Page;
let receiver: WebhookReceiver;
let email: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  browser = await launchBrowser();
  const org = await createTestOrg(app.db, app.url, { name: 'Hooked Inc' });
  email = (await makeRecruiter(app.db, org.orgId)).email;
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' })).newPage();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await receiver?.close();
});

describe('Settings → Webhooks in a real browser', { timeout: 120_000 }, () => {
  it('creates an endpoint, shows its secret once, sends a test event and lists the delivery; rotates, disables, deletes', async () => {
    await signInThroughForm(page, app.url, email, RECRUITER_PASSWORD);
    await page.goto(`${app.url}/settings/developers`);
    await page.getByRole('link', { name: /Manage webhook endpoints/ }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByText('No webhook endpoints yet').waitFor();

    await page.getByRole('button', { name: 'New endpoint' }).click();
    await page.getByLabel('URL').fill(`${receiver.base}/ui`);
    await page.getByLabel('Description').fill('ATS');
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    const secret = await page.getByRole('textbox', { name: 'Signing secret', exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    receiver.register('/ui', secret);
    await screenshot(page, 'webhooks-01-secret');
    await page.getByRole('button', { name: 'I have stored the secret' }).click();
    await expect.poll(() => page.getByText('whsec_').count()).toBe(0);

    await page.getByRole('button', { name: 'Send test event' }).click();
    await receiver.waitFor(() => receiver.on('/ui').length === 1);
    await page.getByText('SUCCEEDED').waitFor();
    await expectAccessible(page, 'webhooks page');
    await screenshot(page, 'webhooks-02-delivery-log');

    await page.getByRole('button', { name: 'Rotate secret' }).click();
    // The confirmation loads on the first press (next/dynamic): its button is found inside it, not as the page's last.
    await page.getByRole('alertdialog', { name: 'Rotate the signing secret?' }).getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = await page.getByRole('textbox', { name: 'Signing secret', exact: true }).inputValue();
    expect(rotated).not.toBe(secret);
    await page.getByRole('button', { name: 'I have stored the secret' }).click();

    await page.getByRole('button', { name: 'Disable' }).click();
    await page.getByText('Disabled', { exact: true }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Send test event' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete endpoint' }).click();
    await page.getByText('No webhook endpoints yet').waitFor();
  });
});
