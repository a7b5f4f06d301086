import { eq, sql, type SQL } from 'drizzle-orm';
import { interviews, reports } from '@/db/schema';

/**
 * Demo interviews ("Run a demo interview", interviews.isDemo) are left out of every figure: rankings, averages,
 * histograms, analytics and exports. These are the two conditions the figures add.
 */
export const notDemoInterview: SQL = eq(interviews.isDemo, false);

/**
 * For figures read from `reports` alone: not the report of one of the organization's demo interviews. The demo
 * interviews are few and found through the partial index `interviews_org_demo_idx`, so PostgreSQL hashes them
 * once (a hashed subplan) instead of joining every report to its interview. A test session's report has no
 * interview and stays.
 */
export function notDemoReport(orgId: string): SQL {
  return sql`(${reports.interviewId} is null or ${reports.interviewId} not in (select d.id from ${interviews} d where d.org_id = ${orgId} and d.is_demo))`;
}
