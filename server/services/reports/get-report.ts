import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { interviews, reports, testSessions, turns } from '@/db/schema';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { ownedRecordingIdSql } from '../audio/owned-recording';
import { iso } from '../fields';
import { presentPlainAudioUrl } from '../storage/audio-urls';
import { toTranscriptEntry } from '../turns/turn-dto';
import { getIntegritySignals } from '../integrity/get-integrity-signals';
import { findHumanReview, toHumanReviewDto, type HumanReviewFields } from '../reviews/human-review-dto';
import { presentReportProvenance } from './report-provenance';
import type { AnyReportDto, InterviewReportDto, PendingReportDto, TestReportDto } from './report-schemas';

type ReportRow = typeof reports.$inferSelect;
/** A report row's fields that an interview report shows, from drizzle or from a raw statement (timestamps as text). */
export type ReportFields = Pick<ReportRow, 'id' | 'status' | 'overallScore' | 'recommendation' | 'summary' | 'criteria' | 'flags' | 'coverage' | 'generator' | 'failureReason'> & {
  createdAt: Date | string;
  completedAt: Date | string | null;
};
export type InterviewRef = { id: string; candidateId: string; jobId: string; campaignId: string | null };

/** The report of an interview of the organization. NOT_FOUND for an unknown interview or one without a report. */
export async function getInterviewReport(db: DbExecutor, input: { orgId: string; interviewId: string }): Promise<InterviewReportDto | PendingReportDto> {
  if (!isIdOf('interview', input.interviewId)) throw notFound('Interview');
  const [row] = await db
    .select({ interview: interviewRefColumns, report: reports })
    .from(interviews)
    .leftJoin(reports, and(eq(reports.interviewId, interviews.id), eq(reports.orgId, interviews.orgId)))
    .where(and(eq(interviews.id, input.interviewId), eq(interviews.orgId, input.orgId)));
  if (!row) throw notFound('Interview');
  if (!row.report) throw notFound('Report');
  return toInterviewReport(db, row.report, row.interview);
}

/** The report of a test session of the organization. */
export async function getTestReport(db: DbExecutor, input: { orgId: string; testSessionId: string }): Promise<TestReportDto> {
  if (!isIdOf('testSession', input.testSessionId)) throw notFound('Test session');
  const [row] = await db
    .select({ session: testSessions, report: reports })
    .from(testSessions)
    .innerJoin(reports, and(eq(reports.testSessionId, testSessions.id), eq(reports.orgId, testSessions.orgId)))
    .where(and(eq(testSessions.id, input.testSessionId), eq(testSessions.orgId, input.orgId)));
  if (!row) throw notFound('Test session');
  return toTestReportDto(row.report, row.session);
}

/** A report of either kind by its own id. */
export async function getReport(db: DbExecutor, input: { orgId: string; reportId: string }): Promise<AnyReportDto> {
  if (!isIdOf('report', input.reportId)) throw notFound('Report');
  const [row] = await db
    .select({ report: reports, interview: interviewRefColumns, session: testSessions })
    .from(reports)
    .leftJoin(interviews, and(eq(interviews.id, reports.interviewId), eq(interviews.orgId, reports.orgId)))
    .leftJoin(testSessions, and(eq(testSessions.id, reports.testSessionId), eq(testSessions.orgId, reports.orgId)))
    .where(and(eq(reports.id, input.reportId), eq(reports.orgId, input.orgId)));
  if (!row) throw notFound('Report');
  if (row.report.type === 'test' && row.session) return toTestReportDto(row.report, row.session);
  if (row.report.type === 'interview' && row.interview) return toInterviewReport(db, row.report, row.interview);
  throw new Error(`Report ${row.report.id} has no ${row.report.type === 'test' ? 'test session' : 'interview'}`);
}

const interviewRefColumns = {
  id: interviews.id,
  candidateId: interviews.candidateId,
  jobId: interviews.jobId,
  campaignId: interviews.campaignId,
};

async function toInterviewReport(db: DbExecutor, report: ReportRow, interview: InterviewRef): Promise<InterviewReportDto | PendingReportDto> {
  if (report.status === 'PENDING') return { id: report.id, status: 'PENDING' };
  const [turnRows, review, integrity] = await Promise.all([
    db
      .select({ ...getTableColumns(turns), audioRecordingId: ownedRecordingIdSql(turns.audioUrl, turns.interviewId, turns.orgId) })
      .from(turns)
      .where(and(eq(turns.interviewId, interview.id), eq(turns.orgId, report.orgId)))
      .orderBy(asc(turns.turnNumber)),
    findHumanReview(db, { orgId: report.orgId, reportId: report.id }),
    getIntegritySignals(db, { orgId: report.orgId, interviewId: interview.id }),
  ]);
  const provenance =
    report.status === 'READY' ? await presentReportProvenance(db, { orgId: report.orgId, reportId: report.id, interviewId: interview.id, campaignId: interview.campaignId, provenance: report.provenance, turns: turnRows }) : null;
  return {
    ...interviewReportFields(report, interview, review),
    provenance,
    status: report.status,
    integrity,
    transcript: turnRows.map((t) => toTranscriptEntry(t, presentPlainAudioUrl(t.audioUrl, t.audioRecordingId))),
  };
}

/** The export's items leave the provenance out (it is read per report, with its campaign's comparison). */
export type InterviewReportFields = Omit<InterviewReportDto, 'transcript' | 'status' | 'integrity' | 'provenance'> & { status: ReportRow['status'] };

/**
 * An interview report without its transcript (the export's items). Only a READY report shows a scorecard; the
 * human review, if any, sits beside the AI's fields, which stay as generated.
 */
export function interviewReportFields(report: ReportFields, interview: InterviewRef, review: HumanReviewFields | null): InterviewReportFields {
  const ready = report.status === 'READY';
  return {
    id: report.id,
    type: 'interview',
    status: report.status,
    interviewId: interview.id,
    candidateId: interview.candidateId,
    jobId: interview.jobId,
    campaignId: interview.campaignId,
    // A FAILED report shows no scorecard, even if an earlier attempt left one behind.
    overallScore: ready ? report.overallScore : null,
    recommendation: ready ? report.recommendation : null,
    summary: ready ? report.summary : null,
    criteria: ready ? (report.criteria ?? []) : [],
    flags: ready ? (report.flags ?? []) : [],
    coverage: ready ? report.coverage : null,
    generator: ready ? report.generator : null,
    failureReason: report.status === 'FAILED' ? (report.failureReason ?? 'Report generation failed.') : null,
    humanReview: ready ? toHumanReviewDto(review) : null,
    createdAt: iso(report.createdAt),
    completedAt: ready ? iso(report.completedAt) : null,
  };
}

export function toTestReportDto(report: ReportRow, session: typeof testSessions.$inferSelect): TestReportDto {
  return {
    id: report.id,
    type: 'test',
    status: 'READY',
    testSessionId: session.id,
    candidateId: session.candidateId,
    jobId: session.jobId,
    campaignId: session.campaignId,
    testName: session.testName,
    score: session.score,
    maxScore: session.maxScore,
    percentage: testPercentage(session.score, session.maxScore),
    results: session.results,
    startedAt: iso(session.startedAt),
    completedAt: iso(session.completedAt),
    createdAt: iso(report.createdAt),
  };
}

export function testPercentage(score: number, maxScore: number): number {
  return Math.round((score / maxScore) * 10_000) / 100;
}
