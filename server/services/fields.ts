import { z } from 'zod';

/** Field rules shared by every resource, so that one rule reads the same on every route. */

export const httpUrl = (max = 2048) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .pipe(z.url({ protocol: /^https?$/, message: 'Must be an http(s) URL' }));

/** A BCP 47 language tag, returned in canonical form ("EN-us" → "en-US"). */
export const localeTag = () =>
  z
    .string()
    .trim()
    .min(2, 'Must be a BCP 47 language tag such as fr or en-GB')
    .max(35, 'Must be a BCP 47 language tag such as fr or en-GB')
    .transform((value, ctx) => {
      try {
        return Intl.getCanonicalLocales(value)[0];
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Must be a BCP 47 language tag such as fr or en-GB' });
        return z.NEVER;
      }
    });

/** The dates a client may send, inclusive, in UTC (docs/API.md, "Dates"). */
export const EARLIEST_DATE = new Date('1900-01-01T00:00:00.000Z');
export const LATEST_DATE = new Date('2100-12-31T23:59:59.999Z');

/**
 * Every date-time a client sends (expiresAt, endedAt, startedAt, completedAt, since, until…): ISO 8601 with an
 * offset, and within 1900–2100, else a 400 naming the field. The range is not only plausibility: PostgreSQL writes
 * years 1–99 as `0050-…`, and JavaScript's Date reads that text (not ISO 8601 to its parser) as 1950, so a year
 * under 100 came back changed by 1900 or 2000 (`0001-01-01` was read as 2001-01-01). Refused, never changed.
 */
export const isoDateTime = () =>
  z.iso
    .datetime({ offset: true, message: 'Must be an ISO 8601 date-time such as 2026-12-01T09:00:00Z' })
    .transform((v) => new Date(v))
    .refine((d) => d.getTime() >= EARLIEST_DATE.getTime() && d.getTime() <= LATEST_DATE.getTime(), 'Must be between 1900-01-01T00:00:00Z and 2100-12-31T23:59:59Z');

/** An identifier given by a client: any string; a wrong shape is simply not found. */
export const idString = (description: string) => z.string().min(1, 'Required').max(100, 'Must be at most 100 characters').describe(description);

export const timestampOut = () => z.string().describe('ISO 8601 UTC timestamp');
export const nullableTimestampOut = () => z.string().nullable().describe('ISO 8601 UTC timestamp, or null');

/**
 * A timestamp as the API writes it (ISO 8601 in UTC, milliseconds): from a Date, or from PostgreSQL's text for a
 * timestamptz, which raw statements on postgres.js return (`2026-11-24 03:00:00.123456+00`: the server's sessions
 * run in UTC, db/client.ts). That text is rewritten as it stands, the microseconds cut to milliseconds as
 * Date does, without parsing it into a Date: on a paced agent turn, parsing two timestamps cold cost about 40 µs.
 * Any other form (another offset, a year past 9999) goes through Date.
 */
export function iso(date: Date | string): string;
export function iso(date: Date | string | null): string | null;
export function iso(date: Date | string | null): string | null {
  if (date === null) return null;
  if (typeof date !== 'string') return date.toISOString();
  const utc = UTC_TIMESTAMP_TEXT.exec(date);
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  return new Date(date.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString();
}

const UTC_TIMESTAMP_TEXT = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d)(?:\.(\d+))?(?:\+00(?::?00)?|Z)$/;
