import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DbExecutor } from '@/db/client';
import type { AuditContext } from '@/server/services/audit/audit-actor';
import { recordAuditEvent } from '@/server/services/audit/record-audit-event';
import { rowsOf } from '@/db/rows';
import { campaigns, candidates, humanReviews, interviews, reports, testSessions } from '@/db/schema';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { currentDecisionSql, toDecisionDto } from '../decisions/decision-dto';
import type { DecisionDto } from '../decisions/decision-schemas';
import { iso } from '../fields';
import { csvRow, type CsvValue } from './csv';
import { interviewReportFields, toTestReportDto, type InterviewReportFields } from './get-report';
import type { TestReportDto } from './report-schemas';

export const EXPORT_BATCH_SIZE = 500;

export const ExportQuerySchema = z.strictObject({
  campaignId: z.string('Required').min(1, 'Required').max(100, 'Must be at most 100 characters').describe('Campaign to export (cmp_…).'),
  format: z.enum(['json', 'csv'], 'Must be json or csv').default('json').describe('json (default) or csv.'),
  type: z.enum(['interviews', 'tests', 'all'], 'Must be interviews, tests or all').default('all').describe('interviews, tests or all (default).'),
});
export type ExportQuery = z.infer<typeof ExportQuerySchema>;

/** The fixed CSV columns; one `criterion:<key>` column per criterion of the campaign follows them. */
export const EXPORT_CSV_COLUMNS = [
  'type',
  'reportId',
  'sourceId',
  'candidateId',
  'candidateEmail',
  'candidateFirstName',
  'candidateLastName',
  'jobId',
  'status',
  'overallScore',
  'recommendation',
  'completedAt',
  'testName',
  'score',
  'maxScore',
  'generator',
  'flags',
  'summary',
  /** When the candidate acknowledged the notice on the invitation page (interviews; empty for tests). */
  'consentedAt',
  'scoreSource',
  'aiOverallScore',
  'humanReviewedAt',
  'decision',
  'decisionReason',
  'decidedAt',
  'decidedByType',
  'decidedById',
] as const;

type ExportCandidate = { id: string; email: string; firstName: string | null; lastName: string | null };

/**
 * An interview report as GET /reports/{reportId} gives it (the AI's fields as generated, `humanReview` beside
 * them), without the transcript, with its candidate, the interview's current decision, and the score that
 * counts: the human review's when there is one (`scoreSource: "human"`), else the AI's.
 */
export type InterviewExportItem = InterviewReportFields & {
  candidate: ExportCandidate;
  interviewCompletedAt: string | null;
  interviewConsentedAt: string | null;
  decision: DecisionDto | null;
  finalScore: number | null;
  scoreSource: 'human' | 'ai' | null;
};

/** A test report as GET /reports/{reportId} gives it, with its candidate. */
export type TestExportItem = TestReportDto & { candidate: ExportCandidate };

export type CampaignExport = { contentType: string; fileName: string; body: AsyncGenerator<string> };

/**
 * A campaign's results, as a stream of text chunks: the reports of its COMPLETED interviews (whatever the
 * report's status; an interview finalized without a report has no result to export) and of its test sessions. The campaign is checked before anything is streamed, so a bad id is a
 * clean 404; after that, rows are read in keyset-paginated batches (newest first) and encoded batch by batch,
 * so memory stays flat whatever the campaign's size. Batches are separate reads, not one snapshot: a row
 * written during a long export may or may not appear.
 */
export async function exportCampaignResults(
  db: DbExecutor,
  input: { orgId: string; audit?: AuditContext } & ExportQuery & { batchSize?: number; now?: Date },
): Promise<CampaignExport> {
  if (!isIdOf('campaign', input.campaignId)) throw notFound('Campaign');
  const [campaign] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.id, input.campaignId), eq(campaigns.orgId, input.orgId)));
  if (!campaign) throw notFound('Campaign');
  // Recorded when the export is handed out: the stream that follows has no transaction to join.
  await recordAuditEvent(db, { orgId: input.orgId, audit: input.audit, action: 'campaign.results_exported', targetType: 'campaign', targetId: campaign.id, details: { format: input.format, type: input.type } });

  const scope = { orgId: input.orgId, campaignId: campaign.id, batchSize: input.batchSize ?? EXPORT_BATCH_SIZE };
  const exportedAt = input.now ?? new Date();
  const fileName = `campaign-${campaign.id}-${input.type}-${exportedAt.toISOString().slice(0, 10)}.${input.format}`;
  const withInterviews = input.type !== 'tests';
  const withTests = input.type !== 'interviews';
  if (input.format === 'json') {
    return { contentType: 'application/json; charset=utf-8', fileName, body: jsonBody(db, scope, { exportedAt, withInterviews, withTests }) };
  }
  const criterionKeys = withInterviews ? await campaignCriterionKeys(db, scope) : [];
  return { contentType: 'text/csv; charset=utf-8', fileName, body: csvBody(db, scope, { criterionKeys, withInterviews, withTests }) };
}

type Scope = { orgId: string; campaignId: string; batchSize: number };

