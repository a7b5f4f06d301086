import { describe, expect, it } from 'vitest';
import { periodsBetween } from './funnel-timeseries';

describe('periodsBetween: the periods an axis from `from` to just before `to` spans (UTC)', () => {
  it('counts ISO weeks, Monday to Sunday', () => {
    // Monday 2 March to Monday 9 March exclusive: one week.
    expect(periodsBetween(new Date('2026-03-02T00:00:00Z'), new Date('2026-03-09T00:00:00Z'), 'week')).toBe(1);
    // A Sunday to the next Monday: two weeks (the Sunday's and the Monday's).
    expect(periodsBetween(new Date('2026-03-08T23:00:00Z'), new Date('2026-03-09T00:00:01Z'), 'week')).toBe(2);
    expect(periodsBetween(new Date('2026-03-09T00:00:00Z'), new Date('2026-04-06T00:00:00Z'), 'week')).toBe(4);
    expect(periodsBetween(new Date('2016-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'), 'week')).toBe(523);
  });

  it('counts calendar months', () => {
    expect(periodsBetween(new Date('2026-03-01T00:00:00Z'), new Date('2026-04-01T00:00:00Z'), 'month')).toBe(1);
    expect(periodsBetween(new Date('2026-03-31T23:00:00Z'), new Date('2026-04-01T00:00:01Z'), 'month')).toBe(2);
    expect(periodsBetween(new Date('2025-11-15T00:00:00Z'), new Date('2026-02-01T00:00:00Z'), 'month')).toBe(3);
  });
});
