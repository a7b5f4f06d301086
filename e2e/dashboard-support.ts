import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect } from 'vitest';
import type { Database } from '@/db/client';
import { SESSION_COOKIE_NAME } from '@/server/services/auth/session-token';
import { signIn } from '@/server/services/auth/sign-in';
import { RECRUITER_PASSWORD } from '../tests/support/recruiters';

/**
 * Shared by the dashboard specs. Each spec signs in through the real form once; a second user, or a second
 * browser context of a spec that has already shown the form, is given its session cookie directly (the sign-in
 * service's own session, set as the form's action sets it), which spares a page load on a loaded machine.
 */
export async function signInWithCookie(context: BrowserContext, db: Database, baseUrl: string, email: string, password = RECRUITER_PASSWORD): Promise<void> {
  const { token } = await signIn(db, { email, password });
  await context.addCookies([{ name: SESSION_COOKIE_NAME, value: token, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
}

/** The element is rendered and ends within the viewport's width (nothing to scroll sideways to reach it). */
export async function expectInView(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, `${locator} visible`).not.toBeNull();
  expect(box!.x + box!.width, `${locator} within the viewport`).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/**
 * Presses a page-wide shortcut until it has taken effect. The shortcuts' listener is attached when the shell has
 * hydrated, which `page.goto` does not wait for; a key pressed before that does nothing (as for a person), so the
 * key is pressed again, but only while `done` is false: once it has worked it is never pressed a second time.
 */
export async function pressUntil(page: Page, key: string, done: () => Promise<boolean>): Promise<void> {
  await expect
    .poll(async () => {
      if (await done()) return true;
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press(key);
      return done();
    }, { timeout: 15_000 })
    .toBe(true);
}
