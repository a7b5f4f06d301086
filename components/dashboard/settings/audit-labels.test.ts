import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@/server/services/audit/audit-actions';
import { AUDIT_ACTION_LABELS, auditActionLabel, describeAuditDetails } from './audit-labels';

describe('the audit log in plain words', () => {
  it('names every action in words, never its code', () => {
    for (const action of AUDIT_ACTIONS) {
      expect(AUDIT_ACTION_LABELS[action]).toBeTruthy();
      expect(auditActionLabel(action)).not.toContain('.');
    }
    expect(auditActionLabel('candidate.erased')).toBe('Erased a candidate');
  });

  it('says what changed as before → after lines', () => {
    expect(describeAuditDetails({ setting: 'retentionDays', from: 730, to: 365 })).toEqual(['Retention period (days): 730 → 365']);
    expect(describeAuditDetails({ setting: 'reviewBeforeAi', from: false, to: true })).toEqual(['Review before you see the AI: off → on']);
    expect(describeAuditDetails({ from: 'recruiter', to: 'admin' })).toEqual(['Value: recruiter → admin']);
    expect(describeAuditDetails({ decisionId: 'dec_1', status: 'ADVANCED', previousStatus: null })).toEqual(['Status: none → advanced']);
    expect(describeAuditDetails({ setting: 'candidateContact', wasSet: false, isSet: true })).toEqual(['Candidate contact: off → on']);
  });

  it('lists changed fields and other details as labelled words, hiding ids the row already links', () => {
    expect(describeAuditDetails({ fields: ['firstName', 'email'] })).toEqual(['Changed: first name, email']);
    expect(describeAuditDetails({ candidateId: 'cnd_1', status: 'INVITED' })).toEqual(['Status: invited']);
    expect(describeAuditDetails({ scopes: ['interviews:read', 'reports:read'] })).toEqual(['Scopes: interviews:read, reports:read']);
    expect(describeAuditDetails({ reason: 'bad_password' })).toEqual(['Reason: bad password']);
    expect(describeAuditDetails({})).toEqual([]);
    for (const line of describeAuditDetails({ setting: 'brand', displayName: 'Acme', logo: 'kept', nested: { a: 1 } })) expect(line).not.toMatch(/[{}"]/);
  });

  it("names the AI's provenance: which models, prompts and rubric produced an output, and whether the decider saw it", () => {
    expect(
      describeAuditDetails({
        interviewId: 'itv_1',
        generator: 'llm:gpt-4o',
        rubricVersion: '3c4d5e6f7a8b9c0d',
        scoredBy: ['api.openai.com/gpt-4o@1a2b3c4d5e6f7a8b (3 answers)'],
        followUpsBy: [],
        summaryBy: 'api.openai.com/gpt-4o@9f8e7d6c5b4a3f2e',
        summaryInputHash: 'aaaabbbbccccdddd',
        summaryDurationMs: 812,
      }),
    ).toEqual([
      'Summary: llm:gpt-4o',
      'Rubric version: 3c4d5e6f7a8b9c0d',
      'Answers scored by: api.openai.com/gpt-4o@1a2b3c4d5e6f7a8b (3 answers)',
      'Follow-up questions written by: none',
      'Summary written by: api.openai.com/gpt-4o@9f8e7d6c5b4a3f2e',
      "Summary's input (hash): aaaabbbbccccdddd",
      "Summary's model time (ms): 812",
    ]);
    expect(describeAuditDetails({ status: 'HOLD', aiReportId: 'rpt_1', aiRecommendation: 'STRONG_YES', aiEvaluators: ['localhost:1/fake@abc'], aiWithheldFromDecider: true })).toEqual([
      'Status: hold',
      "AI's advice: strong yes",
      'Answers scored by: localhost:1/fake@abc',
      "AI's assessment hidden from the decider: on",
    ]);
  });
});
