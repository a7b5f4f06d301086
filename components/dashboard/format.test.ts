import { describe, expect, it } from 'vitest';
import { localDayStart } from './format';

describe('localDayStart in a named zone (a server rendering for a viewer elsewhere)', () => {
  it('gives the instant the day starts there, across offsets and daylight-saving changes', () => {
    expect(localDayStart('2026-01-15', false, 'Europe/Paris')).toBe('2026-01-14T23:00:00.000Z');
    expect(localDayStart('2026-07-15', false, 'Europe/Paris')).toBe('2026-07-14T22:00:00.000Z');
    // The days whose night the clocks change: midnight is still before the change.
    expect(localDayStart('2026-03-29', false, 'Europe/Paris')).toBe('2026-03-28T23:00:00.000Z');
    expect(localDayStart('2026-03-29', true, 'Europe/Paris')).toBe('2026-03-29T22:00:00.000Z');
    expect(localDayStart('2026-10-25', true, 'Europe/Paris')).toBe('2026-10-25T23:00:00.000Z');
    expect(localDayStart('2026-03-08', false, 'America/New_York')).toBe('2026-03-08T05:00:00.000Z');
    expect(localDayStart('2026-03-09', false, 'America/New_York')).toBe('2026-03-09T04:00:00.000Z');
    expect(localDayStart('2026-06-01', false, 'Asia/Kolkata')).toBe('2026-05-31T18:30:00.000Z');
    expect(localDayStart('2026-06-01', false, 'UTC')).toBe('2026-06-01T00:00:00.000Z');
    // The last day of a month, as an exclusive end: the next month's first day.
    expect(localDayStart('2026-01-31', true, 'Europe/Paris')).toBe('2026-01-31T23:00:00.000Z');
  });

  it('gives nothing for a zone or a day that does not exist', () => {
    expect(localDayStart('2026-06-01', false, 'Mars/Olympus')).toBeUndefined();
    expect(localDayStart('2026-6-1', false, 'Europe/Paris')).toBeUndefined();
  });
});
