import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { campaigns, candidates, reports, testSessions } from '@/db/schema';
import { AppError, issuesFromZod, type ErrorIssue } from '@/server/errors';
import { isIdOf, newId } from '@/server/ids';
import { testPercentage, toTestReportDto } from '../reports/get-report';
import { emitEvents } from '../webhooks/emit-event';
import type { TestReportDto } from '../reports/report-schemas';
import { RecordTestSessionInputSchema, type RecordTestSessionInput } from './test-session-schemas';

/** Rows inserted per statement: keeps each statement's parameters well under PostgreSQL's 65,535. */
const INSERT_BATCH = 500;
/** Ids looked up per query when checking references. */
const LOOKUP_BATCH = 1000;
/** Rows per import: the whole file is validated and written in one transaction. */
const MAX_IMPORT_ROWS = 50_000;
/** Per-row problems listed in an import's error message; all of them are in `issues`. */
const MESSAGE_ISSUES = 20;

/**
 * Records one finished technical test of a candidate, with its report (type test, READY at once), in one
 * transaction. The candidate and the campaign must be the organization's (400 naming the field otherwise); the
 * job is the campaign's.
 */
export async function recordTestSession(db: DbExecutor, input: { orgId: string } & RecordTestSessionInput): Promise<TestReportDto> {
  const { orgId, ...session } = input;
  const { issues, jobIds } = await checkReferences(db, orgId, [session]);
  if (issues.length > 0) throw new AppError('VALIDATION_ERROR', 'Validation failed', { issues: issues.map((i) => ({ path: i.path, message: i.message })) });
  const { rows } = await db.transaction((tx) => insertSessions(tx, orgId, [session], jobIds));
  // Recorded before (same candidate, campaign, test and completion time): the existing report, nothing added.
  return rows[0].report;
}

export type ImportedRow = { row: number; status: 'imported' | 'duplicate'; testSessionId: string };

/**
 * Records many sessions all or nothing (the CLI import): every row is validated and its references checked
 * first; any problem fails the whole import with one issue per problem, its path naming the row (1-based, in
 * file order) and the field, e.g. `row 3.score`.
 */
export async function recordTestSessions(db: DbExecutor, input: { orgId: string; rows: readonly unknown[] }): Promise<{ created: TestReportDto[]; rows: ImportedRow[] }> {
  if (input.rows.length === 0) throw new AppError('VALIDATION_ERROR', 'Nothing to import: the file has no rows');
  if (input.rows.length > MAX_IMPORT_ROWS) {
    throw new AppError('VALIDATION_ERROR', `At most ${MAX_IMPORT_ROWS} rows per import; this file has ${input.rows.length}: split it`);
  }
  const issues: ErrorIssue[] = [];
  const valid: { index: number; session: RecordTestSessionInput }[] = [];
  input.rows.forEach((row, index) => {
    const parsed = RecordTestSessionInputSchema.safeParse(row);
    if (parsed.success) valid.push({ index, session: parsed.data });
    else issues.push(...issuesFromZod(parsed.error).map((issue) => ({ path: rowPath(index, issue.path), message: issue.message })));
  });
  const sessions = valid.map((v) => v.session);
  const checked = await checkReferences(db, input.orgId, sessions);
  issues.push(...checked.issues.map((issue) => ({ path: rowPath(valid[issue.index].index, issue.path), message: issue.message })));
  if (issues.length === 0) {
    const result = await db.transaction((tx) => insertSessions(tx, input.orgId, sessions, checked.jobIds));
    return {
      created: result.created,
      rows: result.rows.map((r, i) => ({ row: valid[i].index + 1, status: r.duplicate ? 'duplicate' : 'imported', testSessionId: r.report.testSessionId })),
    };
  }
  // The file's order, so the message reads top to bottom.
  issues.sort((a, b) => rowNumber(a.path) - rowNumber(b.path));
  const listed = issues.slice(0, MESSAGE_ISSUES).map((i) => `${i.path}: ${i.message}`);
  const more = issues.length > MESSAGE_ISSUES ? `; and ${issues.length - MESSAGE_ISSUES} more` : '';
  throw new AppError('VALIDATION_ERROR', `Nothing was imported; ${issues.length} problem(s): ${listed.join('; ')}${more}`, { issues });
}

function rowNumber(path: string): number {
  return Number(/^row (\d+)/.exec(path)?.[1] ?? 0);
}

function rowPath(index: number, field: string): string {
  return field === '(root)' ? `row ${index + 1}` : `row ${index + 1}.${field}`;
}

