import type { UserRole } from '@/db/schema/users';

/**
 * The roles, listed here rather than imported: the database schema module (and drizzle with it) must not enter the
 * page's JavaScript. `satisfies` fails to compile if one names a role the schema does not know; the test in
 * team-labels.test.ts checks none is missing.
 */
export const USER_ROLES = ['admin', 'recruiter', 'viewer'] as const satisfies readonly UserRole[];

export const ROLE_LABELS: Record<UserRole, string> = { admin: 'Admin', recruiter: 'Recruiter', viewer: 'Viewer' };
export const ROLE_HINTS: Record<UserRole, string> = {
  admin: 'Team, API keys, settings, erasure, and everything recruiters do',
  recruiter: 'Candidates, interviews, jobs, campaigns, decisions',
  viewer: 'Reads everything, changes nothing (a hiring manager)',
};

export const selectClass =
  'h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60';
