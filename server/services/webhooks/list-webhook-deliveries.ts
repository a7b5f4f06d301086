import { and, desc, eq } from 'drizzle-orm';
import { webhookDeliveries, webhookEvents } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { iso } from '../fields';
import { toPage, type Page } from '../pagination';
import { getWebhookEndpointRow } from './get-webhook-endpoint';
import type { WebhookDeliveryDto } from './webhook-schemas';

/** The endpoint's delivery attempts, newest first. */
export async function listWebhookDeliveries(
  db: DbExecutor,
  input: { orgId: string; endpointId: string; page: number; pageSize: number },
): Promise<Page<WebhookDeliveryDto>> {
  await getWebhookEndpointRow(db, { orgId: input.orgId, id: input.endpointId });
  const where = and(eq(webhookDeliveries.orgId, input.orgId), eq(webhookDeliveries.endpointId, input.endpointId));
  const [rows, total] = await Promise.all([
    db
      .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, and(eq(webhookEvents.id, webhookDeliveries.eventId), eq(webhookEvents.orgId, webhookDeliveries.orgId)))
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.$count(webhookDeliveries, where),
  ]);
  return toPage(
    rows.map(({ delivery: d, eventType }) => ({
      id: d.id,
      eventId: d.eventId,
      eventType,
      attempt: d.attempt,
      status: d.status,
      responseStatus: d.responseStatus,
      durationMs: d.durationMs,
      error: d.error,
      createdAt: iso(d.createdAt),
    })),
    total,
    input.page,
    input.pageSize,
  );
}
