import { webhookEndpoints } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { invalidField } from '@/server/errors';
import { newId } from '@/server/ids';
import { resolveWebhookUrl, WebhookUrlError } from './check-webhook-url';
import { newWebhookSecret, toWebhookEndpointDto } from './webhook-endpoint-dto';
import type { CreateWebhookEndpointInput, WebhookEndpointWithSecretDto } from './webhook-schemas';

/** A new endpoint with a fresh secret, returned this once. The URL is checked (after DNS) before anything is stored. */
export async function createWebhookEndpoint(db: DbExecutor, input: { orgId: string } & CreateWebhookEndpointInput): Promise<WebhookEndpointWithSecretDto> {
  const url = await checkEndpointUrl(input.url);
  const secret = newWebhookSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      id: newId('webhookEndpoint'),
      orgId: input.orgId,
      url,
      description: input.description ?? null,
      eventTypes: input.eventTypes,
      enabled: input.enabled,
      secret,
    })
    .returning();
  return { ...toWebhookEndpointDto(row), secret };
}

/** The URL as it will be stored, or a 400 naming `url`. */
export async function checkEndpointUrl(value: string): Promise<string> {
  try {
    return (await resolveWebhookUrl(value)).url.toString();
  } catch (error) {
    if (error instanceof WebhookUrlError) throw invalidField('url', error.message);
    throw error;
  }
}
