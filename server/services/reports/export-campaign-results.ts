import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { queryValues } from '@/db/driver-client';
import { z } from 'zod';
import type { DbExecutor } from '@/db/client';
import type { AuditContext } from '@/server/services/audit/audit-actor';
import { recordAuditEvent } from '@/server/services/audit/record-audit-event';
import { rowsOf } from '@/db/rows';
import { apiKeys, campaigns, candidates, interviews, jobs, reports, testSessions, users, type AnswerMode } from '@/db/schema';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { currentDecisionSql, toDecisionDto } from '../decisions/decision-dto';
import type { DecisionDto } from '../decisions/decision-schemas';
import { iso } from '../fields';
import { csvRow, type CsvValue } from './csv';
import {
  ADVICE_WORDS,
  ANSWER_MODE_WORDS,
  checkTimeZone,
  DECISION_WORDS,
  localDateTime,
  personName,
  plainWords,
  readableColumns,
  REPORT_STATUS_WORDS,
  SCORE_SOURCE_WORDS,
  STATUS_WORDS,
} from './readable-csv';
import type { HumanReviewFields } from '../reviews/human-review-dto';
import { interviewReportFields, toTestReportDto, type InterviewReportFields, type ReportFields } from './get-report';
import type { TestReportDto } from './report-schemas';

export const EXPORT_BATCH_SIZE = 500;

