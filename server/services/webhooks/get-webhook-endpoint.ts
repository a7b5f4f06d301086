import { and, eq } from 'drizzle-orm';
import { webhookEndpoints } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { toWebhookEndpointDto } from './webhook-endpoint-dto';
import type { WebhookEndpointDto } from './webhook-schemas';

/** One endpoint of the organization; another organization's id is NOT_FOUND like a missing one. */
export async function getWebhookEndpoint(db: DbExecutor, input: { orgId: string; id: string }): Promise<WebhookEndpointDto> {
  return toWebhookEndpointDto(await getWebhookEndpointRow(db, input));
}

export async function getWebhookEndpointRow(db: DbExecutor, input: { orgId: string; id: string }) {
  if (!isIdOf('webhookEndpoint', input.id)) throw notFound('Webhook endpoint');
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, input.id), eq(webhookEndpoints.orgId, input.orgId)));
  if (!row) throw notFound('Webhook endpoint');
  return row;
}
