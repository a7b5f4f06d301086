/**
 * Every action the audit log records. Adding one is adding a line here and calling recordAuditEvent with it in
 * the transaction of the action. Names are `<target type>.<past tense>`.
 */
export const AUDIT_ACTIONS = [
  'auth.signed_in',
  'auth.sign_in_failed',
  'api_key.created',
  'api_key.revoked',
  'candidate.created',
  'candidate.updated',
  'candidate.erased',
  'candidate.exported',
  // Issue 23: a candidate's erasure request was received (the 30-day clock starts; the erasure completes it).
  'candidate.erasure_requested',
  // Who wrote a candidate's voluntary self-identification and which questions: never the answers.
  'candidate.self_identification_recorded',
  'interview.created',
  'interview.cancelled',
  'interview.invitation_sent',
  'interview.invitation_resent',
  'interview.finalized',
  // Issue 23: an explanation document of an interview's assessment was generated (its language and format).
  'interview.explanation_generated',
  // Issue 23 (AI Act Art. 12): a report's scores and summary were produced, with the rubric and models behind them.
  'report.generated',
  // Issue 23: a language model drafted a question set (its provider, model, prompt version, input hash, duration).
  'question_set.generated',
  'campaign.results_exported',
  'audit_log.exported',
  'retention.ran',
  'settings.updated',
  // Issue 10 (decisions, human review, team) records these; listed now so the filter and the docs know them.
  'interview.decided',
  'report.reviewed',
  'member.role_changed',
  'member.invited',
  'member.invitation_revoked',
  'member.joined',
  'member.removed',
  'note.created',
  'note.updated',
  'note.deleted',
  // One entry per bulk action (its kind, size and selection); each row also writes the single action's entries.
  'bulk_operation.created',
  // ATS integrations (CONTRACT §15): credentials and what each ATS test becomes.
  'integration.credential_created',
  'integration.credential_revoked',
  'integration.credential_updated',
  'integration.test_mapped',
  'integration.writeback_retried',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = ['user', 'api_key', 'candidate', 'interview', 'campaign', 'organization', 'report', 'team_invitation', 'note', 'bulk_operation', 'ats_credential', 'ats_test_mapping', 'ats_writeback'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];
