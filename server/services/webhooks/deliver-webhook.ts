import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { users, webhookDeliveries, webhookEndpoints, webhookEvents } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { getEnv } from '@/server/env';
import { newId } from '@/server/ids';
import { log } from '@/server/log';
import { resolveWebhookUrl, WebhookUrlError } from './check-webhook-url';
import { enqueueDelivery, type DeliveryJob } from './enqueue-delivery';
import { notifyUsers } from '../notifications/create-notifications';
import { notifyEndpointDisabled } from './notify-endpoint-disabled';
import { postWebhook } from './post-webhook';
import { nextAttemptAt } from './retry-schedule';

export type DeliveryOutcome = 'succeeded' | 'retrying' | 'gave-up' | 'skipped' | 'deferred';

/** How long an attempt whose endpoint is busy and slow waits in the queue before it is picked up again. */
const DEFER_MS = 1000;

/**
 * The body of a webhook-delivery job: one attempt of one event to one endpoint, logged as a delivery row
 * (PENDING while in flight). A failure schedules the next attempt as a job of its own, with backoff; once the
 * retry window has passed, the endpoint is disabled and its organization's users are emailed. Receiver failures
 * never throw (the job succeeds: the retry is ours); database failures do, and pg-boss runs the job again, which
 * may send the event twice: delivery is at least once, and receivers dedupe on `webhook-id`.
 */
export async function deliverWebhook(db: DbExecutor, job: DeliveryJob): Promise<DeliveryOutcome> {
  const [row] = await db
    .select({ event: webhookEvents, endpoint: webhookEndpoints })
    .from(webhookEvents)
    .innerJoin(webhookEndpoints, and(eq(webhookEndpoints.id, job.endpointId), eq(webhookEndpoints.orgId, webhookEvents.orgId)))
    .where(eq(webhookEvents.id, job.eventId));
  // A deleted endpoint, or one disabled since the event: nothing is sent to it.
  if (!row || !row.endpoint.enabled) return 'skipped';
  const { event, endpoint } = row;
  const env = getEnv();
  // An endpoint keeps at most its share of this process's delivery slots. A fast one's next delivery waits here
  // for a moment; a slow one's goes back to the queue, so that every other endpoint still finds free slots.
  const release = await acquireEndpointSlot(endpoint.id, env.WEBHOOK_ENDPOINT_CONCURRENCY);
  if (!release) {
    await enqueueDelivery(db, { ...job, deferrals: (job.deferrals ?? 0) + 1 }, new Date(Date.now() + DEFER_MS * (1 + Math.random())));
    return 'deferred';
  }
  const started = performance.now();
  try {
    return await attempt(db, job, event, endpoint);
  } finally {
    release(performance.now() - started);
  }
}

async function attempt(
  db: DbExecutor,
  job: DeliveryJob,
  event: typeof webhookEvents.$inferSelect,
  endpoint: typeof webhookEndpoints.$inferSelect,
): Promise<DeliveryOutcome> {
  const env = getEnv();
  const seriesStartedAt = job.seriesStartedAt ? new Date(job.seriesStartedAt) : new Date();

  const deliveryId = newId('webhookDelivery');
  await db.insert(webhookDeliveries).values({ id: deliveryId, orgId: event.orgId, endpointId: endpoint.id, eventId: event.id, attempt: job.attempt, status: 'PENDING' });

  let outcome: { ok: boolean; responseStatus: number | null; durationMs: number; error: string | null };
  try {
    // Checked again at every delivery: the name may resolve elsewhere today. The request goes to this address.
    const target = await resolveWebhookUrl(endpoint.url);
    const timestamp = new Date();
    const signature = new Webhook(endpoint.secret).sign(event.id, timestamp, event.body);
    outcome = await postWebhook(
      target,
      { 'webhook-id': event.id, 'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)), 'webhook-signature': signature },
      event.body,
    );
  } catch (error) {
    if (!(error instanceof WebhookUrlError)) throw error;
    outcome = { ok: false, responseStatus: null, durationMs: 0, error: `Refused: ${error.message}` };
  }

  await db
    .update(webhookDeliveries)
    .set({ status: outcome.ok ? 'SUCCEEDED' : 'FAILED', responseStatus: outcome.responseStatus, durationMs: outcome.durationMs, error: outcome.error })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.orgId, event.orgId)));
  if (outcome.ok) return 'succeeded';

  const next = nextAttemptAt({
    attempt: job.attempt,
    seriesStartedAt,
    now: new Date(),
    baseSeconds: env.WEBHOOK_RETRY_BASE_SECONDS,
    windowSeconds: env.WEBHOOK_RETRY_WINDOW_SECONDS,
  });
  if (next) {
    await enqueueDelivery(db, { ...job, attempt: job.attempt + 1, deferrals: 0, seriesStartedAt: seriesStartedAt.toISOString() }, next);
    return 'retrying';
  }
  await disableFailingEndpoint(db, { orgId: event.orgId, endpointId: endpoint.id, url: endpoint.url, lastError: outcome.error });
  return 'gave-up';
}

