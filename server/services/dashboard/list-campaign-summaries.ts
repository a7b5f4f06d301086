import { and, desc, eq, sql } from 'drizzle-orm';
import { campaigns, interviews, jobs, reports, stages } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notDemoInterview } from '../demo/demo-filter';
import { iso } from '../fields';
import { effectiveStatusSql } from '../interviews/effective-status';
import { toPage, type Page } from '../pagination';
import type { CampaignSummary } from './dashboard-schemas';

/**
 * The campaigns page: each campaign of the organization with its job, its number of stages and how its
 * interviews are going. One page of campaigns is chosen first; only their interviews are aggregated.
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
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: campaigns.id,
        name: campaigns.name,
        createdAt: campaigns.createdAt,
        jobId: jobs.id,
        jobTitle: jobs.title,
        stages: sql<number>`coalesce(max(${stageCount.count}), 0)::int`,
        interviews: sql<number>`count(${interviews.id})::int`,
        completed: sql<number>`(count(*) filter (where ${interviews.status} = 'COMPLETED'))::int`,
        inProgress: sql<number>`(count(*) filter (where ${interviews.status} = 'IN_PROGRESS'))::int`,
        awaiting: sql<number>`(count(*) filter (where ${effectiveStatusSql} = 'INVITED'))::int`,
        averageScore: sql<number | null>`(avg(${reports.overallScore}) filter (where ${reports.status} = 'READY'))::float8`,
      })
      .from(pageIds)
      .innerJoin(campaigns, eq(campaigns.id, pageIds.id))
      .innerJoin(jobs, and(eq(jobs.id, campaigns.jobId), eq(jobs.orgId, orgId)))
      .leftJoin(stageCount, eq(stageCount.campaignId, campaigns.id))
      .leftJoin(interviews, and(eq(interviews.campaignId, campaigns.id), eq(interviews.orgId, orgId), notDemoInterview))
      .leftJoin(reports, and(eq(reports.interviewId, interviews.id), eq(reports.orgId, orgId)))
      .groupBy(campaigns.id, jobs.id)
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
