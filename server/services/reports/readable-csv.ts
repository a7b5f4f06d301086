import type { AnswerMode } from '@/db/schema';
import { invalidField } from '@/server/errors';

/**
 * The campaign export for people (`format=readable-csv`), beside the machine one: column titles in words, the
 * candidate's name, the job's title, dates in the viewer's time zone (named in the titles), statuses and advice in
 * plain words, and no internal id. Cells go through the same csv.ts encoding (formula injection neutralised).
 */

/** An IANA time zone the runtime knows ("Europe/Paris"); "UTC" when none is given. A wrong one is a 400. */
export function checkTimeZone(timeZone: string | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone }).resolvedOptions().timeZone;
  } catch {
    throw invalidField('timeZone', 'Must be an IANA time zone such as Europe/Paris');
  }
}

/** "2026-11-26 17:05" in `timeZone`: sorts as text and reads in any spreadsheet. Empty for no date. */
export function localDateTime(value: string | Date | null | undefined, timeZone: string): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

export function personName(candidate: { firstName: string | null; lastName: string | null; email: string }): string {
  return [candidate.firstName, candidate.lastName].filter(Boolean).join(' ').trim() || candidate.email;
}

export const STATUS_WORDS: Record<string, string> = {
  DRAFT: 'Draft',
  INVITED: 'Invited',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Expired',
};
export const REPORT_STATUS_WORDS: Record<string, string> = { PENDING: 'Report being prepared', READY: 'Report ready', FAILED: 'Report failed' };
export const ADVICE_WORDS: Record<string, string> = { STRONG_YES: 'Strong yes', YES: 'Yes', NO: 'No', DEFINITELY_NO: 'Definitely no', NO_DECISION: 'No advice' };
export const DECISION_WORDS: Record<string, string> = { ADVANCE: 'Advance', HOLD: 'On hold', REJECT: 'Reject' };
export const ANSWER_MODE_WORDS: Record<AnswerMode, string> = { live: 'Live conversation', recorded: 'Recorded answers', written: 'Written answers' };
export const SCORE_SOURCE_WORDS: Record<'human' | 'ai', string> = { human: 'Your review', ai: 'AI' };

/** "off_topic" → "Off topic". */
export function plainWords(code: string): string {
  const text = code.replace(/[_-]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The fixed column titles; the time zone is named wherever a date is. One "<criterion> (0–10)" column per criterion follows. */
export function readableColumns(timeZone: string): string[] {
  return [
    'Candidate',
    'Email',
    'Job',
    'Campaign',
    'Result',
    'Status',
    `Completed (${timeZone})`,
    'Score (out of 100)',
    'Score source',
    'AI score (out of 100)',
    'AI advice',
    'Test',
    'Test score',
    'Answered by',
    'Flags',
    'Summary',
    'Decision',
    'Decision reason',
    `Decided (${timeZone})`,
    'Decided by',
    `Reviewed (${timeZone})`,
  ];
}
