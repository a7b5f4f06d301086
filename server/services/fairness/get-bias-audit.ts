import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { candidateSelfIdentifications, interviewDecisions, interviews, reports } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { resolveAnalyticsFilter } from '../analytics/analytics-filter';
import type { BiasAudit, BiasAuditInput } from './bias-audit-schemas';
import { computeBiasAudit, describeMethod, type AuditRecord } from './compute-bias-audit';

/**
 * The bias audit of CONTRACT §14 for one campaign, job or configuration of the organization. The one place where
 * self-identification meets interview outcomes, and it leaves only as counts and rates: no candidate id, no row.
 * Every join carries the organization.
 */
export async function getBiasAudit(db: DbExecutor, input: { orgId: string } & BiasAuditInput): Promise<BiasAudit> {
  const filter = await resolveAnalyticsFilter(db, input.orgId, input);
  // Ordered so that each candidate's first row is their latest completed interview (ties on completedAt broken by id).
  const rows = await db
    .select({
      candidateId: interviews.candidateId,
      overallScore: reports.overallScore,
      decision: interviewDecisions.status,
      sex: candidateSelfIdentifications.sex,
      raceEthnicity: candidateSelfIdentifications.raceEthnicity,
    })
    .from(interviews)
    .leftJoin(reports, and(eq(reports.interviewId, interviews.id), eq(reports.orgId, interviews.orgId), eq(reports.type, 'interview'), eq(reports.status, 'READY')))
    .leftJoin(
      interviewDecisions,
      and(eq(interviewDecisions.interviewId, interviews.id), eq(interviewDecisions.orgId, interviews.orgId), isNull(interviewDecisions.supersededAt)),
    )
    .leftJoin(
      candidateSelfIdentifications,
      and(eq(candidateSelfIdentifications.orgId, interviews.orgId), eq(candidateSelfIdentifications.candidateId, interviews.candidateId)),
    )
    .where(and(filter.where, eq(interviews.status, 'COMPLETED'), sql`${interviews.completedAt} is not null`))
    .orderBy(interviews.candidateId, desc(interviews.completedAt), desc(interviews.id));
  const records: AuditRecord[] = [];
  let previous: string | null = null;
  for (const row of rows) {
    if (row.candidateId === previous) continue; // an earlier interview of a candidate already counted
    previous = row.candidateId;
    if (input.basis === 'score') {
      if (row.overallScore !== null) records.push({ outcome: row.overallScore, sex: row.sex, raceEthnicity: row.raceEthnicity });
    } else if (row.decision !== null) {
      records.push({ outcome: row.decision === 'ADVANCE', sex: row.sex, raceEthnicity: row.raceEthnicity });
    }
  }
  return { ...computeBiasAudit(input.basis, records), method: describeMethod(input.basis) };
}