/** Unknown or foreign candidates and campaigns, by row; and the job of each campaign that exists. */
async function checkReferences(db: DbExecutor, orgId: string, sessions: readonly RecordTestSessionInput[]) {
  const candidateIds = [...new Set(sessions.map((s) => s.candidateId).filter((id) => isIdOf('candidate', id)))];
  const campaignIds = [...new Set(sessions.map((s) => s.campaignId).filter((id) => isIdOf('campaign', id)))];
  const knownCandidates = new Set<string>();
  const jobIds = new Map<string, string>();
  for (const ids of chunks(candidateIds, LOOKUP_BATCH)) {
    const rows = await db.select({ id: candidates.id }).from(candidates).where(and(eq(candidates.orgId, orgId), inArray(candidates.id, ids)));
    for (const row of rows) knownCandidates.add(row.id);
  }
  for (const ids of chunks(campaignIds, LOOKUP_BATCH)) {
    const rows = await db.select({ id: campaigns.id, jobId: campaigns.jobId }).from(campaigns).where(and(eq(campaigns.orgId, orgId), inArray(campaigns.id, ids)));
    for (const row of rows) jobIds.set(row.id, row.jobId);
  }
  const issues: { index: number; path: string; message: string }[] = [];
  sessions.forEach((session, index) => {
    if (!knownCandidates.has(session.candidateId)) issues.push({ index, path: 'candidateId', message: 'No such candidate in this organization' });
    if (!jobIds.has(session.campaignId)) issues.push({ index, path: 'campaignId', message: 'No such campaign in this organization' });
  });
  return { issues, jobIds };
}

/** What makes two recorded tests the same session: importing a file again must not add it twice. */
function naturalKey(s: { candidateId: string; campaignId: string; testName: string; completedAt: Date | string }): string {
  return JSON.stringify([s.candidateId, s.campaignId, s.testName, new Date(s.completedAt).getTime()]);
}

/**
 * Inserts the sessions that are not recorded yet, under a per-organization transaction lock (two imports of the
 * same file at once serialize, and the second finds the first's rows). A session is identified by its natural
 * key: candidate, campaign, test name and completion time. A row already recorded, or repeated in the same
 * input, is reported as a duplicate with the existing session's report.
 */
async function insertSessions(
  tx: DbExecutor,
  orgId: string,
  sessions: readonly RecordTestSessionInput[],
  jobIds: ReadonlyMap<string, string>,
): Promise<{ created: TestReportDto[]; rows: { duplicate: boolean; report: TestReportDto }[] }> {
  await tx.execute(sql`select pg_advisory_xact_lock(727274002, hashtext(${orgId}))`);
  const existing = new Map<string, TestReportDto>();
  const candidateIds = [...new Set(sessions.map((s) => s.candidateId))];
  for (const ids of chunks(candidateIds, LOOKUP_BATCH)) {
    const rows = await tx
      .select({ session: testSessions, report: reports })
      .from(testSessions)
      .innerJoin(reports, and(eq(reports.testSessionId, testSessions.id), eq(reports.orgId, testSessions.orgId)))
      .where(and(eq(testSessions.orgId, orgId), inArray(testSessions.candidateId, ids)));
    for (const row of rows) existing.set(naturalKey(row.session), toTestReportDto(row.report, row.session));
  }
  const fresh: RecordTestSessionInput[] = [];
  const freshKeys = new Set<string>();
  for (const s of sessions) {
    const key = naturalKey(s);
    if (!existing.has(key) && !freshKeys.has(key)) {
      freshKeys.add(key);
      fresh.push(s);
    }
  }
  const created = await insertFreshSessions(tx, orgId, fresh, jobIds);
  const createdByKey = new Map(fresh.map((s, i) => [naturalKey(s), created[i]]));
  const claimed = new Set<string>();
  const rows = sessions.map((s) => {
    const key = naturalKey(s);
    const first = createdByKey.has(key) && !claimed.has(key);
    if (first) claimed.add(key);
    return { duplicate: !first, report: existing.get(key) ?? createdByKey.get(key)! };
  });
  return { created, rows };
}

async function insertFreshSessions(
  tx: DbExecutor,
  orgId: string,
  sessions: readonly RecordTestSessionInput[],
  jobIds: ReadonlyMap<string, string>,
): Promise<TestReportDto[]> {
  const out: TestReportDto[] = [];
  for (const batch of chunks(sessions, INSERT_BATCH)) {
    const sessionRows = await tx
      .insert(testSessions)
      .values(
        batch.map((s) => ({
          id: newId('testSession'),
          orgId,
          candidateId: s.candidateId,
          campaignId: s.campaignId,
          jobId: jobIds.get(s.campaignId)!,
          testName: s.testName,
          score: s.score,
          maxScore: s.maxScore,
          results: s.results,
          startedAt: s.startedAt ?? null,
          completedAt: s.completedAt,
        })),
      )
      .returning();
    const now = new Date();
    const reportRows = await tx
      .insert(reports)
      .values(
        sessionRows.map((s) => ({
          id: newId('report'),
          orgId,
          type: 'test' as const,
          testSessionId: s.id,
          status: 'READY' as const,
          // The percentage, so that exports and lists read one score column for both kinds of report.
          overallScore: testPercentage(s.score, s.maxScore),
          completedAt: now,
        })),
      )
      .returning();
    const reportBySession = new Map(reportRows.map((r) => [r.testSessionId, r]));
    const recorded = sessionRows.map((s) => toTestReportDto(reportBySession.get(s.id)!, s));
    await emitEvents(tx, { orgId, type: 'test_session.recorded', items: recorded });
    out.push(...recorded);
  }
  return out;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
