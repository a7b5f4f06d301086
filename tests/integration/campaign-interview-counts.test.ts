import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { humanReviews, interviews, organizations, reports, type InterviewStatus, type ReportStatus } from '@/db/schema';
import { newId } from '@/server/ids';
import { getCampaignView } from '@/server/services/dashboard/get-campaign-view';
import { listCampaignSummaries } from '@/server/services/dashboard/list-campaign-summaries';
import { listInterviewRows } from '@/server/services/dashboard/list-interview-rows';
import { makeCampaign, makeCandidate, makeInterview, makeJob } from '@/tests/support/factories';
import { openTestDatabase } from '@/tests/support/test-app';

/**
 * The campaigns page and a campaign's head read campaign_interview_counts, and the interview list sorted by score
 * reads interviews.effective_score, all kept by triggers on interviews, reports and human_reviews, and all by the
 * score that counts (the reviewer's where there is one, else the AI's, READY reports only: effective-score.ts).
 * After every kind of write (interviews created, moved on, moved to another campaign, deleted; reports created,
 * rescored, failed, deleted; reviews given, changed, withdrawn; a demo interview; a lapsed invitation), they must
 * equal the same figures aggregated live from the rows.
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

type Live = { interviews: number; completed: number; inProgress: number; awaiting: number; averageScore: number | null; candidates: number; reportsReady: number; exportable: number; completedAverage: number | null };

/** The figures as the services computed them before the counters: every interview of the campaign with its report. */
async function liveFigures(orgId: string, campaignId: string): Promise<Live> {
  const [row] = rowsOf<Record<string, number | string | null>>(
    await database.db.execute(sql`select count(i.id)::int as interviews,
        (count(*) filter (where i.status = 'COMPLETED'))::int as completed,
        (count(*) filter (where i.status = 'IN_PROGRESS'))::int as in_progress,
        (count(*) filter (where i.status = 'INVITED' and i.expires_at > now()))::int as awaiting,
        (avg(coalesce(h.overall_score, r.overall_score)) filter (where r.status = 'READY'))::float8 as average_score,
        count(distinct i.candidate_id)::int as candidates,
        (count(*) filter (where i.status = 'COMPLETED' and r.status = 'READY'))::int as reports_ready,
        (count(r.id) filter (where i.status = 'COMPLETED'))::int as exportable,
        (avg(coalesce(h.overall_score, r.overall_score)) filter (where i.status = 'COMPLETED' and r.status = 'READY'))::float8 as completed_average
      from interviews i left join reports r on r.interview_id = i.id and r.org_id = i.org_id
        left join human_reviews h on h.report_id = r.id and h.org_id = r.org_id
      where i.org_id = ${orgId} and i.campaign_id = ${campaignId} and not i.is_demo`),
  );
  const n = (v: unknown) => (v === null ? null : Number(v));
  return {
    interviews: Number(row.interviews),
    completed: Number(row.completed),
    inProgress: Number(row.in_progress),
    awaiting: Number(row.awaiting),
    averageScore: n(row.average_score),
    candidates: Number(row.candidates),
    reportsReady: Number(row.reports_ready),
    exportable: Number(row.exportable),
    completedAverage: n(row.completed_average),
  };
}

