import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import { interviews, notes, reports, sentEmails, testSessions } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { iso } from '../fields';
import type { AuditContext } from '../audit/audit-actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { getCandidate } from '../candidates/get-candidate';
import { getSelfIdentificationForExport } from '../fairness/self-identification';
import { listDecisionHistory } from '../decisions/list-decision-history';
import { buildExplanation } from '../explanations/build-explanation';
import { renderExplanationHtml } from '../explanations/render-explanation';
import { getInterviewDetail } from '../interviews/get-interview';
import { getInterviewReport, toTestReportDto } from '../reports/get-report';
import type { Scope } from '@/server/auth/scopes';
import { EXPORT_SECTION_SCOPES, type CandidateDataExport, type ExportSection } from './data-rights-schemas';

/**
 * Everything held about one of the organization's candidates (GDPR Art. 15), as one JSON document: the profile,
 * each interview as REST v1 retrieves it (transcript, evaluation, audio links) with its full report and every
 * decision taken on it (the current one and the replaced ones, with their reasons), the test
 * sessions' reports, the emails sent to them, and teammates' notes about them (on the profile and the interviews). Nothing of another candidate:
 * every query is by this candidate's id (and the organization). The access itself is audited.
 *
 * `scopes` are the caller's: the export needs only candidates:read, so what the caller could not read through the
 * other routes (interviews, reports, notes: EXPORT_SECTION_SCOPES) is left out, null, and named in `omitted`, and
 * never read. A dashboard user holds their role's scopes, and every role holds every read scope.
 */
export async function exportCandidateData(
  db: DbExecutor,
  input: { orgId: string; id: string; scopes: readonly Scope[]; audit?: AuditContext; now?: Date },
): Promise<CandidateDataExport> {
  const candidate = await getCandidate(db, { orgId: input.orgId, id: input.id });
  const { orgId } = input;
  const omitted = (Object.entries(EXPORT_SECTION_SCOPES) as [ExportSection, readonly Scope[]][])
    .map(([section, needed]) => ({ section, missingScopes: needed.filter((scope) => !input.scopes.includes(scope)) }))
    .filter((o) => o.missingScopes.length > 0);
  const readable = (section: ExportSection) => !omitted.some((o) => o.section === section);
  // The interviews' ids are read whatever the scopes: the emails sent about them are the candidate's own data.
  const [interviewRows, sessionRows] = await Promise.all([
    db
      .select({ id: interviews.id })
      .from(interviews)
      .where(and(eq(interviews.orgId, orgId), eq(interviews.candidateId, candidate.id)))
      .orderBy(desc(interviews.createdAt), desc(interviews.id)),
    readable('testSessions')
      ? db
          .select({ session: testSessions, report: reports })
          .from(testSessions)
          .innerJoin(reports, and(eq(reports.testSessionId, testSessions.id), eq(reports.orgId, testSessions.orgId)))
          .where(and(eq(testSessions.orgId, orgId), eq(testSessions.candidateId, candidate.id)))
          .orderBy(desc(testSessions.completedAt), desc(testSessions.id))
      : null,
  ]);
  const interviewIds = interviewRows.map((r) => r.id);
  let exported: NonNullable<CandidateDataExport['interviews']> | null = null;
  if (readable('interviews')) {
    exported = [];
    for (const id of interviewIds) {
      const detail = await getInterviewDetail(db, { orgId, id });
      const report = detail.reportId && readable('interviews.report') ? await getInterviewReport(db, { orgId, interviewId: id }) : null;
      const decisions = await listDecisionHistory(db, { orgId, interviewId: id });
      const explanation = report?.status === 'READY' ? await buildExplanation(db, { orgId, interviewId: id }) : null;
      exported.push({ ...detail, report, explanation: explanation && { language: explanation.language, html: renderExplanationHtml(explanation) }, decisions });
    }
  }
  // Without interviews there is no report to leave out of them.
  const omittedSections = exported ? omitted : omitted.filter((o) => o.section !== 'interviews.report');
  const emails =
    interviewIds.length > 0
      ? await db
          .select({ kind: sentEmails.kind, to: sentEmails.toAddress, subject: sentEmails.subject, sentAt: sentEmails.sentAt, interviewId: sentEmails.interviewId })
          .from(sentEmails)
          .where(and(eq(sentEmails.orgId, orgId), inArray(sentEmails.interviewId, interviewIds)))
          .orderBy(asc(sentEmails.sentAt))
      : [];
  const noteRows = readable('notes')
    ? await db
        .select()
        .from(notes)
        .where(and(eq(notes.orgId, orgId), or(eq(notes.candidateId, candidate.id), interviewIds.length > 0 ? inArray(notes.interviewId, interviewIds) : undefined)))
        .orderBy(desc(notes.createdAt), desc(notes.id))
    : null;
  // The candidate's own answers are theirs to receive: this export is the one payload that carries them.
  const selfIdentification = await getSelfIdentificationForExport(db, { orgId, candidateId: candidate.id });
  await recordAuditEvent(db, { orgId, audit: input.audit, action: 'candidate.exported', targetType: 'candidate', targetId: candidate.id, details: { interviews: interviewIds.length, omitted: omittedSections.map((o) => o.section) } });
  return {
    candidate,
    interviews: exported,
    testSessions: sessionRows ? sessionRows.map((r) => toTestReportDto(r.report, r.session)) : null,
    emails: emails.map((e) => ({ kind: e.kind, to: e.to, subject: e.subject, sentAt: iso(e.sentAt), interviewId: e.interviewId })),
    notes: noteRows?.map((n) => ({
      id: n.id,
      interviewId: n.interviewId,
      body: n.body,
      authorId: n.authorId,
      mentionedUserIds: n.mentionedUserIds,
      createdAt: iso(n.createdAt),
      updatedAt: iso(n.updatedAt),
    })) ?? null,
    selfIdentification,
    omitted: omittedSections,
    exportedAt: (input.now ?? new Date()).toISOString(),
  };
}