/** Disables the endpoint once (a conditional update), then notifies and emails the organization's users about it. */
async function disableFailingEndpoint(db: DbExecutor, input: { orgId: string; endpointId: string; url: string; lastError: string | null }) {
  const windowHours = Math.round((getEnv().WEBHOOK_RETRY_WINDOW_SECONDS / 3600) * 10) / 10;
  const reason = `Deliveries failed for ${windowHours} h (last error: ${input.lastError ?? 'unknown'}); disabled by the service.`;
  // The disabling and its notifications commit together: the bell never misses one, nor tells of one that rolled back.
  const disabled = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: reason, updatedAt: new Date() })
      .where(and(eq(webhookEndpoints.id, input.endpointId), eq(webhookEndpoints.orgId, input.orgId), eq(webhookEndpoints.enabled, true)))
      .returning({ id: webhookEndpoints.id, updatedAt: webhookEndpoints.updatedAt });
    if (!row) return null;
    // Under the bell (every user of the organization is an admin until roles exist), once per disabling.
    const people = await tx.select({ id: users.id }).from(users).where(eq(users.orgId, input.orgId));
    await notifyUsers(tx, {
      orgId: input.orgId,
      userIds: people.map((p) => p.id),
      kind: 'webhook.disabled',
      webhookEndpointId: input.endpointId,
      dedupeKey: `webhook-disabled:${input.endpointId}:${row.updatedAt.getTime()}`,
    });
    return row;
  });
  if (!disabled) return;
  log.warn({ endpointId: input.endpointId, orgId: input.orgId }, 'webhook endpoint disabled after failing for the whole retry window');
  await notifyEndpointDisabled(db, { orgId: input.orgId, endpointId: input.endpointId, url: input.url, reason, disabledAt: disabled.updatedAt });
}

/**
 * Requests in flight from this process to one endpoint (their start times), the deliveries waiting for one, and
 * how long its recent requests took (a moving average).
 */
type EndpointLoad = { started: number[]; waiters: (() => void)[]; recentMs: number };
const loads = new Map<string, EndpointLoad>();
/** An endpoint slower than this (recently, or its oldest request in flight) gets only a small share of slots. */
const SLOW_MS = 500;
/** The longest a delivery waits for its endpoint in this process before it goes back to the queue. */
const MAX_WAIT_MS = 1000;

/**
 * A slot for one request to the endpoint (call the returned release with the request's duration), or null: defer
 * the delivery. A fast endpoint may have `limit` requests in flight; a slow one an eighth of that (at least one),
 * so that hanging receivers hold few of the process's slots and everyone else's deliveries keep flowing.
 */
async function acquireEndpointSlot(endpointId: string, limit: number): Promise<((durationMs: number) => void) | null> {
  const deadline = Date.now() + MAX_WAIT_MS;
  let load = loads.get(endpointId);
  if (!load) loads.set(endpointId, (load = { started: [], waiters: [], recentMs: 0 }));
  const held = load;
  for (;;) {
    const now = Date.now();
    const slow = held.recentMs > SLOW_MS || (held.started.length > 0 && now - Math.min(...held.started) > SLOW_MS);
    const allowed = slow ? Math.max(1, Math.floor(limit / 8)) : limit;
    if (held.started.length < allowed) {
      const token = now;
      held.started.push(token);
      return (durationMs) => {
        held.started.splice(held.started.indexOf(token), 1);
        held.recentMs = held.recentMs * 0.7 + durationMs * 0.3;
        held.waiters.shift()?.();
      };
    }
    if (slow || now >= deadline) return null;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, deadline - now);
      function done() {
        clearTimeout(timer);
        const at = held.waiters.indexOf(done);
        if (at >= 0) held.waiters.splice(at, 1);
        resolve();
      }
      held.waiters.push(done);
    });
  }
}
