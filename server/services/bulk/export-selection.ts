import { and, desc, eq, inArray } from 'drizzle-orm';
import { campaigns, candidates, interviews, jobs, reports } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError } from '@/server/errors';
import type { AuditContext } from '../audit/audit-actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { candidateFilterWhere } from '../candidates/list-candidates';
import { notDemoInterview } from '../demo/demo-filter';
import { iso } from '../fields';
import { interviewColumns, toInterviewDto } from '../interviews/interview-dto';
import { interviewFilterWhere } from '../interviews/list-interviews';
import { csvRow } from '../reports/csv';
import { BULK_MAX_ROWS, type CandidateSelection, type InterviewSelection } from './bulk-schemas';

type ExportResult = { filename: string; csv: string; rows: number };

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');

/**
 * The selected candidates as CSV (RFC 4180, formula cells neutralised by csvRow as in every export), in the
 * list's default order; ids of another organization simply select nothing. One audit entry for the export.
 */
export async function exportCandidateSelection(db: DbExecutor, input: { orgId: string; audit: AuditContext; selection: CandidateSelection }): Promise<ExportResult> {
  // The demo's sample candidate is left out, as from every export (issue 26).
  const where = and(
    input.selection.mode === 'ids'
      ? and(eq(candidates.orgId, input.orgId), inArray(candidates.id, input.selection.ids))
      : candidateFilterWhere(db, { orgId: input.orgId, ...input.selection.filter }),
    eq(candidates.isDemo, false),
  );
  const rows = await db.select().from(candidates).where(where).orderBy(desc(candidates.createdAt), desc(candidates.id)).limit(BULK_MAX_ROWS + 1);
  tooMany(rows.length);
  let csv = csvRow(['id', 'email', 'firstName', 'lastName', 'phone', 'locale', 'tags', 'source', 'createdAt']);
  for (const c of rows) csv += csvRow([c.id, c.email, c.firstName, c.lastName, c.phone, c.locale, c.tags.join(';'), c.source, iso(c.createdAt)]);
  await recordExport(db, input, 'candidates.export', rows.length);
  return { filename: `candidates-${stamp()}.csv`, csv, rows: rows.length };
}

/** The selected interviews as CSV, with the names a recruiter reads and the current decision; never a demo interview. */
export async function exportInterviewSelection(db: DbExecutor, input: { orgId: string; audit: AuditContext; selection: InterviewSelection }): Promise<ExportResult> {
  const selection = input.selection;
  // Demo interviews are left out, as from the campaign's full export (server/services/demo/demo-filter.ts).
  const where = and(
    selection.mode === 'ids'
      ? and(eq(interviews.orgId, input.orgId), inArray(interviews.id, selection.ids))
      : interviewFilterWhere(db, { orgId: input.orgId, status: selection.filter.status, jobId: selection.filter.jobId, campaignId: selection.filter.campaignId, candidateSearch: selection.filter.search }),
    notDemoInterview,
  );
  const rows = await db
    .select({ ...interviewColumns, email: candidates.email, firstName: candidates.firstName, lastName: candidates.lastName, jobTitle: jobs.title, campaignName: campaigns.name })
    .from(interviews)
    .leftJoin(reports, eq(reports.interviewId, interviews.id))
    .leftJoin(candidates, and(eq(candidates.id, interviews.candidateId), eq(candidates.orgId, interviews.orgId)))
    .leftJoin(jobs, and(eq(jobs.id, interviews.jobId), eq(jobs.orgId, interviews.orgId)))
    .leftJoin(campaigns, and(eq(campaigns.id, interviews.campaignId), eq(campaigns.orgId, interviews.orgId)))
    .where(where)
    .orderBy(desc(interviews.createdAt), desc(interviews.id))
    .limit(BULK_MAX_ROWS + 1);
  tooMany(rows.length);
  let csv = csvRow(['id', 'candidateId', 'candidateEmail', 'candidateFirstName', 'candidateLastName', 'jobId', 'jobTitle', 'campaignId', 'campaignName', 'status', 'overallScore', 'decision', 'decidedAt', 'createdAt', 'completedAt', 'answerMode']);
  for (const row of rows) {
    const dto = toInterviewDto(row);
    const decision = dto.decision;
    csv += csvRow([dto.id, dto.candidateId, row.email, row.firstName, row.lastName, dto.jobId, row.jobTitle, dto.campaignId, row.campaignName, dto.status, dto.overallScore, decision?.status, decision?.decidedAt, dto.createdAt, dto.completedAt, dto.answerMode]);
  }
  await recordExport(db, input, 'interviews.export', rows.length);
  return { filename: `interviews-${stamp()}.csv`, csv, rows: rows.length };
}

function tooMany(count: number) {
  if (count > BULK_MAX_ROWS) {
    const message = `More than ${BULK_MAX_ROWS.toLocaleString('en')} rows match: narrow the filter`;
    throw new AppError('VALIDATION_ERROR', message, { issues: [{ path: 'selection', message }] });
  }
}

async function recordExport(db: DbExecutor, input: { orgId: string; audit: AuditContext; selection: { mode: string } }, kind: string, total: number) {
  await recordAuditEvent(db, {
    orgId: input.orgId,
    audit: input.audit,
    action: 'bulk_operation.created',
    targetType: 'bulk_operation',
    targetId: null,
    details: { kind, total, selection: input.selection.mode },
  });
}
