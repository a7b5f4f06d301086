import { describe, expect, it } from 'vitest';
import { fieldIssues, pathIssues } from './form-failure';

describe('the issues of a refused form', () => {
  const failure = {
    code: 'VALIDATION_ERROR',
    message: 'Invalid',
    issues: [
      { path: 'criteria.1.weight', message: 'Must be greater than 0' },
      { path: 'criteria.0.label', message: 'Required' },
      { path: 'jobId', message: 'Unknown job' },
    ],
  };

  it('keys them by the first segment of their path, the first message winning', () => {
    expect(fieldIssues(failure)).toEqual({ criteria: 'Must be greater than 0', jobId: 'Unknown job' });
  });

  it('or by their full path', () => {
    expect(pathIssues(failure)).toEqual({ 'criteria.1.weight': 'Must be greater than 0', 'criteria.0.label': 'Required', jobId: 'Unknown job' });
  });

  it('has none without a failure or without issues', () => {
    expect(fieldIssues(null)).toEqual({});
    expect(pathIssues({ code: 'CONFLICT', message: 'Taken' })).toEqual({});
  });
});
