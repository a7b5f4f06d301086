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
});