async function expectSameFigures(orgId: string, campaignIds: string[]) {
  const page = await listCampaignSummaries(database.db, { orgId, page: 1, pageSize: 20 });
  for (const campaignId of campaignIds) {
    const live = await liveFigures(orgId, campaignId);
    const summary = page.items.find((c) => c.id === campaignId)!;
    expect({ interviews: summary.interviews, completed: summary.completed, inProgress: summary.inProgress, awaiting: summary.awaiting, averageScore: summary.averageScore }).toEqual({
      interviews: live.interviews,
      completed: live.completed,
      inProgress: live.inProgress,
      awaiting: live.awaiting,
      averageScore: live.averageScore,
    });
    const view = await getCampaignView(database.db, { orgId, id: campaignId });
    expect({ ...view.counts, averageScore: view.averageScore }).toEqual({
      candidates: live.candidates,
      interviews: live.interviews,
      completed: live.completed,
      inProgress: live.inProgress,
      awaiting: live.awaiting,
      reportsReady: live.reportsReady,
      exportableInterviews: live.exportable,
      tests: 0,
      averageScore: live.completedAverage,
    });
  }
  // interviews.effective_score is the score that counts, and the list sorted by score reads it.
  const stale = rowsOf<{ id: string }>(
    await database.db.execute(sql`select i.id from interviews i left join reports r on r.interview_id = i.id and r.org_id = i.org_id
        left join human_reviews h on h.report_id = r.id and h.org_id = r.org_id
      where i.org_id = ${orgId} and i.effective_score is distinct from (case when r.status = 'READY' then coalesce(h.overall_score, r.overall_score) end)`),
  );
  expect(stale).toEqual([]);
}

