import { randomBytes } from 'node:crypto';
import type { webhookEndpoints } from '@/db/schema';
import { iso } from '../fields';
import type { WebhookEndpointDto } from './webhook-schemas';

/** Never carries the secret: only create and rotate return it, beside this. */
export function toWebhookEndpointDto(row: typeof webhookEndpoints.$inferSelect): WebhookEndpointDto {
  return {
    id: row.id,
    url: row.url,
    eventTypes: row.eventTypes,
    description: row.description,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** The Standard Webhooks secret format: `whsec_` and the base64 of the key bytes (32 here; ≥ 24 required). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
