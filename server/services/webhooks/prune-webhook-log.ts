import { and, lt, notExists, eq, sql } from 'drizzle-orm';
import { webhookDeliveries, webhookEvents } from '@/db/schema';
import type { DbExecutor } from '@/db/client';

/** How long events (and so replay) and the delivery log are kept. */
export const WEBHOOK_LOG_RETENTION_DAYS = 30;

/**
 * Deletes delivery attempts, then events, older than the retention (events only once no attempt refers to them).
 * Across organizations on purpose: the maintenance job's. Well past any retry window (at most 7 days).
 */
export async function pruneWebhookLog(db: DbExecutor): Promise<void> {
  const cutoff = sql`now() - make_interval(days => ${WEBHOOK_LOG_RETENTION_DAYS})`;
  await db.delete(webhookDeliveries).where(lt(webhookDeliveries.createdAt, cutoff));
  await db
    .delete(webhookEvents)
    .where(
      and(
        lt(webhookEvents.createdAt, cutoff),
        notExists(db.select({ one: sql`1` }).from(webhookDeliveries).where(eq(webhookDeliveries.eventId, webhookEvents.id))),
      ),
    );
}
