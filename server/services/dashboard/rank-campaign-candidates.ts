import { and, eq, sql } from 'drizzle-orm';
import { campaigns, candidates, humanReviews, interviewDecisions, interviews, reports, stages, testSessions, type InterviewStatus, type Recommendation, type ReportStatus } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notDemoInterview } from '../demo/demo-filter';
import { rowsOf } from '@/db/rows';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { toPage, type Page } from '../pagination';
import { listAiWithheldInterviewIds } from '../reviews/review-before-ai';
import { effectiveScoreOf } from '../analytics/effective-score';
import type { CampaignRankingRow } from './campaign-view-schemas';

type RankingSqlRow = {
  candidate_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  interview_id: string;
  status: InterviewStatus;
  stage_name: string | null;
  report_id: string | null;
  report_status: ReportStatus | null;
  overall_score: number | string | null;
  ai_overall_score: number | string | null;
  human_overall_score: number | string | null;
  decision: 'ADVANCE' | 'HOLD' | 'REJECT' | null;
  recommendation: Recommendation | null;
  completed_at: string | Date | null;
  tier: number | string;
  interview_count: number | string;
  best_test_percentage: number | string | null;
};

/**
 * The campaign's candidates, one row each, best first. A candidate is placed by one interview: their completed
 * interview with a READY report and the highest overall score (ties: the latest); a candidate without one is
 * placed by their most advanced interview (completed with a pending or failed report, in progress, invited,
 * draft, expired, cancelled). Candidates with a READY report come first by score (a report too thin to score,
 * NO_DECISION, after the scored ones), then the others in that order of progress, newest first. The order is
 * total (the candidate id breaks the last ties), so pages are stable. Another organization's campaign is a 404.
 * A recruiter's human review takes precedence over the AI's score wherever a score counts (choice and order).
 */
