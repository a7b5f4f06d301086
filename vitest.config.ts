import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': import.meta.dirname } },
  test: {
    include: ['server/**/*.test.ts', 'components/**/*.test.ts', 'db/**/*.test.ts', 'tests/**/*.test.ts', 'e2e/**/*.spec.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    // Each integration file starts the built app in its own process with its own database clone.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: { LOG_LEVEL: 'silent' },
  },
});
