import { and, eq } from 'drizzle-orm';
import { atsOrders, atsWritebacks } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { getEnv } from '@/server/env';
import { resolveWebhookUrl, WebhookUrlError } from '../webhooks/check-webhook-url';
import { postWebhook, type PostOutcome } from '../webhooks/post-webhook';
import { nextAttemptAt } from '../webhooks/retry-schedule';
import { recordAtsLogEntry } from './ats-log';
import { openCallbackCredential } from './callback-credential';
import { greenhouseCompletionRequest } from './greenhouse/greenhouse-callback';
import { ashbyUpdateRequest, toAshbyStartedUpdate, toAshbyUpdate } from './ashby/ashby-protocol';
import { readAtsApiKey } from './ats-credentials';
import { leverNoteRequest } from './lever/lever-protocol';
import { getAtsOrder } from './get-ats-order';
import { enqueueAtsWriteback, WRITEBACK_STARTED, type AtsWritebackJob } from './queue-ats-writebacks';

export type WritebackOutcome = 'succeeded' | 'retrying' | 'gave-up' | 'skipped';

/** What to send to the ATS for one write-back: the adapter of its protocol builds it. */
export type AtsRequest = { method: 'POST' | 'PATCH'; url: string; headers: Record<string, string>; body: string };

/**
 * The body of an `ats-writeback` job: one attempt to tell the ATS, through the private-address check webhooks use,
 * logged in the integration's log. A failure schedules the next attempt as a job of its own with the webhooks'
 * backoff and window; past the window the write-back is FAILED and an admin may retry it from Settings. A
 * write-back no longer PENDING (delivered, cancelled by an erasure, or superseded by a retry's series) is skipped,
 * so a job that runs twice after a success sends nothing more.
 */
export async function deliverAtsWriteback(db: DbExecutor, job: AtsWritebackJob): Promise<WritebackOutcome> {
  const [row] = await db
    .select({ writeback: atsWritebacks, order: atsOrders })
    .from(atsWritebacks)
    .innerJoin(atsOrders, and(eq(atsOrders.id, atsWritebacks.orderId), eq(atsOrders.orgId, atsWritebacks.orgId)))
    .where(eq(atsWritebacks.id, job.writebackId));
  if (!row || row.writeback.status !== 'PENDING' || row.writeback.series !== job.series) return 'skipped';
  const { writeback, order } = row;
  const env = getEnv();
  const seriesStartedAt = job.seriesStartedAt ? new Date(job.seriesStartedAt) : new Date();

  let outcome: PostOutcome;
  const built = await buildRequest(db, order, writeback.kind);
  if ('superseded' in built) {
    // Nothing to say any more (the result was settled first): not sent, and not a failure to retry.
    await db
      .update(atsWritebacks)
      .set({ status: 'CANCELLED', error: built.superseded, updatedAt: new Date() })
      .where(and(eq(atsWritebacks.id, writeback.id), eq(atsWritebacks.orgId, writeback.orgId), eq(atsWritebacks.status, 'PENDING'), eq(atsWritebacks.series, job.series)));
    return 'skipped';
  }
  const request = 'error' in built ? null : built;
  if ('error' in built) {
    outcome = { ok: false, responseStatus: null, durationMs: 0, error: built.error };
  } else {
    try {
      // Checked at every attempt, after DNS: the ATS's name may resolve elsewhere today. The request goes to this address.
      const target = await resolveWebhookUrl(built.url);
      outcome = await postWebhook(target, built.headers, built.body, undefined, built.method);
    } catch (error) {
      if (!(error instanceof WebhookUrlError)) throw error;
      outcome = { ok: false, responseStatus: null, durationMs: 0, error: `Refused: ${error.message}` };
    }
  }

  await recordAtsLogEntry(db, { orgId: order.orgId, ats: order.ats, direction: 'outbound', operation: `writeback.${writeback.kind}`, orderId: order.id, responseStatus: outcome.responseStatus, durationMs: outcome.durationMs, error: outcome.error });
  const next = outcome.ok || !request ? null : nextAttemptAt({ attempt: job.attempt, seriesStartedAt, now: new Date(), baseSeconds: env.WEBHOOK_RETRY_BASE_SECONDS, windowSeconds: env.WEBHOOK_RETRY_WINDOW_SECONDS });
  const status = outcome.ok ? 'SUCCEEDED' : next ? 'PENDING' : 'FAILED';
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(atsWritebacks)
      .set({ status, attempts: writeback.attempts + 1, responseStatus: outcome.responseStatus, error: outcome.error, deliveredAt: outcome.ok ? new Date() : null, updatedAt: new Date() })
      .where(and(eq(atsWritebacks.id, writeback.id), eq(atsWritebacks.orgId, writeback.orgId), eq(atsWritebacks.status, 'PENDING'), eq(atsWritebacks.series, job.series)))
      .returning({ id: atsWritebacks.id });
    if (updated && next) await enqueueAtsWriteback(tx, { ...job, attempt: job.attempt + 1, seriesStartedAt: seriesStartedAt.toISOString() }, next);
  });
  return outcome.ok ? 'succeeded' : next ? 'retrying' : 'gave-up';
}

/** The adapter of the order's ATS builds the request; what cannot be sent at all says why (no retry helps). */
async function buildRequest(db: DbExecutor, order: typeof atsOrders.$inferSelect, kind: string): Promise<AtsRequest | { error: string } | { superseded: string }> {
  if (!order.callbackUrl) return { error: 'No callback address' };
  switch (order.ats) {
    case 'greenhouse': {
      const credential = order.callbackAuth ? openCallbackCredential(order.callbackAuth, order.orgId, order.id) : null;
      return greenhouseCompletionRequest({ url: order.callbackUrl, key: credential });
    }
    case 'ashby': {
      const state = await getAtsOrder(db, { orgId: order.orgId, ats: 'ashby', orderId: order.id });
      if (!state || !order.externalId) return { error: 'Nothing to send to this ATS' };
      const apiKey = order.credentialId ? await readAtsApiKey(db, { orgId: order.orgId, credentialId: order.credentialId }) : null;
      if (kind === WRITEBACK_STARTED && state.resultReady) return { superseded: 'Not sent: the result was settled first' };
      if (!apiKey) return { error: 'No Ashby API key was given with this integration (or it cannot be read)' };
      const body = kind === WRITEBACK_STARTED ? toAshbyStartedUpdate(order.externalId, state) : toAshbyUpdate(order.externalId, state);
      return ashbyUpdateRequest({ url: order.callbackUrl, apiKey, body });
    }
    case 'lever': {
      // The result as a note on the opportunity ("Create a note"), with the customer's Lever API key.
      const state = await getAtsOrder(db, { orgId: order.orgId, ats: 'lever', orderId: order.id });
      if (!state) return { error: 'Nothing to send to this ATS' };
      const apiKey = order.credentialId ? await readAtsApiKey(db, { orgId: order.orgId, credentialId: order.credentialId }) : null;
      if (!apiKey) return { error: 'No Lever API key was given with this integration (or it cannot be read)' };
      return leverNoteRequest({ url: order.callbackUrl, apiKey, state });
    }
    default:
      return { error: 'Nothing to send to this ATS' };
  }
}
