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
