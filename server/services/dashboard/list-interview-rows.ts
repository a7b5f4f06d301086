import { and, eq, inArray } from 'drizzle-orm';
import { campaigns, candidates, humanReviews, jobs, reports } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { listInterviews, type ListInterviewsInput } from '../interviews/list-interviews';
import type { Page } from '../pagination';
import { listAiWithheldInterviewIds } from '../reviews/review-before-ai';
import type { InterviewRow } from './dashboard-schemas';

/**
 * The interviews table of the dashboard: the same page as `listInterviews` (same filters, order and counts),
 * with the names a recruiter reads instead of ids, fetched for that page's ids only. The score shown is the one the
 * list sorts by, the score that counts (services/analytics/effective-score.ts: the reviewer's where there is one,
 * else the AI's, from a READY report), with `scoreSource` saying whose. For `viewerUserId`, the AI's overall score
 * and advice are left out of the rows the review-before-AI mode withholds from that user.
 */
export async function listInterviewRows(db: DbExecutor, input: ListInterviewsInput & { viewerUserId?: string | null }): Promise<Page<InterviewRow>> {
  const page = await listInterviews(db, input);
  const { orgId } = input;
  const ids = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => v !== null))];
  const candidateIds = ids(page.items.map((i) => i.candidateId));
  const jobIds = ids(page.items.map((i) => i.jobId));
  const campaignIds = ids(page.items.map((i) => i.campaignId));
  const reportIds = ids(page.items.map((i) => i.reportId));
  const [candidateRows, jobRows, campaignRows, reportRows, withheld] = await Promise.all([
    candidateIds.length === 0
      ? []
      : db
          .select({ id: candidates.id, email: candidates.email, firstName: candidates.firstName, lastName: candidates.lastName })
          .from(candidates)
          .where(and(eq(candidates.orgId, orgId), inArray(candidates.id, candidateIds))),
    jobIds.length === 0 ? [] : db.select({ id: jobs.id, title: jobs.title }).from(jobs).where(and(eq(jobs.orgId, orgId), inArray(jobs.id, jobIds))),
    campaignIds.length === 0
      ? []
      : db.select({ id: campaigns.id, name: campaigns.name }).from(campaigns).where(and(eq(campaigns.orgId, orgId), inArray(campaigns.id, campaignIds))),
    reportIds.length === 0
      ? []
      : db
          .select({ id: reports.id, recommendation: reports.recommendation, status: reports.status, reviewScore: humanReviews.overallScore })
          .from(reports)
          .leftJoin(humanReviews, and(eq(humanReviews.reportId, reports.id), eq(humanReviews.orgId, orgId)))
          .where(and(eq(reports.orgId, orgId), inArray(reports.id, reportIds))),
    input.viewerUserId
      ? listAiWithheldInterviewIds(db, { orgId, userId: input.viewerUserId, interviewIds: page.items.filter((i) => i.reportId).map((i) => i.id) })
      : new Set<string>(),
  ]);
  const candidateById = new Map(candidateRows.map((c) => [c.id, c]));
  const jobTitle = new Map(jobRows.map((j) => [j.id, j.title]));
  const campaignName = new Map(campaignRows.map((c) => [c.id, c.name]));
  const reportById = new Map(reportRows.map((r) => [r.id, r]));
  const recommendation = new Map(reportRows.map((r) => [r.id, r.status === 'READY' ? r.recommendation : null]));
  const scoreOf = (item: (typeof page.items)[number]): Pick<InterviewRow, 'overallScore' | 'scoreSource'> => {
    const report = item.reportId ? reportById.get(item.reportId) : undefined;
    if (report?.status !== 'READY') return { overallScore: null, scoreSource: null };
    if (report.reviewScore !== null) return { overallScore: report.reviewScore, scoreSource: 'human' };
    if (withheld.has(item.id) || item.overallScore === null) return { overallScore: null, scoreSource: null };
    return { overallScore: item.overallScore, scoreSource: 'ai' };
  };
  return {
    pagination: page.pagination,
    items: page.items.map((item) => ({
      ...item,
      ...scoreOf(item),
      candidate: candidateById.get(item.candidateId) ?? null,
      jobTitle: jobTitle.get(item.jobId) ?? null,
      campaignName: item.campaignId ? (campaignName.get(item.campaignId) ?? null) : null,
      recommendation: item.reportId && !withheld.has(item.id) ? (recommendation.get(item.reportId) ?? null) : null,
    })),
  };
}
