import { chromium, type Browser } from '@playwright/test';

/**
 * Debian's Chromium driven by Playwright (its own browser download cannot run here). The flags keep a headless
 * root Chromium from reaching for the network it does not have.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
