import { describe, expect, it } from 'vitest';
import { iso } from './fields';

describe('iso', () => {
  it('writes a Date as ISO 8601 in UTC, and null as null', () => {
    expect(iso(new Date('2026-11-24T03:00:00.123Z'))).toBe('2026-11-24T03:00:00.123Z');
    expect(iso(null)).toBeNull();
  });

  it("rewrites PostgreSQL's UTC text as Date would print it: microseconds cut to milliseconds", () => {
    for (const text of [
      '2026-11-24 03:00:00.123456+00',
      '2026-11-24 03:00:00.123999+00',
      '2026-11-24 03:00:00.1+00',
      '2026-11-24 03:00:00+00',
      '2026-11-24 23:59:59.999999+00',
      '2026-11-24T03:00:00.5Z',
      '2026-11-24 03:00:00.12+00:00',
    ]) {
      const viaDate = new Date(text.replace(' ', 'T').replace(/\+00(:00)?$/, 'Z')).toISOString();
      expect(iso(text), text).toBe(viaDate);
    }
    expect(iso('2026-11-24 03:00:00.123456+00')).toBe('2026-11-24T03:00:00.123Z');
  });

  it('converts text with another offset through Date', () => {
    expect(iso('2026-11-24 04:00:00.25+01')).toBe('2026-11-24T03:00:00.250Z');
    expect(iso('2026-11-23 22:30:00-05:30')).toBe('2026-11-24T04:00:00.000Z');
  });
});
