import { and, asc, eq, sql } from 'drizzle-orm';
import { campaigns, interviewConfigs, interviews, jobs, reports, stages, testSessions } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { iso } from '../fields';
import { toStageDto } from '../stages/stage-dto';
import { campaignFigures, lapsedInvitations } from './campaign-figures';
import type { CampaignView } from './campaign-view-schemas';

/**
 * The head of a campaign's page: the campaign with its job, its stages in pipeline order, and how its interviews
 * stand. `exportableInterviews` and `tests` count exactly what the export streams, so the page can show the
 * export's progress against them.
 */
export async function getCampaignView(db: DbExecutor, input: { orgId: string; id: string }): Promise<CampaignView> {
  if (!isIdOf('campaign', input.id)) throw notFound('Campaign');
  const { orgId } = input;
  const [campaign] = await db
    .select({ id: campaigns.id, name: campaigns.name, createdAt: campaigns.createdAt, updatedAt: campaigns.updatedAt, jobId: jobs.id, jobTitle: jobs.title, configId: interviewConfigs.id, configName: interviewConfigs.name })
    .from(campaigns)
    .innerJoin(jobs, and(eq(jobs.id, campaigns.jobId), eq(jobs.orgId, orgId)))
    .leftJoin(interviewConfigs, and(eq(interviewConfigs.id, campaigns.configId), eq(interviewConfigs.orgId, orgId)))
    .where(and(eq(campaigns.id, input.id), eq(campaigns.orgId, orgId)));
  if (!campaign) throw notFound('Campaign');

  const figures = campaignFigures(db, orgId);
  const [stageRows, [counts], [tests]] = await Promise.all([
    db
      .select()
      .from(stages)
      .where(and(eq(stages.orgId, orgId), eq(stages.campaignId, campaign.id)))
      .orderBy(asc(stages.position), asc(stages.createdAt), asc(stages.id)),
    // The figures from campaign_interview_counts (campaign-figures.ts) and the distinct candidates from an
    // index-only scan, in one statement so that they come from one snapshot.
    db
      .select({
        candidates: sql<number>`(select count(distinct ${interviews.candidateId}) from ${interviews}
          where ${interviews.orgId} = ${orgId} and ${interviews.campaignId} = ${campaign.id} and not ${interviews.isDemo})::int`,
        interviews: sql<number>`coalesce(max(${figures.interviews}), 0)::int`,
        completed: sql<number>`coalesce(max(${figures.completed}), 0)::int`,
        inProgress: sql<number>`coalesce(max(${figures.inProgress}), 0)::int`,
        awaiting: sql<number>`(coalesce(max(${figures.invited}), 0) - ${lapsedInvitations(orgId, sql`${campaign.id}`)})::int`,
        reportsReady: sql<number>`coalesce(max(${figures.completedReadyReports}), 0)::int`,
        exportableInterviews: sql<number>`coalesce(max(${figures.completedReports}), 0)::int`,
        averageScore: sql<number | null>`max(${figures.completedAverageScore})::float8`,
      })
      .from(figures)
      .where(eq(figures.campaignId, campaign.id)),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(testSessions)
      .innerJoin(reports, and(eq(reports.testSessionId, testSessions.id), eq(reports.orgId, orgId)))
      .where(and(eq(testSessions.orgId, orgId), eq(testSessions.campaignId, campaign.id))),
  ]);
  return {
    id: campaign.id,
    name: campaign.name,
    createdAt: iso(campaign.createdAt),
    updatedAt: iso(campaign.updatedAt),
    job: { id: campaign.jobId, title: campaign.jobTitle },
    config: campaign.configId ? { id: campaign.configId, name: campaign.configName ?? '' } : null,
    stages: stageRows.map(toStageDto),
    counts: {
      candidates: Number(counts.candidates),
      interviews: Number(counts.interviews),
      completed: Number(counts.completed),
      inProgress: Number(counts.inProgress),
      awaiting: Number(counts.awaiting),
      reportsReady: Number(counts.reportsReady),
      exportableInterviews: Number(counts.exportableInterviews),
      tests: Number(tests.count),
    },
    averageScore: counts.averageScore === null ? null : Number(counts.averageScore),
  };
}
