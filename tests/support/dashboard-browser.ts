import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from 'vitest';

export const SCREENSHOT_DIR = path.join(process.cwd(), 'test-results', 'screenshots');

/** Signs in through the real form and waits for the overview. */
export async function signInThroughForm(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/overview$/);
}

/** axe-core on the current page: no serious or critical violation (the details are printed when there is one). */
export async function expectAccessible(page: Page, label: string, options: { exclude?: string[] } = {}): Promise<void> {
  // After a client-side navigation Next.js streams the new <title> in; check the settled page.
  await page.waitForFunction(() => document.title.length > 0);
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  // An iframe with sandbox="" runs no script, axe's included: analyzing it would wait forever. Exclude such frames.
  for (const selector of options.exclude ?? []) builder.exclude(selector);
  const results = await builder.analyze();
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = severe.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('\n  ')}`).join('\n');
  expect(report, `accessibility of ${label}`).toBe('');
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
