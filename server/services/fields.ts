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

export const isoDateTime = () =>
  z.iso.datetime({ offset: true, message: 'Must be an ISO 8601 date-time such as 2026-12-01T09:00:00Z' }).transform((v) => new Date(v));

/** An identifier given by a client: any string; a wrong shape is simply not found. */
export const idString = (description: string) => z.string().min(1, 'Required').max(100, 'Must be at most 100 characters').describe(description);

export const timestampOut = () => z.string().describe('ISO 8601 UTC timestamp');
export const nullableTimestampOut = () => z.string().nullable().describe('ISO 8601 UTC timestamp, or null');

export function iso(date: Date): string;
export function iso(date: Date | null): string | null;
export function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}
