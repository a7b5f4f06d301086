import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import { presentReportProvenance } from '../reports/report-provenance';
import { campaigns, interviewConfigs, jobs, reports, stages, turns } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { iso } from '../fields';
import { getInterviewDetail } from '../interviews/get-interview';
import { ownedRecordingIdSql } from '../audio/owned-recording';
import { presentAudioUrl } from '../storage/audio-urls';
import { toTurnDto } from '../turns/turn-dto';
import { findHumanReview, toHumanReviewDto } from '../reviews/human-review-dto';
import { isAiWithheld, withoutAiEvaluation } from '../reviews/review-before-ai';
import { resolveProviderConfig } from '../providers/resolve-provider';
import type { DashboardTurn, InterviewView } from './dashboard-schemas';

/** What a dashboard read selects of a turn: the row, and the recording of its interview its audioUrl names. */
export const dashboardTurnColumns = {
  ...getTableColumns(turns),
  audioRecordingId: ownedRecordingIdSql(turns.audioUrl, turns.interviewId, turns.orgId),
};

/**
 * A turn as recruiters read it: the service's own recordings of this interview through short-lived signed URLs,
 * as REST v1 readers get them (`presentAudioUrl`).
 */
export function toDashboardTurn(row: typeof turns.$inferSelect & { audioRecordingId: string | null }): DashboardTurn {
  return { ...toTurnDto(row), audioUrl: presentAudioUrl(row.audioUrl, row.audioRecordingId) };
}

/** The turns of one interview of the organization, in order. */
export async function listDashboardTurns(db: DbExecutor, input: { orgId: string; interviewId: string }): Promise<DashboardTurn[]> {
  const rows = await db
    .select(dashboardTurnColumns)
    .from(turns)
    .where(and(eq(turns.interviewId, input.interviewId), eq(turns.orgId, input.orgId)))
    .orderBy(asc(turns.turnNumber));
  return rows.map(toDashboardTurn);
}

/**
 * Everything the interview page shows: the public detail (which decides NOT_FOUND for another organization's
 * id), the names of what it references, the turns with their evaluations, and the report's metadata. For
 * `viewerUserId`, the AI's evaluation is left out while the organization's review-before-AI mode withholds it
 * from that user (review-before-ai.ts).
 */
export async function getInterviewView(db: DbExecutor, input: { orgId: string; id: string; viewerUserId: string | null }): Promise<InterviewView> {
  const { transcript: _publicTranscript, ...detail } = await getInterviewDetail(db, input);
  const { orgId } = input;
  const [[job], [campaign], [stage], [config], turnList, [report], review, aiWithheld, llm] = await Promise.all([
    db.select({ id: jobs.id, title: jobs.title }).from(jobs).where(and(eq(jobs.id, detail.jobId), eq(jobs.orgId, orgId))),
    detail.campaignId
      ? db.select({ id: campaigns.id, name: campaigns.name }).from(campaigns).where(and(eq(campaigns.id, detail.campaignId), eq(campaigns.orgId, orgId)))
      : [],
    detail.stageId ? db.select({ id: stages.id, name: stages.name }).from(stages).where(and(eq(stages.id, detail.stageId), eq(stages.orgId, orgId))) : [],
    detail.configId
      ? db
          .select({ id: interviewConfigs.id, name: interviewConfigs.name, criteria: interviewConfigs.criteria })
          .from(interviewConfigs)
          .where(and(eq(interviewConfigs.id, detail.configId), eq(interviewConfigs.orgId, orgId)))
      : [],
    listDashboardTurns(db, { orgId, interviewId: detail.id }),
    db
      .select({ id: reports.id, status: reports.status, coverage: reports.coverage, generator: reports.generator, provenance: reports.provenance, createdAt: reports.createdAt, completedAt: reports.completedAt })
      .from(reports)
      .where(and(eq(reports.interviewId, detail.id), eq(reports.orgId, orgId))),
    detail.reportId && detail.evaluation?.status === 'READY' ? findHumanReview(db, { orgId, reportId: detail.reportId }) : null,
    input.viewerUserId ? isAiWithheld(db, { orgId, userId: input.viewerUserId, interviewId: detail.id }) : false,
    resolveProviderConfig(db, orgId, 'llm'),
  ]);
  const provenance =
    report?.status === 'READY' ? await presentReportProvenance(db, { orgId, reportId: report.id, interviewId: detail.id, campaignId: detail.campaignId, provenance: report.provenance, turns: turnList }) : null;
  const view: InterviewView = {
    ...detail,
    job: job ?? { id: detail.jobId, title: detail.jobId },
    campaign: campaign ?? null,
    stage: stage ?? null,
    config: config ?? null,
    turns: turnList,
    humanReview: toHumanReviewDto(review),
    report: report
      ? { coverage: report.coverage ?? null, generator: report.generator, provenance, createdAt: iso(report.createdAt), completedAt: iso(report.completedAt) }
      : null,
    aiWithheld,
    aiScoringConfigured: llm !== null,
  };
  return aiWithheld ? withoutAiEvaluation(view) : view;
}
