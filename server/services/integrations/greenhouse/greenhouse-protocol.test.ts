import { describe, expect, it } from 'vitest';
import type { AtsOrderState } from '../get-ats-order';
import { greenhouseCompletionRequest } from './greenhouse-callback';
import { GreenhouseSendTestSchema, greenhousePartnerStatus, toGreenhouseTestStatus } from './greenhouse-protocol';

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

describe('Greenhouse test_status (developers.greenhouse.io/assessment.html, "Test Status")', () => {
  it('says "complete" only once the result is settled, and where the interview stands before', () => {
    expect(greenhousePartnerStatus(base)).toBe('invited');
    expect(greenhousePartnerStatus({ ...base, status: 'DRAFT' })).toBe('invited');
    expect(greenhousePartnerStatus({ ...base, status: 'IN_PROGRESS' })).toBe('in_progress');
    expect(greenhousePartnerStatus({ ...base, status: 'COMPLETED', reportStatus: 'PENDING' })).toBe('scoring');
    expect(greenhousePartnerStatus({ ...base, status: 'COMPLETED', resultReady: true })).toBe('complete');
    expect(greenhousePartnerStatus({ ...base, status: 'EXPIRED' })).toBe('expired');
    expect(greenhousePartnerStatus({ ...base, status: 'CANCELLED' })).toBe('cancelled');
  });

  it('answers the four documented keys, a null score rather than an invented one, and flat primitive metadata', () => {
    const completed = new Date('2026-11-26T10:00:00.000Z');
    const answer = toGreenhouseTestStatus({ ...base, status: 'COMPLETED', resultReady: true, overallScore: 72.5, recommendation: 'YES', startedAt: completed, completedAt: completed });
    expect(Object.keys(answer)).toEqual(['partner_status', 'partner_profile_url', 'partner_score', 'metadata']);
    expect(answer).toEqual({
      partner_status: 'complete',
      partner_profile_url: 'https://app.example/interviews/itv_x',
      partner_score: 72.5,
      metadata: { Status: 'COMPLETED', Test: 'Screening', Recommendation: 'YES', 'Started At': '2026-11-26T10:00:00.000Z', 'Completed At': '2026-11-26T10:00:00.000Z' },
    });
    expect(toGreenhouseTestStatus(base).partner_score).toBeNull();
  });

  it('send_test accepts Greenhouse\'s documented example, with a numeric partner_test_id as older examples send it', () => {
    const parsed = GreenhouseSendTestSchema.parse({
      partner_test_id: 12345,
      candidate: { first_name: 'Harry', last_name: 'Potter', preferred_name: 'The Chosen One', resume_url: 'https://hogwarts.com/resume', phone_number: '123-456-7890', email: 'hpotter@hogwarts.edu', greenhouse_profile_url: 'https://app.greenhouse.io/people/17681532?application_id=26234709' },
      sent_by: 'test_sender@example.org',
      url: 'https://app.greenhouse.io/integrations/testing_partners/take_home_tests/12345',
      some_future_property: true,
    });
    expect(parsed.partner_test_id).toBe('12345');
  });
});

describe('Greenhouse "PATCH - Mark Test as Completed"', () => {
  it('is a PATCH without a body, with the key as the Basic username and an empty password', () => {
    const request = greenhouseCompletionRequest({ url: 'https://app.greenhouse.io/integrations/testing_partners/take_home_tests/12345', key: '0d031d8227eafa61dc375a6c2e067e24' });
    expect(request).toMatchObject({ method: 'PATCH', body: '', url: 'https://app.greenhouse.io/integrations/testing_partners/take_home_tests/12345' });
    // The documentation's own example header for that key.
    expect(request.headers.authorization).toBe('Basic MGQwMzFkODIyN2VhZmE2MWRjMzc1YTZjMmUwNjdlMjQ6');
  });
});
