import { and, eq } from 'drizzle-orm';
import { atsOrders, atsTestMappings, interviews, reports, type AtsKind, type InterviewStatus, type Recommendation, type ReportStatus } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { getEnv } from '@/server/env';
import { isIdOf } from '@/server/ids';
import { effectiveStatus } from '../interviews/effective-status';

/**
 * Where an order stands, as an ATS adapter needs it: the interview's status, its result once there is one, and the
 * dashboard page of the interview (what the ATS links to; the recruiter signs in to see it).
 */
export type AtsOrderState = {
  orderId: string;
  interviewId: string;
  testId: string | null;
  testName: string | null;
  status: InterviewStatus;
  /** Completed with its result settled: the report is READY or FAILED, or none is made for this stage. */
  resultReady: boolean;
  overallScore: number | null;
  recommendation: Recommendation | null;
  reportStatus: ReportStatus | null;
  startedAt: Date | null;
  completedAt: Date | null;
  profileUrl: string;
};

export function interviewProfileUrl(interviewId: string): string {
  return `${getEnv().APP_URL}/interviews/${interviewId}`;
}

/** The order of this organization and ATS, or null (another organization's id is exactly a missing one). */
export async function getAtsOrder(db: DbExecutor, input: { orgId: string; ats: AtsKind; orderId: string }): Promise<AtsOrderState | null> {
  if (!isIdOf('atsOrder', input.orderId)) return null;
  const [row] = await db
    .select({ order: atsOrders, interview: interviews, mappingName: atsTestMappings.name, report: { status: reports.status, overallScore: reports.overallScore, recommendation: reports.recommendation } })
    .from(atsOrders)
    .innerJoin(interviews, and(eq(interviews.id, atsOrders.interviewId), eq(interviews.orgId, atsOrders.orgId)))
    .leftJoin(atsTestMappings, and(eq(atsTestMappings.id, atsOrders.mappingId), eq(atsTestMappings.orgId, atsOrders.orgId)))
    .leftJoin(reports, and(eq(reports.interviewId, interviews.id), eq(reports.orgId, interviews.orgId)))
    .where(and(eq(atsOrders.id, input.orderId), eq(atsOrders.orgId, input.orgId), eq(atsOrders.ats, input.ats)));
  if (!row) return null;
  const status = effectiveStatus(row.interview);
  const report = row.report?.status ? row.report : null;
  const resultReady = status === 'COMPLETED' && (report === null || report.status !== 'PENDING');
  return {
    orderId: row.order.id,
    interviewId: row.interview.id,
    testId: row.order.mappingId,
    testName: row.mappingName,
    status,
    resultReady,
    overallScore: report?.status === 'READY' ? (report.overallScore ?? null) : null,
    recommendation: report?.status === 'READY' ? (report.recommendation ?? null) : null,
    reportStatus: report?.status ?? null,
    startedAt: row.interview.startedAt,
    completedAt: row.interview.completedAt,
    profileUrl: interviewProfileUrl(row.interview.id),
  };
}

/** Which ATS ordered an interview, if one did (the interview page shows it as the source). */
export async function getInterviewAtsSource(db: DbExecutor, input: { orgId: string; interviewId: string }): Promise<{ ats: AtsKind; orderId: string; testName: string | null } | null> {
  if (!isIdOf('interview', input.interviewId)) return null;
  const [row] = await db
    .select({ ats: atsOrders.ats, orderId: atsOrders.id, testName: atsTestMappings.name })
    .from(atsOrders)
    .leftJoin(atsTestMappings, and(eq(atsTestMappings.id, atsOrders.mappingId), eq(atsTestMappings.orgId, atsOrders.orgId)))
    .where(and(eq(atsOrders.orgId, input.orgId), eq(atsOrders.interviewId, input.interviewId)));
  return row ?? null;
}

/** The order this ATS knows by its own reference (Ashby's `assessment_id`), in this organization only, or null. */
export async function findAtsOrderByExternalId(db: DbExecutor, input: { orgId: string; ats: AtsKind; externalId: string }): Promise<{ id: string; interviewId: string } | null> {
  const [row] = await db
    .select({ id: atsOrders.id, interviewId: atsOrders.interviewId })
    .from(atsOrders)
    .where(and(eq(atsOrders.orgId, input.orgId), eq(atsOrders.ats, input.ats), eq(atsOrders.externalId, input.externalId)))
    .limit(1);
  return row ?? null;
}

/** The ATS's own reference of an order (null when it gave none, or the candidate was erased). */
export async function getAtsOrderExternalId(db: DbExecutor, input: { orgId: string; orderId: string }): Promise<string | null> {
  const [row] = await db.select({ externalId: atsOrders.externalId }).from(atsOrders).where(and(eq(atsOrders.orgId, input.orgId), eq(atsOrders.id, input.orderId)));
  return row?.externalId ?? null;
}
