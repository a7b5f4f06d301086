import { getTableColumns } from 'drizzle-orm';
import { interviews, reports } from '@/db/schema';
import { currentDecisionSql, toDecisionDto } from '../decisions/decision-dto';
import { iso } from '../fields';
import { presentAudioUrl } from '../storage/audio-urls';
import { effectiveStatusSql } from './effective-status';
import type { InterviewDto } from './interview-schemas';

/** The columns every interview read selects (joined with its report, if any). */
export const interviewColumns = {
  ...getTableColumns(interviews),
  effectiveStatus: effectiveStatusSql,
  reportId: reports.id,
  overallScore: reports.overallScore,
  decision: currentDecisionSql(interviews.id, interviews.orgId),
};

type InterviewRow = typeof interviews.$inferSelect & {
  effectiveStatus: InterviewDto['status'];
  reportId: string | null;
  overallScore: number | null;
  decision: Parameters<typeof toDecisionDto>[0];
};

export function toInterviewDto(row: InterviewRow): InterviewDto {
  return {
    id: row.id,
    candidateId: row.candidateId,
    jobId: row.jobId,
    campaignId: row.campaignId,
    stageId: row.stageId,
    configId: row.configId,
    status: row.effectiveStatus,
    expiresAt: iso(row.expiresAt),
    invitedAt: iso(row.invitedAt),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    cancelledAt: iso(row.cancelledAt),
    endedAt: iso(row.endedAt),
    consentedAt: iso(row.consentedAt),
    audioUrl: presentAudioUrl(row.audioUrl),
    reportId: row.reportId,
    overallScore: row.overallScore,
    decision: toDecisionDto(row.decision),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
