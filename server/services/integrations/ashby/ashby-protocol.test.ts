import { describe, expect, it } from 'vitest';
import type { AtsOrderState } from '../get-ats-order';
import { AshbyStartSchema, ashbyStatusValue, ashbyUpdateRequest, toAshbyStartedUpdate, toAshbyUpdate } from './ashby-protocol';

/** Ashby's reference: developers.ashbyhq.com/reference/assessmentstart, …/assessmentupdate. */
const base: AtsOrderState = {
  orderId: 'ato_x',
  interviewId: 'itv_x',
  testId: 'att_x',
  testName: 'Screening',
  status: 'INVITED',
  resultReady: false,
  overallScore: null,
  recommendation: null,
  reportStatus: null,
  startedAt: null,
  completedAt: null,
  profileUrl: 'https://app.example/interviews/itv_x',
};
const id = '3f1c2b4a-0000-4000-8000-000000000000';
const TYPES = ['numeric_score', 'numeric_duration_minutes', 'url', 'string', 'boolean_success'];

describe('assessment.update bodies', () => {
  it('before the result: the status only, no assessment_result (which would tell Ashby it is complete)', () => {
    expect(ashbyStatusValue(base)).toBe('Invited');
    expect(ashbyStatusValue({ ...base, status: 'COMPLETED' })).toBe('Scoring');
    const body = toAshbyUpdate(id, { ...base, status: 'IN_PROGRESS' }, new Date(1_700_000_000_000));
    expect(body).toEqual({ assessment_id: id, timestamp: 1_700_000_000_000, assessment_status: { identifier: 'status', label: 'Status', type: 'string', value: 'Started' } });
  });

  it('with the result: a numeric_score, the profile url (required with a result), metadata of documented types, at the completion time', () => {
    const startedAt = new Date('2026-11-26T10:00:00.000Z');
    const completedAt = new Date('2026-11-26T10:14:20.000Z');
    const body = toAshbyUpdate(id, { ...base, status: 'COMPLETED', resultReady: true, overallScore: 72.5, recommendation: 'YES', reportStatus: 'READY', startedAt, completedAt }) as Record<string, any>;
    expect(body.timestamp).toBe(completedAt.getTime());
    expect(body.assessment_status.value).toBe('Completed');
    expect(body.assessment_result).toMatchObject({ identifier: 'score', type: 'numeric_score', value: 72.5 });
    expect(body.assessment_profile_url).toEqual({ identifier: 'profile_url', label: 'Interview', type: 'url', value: base.profileUrl });
    expect(body.metadata).toEqual([
      { identifier: 'recommendation', label: 'Recommendation', type: 'string', value: 'YES' },
      { identifier: 'test', label: 'Test', type: 'string', value: 'Screening' },
      { identifier: 'duration', label: 'Duration', type: 'numeric_duration_minutes', value: 14 },
    ]);
    for (const value of [body.assessment_status, body.assessment_result, body.assessment_profile_url, ...body.metadata]) expect(TYPES).toContain(value.type);
    const identifiers = [body.assessment_status, body.assessment_result, body.assessment_profile_url, ...body.metadata].map((v) => v.identifier);
    expect(new Set(identifiers).size).toBe(identifiers.length);
  });

  it('a settled result without a score says so in words, never a number', () => {
    const failed = toAshbyUpdate(id, { ...base, status: 'COMPLETED', resultReady: true, reportStatus: 'FAILED' }) as Record<string, any>;
    expect(failed.assessment_result).toMatchObject({ type: 'string', value: 'No score: the report could not be written' });
    const none = toAshbyUpdate(id, { ...base, status: 'COMPLETED', resultReady: true }) as Record<string, any>;
    expect(none.assessment_result).toMatchObject({ type: 'string', value: 'No score for this stage' });
  });

  it('"Started" carries the time the candidate began', () => {
    const startedAt = new Date('2026-11-26T10:00:00.000Z');
    expect(toAshbyStartedUpdate(id, { ...base, status: 'COMPLETED', startedAt })).toEqual({ assessment_id: id, timestamp: startedAt.getTime(), assessment_status: { identifier: 'status', label: 'Status', type: 'string', value: 'Started' } });
  });

  it('is a POST with the customer key as the Basic username and a blank password', () => {
    const request = ashbyUpdateRequest({ url: 'https://api.ashbyhq.com/assessment.update', apiKey: 'ashby-key', body: { a: 1 } });
    expect(request).toMatchObject({ method: 'POST', url: 'https://api.ashbyhq.com/assessment.update', body: '{"a":1}' });
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from('ashby-key:').toString('base64')}`);
    expect(request.headers['content-type']).toBe('application/json');
  });
});

describe('assessment.start', () => {
  it('takes the documented required fields and more Ashby may add; email is required', () => {
    const parsed = AshbyStartSchema.parse({
      assessment_type_id: 'att_x',
      candidate: { ashby_id: 'c', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', ashby_profile_url: 'https://app.ashbyhq.com/c' },
      application: { ashby_id: 'a', status: 'Active' },
      job: { ashby_id: 'j', name: 'Engineer', ashby_job_url: 'https://app.ashbyhq.com/j', hiringTeam: [] },
      additional_fields: { department: 'eng' },
    });
    expect(parsed.candidate.email).toBe('ada@example.com');
    expect(AshbyStartSchema.safeParse({ assessment_type_id: 'att_x', candidate: {}, application: { ashby_id: 'a' }, job: {} }).success).toBe(false);
  });
});