export const ExportQuerySchema = z.strictObject({
  campaignId: z.string('Required').min(1, 'Required').max(100, 'Must be at most 100 characters').describe('Campaign to export (cmp_…).'),
  format: z
    .enum(['json', 'csv', 'readable-csv'], 'Must be json, csv or readable-csv')
    .default('json')
    .describe('json (default), csv (for programs: ids, ISO dates, codes) or readable-csv (for people: titles, names, dates in timeZone, plain words, no ids).'),
  timeZone: z.string().max(100, 'Must be at most 100 characters').optional().describe('readable-csv only: the IANA time zone of its dates, named in the column titles (default UTC).'),
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
  /** How the candidate answered: live, recorded or written; empty when an external agent conducted it, and for tests. */
  'answerMode',
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
  interviewAnswerMode: AnswerMode | null;
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
  const withInterviews = input.type !== 'tests';
  const withTests = input.type !== 'interviews';
  if (input.format === 'readable-csv') {
    const timeZone = checkTimeZone(input.timeZone);
    const [titles] = await db
      .select({ campaign: campaigns.name, job: jobs.title })
      .from(campaigns)
      .innerJoin(jobs, and(eq(jobs.id, campaigns.jobId), eq(jobs.orgId, campaigns.orgId)))
      .where(and(eq(campaigns.id, campaign.id), eq(campaigns.orgId, input.orgId)));
    const criteria = withInterviews ? await campaignCriteria(db, scope) : [];
    const slug = titles.campaign.normalize('NFD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'campaign';
    const fileName = `${slug}-results-${localDateTime(exportedAt, timeZone).slice(0, 10)}.csv`;
    return { contentType: 'text/csv; charset=utf-8', fileName, body: readableCsvBody(db, scope, { criteria, withInterviews, withTests, timeZone, titles }) };
  }
  const fileName = `campaign-${campaign.id}-${input.type}-${exportedAt.toISOString().slice(0, 10)}.${input.format}`;
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
    answerMode: item.interviewAnswerMode,
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
    answerMode: null,
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

/** The campaign's criteria (key and the label its reports give it), in the order of campaignCriterionKeys. */
async function campaignCriteria(db: DbExecutor, scope: Scope): Promise<{ key: string; label: string }[]> {
  const result = await db.execute(sql`
    select criterion->>'key' as key, min(criterion->>'label') as label
    from ${interviews} i
    join ${reports} r on r.interview_id = i.id and r.org_id = i.org_id
    cross join lateral jsonb_array_elements(coalesce(r.criteria, '[]'::jsonb)) as criterion
    where i.org_id = ${scope.orgId} and i.campaign_id = ${scope.campaignId} and i.status = 'COMPLETED' and not i.is_demo and r.status = 'READY'
    group by 1
    order by 1`);
  return rowsOf<{ key: string | null; label: string | null }>(result)
    .filter((row): row is { key: string; label: string | null } => typeof row.key === 'string' && row.key !== '')
    .map((row) => ({ key: row.key, label: row.label || row.key }));
}

/**
 * The readable CSV's rows (readable-csv.ts): the same batches as the machine CSV, with the names of the people
 * who decided or reviewed looked up once per batch (a user's name, else their email; an API key's name).
 */
async function* readableCsvBody(
  db: DbExecutor,
  scope: Scope,
  options: { criteria: { key: string; label: string }[]; withInterviews: boolean; withTests: boolean; timeZone: string; titles: { campaign: string; job: string } },
): AsyncGenerator<string> {
  const { criteria, timeZone, titles } = options;
  yield csvRow([...readableColumns(timeZone), ...criteria.map((c) => `${c.label} (0–10)`)]);
  const blank = readableColumns(timeZone).map(() => null as CsvValue);
  if (options.withInterviews) {
    for await (const batch of interviewBatches(db, scope)) {
      const names = await actorNames(db, scope.orgId, batch.map((item) => item.decision?.decidedBy ?? null));
      yield batch
        .map((item) => {
          const scores = new Map<string, number | null>(item.humanReview ? item.humanReview.criteria.map((c) => [c.key, c.score]) : item.criteria.map((c) => [c.key, c.score]));
          const d = item.decision;
          const cells: CsvValue[] = [
            personName(item.candidate),
            item.candidate.email,
            titles.job,
            titles.campaign,
            'Interview',
            item.status === 'READY' ? STATUS_WORDS.COMPLETED : `${STATUS_WORDS.COMPLETED} · ${REPORT_STATUS_WORDS[item.status] ?? item.status}`,
            localDateTime(item.interviewCompletedAt, timeZone),
            item.finalScore,
            item.scoreSource ? SCORE_SOURCE_WORDS[item.scoreSource] : null,
            item.overallScore,
            item.recommendation ? ADVICE_WORDS[item.recommendation] : null,
            null,
            null,
            item.interviewAnswerMode ? ANSWER_MODE_WORDS[item.interviewAnswerMode] : null,
            item.flags.map((f) => `${plainWords(f.code)} (answer at turn ${f.turnNumber})`).join('; '),
            item.summary,
            d ? DECISION_WORDS[d.status] : null,
            d?.reason ?? null,
            d ? localDateTime(d.decidedAt, timeZone) : null,
            d ? (names.get(`${d.decidedBy.type}:${d.decidedBy.id}`) ?? null) : null,
            localDateTime(item.humanReview?.reviewedAt, timeZone),
          ];
          return csvRow([...cells, ...criteria.map((c) => scores.get(c.key))]);
        })
        .join('');
    }
  }
  if (options.withTests) {
    for await (const batch of testBatches(db, scope)) {
      yield batch
        .map((item) => {
          const cells = [...blank];
          const columns = readableColumns(timeZone);
          const set = (title: string, value: CsvValue) => (cells[columns.indexOf(title)] = value);
          set('Candidate', personName(item.candidate));
          set('Email', item.candidate.email);
          set('Job', titles.job);
          set('Campaign', titles.campaign);
          set('Result', 'Technical test');
          set('Status', STATUS_WORDS.COMPLETED);
          set(`Completed (${timeZone})`, localDateTime(item.completedAt, timeZone));
          set('Score (out of 100)', item.percentage);
          set('Test', item.testName);
          set('Test score', `${item.score} / ${item.maxScore}`);
          return csvRow([...cells, ...criteria.map(() => null)]);
        })
        .join('');
    }
  }
}

/** "user:usr_…" / "api_key:key_…" → the name a person reads. */
async function actorNames(db: DbExecutor, orgId: string, actors: ({ type: 'user' | 'api_key'; id: string } | null)[]): Promise<Map<string, string>> {
  const userIds = [...new Set(actors.filter((a) => a?.type === 'user').map((a) => a!.id))];
  const keyIds = [...new Set(actors.filter((a) => a?.type === 'api_key').map((a) => a!.id))];
  const [userRows, keyRows] = await Promise.all([
    userIds.length ? db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(and(eq(users.orgId, orgId), inArray(users.id, userIds))) : [],
    keyIds.length ? db.select({ id: apiKeys.id, name: apiKeys.name }).from(apiKeys).where(and(eq(apiKeys.orgId, orgId), inArray(apiKeys.id, keyIds))) : [],
  ]);
  return new Map([
    ...userRows.map((u) => [`user:${u.id}`, u.name || u.email] as [string, string]),
    ...keyRows.map((k) => [`api_key:${k.id}`, `API key "${k.name}"`] as [string, string]),
  ]);
}

/** Every criterion key of the campaign's READY interview reports, sorted: the CSV's header needs them first. */
async function campaignCriterionKeys(db: DbExecutor, scope: Scope): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct criterion->>'key' as key
    from ${interviews} i
    join ${reports} r on r.interview_id = i.id and r.org_id = i.org_id
    cross join lateral jsonb_array_elements(coalesce(r.criteria, '[]'::jsonb)) as criterion
    where i.org_id = ${scope.orgId} and i.campaign_id = ${scope.campaignId} and i.status = 'COMPLETED' and not i.is_demo and r.status = 'READY'
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

/**
 * One batch of a campaign's interview results, as SQL text sent to the driver as it stands (queryValues: each row
 * an array, in the order of the columns below; the aliases are there for the reader). Built with drizzle's select,
 * each of a 100,000-row export's rows was mapped column by column into nested objects and its report's timestamps
 * parsed into Dates: a third of the export's CPU. The decision is the subquery every interview read selects
 * (currentDecisionSql), rendered once. `$4, $5` is the cursor (the second statement), compared as a row so that the
 * index is read in order.
 */
const interviewResultsStatement = (afterCursor: boolean) => `
  select "interviews"."created_at"::text as cursor_at, "interviews"."id" as interview_id, "interviews"."candidate_id", "interviews"."job_id",
    "interviews"."campaign_id", "interviews"."completed_at" as interview_completed_at, "interviews"."consented_at" as interview_consented_at,
    "interviews"."answer_mode" as interview_answer_mode,
    c.email as candidate_email, c.first_name as candidate_first_name, c.last_name as candidate_last_name,
    r.id as report_id, r.status as report_status, r.overall_score, r.recommendation, r.summary, r.criteria, r.flags, r.coverage, r.generator,
    r.failure_reason, r.created_at as report_created_at, r.completed_at as report_completed_at,
    h.criteria as review_criteria, h.overall_score as review_overall_score, h.reviewed_by_type, h.reviewed_by_id, h.reviewed_at,
    ${new PgDialect().sqlToQuery(currentDecisionSql(interviews.id, interviews.orgId)).sql} as decision
  from "interviews"
  join "candidates" c on c.id = "interviews"."candidate_id" and c.org_id = "interviews"."org_id"
  join "reports" r on r.interview_id = "interviews"."id" and r.org_id = "interviews"."org_id"
  left join "human_reviews" h on h.report_id = r.id and h.org_id = r.org_id
  where "interviews"."org_id" = $1 and "interviews"."campaign_id" = $2 and "interviews"."status" = 'COMPLETED' and not "interviews"."is_demo"
    ${afterCursor ? 'and ("interviews"."created_at", "interviews"."id") < ($4::timestamptz, $5)' : ''}
  order by "interviews"."created_at" desc nulls first, "interviews"."id" desc nulls first
  limit $3`;
const FIRST_INTERVIEW_RESULTS = interviewResultsStatement(false);
const NEXT_INTERVIEW_RESULTS = interviewResultsStatement(true);

type Timestamp = Date | string; // text on postgres.js, a Date on PGlite
/** A row of the statement above: its columns, in order. */
type InterviewResultRow = [
  cursorAt: string,
  interviewId: string,
  candidateId: string,
  jobId: string,
  campaignId: string | null,
  interviewCompletedAt: Timestamp | null,
  interviewConsentedAt: Timestamp | null,
  interviewAnswerMode: AnswerMode | null,
  candidateEmail: string,
  candidateFirstName: string | null,
  candidateLastName: string | null,
  reportId: string,
  reportStatus: ReportFields['status'],
  overallScore: number | null,
  recommendation: ReportFields['recommendation'],
  summary: string | null,
  criteria: ReportFields['criteria'],
  flags: ReportFields['flags'],
  coverage: ReportFields['coverage'],
  generator: string | null,
  failureReason: string | null,
  reportCreatedAt: Timestamp,
  reportCompletedAt: Timestamp | null,
  reviewCriteria: HumanReviewFields['criteria'] | null,
  reviewOverallScore: number | null,
  reviewedByType: HumanReviewFields['reviewedByType'] | null,
  reviewedById: string | null,
  reviewedAt: Timestamp | null,
  decision: Parameters<typeof toDecisionDto>[0],
];

function toInterviewExportItem(row: InterviewResultRow): InterviewExportItem {
  const [
    , interviewId, candidateId, jobId, campaignId, interviewCompletedAt, interviewConsentedAt, interviewAnswerMode, email, firstName, lastName,
    id, status, overallScore, recommendation, summary, criteria, flags, coverage, generator, failureReason, createdAt, completedAt,
    reviewCriteria, reviewOverallScore, reviewedByType, reviewedById, reviewedAt, decision,
  ] = row;
  const review: HumanReviewFields | null =
    reviewCriteria === null ? null : { criteria: reviewCriteria, overallScore: reviewOverallScore!, reviewedByType: reviewedByType!, reviewedById: reviewedById!, reviewedAt: reviewedAt! };
  const fields = interviewReportFields(
    { id, status, overallScore, recommendation, summary, criteria, flags, coverage, generator, failureReason, createdAt, completedAt },
    { id: interviewId, candidateId, jobId, campaignId },
    review,
  );
  const human = fields.humanReview?.overallScore ?? null;
  // Added to the fields' object rather than spread into a new one: on Node 20, `{ ...fields, more }` cost 3 µs a
  // row, a tenth of the whole export's CPU.
  return Object.assign(fields, {
    candidate: { id: candidateId, email, firstName, lastName },
    interviewCompletedAt: iso(interviewCompletedAt),
    interviewConsentedAt: iso(interviewConsentedAt),
    interviewAnswerMode,
    decision: toDecisionDto(decision),
    finalScore: human ?? fields.overallScore,
    scoreSource: human !== null ? ('human' as const) : fields.overallScore !== null ? ('ai' as const) : null,
  });
}

function interviewBatches(db: DbExecutor, scope: Scope): AsyncGenerator<InterviewExportItem[]> {
  return keysetBatches(
    scope.batchSize,
    (cursor) =>
      cursor
        ? queryValues<InterviewResultRow>(db, NEXT_INTERVIEW_RESULTS, [scope.orgId, scope.campaignId, scope.batchSize, cursor.at, cursor.id])
        : queryValues<InterviewResultRow>(db, FIRST_INTERVIEW_RESULTS, [scope.orgId, scope.campaignId, scope.batchSize]),
    ([cursorAt, interviewId]) => ({ at: cursorAt, id: interviewId }),
    toInterviewExportItem,
  );
}

function testBatches(db: DbExecutor, scope: Scope): AsyncGenerator<TestExportItem[]> {
  const read = (cursor: Cursor | undefined) => {
    const conditions: SQL[] = [eq(testSessions.orgId, scope.orgId), eq(testSessions.campaignId, scope.campaignId)];
    if (cursor) conditions.push(sql`(${testSessions.completedAt}, ${testSessions.id}) < (${cursor.at}::timestamptz, ${cursor.id})`);
    return db
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
      .limit(scope.batchSize)
      .execute();
  };
  return keysetBatches(scope.batchSize, read, (row) => ({ at: row.cursorAt, id: row.session.id }), (row) => Object.assign(toTestReportDto(row.report, row.session), { candidate: row.candidate }));
}

/**
 * Reads batches of `batchSize` rows, each after the previous one's last row (`cursorOf`), until a short batch, and
 * yields each mapped. The next batch is read only once the consumer asks for it, so a client that reads slowly or
 * goes away holds no query in flight. (Reading the next batch ahead while the current one was sent was tried: a
 * 100,000-row export took the same time within the noise, 3.2 against 3.35 s over six runs each.)
 */
async function* keysetBatches<Row, Item>(
  batchSize: number,
  read: (cursor: Cursor | undefined) => Promise<Row[]>,
  cursorOf: (row: Row) => Cursor,
  toItem: (row: Row) => Item,
): AsyncGenerator<Item[]> {
  let cursor: Cursor | undefined;
  for (;;) {
    const rows = await read(cursor);
    if (rows.length > 0) yield rows.map(toItem);
    if (rows.length < batchSize) return;
    cursor = cursorOf(rows[rows.length - 1]);
  }
}
