import { and, eq } from 'drizzle-orm';
import { webhookEndpoints } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';

/** Deletes the endpoint and its delivery log; its queued deliveries find no endpoint and send nothing. */
export async function deleteWebhookEndpoint(db: DbExecutor, input: { orgId: string; id: string }): Promise<void> {
  if (!isIdOf('webhookEndpoint', input.id)) throw notFound('Webhook endpoint');
  const [row] = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, input.id), eq(webhookEndpoints.orgId, input.orgId)))
    .returning({ id: webhookEndpoints.id });
  if (!row) throw notFound('Webhook endpoint');
}
