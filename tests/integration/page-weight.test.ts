import { describe, expect, it } from 'vitest';
import { firstLoadJsBytes } from '../support/page-weight';

/**
 * Issue 26: at most 150 KB of compressed JavaScript per dashboard page. Next.js and React alone are about 111 KB
 * of it, so a library added to a page's first load (a data layer, a popup, a table engine) shows here at once,
 * before the bench's Chromium runs (`npm run bench -- --scenario dashboard` measures what the browser receives).
 * Read from the production build the tests run against (scripts/build-if-changed.ts), in the route's folder name.
 */
const BUDGET_KB = 150;
const PAGES = [
  '(dashboard)/overview',
  '(dashboard)/analytics',
  '(dashboard)/analytics/bias-audit',
  '(dashboard)/candidates',
  '(dashboard)/candidates/[id]',
  '(dashboard)/candidates/import',
  '(dashboard)/interviews',
  '(dashboard)/interviews/[id]',
  '(dashboard)/interviews/new',
  '(dashboard)/campaigns',
  '(dashboard)/campaigns/[id]',
  '(dashboard)/campaigns/new',
  '(dashboard)/campaigns/jobs',
  '(dashboard)/campaigns/configurations',
  '(dashboard)/campaigns/configurations/new',
  '(dashboard)/campaigns/configurations/[id]',
  '(dashboard)/settings',
  '(dashboard)/settings/audit',
  '(dashboard)/settings/candidate-experience',
  '(dashboard)/settings/developers',
  '(dashboard)/settings/integrations',
  '(dashboard)/settings/mailbox',
  '(dashboard)/settings/notifications',
  '(dashboard)/settings/privacy',
  '(dashboard)/settings/team',
  '(dashboard)/settings/webhooks',
];

describe('first-load JavaScript of the dashboard pages (Brotli, production build)', () => {
  it.each(PAGES)(`%s loads at most ${BUDGET_KB} KB`, (route) => {
    const { total, chunks } = firstLoadJsBytes(route);
    const kb = total / 1024;
    if (kb > BUDGET_KB) console.log(`${route}: ${kb.toFixed(1)} KB\n${chunks.map((c) => `  ${(c.bytes / 1024).toFixed(1)} KB ${c.file}`).join('\n')}`);
    expect(kb).toBeLessThanOrEqual(BUDGET_KB);
    // The framework is there: a manifest read wrongly (nothing counted) must not pass.
    expect(kb).toBeGreaterThan(90);
  });
});
