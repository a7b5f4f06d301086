import { describe, expect, it } from 'vitest';
import { availableActions } from './available-actions';

const evaluation = (status: 'PENDING' | 'READY' | 'FAILED') => ({ reportId: 'rpt_1', status, overallScore: null, recommendation: null, summary: null, criteria: [], flags: [] });

describe('availableActions', () => {
  it('offers only what the status allows', () => {
    expect(availableActions({ status: 'DRAFT', evaluation: null })).toEqual({ send: true, resend: false, cancel: true, retryReport: false });
    expect(availableActions({ status: 'INVITED', evaluation: null })).toEqual({ send: false, resend: true, cancel: true, retryReport: false });
    expect(availableActions({ status: 'IN_PROGRESS', evaluation: null })).toEqual({ send: false, resend: false, cancel: true, retryReport: false });
    for (const status of ['COMPLETED', 'CANCELLED', 'EXPIRED'] as const) {
      expect(availableActions({ status, evaluation: null })).toEqual({ send: false, resend: false, cancel: false, retryReport: false });
    }
  });

  it('offers to regenerate a report only when it failed', () => {
    expect(availableActions({ status: 'COMPLETED', evaluation: evaluation('FAILED') }).retryReport).toBe(true);
    expect(availableActions({ status: 'COMPLETED', evaluation: evaluation('PENDING') }).retryReport).toBe(false);
    expect(availableActions({ status: 'COMPLETED', evaluation: evaluation('READY') }).retryReport).toBe(false);
  });
});
