import type { DbExecutor } from '@/db/client';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { log } from '@/server/log';
import { recordClientFailure } from '@/server/services/rate-limit/record-client-failure';
import type { RequestHeaders } from './door-request';

/**
 * Throttles on failed credentials per client address: wrong agent secrets, invalid API keys, unknown invitation
 * links. Failures are counted in the database (shared by every instance, recordClientFailure); once an address is
 * past the limit in the current minute, this instance refuses it with 429 before looking at its credentials, until
 * the window ends. A well-behaved client never pays anything: nothing is read or written on success.
 */
export type ThrottleBucket = 'agent-auth' | 'api-key' | 'invitation';


/** The header the Node server sets to the client's address (a client-sent one is overwritten). */
export const CLIENT_ADDRESS_HEADER = 'x-iss-client-address';

/**
 * The client's address, decided once per request by the Node server: the socket's, or with TRUST_PROXY the last
 * X-Forwarded-For entry (the one the trusted load balancer appended; earlier entries are the client's own words).
 */
export function clientAddressOf(req: { headers: Record<string, string | string[] | undefined>; socket: { remoteAddress?: string } }, trustProxy: boolean): string {
  const socket = req.socket.remoteAddress ?? 'unknown';
  if (!trustProxy) return socket;
  const forwarded = req.headers['x-forwarded-for'];
  const last = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded)?.split(',').at(-1)?.trim();
  return last ? last.slice(0, 100) : socket;
}

const blocked = new Map<string, number>();

export function clientAddress(headers: RequestHeaders): string {
  return headers.get(CLIENT_ADDRESS_HEADER) || 'in-process';
}

function rateLimited(until: number): AppError {
  const seconds = Math.max(1, Math.ceil((until - Date.now()) / 1000));
  return new AppError('RATE_LIMITED', `Too many failed attempts from this address; retry after ${seconds} s`);
}

/** Throws 429 when this address is known to be past its limit in this window. No I/O. */
export function assertNotThrottled(bucket: ThrottleBucket, address: string, headers?: Headers): void {
  const key = `${bucket}:${address}`;
  const until = blocked.get(key);
  if (until === undefined) return;
  if (until <= Date.now()) {
    blocked.delete(key);
    return;
  }
  headers?.set('Retry-After', String(Math.max(1, Math.ceil((until - Date.now()) / 1000))));
  throw rateLimited(until);
}

/**
 * Counts a failure; when it puts the address past the limit, remembers the block and throws 429 instead of the
 * failure's own error. A database error while counting never hides the original failure.
 */
export async function countFailure(db: DbExecutor, bucket: ThrottleBucket, address: string, headers?: Headers): Promise<void> {
  let state;
  try {
    state = await recordClientFailure(db, { bucket, address, limit: getEnv().AUTH_FAILURES_PER_MINUTE });
  } catch (error) {
    log.warn({ err: error, bucket }, 'could not count a failed attempt');
    return;
  }
  if (!state.blocked) return;
  blocked.set(`${bucket}:${address}`, state.blockedUntil);
  if (blocked.size > 10_000) for (const [key, until] of blocked) if (until <= Date.now()) blocked.delete(key);
  headers?.set('Retry-After', String(state.resetSeconds));
  throw rateLimited(state.blockedUntil);
}
