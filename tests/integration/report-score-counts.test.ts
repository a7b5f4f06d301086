import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { humanReviews, organizations, reports, type Recommendation } from '@/db/schema';
import { newId } from '@/server/ids';
import { makeCandidate, makeInterview, makeJob } from '@/tests/support/factories';
import { openTestDatabase } from '@/tests/support/test-app';
import { effectiveScoreOf, scoreSourceOf } from '@/server/services/analytics/effective-score';
import { getOverview } from '@/server/services/dashboard/get-overview';

/**
 * The overview's score figures come from report_score_counts, kept by triggers on reports and human_reviews. After
 * every kind of write (reports created, rescored, failed, deleted; reviews added, changed, removed; a demo
 * interview's report), they must equal the same figures aggregated live from the rows.
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

async function liveFigures(orgId: string) {
  // The score through its one definition (analytics/effective-score.ts): the triggers' SQL must agree with it.
  const score = effectiveScoreOf(sql`r`, sql`h`);
  const source = scoreSourceOf(sql`r`, sql`h`);
  const rows = rowsOf<{ bucket: number; n: number; total: number; human: number }>(
    await database.db.execute(sql`select least(floor(${score} / 10), 9)::int as bucket, count(*)::int as n,
        sum(${score}::float8) as total, (count(*) filter (where ${source} = 'human'))::int as human
      from reports r left join human_reviews h on h.report_id = r.id and h.org_id = r.org_id
      left join interviews i on i.id = r.interview_id
      where r.org_id = ${orgId} and r.type = 'interview' and coalesce(i.is_demo, false) = false and ${score} is not null
      group by 1`),
  );
  const recs = rowsOf<{ recommendation: Recommendation; n: number }>(
    await database.db.execute(sql`select r.recommendation, count(*)::int as n from reports r left join interviews i on i.id = r.interview_id
      where r.org_id = ${orgId} and r.type = 'interview' and r.status = 'READY' and coalesce(i.is_demo, false) = false and r.recommendation is not null
      group by 1`),
  );
  const scored = rows.reduce((a, r) => a + r.n, 0);
  const human = rows.reduce((a, r) => a + r.human, 0);
  return {
    buckets: Array.from({ length: 10 }, (_, i) => rows.find((r) => r.bucket === i)?.n ?? 0),
    average: scored ? rows.reduce((a, r) => a + Number(r.total), 0) / scored : null,
    sources: { human, ai: scored - human },
    recommendations: Object.fromEntries(recs.map((r) => [r.recommendation, r.n])),
  };
}

async function expectSameFigures(orgId: string) {
  const overview = await getOverview(database.db, { orgId });
  const live = await liveFigures(orgId);
  expect(overview.scoreDistribution.map((b) => b.count)).toEqual(live.buckets);
  expect(overview.scoreSources).toEqual(live.sources);
  if (live.average === null) expect(overview.averageScore).toBeNull();
  else expect(overview.averageScore).toBeCloseTo(live.average, 4);
  expect(Object.fromEntries(Object.entries(overview.recommendations).filter(([, n]) => n > 0))).toEqual(live.recommendations);
}

describe('report_score_counts', () => {
  it('equals the live aggregate after reports and reviews are written, changed and removed', async () => {
    const db = database.db;
    const orgId = newId('organization');
    const other = newId('organization');
    await db.insert(organizations).values([{ id: orgId, name: 'Counted' }, { id: other, name: 'Neighbour' }]);
    const job = await makeJob(db, orgId);
    const candidate = await makeCandidate(db, orgId, { email: 'counted@example.com' });
    const makeReport = async (score: number | null, recommendation: Recommendation | null, options: { demo?: boolean; status?: 'READY' | 'PENDING' } = {}) => {
      const interview = await makeInterview(db, orgId, { candidateId: candidate.id, jobId: job.id, status: 'COMPLETED', completedAt: new Date(), isDemo: options.demo ?? false });
      const id = newId('report');
      await db.insert(reports).values({ id, orgId, type: 'interview', interviewId: interview.id, status: options.status ?? 'READY', overallScore: score, recommendation });
      return id;
    };
    await expectSameFigures(orgId);
    const ids = [
      await makeReport(72.5, 'YES'),
      await makeReport(91, 'STRONG_YES'),
      await makeReport(100, 'STRONG_YES'),
      await makeReport(35.2, 'NO'),
      await makeReport(null, 'NO_DECISION'),
      await makeReport(null, null, { status: 'PENDING' }),
    ];
    await makeReport(10, 'DEFINITELY_NO', { demo: true });
    await expectSameFigures(orgId);

    // A pending report becomes READY; one is rescored within its bucket, one into another; one fails.
    await db.update(reports).set({ status: 'READY', overallScore: 55, recommendation: 'YES' }).where(eq(reports.id, ids[5]));
    await db.update(reports).set({ overallScore: 74.1 }).where(eq(reports.id, ids[0]));
    await db.update(reports).set({ overallScore: 12, recommendation: 'DEFINITELY_NO' }).where(eq(reports.id, ids[1]));
    await db.update(reports).set({ status: 'FAILED' }).where(eq(reports.id, ids[3]));
    await expectSameFigures(orgId);

    // Reviews: on a scored report, on an unscored one; then changed (same bucket, another bucket) and removed.
    const review = (reportId: string, overallScore: number) => ({ reportId, orgId, criteria: [], overallScore, reviewedByType: 'user' as const, reviewedById: 'usr_x' });
    await db.insert(humanReviews).values([review(ids[0], 40.4), review(ids[4], 88), review(ids[2], 99.9)]);
    await expectSameFigures(orgId);
    await db.update(humanReviews).set({ overallScore: 44.6 }).where(eq(humanReviews.reportId, ids[0]));
    await db.update(humanReviews).set({ overallScore: 5 }).where(eq(humanReviews.reportId, ids[4]));
    await expectSameFigures(orgId);
    await db.delete(humanReviews).where(inArray(humanReviews.reportId, [ids[0], ids[2]]));
    await expectSameFigures(orgId);

    // A report removed with its review (erasure).
    await db.delete(humanReviews).where(eq(humanReviews.reportId, ids[4]));
    await db.delete(reports).where(and(eq(reports.id, ids[4]), eq(reports.orgId, orgId)));
    await expectSameFigures(orgId);
    // The neighbour's figures stay empty.
    expect((await getOverview(db, { orgId: other })).scoreSources).toEqual({ human: 0, ai: 0 });
  });
});