export async function rankCampaignCandidates(
  db: DbExecutor,
  input: { orgId: string; campaignId: string; page: number; pageSize: number; viewerUserId?: string | null },
): Promise<Page<CampaignRankingRow>> {
  if (!isIdOf('campaign', input.campaignId)) throw notFound('Campaign');
  const { orgId, campaignId } = input;

  // The effective status (an INVITED interview past its expiry reads EXPIRED) decides the progress order.
  const status = sql`case when i.status = 'INVITED' and i.expires_at <= now() then 'EXPIRED' else i.status end`;
  const tier = sql`case when i.status = 'COMPLETED' and r.status = 'READY' then 0 else 1 end`;
  const progress = sql`case ${status} when 'COMPLETED' then 0 when 'IN_PROGRESS' then 1 when 'INVITED' then 2 when 'DRAFT' then 3 when 'EXPIRED' then 4 else 5 end`;
  // The score that counts, one rule everywhere (analytics/effective-score.ts): the review's, else the AI's.
  const score = effectiveScoreOf(sql`r`, sql`h`);
  const offset = (input.page - 1) * input.pageSize;
  // Whether the campaign is the organization's is asked beside the reads (every one is scoped by organization, so a
  // foreign campaign's reads find nothing), rather than before them: one round trip less on the page's slowest read.
  const [[campaign], result, [{ total }]] = await Promise.all([
    db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.orgId, orgId))),
    db.execute(sql`
      with placed as (
        select
          i.id as interview_id, i.candidate_id, ${status} as status, i.stage_id, i.completed_at, i.created_at,
          r.id as report_id, r.status as report_status, r.recommendation,
          ${score} as overall_score,
          case when r.status = 'READY' then r.overall_score end as ai_overall_score,
          case when r.status = 'READY' then h.overall_score end as human_overall_score,
          ${tier} as tier, ${progress} as progress,
          count(*) over (partition by i.candidate_id) as interview_count,
          row_number() over (
            partition by i.candidate_id
            order by ${tier}, ${score} desc nulls last, ${progress},
                     i.completed_at desc nulls last, i.created_at desc, i.id desc
          ) as choice
        from ${interviews} i
        -- Each interview's report by interview_id (unique: LIMIT 1 changes nothing but keeps the lookup per interview;
        -- a plain join made the planner hash every report of the organization for one campaign's interviews).
        left join lateral (
          select r.id, r.status, r.recommendation, r.overall_score from ${reports} r
          where r.interview_id = i.id and r.org_id = i.org_id limit 1
        ) r on true
        left join ${humanReviews} h on h.report_id = r.id and h.org_id = i.org_id
        where i.org_id = ${orgId} and i.campaign_id = ${campaignId} and not i.is_demo
      ),
      -- The page first, then what only its rows show (name, stage, decision, best test): looked up 20 times rather
      -- than once per candidate of the campaign.
      page as (
        select * from placed where choice = 1
        order by tier, overall_score desc nulls last, progress, completed_at desc nulls last, created_at desc, candidate_id desc
        limit ${input.pageSize} offset ${offset}
      )
      select
        p.candidate_id, c.email, c.first_name, c.last_name, p.interview_id, p.status, s.name as stage_name,
        p.report_id, p.report_status, p.overall_score, p.ai_overall_score, p.human_overall_score, p.recommendation,
        (select d.status from ${interviewDecisions} d
          where d.interview_id = p.interview_id and d.org_id = ${orgId} and d.superseded_at is null) as decision, p.completed_at, p.tier, p.interview_count,
        (
          select max(round((t.score / t.max_score * 100)::numeric, 2))::float8
          from ${testSessions} t
          where t.org_id = ${orgId} and t.campaign_id = ${campaignId} and t.candidate_id = p.candidate_id
        ) as best_test_percentage
      from page p
      join ${candidates} c on c.id = p.candidate_id and c.org_id = ${orgId}
      left join ${stages} s on s.id = p.stage_id and s.org_id = ${orgId}
      order by p.tier, p.overall_score desc nulls last, p.progress, p.completed_at desc nulls last, p.created_at desc, p.candidate_id desc`),
    db
      .select({ total: sql<number>`count(distinct ${interviews.candidateId})::int` })
      .from(interviews)
      .where(and(eq(interviews.orgId, orgId), eq(interviews.campaignId, campaignId), notDemoInterview)),
  ]);
  if (!campaign) throw notFound('Campaign');
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  const items = rowsOf<RankingSqlRow>(result).map((row, index) => ({
    position: offset + index + 1,
    ranked: Number(row.tier) === 0,
    candidate: { id: row.candidate_id, email: row.email, firstName: row.first_name, lastName: row.last_name },
    interviewId: row.interview_id,
    status: row.status,
    stageName: row.stage_name,
    reportId: row.report_id,
    reportStatus: row.report_status,
    overallScore: num(row.overall_score),
    scoreSource: num(row.human_overall_score) !== null ? ('human' as const) : num(row.ai_overall_score) !== null ? ('ai' as const) : null,
    aiOverallScore: num(row.ai_overall_score),
    recommendation: Number(row.tier) === 0 ? row.recommendation : null,
    decision: row.decision ?? null,
    completedAt: row.completed_at === null ? null : new Date(row.completed_at).toISOString(),
    interviewCount: Number(row.interview_count),
    bestTestPercentage: num(row.best_test_percentage),
  }));
  // The review-before-AI mode: the AI's score and advice leave the rows withheld from this user (a reviewer's own
  // score stays). The order itself is still the AI's where nobody reviewed (docs/DECISIONS.md).
  const withheld = input.viewerUserId
    ? await listAiWithheldInterviewIds(db, { orgId, userId: input.viewerUserId, interviewIds: items.filter((i) => i.reportId).map((i) => i.interviewId) })
    : new Set<string>();
  const shown = items.map((item) =>
    withheld.has(item.interviewId)
      ? {
          ...item,
          aiOverallScore: null,
          recommendation: null,
          overallScore: item.scoreSource === 'ai' ? null : item.overallScore,
          scoreSource: item.scoreSource === 'ai' ? null : item.scoreSource,
        }
      : item,
  );
  return toPage(shown, Number(total), input.page, input.pageSize);
}
