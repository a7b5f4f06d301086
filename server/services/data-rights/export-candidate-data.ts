import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import { interviews, notes, reports, sentEmails, testSessions } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { iso } from '../fields';
import type { AuditContext } from '../audit/audit-actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { getCandidate } from '../candidates/get-candidate';
import { listDecisionHistory } from '../decisions/list-decision-history';
import { getInterviewDetail } from '../interviews/get-interview';
import { getInterviewReport, toTestReportDto } from '../reports/get-report';
import type { CandidateDataExport } from './data-rights-schemas';

/**
 * Everything held about one of the organization's candidates (GDPR Art. 15), as one JSON document: the profile,
 * each interview as REST v1 retrieves it (transcript, evaluation, audio links) with its full report and every
 * decision taken on it (the current one and the replaced ones, with their reasons), the test
 * sessions' reports, the emails sent to them, and teammates' notes about them (on the profile and the interviews). Nothing of another candidate:
 * every query is by this candidate's id (and the organization). The access itself is audited.
 */
export async function exportCandidateData(
  db: DbExecutor,
  input: { orgId: string; id: string; audit?: AuditContext; now?: Date },
): Promise<CandidateDataExport> {
  const candidate = await getCandidate(db, { orgId: input.orgId, id: input.id });
  const { orgId } = input;
  const [interviewRows, sessionRows] = await Promise.all([
    db
      .select({ id: interviews.id })
      .from(interviews)
      .where(and(eq(interviews.orgId, orgId), eq(interviews.candidateId, candidate.id)))
      .orderBy(desc(interviews.createdAt), desc(interviews.id)),
    db
      .select({ session: testSessions, report: reports })
      .from(testSessions)
      .innerJoin(reports, and(eq(reports.testSessionId, testSessions.id), eq(reports.orgId, testSessions.orgId)))
      .where(and(eq(testSessions.orgId, orgId), eq(testSessions.candidateId, candidate.id)))
      .orderBy(desc(testSessions.completedAt), desc(testSessions.id)),
  ]);
  const interviewIds = interviewRows.map((r) => r.id);
  const exported = [];
  for (const id of interviewIds) {
    const detail = await getInterviewDetail(db, { orgId, id });
    const report = detail.reportId ? await getInterviewReport(db, { orgId, interviewId: id }) : null;
    const decisions = await listDecisionHistory(db, { orgId, interviewId: id });
    exported.push({ ...detail, report, decisions });
  }
  const emails =
    interviewIds.length > 0
      ? await db
          .select({ kind: sentEmails.kind, to: sentEmails.toAddress, subject: sentEmails.subject, sentAt: sentEmails.sentAt, interviewId: sentEmails.interviewId })
          .from(sentEmails)
          .where(and(eq(sentEmails.orgId, orgId), inArray(sentEmails.interviewId, interviewIds)))
          .orderBy(asc(sentEmails.sentAt))
      : [];
  const noteRows = await db
    .select()
    .from(notes)
    .where(and(eq(notes.orgId, orgId), or(eq(notes.candidateId, candidate.id), interviewIds.length > 0 ? inArray(notes.interviewId, interviewIds) : undefined)))
    .orderBy(desc(notes.createdAt), desc(notes.id));
  await recordAuditEvent(db, { orgId, audit: input.audit, action: 'candidate.exported', targetType: 'candidate', targetId: candidate.id, details: { interviews: interviewIds.length } });
  return {
    candidate,
    interviews: exported,
    testSessions: sessionRows.map((r) => toTestReportDto(r.report, r.session)),
    emails: emails.map((e) => ({ kind: e.kind, to: e.to, subject: e.subject, sentAt: iso(e.sentAt), interviewId: e.interviewId })),
    notes: noteRows.map((n) => ({
      id: n.id,
      interviewId: n.interviewId,
      body: n.body,
      authorId: n.authorId,
      mentionedUserIds: n.mentionedUserIds,
      createdAt: iso(n.createdAt),
      updatedAt: iso(n.updatedAt),
    })),
    exportedAt: (input.now ?? new Date()).toISOString(),
  };
}
