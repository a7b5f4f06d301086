import { describe, expect, it } from 'vitest';
import { issuesByPath } from '@/components/dashboard/form-errors';
import { contractError, fieldErrors } from './errors';

/** A tRPC client error as the client throws it, told by its name (errors.ts does not import the class). */
function trpcClientError(data: unknown): Error {
  return Object.assign(new Error('refused'), { name: 'TRPCClientError', data });
}

describe("a form's refusal, from what the call threw or from the contract's error useApiAction keeps", () => {
  const refusal = {
    code: 'VALIDATION_ERROR',
    message: 'Invalid',
    issues: [
      { path: 'criteria.1.weight', message: 'Must be greater than 0' },
      { path: 'criteria.0.label', message: 'Required' },
      { path: 'jobId', message: 'Unknown job' },
    ],
  };

  it("reads the contract's body of a tRPC error, and returns the contract's error itself unchanged", () => {
    expect(contractError(trpcClientError({ error: refusal }))).toEqual(refusal);
    expect(contractError(refusal)).toBe(refusal);
  });

  it('says the server could not be reached when the error carries no body, and keeps a plain error internal', () => {
    expect(contractError(trpcClientError(undefined)).code).toBe('NETWORK');
    expect(contractError(new Error('boom'))).toEqual({ code: 'INTERNAL', message: 'boom' });
    expect(contractError({ code: 42 }).code).toBe('INTERNAL');
  });

  it('keys the issues by their first path segment (the first message winning) or by their full path', () => {
    for (const error of [refusal, trpcClientError({ error: refusal })]) {
      expect(fieldErrors(error)).toEqual({ criteria: 'Must be greater than 0', jobId: 'Unknown job' });
      expect(issuesByPath(error)).toEqual({ 'criteria.1.weight': 'Must be greater than 0', 'criteria.0.label': 'Required', jobId: 'Unknown job' });
    }
  });

  it('has none without an error or without issues', () => {
    expect(fieldErrors(null)).toEqual({});
    expect(issuesByPath(null)).toEqual({});
    expect(issuesByPath({ code: 'CONFLICT', message: 'Taken' })).toEqual({});
  });
});
