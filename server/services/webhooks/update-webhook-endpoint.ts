import { and, eq } from 'drizzle-orm';
import { webhookEndpoints } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError, notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { checkEndpointUrl } from './create-webhook-endpoint';
import { toWebhookEndpointDto } from './webhook-endpoint-dto';
import type { UpdateWebhookEndpointInput, WebhookEndpointDto } from './webhook-schemas';

/** Changes the given fields (never the secret: see rotate). Enabling clears a disabling by the service. */
export async function updateWebhookEndpoint(db: DbExecutor, input: { orgId: string } & UpdateWebhookEndpointInput): Promise<WebhookEndpointDto> {
  if (!isIdOf('webhookEndpoint', input.id)) throw notFound('Webhook endpoint');
  const { orgId, id, ...fields } = input;
  if (Object.values(fields).every((value) => value === undefined)) {
    throw new AppError('VALIDATION_ERROR', 'Nothing to update: give at least one field', { issues: [{ path: '(root)', message: 'Nothing to update: give at least one field' }] });
  }
  const set: Partial<typeof webhookEndpoints.$inferInsert> = { updatedAt: new Date() };
  if (fields.url !== undefined) set.url = await checkEndpointUrl(fields.url);
  if (fields.eventTypes !== undefined) set.eventTypes = fields.eventTypes;
  if (fields.description !== undefined) set.description = fields.description;
  if (fields.enabled !== undefined) {
    set.enabled = fields.enabled;
    set.disabledReason = null;
  }
  const [row] = await db
    .update(webhookEndpoints)
    .set(set)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.orgId, orgId)))
    .returning();
  if (!row) throw notFound('Webhook endpoint');
  return toWebhookEndpointDto(row);
}
