import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/unstable-core-do-not-import';
import { ZodError } from 'zod';

/** The contract's error codes and their HTTP statuses: the one table every surface maps through. */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INVALID_STATE: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

const TRPC_CODE: Record<ErrorCode, TRPC_ERROR_CODE_KEY> = {
  VALIDATION_ERROR: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  INVALID_STATE: 'CONFLICT',
  GONE: 'NOT_FOUND',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  IDEMPOTENCY_KEY_REUSED: 'UNPROCESSABLE_CONTENT',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

export type ErrorIssue = { path: string; message: string };

export type ErrorBody = {
  code: ErrorCode;
  message: string;
  requestId?: string;
  issues?: ErrorIssue[];
  existingId?: string;
};

/**
 * The one error type of the domain. It extends TRPCError so tRPC passes it through untouched; route handlers
 * and the REST adapter read `appCode` and `ERROR_STATUS` for the HTTP status.
 */
export class AppError extends TRPCError {
  readonly appCode: ErrorCode;
  readonly issues?: ErrorIssue[];
  readonly existingId?: string;

  constructor(code: ErrorCode, message: string, extra: { issues?: ErrorIssue[]; existingId?: string; cause?: unknown } = {}) {
    super({ code: TRPC_CODE[code], message, cause: extra.cause });
    this.name = 'AppError';
    this.appCode = code;
    this.issues = extra.issues;
    this.existingId = extra.existingId;
  }

  get status(): number {
    return ERROR_STATUS[this.appCode];
  }

  toBody(requestId?: string): ErrorBody {
    return {
      code: this.appCode,
      message: this.message,
      ...(requestId ? { requestId } : {}),
      ...(this.issues ? { issues: this.issues } : {}),
      ...(this.existingId ? { existingId: this.existingId } : {}),
    };
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const invalidField = (path: string, message: string) =>
  new AppError('VALIDATION_ERROR', 'Validation failed', { issues: [{ path, message }] });

export function issuesFromZod(error: ZodError): ErrorIssue[] {
  return error.issues.flatMap((issue) => {
    const base = issue.path.map(String);
    // An unknown field is named by its own path, so that `issues` points at the field to remove.
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: [...base, key].join('.'), message: 'Unknown field' }));
    }
    return [{ path: base.length > 0 ? base.join('.') : '(root)', message: issue.message }];
  });
}

const FROM_TRPC: Partial<Record<TRPC_ERROR_CODE_KEY, ErrorCode>> = {
  BAD_REQUEST: 'VALIDATION_ERROR',
  PARSE_ERROR: 'VALIDATION_ERROR',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_SUPPORTED: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  TOO_MANY_REQUESTS: 'RATE_LIMITED',
};

/**
 * Turns anything thrown into an AppError. Typed errors pass through; zod failures become VALIDATION_ERROR with
 * issues; an unexpected error becomes INTERNAL with a generic message (the caller logs the original).
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) {
    return new AppError('VALIDATION_ERROR', 'Validation failed', { issues: issuesFromZod(error) });
  }
  if (error instanceof TRPCError) {
    if (error.cause instanceof AppError) return error.cause;
    if (error.cause instanceof ZodError) return toAppError(error.cause);
    if (error.code === 'PARSE_ERROR') return new AppError('VALIDATION_ERROR', 'Malformed JSON body');
    const code = FROM_TRPC[error.code];
    if (code) return new AppError(code, error.message);
  }
  if (isDatabaseUnavailable(error)) {
    return new AppError('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable; retry shortly', { cause: error });
  }
  return new AppError('INTERNAL', 'Internal server error', { cause: error });
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  // The database host briefly unresolvable or unroutable (DNS during a failover, a network blip).
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003',
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006',
  '53300', // too_many_connections: the server is at its limit, a retry later succeeds
]);

/** The database is down or restarting: a retryable 503, never a 500 or a "not found". */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
  }
  return false;
}
