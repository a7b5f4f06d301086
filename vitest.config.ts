import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': import.meta.dirname } },
  test: {
    include: ['server/**/*.test.ts', 'components/**/*.test.ts', 'db/**/*.test.ts', 'tests/**/*.test.ts', 'e2e/**/*.spec.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    // Ends the process groups a test file started and left running (tests/support/child-processes.ts).
    setupFiles: ['tests/support/end-child-processes.ts'],
    // Each integration file starts the built app in its own process with its own database clone.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Browser specs poll the page; on a loaded 2-core machine a second is not enough for a server render.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    env: { LOG_LEVEL: 'silent' },
  },
});
