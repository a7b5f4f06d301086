import { and, desc, eq, sql } from 'drizzle-orm';
import { campaigns, jobs, stages } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { iso } from '../fields';
import { toPage, type Page } from '../pagination';
import { campaignFigures, lapsedInvitations } from './campaign-figures';
import type { CampaignSummary } from './dashboard-schemas';

/**
 * The campaigns page: each campaign of the organization with its job, its number of stages and how its
 * interviews are going. One page of campaigns is chosen first; their figures are read from the trigger-kept
 * campaign_interview_counts (campaign-figures.ts), less the lapsed invitations counted through an index.
 */
export async function listCampaignSummaries(db: DbExecutor, input: { orgId: string; page: number; pageSize: number }): Promise<Page<CampaignSummary>> {
  const { orgId } = input;
  const pageIds = db
    .select({ id: campaigns.id, createdAt: campaigns.createdAt })
    .from(campaigns)
    .where(eq(campaigns.orgId, orgId))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize)
    .as('page_ids');
  const stageCount = db
    .select({ campaignId: stages.campaignId, count: sql<number>`count(*)::int`.as('stage_count') })
    .from(stages)
    .where(eq(stages.orgId, orgId))
    .groupBy(stages.campaignId)
    .as('stage_counts');
  const figures = campaignFigures(db, orgId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: campaigns.id,
        name: campaigns.name,
        createdAt: campaigns.createdAt,
        jobId: jobs.id,
        jobTitle: jobs.title,
        stages: sql<number>`coalesce(${stageCount.count}, 0)::int`,
        interviews: sql<number>`coalesce(${figures.interviews}, 0)::int`,
        completed: sql<number>`coalesce(${figures.completed}, 0)::int`,
        inProgress: sql<number>`coalesce(${figures.inProgress}, 0)::int`,
        awaiting: sql<number>`(coalesce(${figures.invited}, 0) - ${lapsedInvitations(orgId, campaigns.id)})::int`,
        averageScore: figures.averageScore,
      })
      .from(pageIds)
      .innerJoin(campaigns, eq(campaigns.id, pageIds.id))
      .innerJoin(jobs, and(eq(jobs.id, campaigns.jobId), eq(jobs.orgId, orgId)))
      .leftJoin(stageCount, eq(stageCount.campaignId, campaigns.id))
      .leftJoin(figures, eq(figures.campaignId, campaigns.id))
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id)),
    db.select({ total: sql<number>`count(*)::int` }).from(campaigns).where(eq(campaigns.orgId, orgId)),
  ]);
  return toPage(
    rows.map((r) => ({
      ...r,
      stages: Number(r.stages),
      interviews: Number(r.interviews),
      completed: Number(r.completed),
      inProgress: Number(r.inProgress),
      awaiting: Number(r.awaiting),
      averageScore: r.averageScore === null ? null : Number(r.averageScore),
      createdAt: iso(r.createdAt),
    })),
    Number(total),
    input.page,
    input.pageSize,
  );
}
