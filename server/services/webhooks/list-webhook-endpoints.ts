import { desc, eq } from 'drizzle-orm';
import { webhookEndpoints } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { toPage, type Page } from '../pagination';
import { toWebhookEndpointDto } from './webhook-endpoint-dto';
import type { WebhookEndpointDto } from './webhook-schemas';

export async function listWebhookEndpoints(db: DbExecutor, input: { orgId: string; page: number; pageSize: number }): Promise<Page<WebhookEndpointDto>> {
  const where = eq(webhookEndpoints.orgId, input.orgId);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(webhookEndpoints)
      .where(where)
      .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.$count(webhookEndpoints, where),
  ]);
  return toPage(rows.map(toWebhookEndpointDto), total, input.page, input.pageSize);
}
