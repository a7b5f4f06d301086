import { sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { rowsOf, sqlInstant } from '@/db/rows';

const WINDOW_MS = 60_000;

export type ClientFailureState = { count: number; limit: number; blocked: boolean; resetSeconds: number; blockedUntil: number };

/**
 * Counts one failed attempt (a wrong agent secret, an invalid API key, an unknown invitation link) of a client
 * address in the current one-minute window. The same shared table and atomic upsert as the API keys' rate limit
 * (consume-rate-limit.ts), keyed `<bucket>:<address>` instead of a key id, so every app instance adds to one count.
 * Only failures are counted: a client that presents good credentials costs no write.
 */
export async function recordClientFailure(db: DbExecutor, input: { bucket: string; address: string; limit: number; now?: Date }): Promise<ClientFailureState> {
  const now = input.now ?? new Date();
  const windowStart = new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS);
  const result = await db.execute<{ count: number }>(sql`
    insert into rate_limit_windows (api_key_id, window_start, count)
    select ${`${input.bucket}:${input.address}`}, ${sqlInstant(windowStart)}, 1
    from (select set_config('synchronous_commit', 'off', true)) as async_commit
    on conflict (api_key_id, window_start) do update set count = rate_limit_windows.count + 1
    returning count`);
  const count = Number(rowsOf<{ count: number }>(result)[0].count);
  const blockedUntil = windowStart.getTime() + WINDOW_MS;
  return {
    count,
    limit: input.limit,
    blocked: count > input.limit,
    resetSeconds: Math.max(1, Math.ceil((blockedUntil - now.getTime()) / 1000)),
    blockedUntil,
  };
}
