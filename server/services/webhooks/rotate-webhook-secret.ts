import { and, eq } from 'drizzle-orm';
import { webhookEndpoints } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { newWebhookSecret, toWebhookEndpointDto } from './webhook-endpoint-dto';
import type { WebhookEndpointWithSecretDto } from './webhook-schemas';

/** A new secret, shown this once; every delivery from now on (retries included) is signed with it. */
export async function rotateWebhookSecret(db: DbExecutor, input: { orgId: string; id: string }): Promise<WebhookEndpointWithSecretDto> {
  if (!isIdOf('webhookEndpoint', input.id)) throw notFound('Webhook endpoint');
  const secret = newWebhookSecret();
  const [row] = await db
    .update(webhookEndpoints)
    .set({ secret, updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.id, input.id), eq(webhookEndpoints.orgId, input.orgId)))
    .returning();
  if (!row) throw notFound('Webhook endpoint');
  return { ...toWebhookEndpointDto(row), secret };
}
