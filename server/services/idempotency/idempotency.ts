import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { sqlInstant } from '@/db/rows';
import { idempotencyRequests } from '@/db/schema';
import type { Database, DbExecutor } from '@/db/client';
import { AppError } from '@/server/errors';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A first request still "in flight" after this long is taken to have died; its key may be used again. */
const IN_FLIGHT_TIMEOUT_MS = 60_000;

export type IdempotencyOutcome =
  | { kind: 'proceed' }
  | { kind: 'replay'; status: number; body: unknown };

/**
 * Claims an Idempotency-Key for this API key. The primary key (api key, idempotency key) makes the claim atomic
 * across instances: exactly one request proceeds; the others replay its response, or are told it is in flight.
 */
export async function claimIdempotencyKey(
  db: DbExecutor,
  input: { apiKeyId: string; orgId: string; key: string; requestHash: string; now?: Date },
): Promise<IdempotencyOutcome> {
  const now = input.now ?? new Date();
  // Expired and abandoned claims give way to a new one.
  await db
    .delete(idempotencyRequests)
    .where(
      and(
        eq(idempotencyRequests.apiKeyId, input.apiKeyId),
        eq(idempotencyRequests.key, input.key),
        sql`(${idempotencyRequests.createdAt} < ${sqlInstant(new Date(now.getTime() - IDEMPOTENCY_TTL_MS))}
          or (${idempotencyRequests.responseStatus} is null and ${idempotencyRequests.createdAt} < ${sqlInstant(new Date(now.getTime() - IN_FLIGHT_TIMEOUT_MS))}))`,
      ),
    );
  const claimed = await db
    .insert(idempotencyRequests)
    .values({ apiKeyId: input.apiKeyId, key: input.key, orgId: input.orgId, requestHash: input.requestHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyRequests.key });
  if (claimed.length > 0) return { kind: 'proceed' };
  const [existing] = await db
    .select()
    .from(idempotencyRequests)
    .where(and(eq(idempotencyRequests.apiKeyId, input.apiKeyId), eq(idempotencyRequests.key, input.key)));
  if (!existing) return claimIdempotencyKey(db, input); // removed between our two statements: claim again
  if (existing.requestHash !== input.requestHash) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request');
  }
  if (existing.responseStatus === null) {
    throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still in progress; retry shortly');
  }
  return { kind: 'replay', status: existing.responseStatus, body: existing.responseBody === null ? null : JSON.parse(existing.responseBody) };
}

/** Records the first response, to be replayed for later requests with the same key. */
export async function completeIdempotencyKey(db: DbExecutor, input: { apiKeyId: string; key: string; status: number; body: unknown }): Promise<void> {
  await db
    .update(idempotencyRequests)
    .set({ responseStatus: input.status, responseBody: JSON.stringify(input.body) })
    .where(and(eq(idempotencyRequests.apiKeyId, input.apiKeyId), eq(idempotencyRequests.key, input.key), isNull(idempotencyRequests.responseStatus)));
}

/** Gives the key back after a failure that did nothing (a 5xx), so a retry can run. */
export async function releaseIdempotencyKey(db: DbExecutor, input: { apiKeyId: string; key: string }): Promise<void> {
  await db
    .delete(idempotencyRequests)
    .where(and(eq(idempotencyRequests.apiKeyId, input.apiKeyId), eq(idempotencyRequests.key, input.key), isNull(idempotencyRequests.responseStatus)));
}

export async function pruneIdempotencyRequests(db: DbExecutor, now = new Date()): Promise<void> {
  await db.delete(idempotencyRequests).where(lt(idempotencyRequests.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
}

export type IdempotencyClaim = { apiKeyId: string; key: string };
export type IdempotentResult = { status: number; body: unknown };

class RolledBack extends Error {
  constructor(readonly result: IdempotentResult) {
    super('rolled back');
  }
}

/**
 * Runs the request the claimed key guards and completes the key's record IN THE SAME TRANSACTION: the create's
 * rows (and the jobs it enqueues) and the replayable response commit together or not at all. Whatever fails
 * before the commit (the process dies, the database goes away, the commit itself fails) leaves neither the
 * created resource nor a completed record, and the key is given back, so the client's retry creates it once.
 * Services run their own `db.transaction(…)` inside as a savepoint. A 5xx result rolls back and releases the key.
 */
export async function runWithIdempotencyKey(
  db: Database,
  claim: IdempotencyClaim,
  run: (tx: Database) => Promise<IdempotentResult>,
): Promise<IdempotentResult> {
  try {
    return await db.transaction(async (tx) => {
      // A transaction has every query method services use; drizzle types it apart from the database only by name.
      // The request runs in a savepoint: a refusal (4xx) undoes whatever it wrote, and a failed statement in it
      // (a unique violation answered as 409) does not abort the transaction the record completes in.
      const result = await tx
        .transaction(async (savepoint) => {
          const outcome = await run(savepoint as unknown as Database);
          if (outcome.status >= 400) throw new RolledBack(outcome);
          return outcome;
        })
        .catch((error: unknown) => {
          if (error instanceof RolledBack) return error.result;
          throw error;
        });
      if (result.status >= 500) throw new RolledBack(result);
      await completeIdempotencyKey(tx, { ...claim, status: result.status, body: result.body });
      return result;
    });
  } catch (error) {
    await releaseIdempotencyKey(db, claim).catch(() => {});
    if (error instanceof RolledBack) return error.result;
    throw error;
  }
}
