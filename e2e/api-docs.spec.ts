import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../tests/support/browser';
import { createTestOrg, type TestOrg } from '../tests/support/factories';
import { startTestApp, type TestApp } from '../tests/support/test-app';

const SCREENSHOT = path.join(process.cwd(), 'test-results', 'screenshots', 'api-docs.png');

let app: TestApp;
let org: TestOrg;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp();
  org = await createTestOrg(app.db, app.url, { scopes: ['candidates:read'] });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('the API reference in a browser', () => {
  it('renders every operation from the served document, and "Try it out" works after Authorize', { timeout: 90_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1600 } });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('requestfailed', (req) => problems.push(`${req.url()} ${req.failure()?.errorText}`));

    await page.goto(`${app.url}/api/docs`);
    await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
    const summaries = await page.locator('.opblock-summary-path').allInnerTexts();
    const paths = summaries.map((text) => text.replace(/\u200b/g, '').trim());
    expect(paths).toEqual(expect.arrayContaining(['/candidates', '/candidates/{id}', '/interviews', '/interviews/{id}', '/reports/export']));
    await expect(page.locator('.info .title').innerText()).resolves.toContain('Interview Screening API');

    await mkdir(path.dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });

    // Authorize with the X-API-Key scheme, then run GET /candidates from the page itself.
    await page.getByRole('button', { name: /authorize/i }).first().click();
    const dialog = page.locator('.dialog-ux');
    await expect(dialog.getByText('bearerAuth').isVisible()).resolves.toBe(true);
    const apiKeyForm = dialog.locator('.auth-container').filter({ hasText: 'apiKeyHeader' });
    await apiKeyForm.locator('input').fill(org.apiKey);
    await apiKeyForm.locator('button.authorize').click();
    await apiKeyForm.locator('button.btn-done').click();

    const operation = page.locator('#operations-Candidates-candidates-list');
    await operation.locator('.opblock-summary-control').click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    const execute = async () => {
      const [response] = await Promise.all([
        page.waitForResponse((res) => new URL(res.url()).pathname === '/api/v1/candidates'),
        operation.getByRole('button', { name: 'Execute' }).click(),
      ]);
      return response;
    };
    const viaHeader = await execute();
    expect(viaHeader.status()).toBe(200);
    expect(viaHeader.request().headers()['x-api-key']).toBe(org.apiKey);
    const live = operation.locator('.live-responses-table .response .response-col_status').first();
    await expect(live.innerText()).resolves.toContain('200');
    await expect(operation.locator('.live-responses-table').innerText()).resolves.toContain('"pagination"');

    // The same page, with the bearer scheme instead.
    await page.getByRole('button', { name: /authorize/i }).first().click();
    await apiKeyForm.locator('button', { hasText: 'Logout' }).click();
    const bearerForm = dialog.locator('.auth-container').filter({ hasText: 'bearerAuth' });
    await bearerForm.locator('input').fill(org.apiKey);
    await bearerForm.locator('button.authorize').click();
    await bearerForm.locator('button.btn-done').click();
    const viaBearer = await execute();
    expect(viaBearer.status()).toBe(200);
    expect(viaBearer.request().headers()['authorization']).toBe(`Bearer ${org.apiKey}`);
    expect(viaBearer.request().headers()['x-api-key']).toBeUndefined();

    expect(problems).toEqual([]);
    await page.close();
  });
});
