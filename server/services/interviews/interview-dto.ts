import { interviews, reports } from '@/db/schema';
import { currentDecisionSql, toDecisionDto } from '../decisions/decision-dto';
import { nullableTimestampText, timestampText } from '@/db/rows';
import { iso } from '../fields';
import { ownedRecordingIdSql } from '../audio/owned-recording';
import { presentAudioUrl } from '../storage/audio-urls';
import { effectiveStatusSql } from './effective-status';
import type { InterviewDto } from './interview-schemas';

/** The columns every interview read selects (joined with its report, if any): what its DTO shows, and its organization. */
export const interviewColumns = {
  id: interviews.id,
  orgId: interviews.orgId,
  candidateId: interviews.candidateId,
  jobId: interviews.jobId,
  campaignId: interviews.campaignId,
  stageId: interviews.stageId,
  configId: interviews.configId,
  expiresAt: timestampText(interviews.expiresAt),
  invitedAt: nullableTimestampText(interviews.invitedAt),
  startedAt: nullableTimestampText(interviews.startedAt),
  completedAt: nullableTimestampText(interviews.completedAt),
  cancelledAt: nullableTimestampText(interviews.cancelledAt),
  endedAt: nullableTimestampText(interviews.endedAt),
  audioUrl: interviews.audioUrl,
  /** The recording of this interview its audioUrl names, if any: the presenter signs nothing else. */
  audioRecordingId: ownedRecordingIdSql(interviews.audioUrl, interviews.id, interviews.orgId),
  consentedAt: nullableTimestampText(interviews.consentedAt),
  answerMode: interviews.answerMode,
  isDemo: interviews.isDemo,
  createdAt: timestampText(interviews.createdAt),
  updatedAt: timestampText(interviews.updatedAt),
  effectiveStatus: effectiveStatusSql,
  reportId: reports.id,
  overallScore: reports.overallScore,
  decision: currentDecisionSql(interviews.id, interviews.orgId),
};

type InterviewRow = Pick<typeof interviews.$inferSelect, 'id' | 'candidateId' | 'jobId' | 'campaignId' | 'stageId' | 'configId' | 'audioUrl' | 'answerMode' | 'isDemo'> & {
  audioRecordingId: string | null;
  expiresAt: string;
  invitedAt: string | null;
  startedAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  endedAt: string | null;
  consentedAt: string | null;
  createdAt: string;
  updatedAt: string;
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
    answerMode: row.answerMode,
    audioUrl: presentAudioUrl(row.audioUrl, row.audioRecordingId),
    reportId: row.reportId,
    overallScore: row.overallScore,
    decision: toDecisionDto(row.decision),
    isDemo: row.isDemo,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
