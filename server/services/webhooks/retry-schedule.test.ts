import { describe, expect, it } from 'vitest';
import { nextAttemptAt, retryDelayMs } from './retry-schedule';

describe('webhook retry schedule', () => {
  it('doubles from the base with ±20 % jitter, at most 6 h apart', () => {
    expect(retryDelayMs(1, 30, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(2, 30, () => 0.5)).toBe(60_000);
    expect(retryDelayMs(1, 30, () => 0)).toBe(24_000);
    expect(retryDelayMs(1, 30, () => 1)).toBe(36_000);
    expect(retryDelayMs(30, 30, () => 0.5)).toBe(6 * 3600 * 1000);
  });

  it('with the defaults, retries for about a day (about 14 attempts), then gives up', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    let now = start;
    let attempt = 1;
    for (;;) {
      const next = nextAttemptAt({ attempt, seriesStartedAt: start, now, baseSeconds: 30, windowSeconds: 86_400 });
      if (!next) break;
      now = next;
      attempt++;
    }
    const hours = (now.getTime() - start.getTime()) / 3_600_000;
    expect(hours).toBeGreaterThan(17);
    expect(hours).toBeLessThanOrEqual(24);
    expect(attempt).toBeGreaterThanOrEqual(12);
    expect(attempt).toBeLessThanOrEqual(16);
  });
});
