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
    // Three on two cores: the files mostly wait (real-time speech, browsers, the app's answers, timers), using ~40 %
    // of the CPU with two workers. Measured on 12 of the slowest files on this 2-core machine: 142 s with 2 workers,
    // 98 s with 3, 90 s with 4 (whose module imports then start to crowd the cores).
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Browser specs poll the page; on a loaded 2-core machine a second is not enough for a server render.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    env: { LOG_LEVEL: 'silent' },
  },
});
