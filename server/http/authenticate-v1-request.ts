import type { DbExecutor } from '@/db/client';
import { hasScope, type Principal } from '@/server/auth/principal';
import type { Scope } from '@/server/auth/scopes';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { authenticateApiKey } from '@/server/services/api-keys/authenticate-api-key';
import { assertNotThrottled, clientAddress, countFailure } from './client-throttle';
import { consumeRateLimit } from '@/server/services/rate-limit/consume-rate-limit';
import type { DoorRequest } from './door-request';

export type ApiKeyPrincipal = Extract<Principal, { kind: 'apiKey' }>;

/** The API key from `Authorization: Bearer …` or `X-API-Key`. */
export function apiKeyFromHeaders(headers: Pick<Headers, 'get'>): string | null {
  const authorization = headers.get('authorization');
  if (authorization) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match ? match[1] : null;
  }
  return headers.get('x-api-key')?.trim() || null;
}

/**
 * What every REST v1 request goes through before its work, whether it is a tRPC procedure or a plain route
 * handler (the export): the API key, then its rate limit, then (when given) the scope. The RateLimit-* headers
 * are written into `headers` as soon as they are known, so a 429 or 403 thrown afterwards still carries them.
 */
export async function authenticateV1Request(db: DbExecutor, req: DoorRequest, headers: Headers, requiredScope?: Scope): Promise<ApiKeyPrincipal> {
  const plaintext = apiKeyFromHeaders(req.headers);
  const address = clientAddress(req.headers);
  // An address that sent too many invalid keys this minute is refused before any lookup (client-throttle.ts).
  if (plaintext) assertNotThrottled('api-key', address, headers);
  const apiKey = plaintext ? await authenticateApiKey(db, plaintext) : null;
  if (plaintext && !apiKey) await countFailure(db, 'api-key', address, headers);
  if (!apiKey) {
    throw new AppError('UNAUTHORIZED', plaintext ? 'Invalid or revoked API key' : 'Missing API key: send Authorization: Bearer <key> or X-API-Key');
  }
  const rate = await consumeRateLimit(db, { apiKeyId: apiKey.id, limit: apiKey.rateLimitPerMinute ?? getEnv().RATE_LIMIT_PER_MINUTE });
  headers.set('RateLimit-Limit', String(rate.limit));
  headers.set('RateLimit-Remaining', String(rate.remaining));
  headers.set('RateLimit-Reset', String(rate.resetSeconds));
  if (!rate.allowed) {
    headers.set('Retry-After', String(rate.resetSeconds));
    throw new AppError('RATE_LIMITED', `Rate limit of ${rate.limit} requests per minute exceeded; retry after ${rate.resetSeconds} s`);
  }
  const principal: ApiKeyPrincipal = { kind: 'apiKey', orgId: apiKey.orgId, apiKeyId: apiKey.id, scopes: apiKey.scopes };
  // Same check and message as scopedProcedure in server/trpc.ts, for routes that are not procedures.
  if (requiredScope && !hasScope(principal, requiredScope)) {
    throw new AppError('FORBIDDEN', `This API key lacks the required scope: ${requiredScope}`);
  }
  return principal;
}
