import type { AuditAction } from '@/server/services/audit/audit-actions';

/** Each audit action in plain words, as a sentence's verb phrase ("Signed in", "Erased a candidate"). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'auth.signed_in': 'Signed in',
  'auth.sign_in_failed': 'Failed to sign in',
  'api_key.created': 'Created an API key',
  'api_key.revoked': 'Revoked an API key',
  'candidate.created': 'Added a candidate',
  'candidate.updated': 'Edited a candidate',
  'candidate.erased': 'Erased a candidate',
  'candidate.exported': "Downloaded a candidate's data",
  'candidate.erasure_requested': 'Recorded an erasure request',
  'candidate.self_identification_recorded': 'Recorded voluntary self-identification',
  'interview.created': 'Created an interview',
  'interview.cancelled': 'Cancelled an interview',
  'interview.invitation_sent': 'Sent an invitation',
  'interview.invitation_resent': 'Sent an invitation again',
  'interview.finalized': 'Finished an interview',
  'interview.explanation_generated': 'Generated an explanation of an assessment',
  'report.generated': "Produced an interview's report (AI scores and summary)",
  'question_set.generated': 'Drafted a question set with a language model',
  'campaign.results_exported': "Exported a campaign's results",
  'audit_log.exported': 'Exported the audit log',
  'retention.ran': 'Applied the retention period',
  'settings.updated': 'Changed a setting',
  'interview.decided': 'Decided on an interview',
  'report.reviewed': 'Reviewed an interview',
  'member.role_changed': "Changed a teammate's role",
  'member.invited': 'Invited a teammate',
  'member.invitation_revoked': "Revoked a teammate's invitation",
  'member.joined': 'Joined the team',
  'member.removed': 'Removed a teammate',
  'note.created': 'Wrote a note',
  'note.updated': 'Edited a note',
  'note.deleted': 'Deleted a note',
  'bulk_operation.created': 'Started a bulk action',
  'integration.credential_created': 'Connected an applicant tracking system',
  'integration.credential_revoked': 'Disconnected an applicant tracking system',
  'integration.credential_updated': 'Changed the secrets of an ATS connection',
  'integration.test_mapped': 'Mapped an ATS test to a campaign',
  'integration.writeback_retried': 'Retried sending results to the ATS',
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action as AuditAction] ?? words(action.replace('.', ' '));
}

export const ACTOR_LABELS: Record<'user' | 'api_key' | 'agent' | 'system', string> = { user: 'User', api_key: 'API key', agent: 'Voice agent', system: 'System' };

/** The kind of record, in words. */
export const TARGET_LABELS: Record<string, string> = {
  user: 'Teammate',
  api_key: 'API key',
  candidate: 'Candidate',
  interview: 'Interview',
  campaign: 'Campaign',
  organization: 'Organization',
  report: 'Report',
  team_invitation: 'Team invitation',
  note: 'Note',
  bulk_operation: 'Bulk action',
  ats_credential: 'ATS connection',
  ats_test_mapping: 'ATS test mapping',
  ats_writeback: 'Result sent to the ATS',
};

/** The settings' names as the Settings pages call them. */
const SETTING_LABELS: Record<string, string> = {
  aiProviders: 'AI providers',
  brand: 'Employer brand',
  retentionDays: 'Retention period (days)',
  reviewBeforeAi: 'Review before you see the AI',
  collectSelfIdentification: 'Voluntary self-identification',
  candidateContact: 'Candidate contact',
  contactEmail: 'Contact email',
  nextSteps: 'What happens next',
  candidateNextSteps: 'What happens next',
};

/**
 * The AI's provenance in an entry's details (issue 23: the audit log says which provider, model, prompt and rubric
 * produced an output), named as a person reads them.
 */
const DETAIL_LABELS: Record<string, string> = {
  aiReportStatus: "AI's report",
  aiOverallScore: "AI's overall score",
  aiRecommendation: "AI's advice",
  aiRubricVersion: "AI's rubric version",
  aiEvaluators: 'Answers scored by',
  aiSummaryBy: 'Summary written by',
  aiWithheldFromDecider: "AI's assessment hidden from the decider",
  generator: 'Summary',
  rubricVersion: 'Rubric version',
  scoredBy: 'Answers scored by',
  followUpsBy: 'Follow-up questions written by',
  summaryBy: 'Summary written by',
  summaryInputHash: "Summary's input (hash)",
  summaryDurationMs: "Summary's model time (ms)",
  questionSetBy: 'Questions drafted by',
  generatedBy: 'Drafted by',
  inputHash: 'Input (hash)',
  durationMs: 'Model time (ms)',
};

/** `someCode_name` as "Some code name". */
export function words(code: string): string {
  const text = code
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function value(v: unknown): string {
  if (v === null || v === undefined || v === '') return 'none';
  if (v === true) return 'on';
  if (v === false) return 'off';
  if (Array.isArray(v)) return v.length === 0 ? 'none' : v.map(value).join(', ');
  if (typeof v === 'object') return Object.entries(v as Record<string, unknown>).map(([k, x]) => `${words(k).toLowerCase()} ${value(x)}`).join(', ');
  if (typeof v === 'string') return /^[A-Z_]+$/.test(v) || /^[a-z]+(_[a-z]+)+$/.test(v) ? words(v).toLowerCase() : v;
  return String(v);
}

/** Detail keys that only repeat what the row already links (the record) or are internal. */
const HIDDEN = new Set(['candidateId', 'interviewId', 'sessionId', 'decisionId', 'reportId', 'aiReportId', 'invitationId', 'mentionedUserIds', 'subjectId']);

/**
 * What an entry's details say, as lines a person reads: a change as "Setting: before → after", a list of
 * changed fields as "Changed: first name, email", the rest as "Label: value". Never JSON.
 */
export function describeAuditDetails(details: Record<string, unknown>): string[] {
  const lines: string[] = [];
  const rest = { ...details };
  const setting = typeof rest.setting === 'string' ? (SETTING_LABELS[rest.setting] ?? words(rest.setting)) : null;
  delete rest.setting;
  const pairs: [string, string][] = [
    ['from', 'to'],
    ['previousStatus', 'status'],
    ['wasSet', 'isSet'],
  ];
  for (const [before, after] of pairs) {
    if (before in rest && after in rest) {
      const label = setting ?? (before === 'previousStatus' ? 'Status' : before === 'wasSet' ? 'Set' : 'Value');
      lines.push(`${label}: ${value(rest[before])} → ${value(rest[after])}`);
      delete rest[before];
      delete rest[after];
    }
  }
  if (setting && lines.length === 0) lines.push(`Setting: ${setting}`);
  if (Array.isArray(rest.fields)) {
    lines.push(`Changed: ${rest.fields.map((f) => words(String(f)).toLowerCase()).join(', ') || 'nothing'}`);
    delete rest.fields;
  }
  for (const [key, v] of Object.entries(rest)) {
    if (HIDDEN.has(key)) continue;
    lines.push(`${DETAIL_LABELS[key] ?? SETTING_LABELS[key] ?? words(key)}: ${value(v)}`);
  }
  return lines;
}
