import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { campaigns, candidates, reports, testSessions } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { toPage, type Page } from '../pagination';
import { toTestReportDto } from '../reports/get-report';
import type { TestResultRow } from './campaign-view-schemas';

/**
 * The technical test results of one campaign or of one candidate, latest finished first, each as its test
 * report with the candidate and the campaign's name. The campaign or candidate must be the organization's
 * (404 otherwise, as for a missing one), so an empty list always means "none yet".
 */
export async function listTestResults(
  db: DbExecutor,
  input: { orgId: string; page: number; pageSize: number } & ({ campaignId: string; candidateId?: undefined } | { candidateId: string; campaignId?: undefined }),
): Promise<Page<TestResultRow>> {
  const { orgId } = input;
  const filters: SQL[] = [eq(testSessions.orgId, orgId)];
  if (input.campaignId !== undefined) {
    const [campaign] = isIdOf('campaign', input.campaignId)
      ? await db.select({ id: campaigns.id }).from(campaigns).where(and(eq(campaigns.id, input.campaignId), eq(campaigns.orgId, orgId)))
      : [];
    if (!campaign) throw notFound('Campaign');
    filters.push(eq(testSessions.campaignId, campaign.id));
  } else {
    const [candidate] = isIdOf('candidate', input.candidateId)
      ? await db.select({ id: candidates.id }).from(candidates).where(and(eq(candidates.id, input.candidateId), eq(candidates.orgId, orgId)))
      : [];
    if (!candidate) throw notFound('Candidate');
    filters.push(eq(testSessions.candidateId, candidate.id));
  }
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        session: testSessions,
        report: reports,
        candidate: { id: candidates.id, email: candidates.email, firstName: candidates.firstName, lastName: candidates.lastName },
        campaignName: campaigns.name,
      })
      .from(testSessions)
      .innerJoin(reports, and(eq(reports.testSessionId, testSessions.id), eq(reports.orgId, orgId)))
      .innerJoin(candidates, and(eq(candidates.id, testSessions.candidateId), eq(candidates.orgId, orgId)))
      .innerJoin(campaigns, and(eq(campaigns.id, testSessions.campaignId), eq(campaigns.orgId, orgId)))
      .where(where)
      .orderBy(desc(testSessions.completedAt), desc(testSessions.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(testSessions)
      .innerJoin(reports, and(eq(reports.testSessionId, testSessions.id), eq(reports.orgId, orgId)))
      .where(where),
  ]);
  return toPage(
    rows.map((row) => ({ ...toTestReportDto(row.report, row.session), candidate: row.candidate, campaignName: row.campaignName })),
    Number(total),
    input.page,
    input.pageSize,
  );
}