describe('campaign_interview_counts and interviews.effective_score', () => {
  it('equal the live aggregate after interviews and reports are written, changed and removed', async () => {
    const db = database.db;
    const orgId = newId('organization');
    const other = newId('organization');
    await db.insert(organizations).values([{ id: orgId, name: 'Counted campaigns' }, { id: other, name: 'Neighbour' }]);
    const job = await makeJob(db, orgId);
    const [spring, autumn] = [await makeCampaign(db, orgId, job.id, 'Spring'), await makeCampaign(db, orgId, job.id, 'Autumn')];
    const [ana, ben] = [await makeCandidate(db, orgId, { email: 'ana@example.com' }), await makeCandidate(db, orgId, { email: 'ben@example.com' })];
    const interview = async (campaignId: string, status: InterviewStatus, options: { candidateId?: string; demo?: boolean; lapsed?: boolean } = {}) =>
      makeInterview(db, orgId, {
        candidateId: options.candidateId ?? ana.id,
        jobId: job.id,
        campaignId,
        status,
        isDemo: options.demo ?? false,
        completedAt: status === 'COMPLETED' ? new Date() : null,
        ...(options.lapsed ? { expiresAt: new Date(Date.now() - 3600_000) } : {}),
      });
    const report = async (interviewId: string, status: ReportStatus, overallScore: number | null) => {
      const id = newId('report');
      await db.insert(reports).values({ id, orgId, type: 'interview', interviewId, status, overallScore });
      return id;
    };
    const campaignIds = [spring.id, autumn.id];
    await expectSameFigures(orgId, campaignIds);

    const done = [await interview(spring.id, 'COMPLETED'), await interview(spring.id, 'COMPLETED', { candidateId: ben.id }), await interview(spring.id, 'COMPLETED')];
    const running = await interview(spring.id, 'IN_PROGRESS', { candidateId: ben.id });
    await interview(spring.id, 'INVITED');
    await interview(spring.id, 'INVITED', { lapsed: true });
    await interview(autumn.id, 'INVITED', { candidateId: ben.id });
    const demo = await interview(spring.id, 'COMPLETED', { demo: true });
    const r = [await report(done[0].id, 'READY', 72.5), await report(done[1].id, 'READY', 91), await report(done[2].id, 'PENDING', null)];
    await report(demo.id, 'READY', 10);
    await expectSameFigures(orgId, campaignIds);

    // Reports: a pending one becomes READY, one is rescored, one fails; an interview completes with a READY report.
    await db.update(reports).set({ status: 'READY', overallScore: 55.25 }).where(eq(reports.id, r[2]));
    await db.update(reports).set({ overallScore: 74.1 }).where(eq(reports.id, r[0]));
    await db.update(reports).set({ status: 'FAILED' }).where(eq(reports.id, r[1]));
    await db.update(interviews).set({ status: 'COMPLETED', completedAt: new Date() }).where(eq(interviews.id, running.id));
    await report(running.id, 'READY', 33);
    await expectSameFigures(orgId, campaignIds);

    // An interview with its report moves to another campaign; one is cancelled; a report and an interview are deleted.
    await db.update(interviews).set({ campaignId: autumn.id }).where(eq(interviews.id, done[0].id));
    await db.update(interviews).set({ status: 'CANCELLED' }).where(eq(interviews.id, done[2].id));
    await db.delete(reports).where(and(eq(reports.id, r[1]), eq(reports.orgId, orgId)));
    await db.delete(interviews).where(and(eq(interviews.id, done[1].id), eq(interviews.orgId, orgId)));
    await expectSameFigures(orgId, campaignIds);

    // Reviews: one given on a READY report, one on a pending one (counts once READY), one on the demo; one changed;
    // one withdrawn. A reviewed report rescored by the AI keeps the reviewer's score.
    const review = async (reportId: string, overallScore: number) =>
      db.insert(humanReviews).values({ reportId, orgId, criteria: [], overallScore, reviewedByType: 'user', reviewedById: 'usr_test' });
    const late = await interview(autumn.id, 'COMPLETED');
    const lateReport = await report(late.id, 'PENDING', null);
    await review(r[0], 40);
    await review(r[2], 95.5);
    await review(lateReport, 12);
    const demoReport = await db.select({ id: reports.id }).from(reports).where(eq(reports.interviewId, demo.id));
    await review(demoReport[0].id, 99);
    await expectSameFigures(orgId, campaignIds);
    await db.update(reports).set({ status: 'READY', overallScore: 80 }).where(eq(reports.id, lateReport));
    await db.update(reports).set({ overallScore: 10 }).where(eq(reports.id, r[0]));
    await expectSameFigures(orgId, campaignIds);
    await db.update(humanReviews).set({ overallScore: 61 }).where(and(eq(humanReviews.reportId, r[0]), eq(humanReviews.orgId, orgId)));
    await db.delete(humanReviews).where(and(eq(humanReviews.reportId, r[2]), eq(humanReviews.orgId, orgId)));
    await expectSameFigures(orgId, campaignIds);
    // An interview whose report carries a review moves campaign, and is then deleted with its review and report.
    await db.update(interviews).set({ campaignId: spring.id }).where(eq(interviews.id, late.id));
    await expectSameFigures(orgId, campaignIds);
    await db.delete(humanReviews).where(and(eq(humanReviews.reportId, lateReport), eq(humanReviews.orgId, orgId)));
    await db.delete(reports).where(and(eq(reports.id, lateReport), eq(reports.orgId, orgId)));
    await db.delete(interviews).where(and(eq(interviews.id, late.id), eq(interviews.orgId, orgId)));
    await expectSameFigures(orgId, campaignIds);

    // The list sorted by score, both ways, empty scores last: the order of the scores it shows (the reviewer's
    // where there is one), which say whose they are.
    for (const order of ['desc', 'asc'] as const) {
      const listed = await listInterviewRows(db, { orgId, page: 1, pageSize: 50, sort: 'score', order });
      expect(listed.items.find((i) => i.reportId === r[0])).toMatchObject({ overallScore: 61, scoreSource: 'human' });
      expect(listed.items.find((i) => i.reportId === r[2])).toMatchObject({ overallScore: 55.25, scoreSource: 'ai' });
      const scored = listed.items.filter((i) => i.overallScore !== null).map((i) => i.overallScore!);
      expect(scored).toEqual([...scored].sort((a, b) => (order === 'asc' ? a - b : b - a)));
      expect(listed.items.slice(scored.length).every((i) => i.overallScore === null)).toBe(true);
    }

    // The neighbour has no figures.
    expect((await listCampaignSummaries(db, { orgId: other, page: 1, pageSize: 20 })).items).toEqual([]);
  });
});
