import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { AppError, isDatabaseUnavailable, toAppError } from './errors';

/** What the driver and drizzle throw: the driver's error with its code, wrapped as the cause of a query error. */
function queryError(cause: Error & { code?: string }) {
  return Object.assign(new Error('Failed query: select 1\nparams: '), { cause });
}

describe('database unavailability', () => {
  it('is recognised through the wrappers by the driver or server code', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'CONNECTION_CLOSED', 'CONNECT_TIMEOUT', '57P01', '57P03', '08006', '53300']) {
      const error = queryError(Object.assign(new Error(code), { code }));
      expect(isDatabaseUnavailable(error), code).toBe(true);
      expect(isDatabaseUnavailable(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error })), code).toBe(true);
    }
  });

  it('becomes a retryable 503, never a 500 or a 404; other database errors stay 500', () => {
    const unavailable = toAppError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: queryError(Object.assign(new Error('x'), { code: '57P01' })) }));
    expect(unavailable).toBeInstanceOf(AppError);
    expect(unavailable.appCode).toBe('SERVICE_UNAVAILABLE');
    expect(unavailable.status).toBe(503);
    expect(toAppError(queryError(Object.assign(new Error('syntax'), { code: '42601' }))).appCode).toBe('INTERNAL');
    expect(isDatabaseUnavailable(new Error('no code'))).toBe(false);
  });
});