async function* jsonBody(db: DbExecutor, scope: Scope, options: { exportedAt: Date; withInterviews: boolean; withTests: boolean }): AsyncGenerator<string> {
  yield `{"campaignId":${JSON.stringify(scope.campaignId)},"exportedAt":${JSON.stringify(options.exportedAt.toISOString())}`;
  const sections: [string, () => AsyncGenerator<(InterviewExportItem | TestExportItem)[]>][] = [];
  if (options.withInterviews) sections.push(['interviews', () => interviewBatches(db, scope)]);
  if (options.withTests) sections.push(['tests', () => testBatches(db, scope)]);
  for (const [key, batches] of sections) {
    yield `,${JSON.stringify(key)}:[`;
    let first = true;
    for await (const batch of batches()) {
      if (batch.length === 0) continue;
      yield `${first ? '' : ','}${batch.map((item) => JSON.stringify(item)).join(',')}`;
      first = false;
    }
    yield ']';
  }
  yield '}\n';
}

async function* csvBody(db: DbExecutor, scope: Scope, options: { criterionKeys: string[]; withInterviews: boolean; withTests: boolean }): AsyncGenerator<string> {
  const { criterionKeys } = options;
  yield csvRow([...EXPORT_CSV_COLUMNS, ...criterionKeys.map((key) => `criterion:${key}`)]);
  const line = (record: CsvRecord, scores: ReadonlyMap<string, number | null>) =>
    csvRow([...EXPORT_CSV_COLUMNS.map((column) => record[column]), ...criterionKeys.map((key) => scores.get(key))]);
  if (options.withInterviews) {
    for await (const batch of interviewBatches(db, scope)) {
      // The human review takes precedence: its criterion scores replace the AI's in the criterion columns.
      const scores = (item: InterviewExportItem) =>
        new Map<string, number | null>(item.humanReview ? item.humanReview.criteria.map((c) => [c.key, c.score]) : item.criteria.map((c) => [c.key, c.score]));
      yield batch.map((item) => line(interviewCsvRecord(item), scores(item))).join('');
    }
  }
  if (options.withTests) {
    for await (const batch of testBatches(db, scope)) yield batch.map((item) => line(testCsvRecord(item), new Map())).join('');
  }
}

type CsvRecord = Record<(typeof EXPORT_CSV_COLUMNS)[number], CsvValue>;

/** The columns an interview's row and a test's row fill alike: who, for which job, in which state. */
function candidateCells(item: { candidate: ExportCandidate; jobId: string; status: string }) {
  return {
    candidateId: item.candidate.id,
    candidateEmail: item.candidate.email,
    candidateFirstName: item.candidate.firstName,
    candidateLastName: item.candidate.lastName,
    jobId: item.jobId,
    status: item.status,
  };
}

function interviewCsvRecord(item: InterviewExportItem): CsvRecord {
  return {
    type: 'interview',
    reportId: item.id,
    sourceId: item.interviewId,
    ...candidateCells(item),
    overallScore: item.finalScore,
    recommendation: item.recommendation,
    // When the candidate finished, like a test's completedAt (the report's own time is in the JSON export).
    completedAt: item.interviewCompletedAt,
    testName: null,
    score: null,
    maxScore: null,
    generator: item.generator,
    flags: item.flags.map((f) => `${f.code} (turn ${f.turnNumber})`).join('; '),
    summary: item.summary,
    consentedAt: item.interviewConsentedAt,
    scoreSource: item.scoreSource,
    aiOverallScore: item.overallScore,
    humanReviewedAt: item.humanReview?.reviewedAt ?? null,
    decision: item.decision?.status ?? null,
    decisionReason: item.decision?.reason ?? null,
    decidedAt: item.decision?.decidedAt ?? null,
    decidedByType: item.decision?.decidedBy.type ?? null,
    decidedById: item.decision?.decidedBy.id ?? null,
  };
}

function testCsvRecord(item: TestExportItem): CsvRecord {
  return {
    type: 'test',
    reportId: item.id,
    sourceId: item.testSessionId,
    ...candidateCells(item),
    overallScore: item.percentage,
    recommendation: null,
    completedAt: item.completedAt,
    testName: item.testName,
    score: item.score,
    maxScore: item.maxScore,
    generator: null,
    flags: null,
    summary: null,
    consentedAt: null,
    scoreSource: null,
    aiOverallScore: null,
    humanReviewedAt: null,
    decision: null,
    decisionReason: null,
    decidedAt: null,
    decidedByType: null,
    decidedById: null,
  };
}

