import { and, eq, max } from 'drizzle-orm';
import { webhookDeliveries, webhookEvents } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError, notFound } from '@/server/errors';
import { isIdOf, randomBase62 } from '@/server/ids';
import { enqueueDelivery } from './enqueue-delivery';
import { getWebhookEndpointRow } from './get-webhook-endpoint';

/**
 * Sends one of the organization's events to the endpoint again: the same body and the same `webhook-id`, signed
 * with the endpoint's current secret, as a new series of attempts (retried like the first). Any event of the
 * organization may be replayed to any of its endpoints, so a receiver that was down can be caught up.
 */
export async function replayWebhookEvent(db: DbExecutor, input: { orgId: string; endpointId: string; eventId: string }): Promise<{ eventId: string; status: 'QUEUED' }> {
  const endpoint = await getWebhookEndpointRow(db, { orgId: input.orgId, id: input.endpointId });
  if (!isIdOf('webhookEvent', input.eventId)) throw notFound('Event');
  const [event] = await db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.id, input.eventId), eq(webhookEvents.orgId, input.orgId)));
  if (!event) throw notFound('Event');
  if (!endpoint.enabled) throw new AppError('INVALID_STATE', 'The endpoint is disabled: enable it before replaying events to it');
  const [last] = await db
    .select({ attempt: max(webhookDeliveries.attempt) })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.orgId, input.orgId), eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.eventId, event.id)));
  await enqueueDelivery(db, { eventId: event.id, endpointId: endpoint.id, attempt: (last?.attempt ?? 0) + 1, series: randomBase62(12) });
  return { eventId: event.id, status: 'QUEUED' };
}
