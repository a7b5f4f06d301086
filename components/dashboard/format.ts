import type { RouterOutputs } from '@/components/trpc/react';

export type InterviewStatus = RouterOutputs['dashboard']['interview']['status'];
export type Recommendation = NonNullable<RouterOutputs['dashboard']['interview']['evaluation']>['recommendation'];

export const INTERVIEW_STATUSES: InterviewStatus[] = ['DRAFT', 'INVITED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED', 'EXPIRED'];
export const FINAL_STATUSES: InterviewStatus[] = ['COMPLETED', 'CANCELLED', 'EXPIRED'];

export const STATUS_LABELS: Record<InterviewStatus, string> = {
  DRAFT: 'Draft',
  INVITED: 'Invited',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Expired',
};

export const RECOMMENDATION_LABELS: Record<NonNullable<Recommendation>, string> = {
  STRONG_YES: 'Strong yes',
  YES: 'Yes',
  NO: 'No',
  DEFINITELY_NO: 'Definitely no',
  NO_DECISION: 'No decision',
};

export function candidateName(c: { firstName: string | null; lastName: string | null; email: string } | null | undefined): string {
  if (!c) return 'Erased candidate';
  const name = [c.firstName, c.lastName].filter(Boolean).join(' ').trim();
  return name || c.email;
}

/**
 * The one rounding rule of the dashboard for an overall score out of 100: one decimal, as the report computes
 * it (69.8 stays 69.8 on the ring, in the lists and in the summary; 80.0 reads 80).
 */
export function formatOverallScore(score: number | null | undefined): string {
  return score === null || score === undefined ? '—' : String(Math.round(score * 10) / 10);
}

export function formatScore(score: number | null | undefined, digits = 0): string {
  return score === null || score === undefined ? '—' : score.toFixed(digits);
}

export function formatPercent(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : `${Math.round(value * 100)}%`;
}

/** Machine-readable codes such as `off_topic` as words. */
export function humanize(code: string): string {
  const text = code.replace(/[_-]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The viewer's time zone as the browser knows it ("Europe/Paris"), UTC when it cannot say. Client side only. */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The short name of `timeZone` at `date` ("CET", "CEST", "GMT+1"), or '' when the runtime has none. */
export function zoneAbbreviation(date: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'short' }).formatToParts(date).find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/**
 * A yyyy-mm-dd day (a date input) as the instant its day starts in the viewer's zone (the runtime's, or `timeZone`
 * when a server renders for the viewer), ISO 8601; `nextDay` gives the start of the following day (an inclusive
 * "to" day as an exclusive bound). Undefined for anything else.
 */
export function localDayStart(value: string, nextDay = false, timeZone?: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (nextDay ? 1 : 0)];
  if (timeZone) return zonedMidnight(year, month, day, timeZone);
  const date = new Date(year, month, day);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) - instant;
}

/**
 * The instant a day starts in a named zone (a server renders for a viewer elsewhere): midnight's wall time minus the
 * zone's offset, the offset read again at the result for a day whose offset changed overnight. An unknown zone
 * gives undefined.
 */
function zonedMidnight(year: number, month: number, day: number, timeZone: string): string | undefined {
  try {
    const wall = Date.UTC(year, month, day);
    if (Number.isNaN(wall)) return undefined;
    const first = wall - zoneOffsetMs(wall, timeZone);
    return new Date(wall - zoneOffsetMs(first, timeZone)).toISOString();
  } catch {
    return undefined;
  }
}