/** Every criterion key of the campaign's READY interview reports, sorted: the CSV's header needs them first. */
async function campaignCriterionKeys(db: DbExecutor, scope: Scope): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct criterion->>'key' as key
    from ${interviews} i
    join ${reports} r on r.interview_id = i.id and r.org_id = i.org_id
    cross join lateral jsonb_array_elements(coalesce(r.criteria, '[]'::jsonb)) as criterion
    where i.org_id = ${scope.orgId} and i.campaign_id = ${scope.campaignId} and i.status = 'COMPLETED' and r.status = 'READY'
    order by 1`);
  return rowsOf<{ key: string | null }>(result)
    .map((row) => row.key)
    .filter((key): key is string => typeof key === 'string' && key !== '');
}

/**
 * The cursor is (timestamp as PostgreSQL text, id): a JavaScript Date would drop the microseconds and make the
 * next batch skip or repeat rows that share a millisecond.
 */
type Cursor = { at: string; id: string };

const candidateColumns = { id: candidates.id, email: candidates.email, firstName: candidates.firstName, lastName: candidates.lastName };

/**
 * Newest first, with the nulls where the index has them (`interviews_org_campaign_created_idx` is `desc nulls
 * first`, `test_sessions_org_campaign_idx` is `desc nulls last`; the columns are NOT NULL, so the order is the same
 * either way). With the other placement PostgreSQL cannot read the index in order and sorts every remaining row
 * for each batch, which made a 100,000-row export quadratic.
 */
function newestFirst(time: AnyColumn, id: AnyColumn, nulls: 'first' | 'last'): SQL[] {
  return nulls === 'first' ? [sql`${time} desc nulls first`, sql`${id} desc nulls first`] : [sql`${time} desc nulls last`, sql`${id} desc nulls last`];
}

async function* interviewBatches(db: DbExecutor, scope: Scope): AsyncGenerator<InterviewExportItem[]> {
  let cursor: Cursor | undefined;
  for (;;) {
    const conditions: SQL[] = [eq(interviews.orgId, scope.orgId), eq(interviews.campaignId, scope.campaignId), eq(interviews.status, 'COMPLETED')];
    if (cursor) conditions.push(sql`(${interviews.createdAt}, ${interviews.id}) < (${cursor.at}::timestamptz, ${cursor.id})`);
    const rows = await db
      .select({
        cursorAt: sql<string>`${interviews.createdAt}::text`,
        interview: { id: interviews.id, candidateId: interviews.candidateId, jobId: interviews.jobId, campaignId: interviews.campaignId },
        interviewCompletedAt: interviews.completedAt,
        interviewConsentedAt: interviews.consentedAt,
        candidate: candidateColumns,
        report: reports,
        review: humanReviews,
        decision: currentDecisionSql(interviews.id, interviews.orgId),
      })
      .from(interviews)
      .innerJoin(candidates, and(eq(candidates.id, interviews.candidateId), eq(candidates.orgId, interviews.orgId)))
      .innerJoin(reports, and(eq(reports.interviewId, interviews.id), eq(reports.orgId, interviews.orgId)))
      .leftJoin(humanReviews, and(eq(humanReviews.reportId, reports.id), eq(humanReviews.orgId, reports.orgId)))
      .where(and(...conditions))
      .orderBy(...newestFirst(interviews.createdAt, interviews.id, 'first'))
      .limit(scope.batchSize);
    if (rows.length === 0) return;
    yield rows.map((row) => {
      const fields = interviewReportFields(row.report, row.interview, row.review);
      const human = fields.humanReview?.overallScore ?? null;
      return {
        ...fields,
        candidate: row.candidate,
        interviewCompletedAt: iso(row.interviewCompletedAt),
        interviewConsentedAt: iso(row.interviewConsentedAt),
        decision: toDecisionDto(row.decision),
        finalScore: human ?? fields.overallScore,
        scoreSource: human !== null ? ('human' as const) : fields.overallScore !== null ? ('ai' as const) : null,
      };
    });
    if (rows.length < scope.batchSize) return;
    const last = rows[rows.length - 1];
    cursor = { at: last.cursorAt, id: last.interview.id };
  }
}

async function* testBatches(db: DbExecutor, scope: Scope): AsyncGenerator<TestExportItem[]> {
  let cursor: Cursor | undefined;
  for (;;) {
    const conditions: SQL[] = [eq(testSessions.orgId, scope.orgId), eq(testSessions.campaignId, scope.campaignId)];
    if (cursor) conditions.push(sql`(${testSessions.completedAt}, ${testSessions.id}) < (${cursor.at}::timestamptz, ${cursor.id})`);
    const rows = await db
      .select({
        cursorAt: sql<string>`${testSessions.completedAt}::text`,
        session: testSessions,
        report: reports,
        candidate: candidateColumns,
      })
      .from(testSessions)
      .innerJoin(candidates, and(eq(candidates.id, testSessions.candidateId), eq(candidates.orgId, testSessions.orgId)))
      .innerJoin(reports, and(eq(reports.testSessionId, testSessions.id), eq(reports.orgId, testSessions.orgId)))
      .where(and(...conditions))
      .orderBy(...newestFirst(testSessions.completedAt, testSessions.id, 'last'))
      .limit(scope.batchSize);
    if (rows.length === 0) return;
    yield rows.map((row) => ({ ...toTestReportDto(row.report, row.session), candidate: row.candidate }));
    if (rows.length < scope.batchSize) return;
    const last = rows[rows.length - 1];
    cursor = { at: last.cursorAt, id: last.session.id };
  }
}
