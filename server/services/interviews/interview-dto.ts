import { getTableColumns } from 'drizzle-orm';
import { interviews, reports } from '@/db/schema';
import { iso } from '../fields';
import { effectiveStatusSql } from './effective-status';
import type { InterviewDto } from './interview-schemas';

/** The columns every interview read selects (joined with its report, if any). */
export const interviewColumns = {
  ...getTableColumns(interviews),
  effectiveStatus: effectiveStatusSql,
  reportId: reports.id,
  overallScore: reports.overallScore,
};

type InterviewRow = typeof interviews.$inferSelect & {
  effectiveStatus: InterviewDto['status'];
  reportId: string | null;
  overallScore: number | null;
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
    audioUrl: row.audioUrl,
    reportId: row.reportId,
    overallScore: row.overallScore,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
