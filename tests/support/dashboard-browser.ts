import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { AxeResults } from 'axe-core';
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

/**
 * The toasts (sonner) come and go on their own clock: one that fades in or out while axe runs is read at a paler
 * colour than anyone reads it at rest, and whether that happens depended on timing. The page checks leave them out;
 * expectToastAccessible checks one held still.
 */
const TOASTER = '[data-sonner-toaster]';

/** axe-core on the current page: no serious or critical violation (the details are printed when there is one). */
export async function expectAccessible(page: Page, label: string, options: { exclude?: string[]; include?: string[] } = {}): Promise<AxeResults> {
  // After a client-side navigation Next.js streams the new <title> in; check the settled page.
  await page.waitForFunction(() => document.title.length > 0);
  await transitionsSettled(page);
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  for (const selector of options.include ?? []) builder.include(selector);
  // An iframe with sandbox="" runs no script, axe's included: analyzing it would wait forever. Exclude such frames.
  for (const selector of [...(options.exclude ?? []), ...(options.include ? [] : [TOASTER])]) builder.exclude(selector);
  let results = await builder.analyze();
  // Next.js streams a page's metadata: while router.refresh() (after an action) commits the refreshed page, the
  // <title> is out of the document for a moment, and an analysis can fall in it (seen once in CI, after the invite
  // dialog's refresh). Such a check runs again once the title is back; a page that has no title fails both.
  if (results.violations.some((v) => v.id === 'document-title')) {
    await page.waitForFunction(() => document.title.length > 0);
    results = await builder.analyze();
  }
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = severe.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('\n  ')}`).join('\n');
  expect(report, `accessibility of ${label}`).toBe('');
  return results;
}

/**
 * axe-core on the newest toast, held still: the pointer rests on it (sonner pauses a toast's timer while it is
 * hovered, so it does not start leaving during the check) and its transitions have ended.
 */
export async function expectToastAccessible(page: Page, label: string): Promise<void> {
  await page.locator('[data-sonner-toast]').last().hover();
  const results = await expectAccessible(page, label, { include: [TOASTER] });
  // Not a check of nothing: the toast's text was among what the contrast rule measured.
  const contrast = [...results.passes, ...results.incomplete].filter((rule) => rule.id === 'color-contrast');
  expect(contrast.flatMap((rule) => rule.nodes).length, `contrast of ${label} measured`).toBeGreaterThan(0);
}

/** Every finite animation and transition of the page has finished (an infinite one, a spinner, never does). */
async function transitionsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => {})),
    ),
  );
}

/**
 * A full-page picture of where a spec is, for a person looking at a run (`E2E_SCREENSHOTS=1`): pictures check
 * nothing, and each costs one to four seconds of a loaded machine, so a plain run (CI) takes none.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
