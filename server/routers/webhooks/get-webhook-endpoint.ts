import { z } from 'zod';
import { getWebhookEndpoint } from '@/server/services/webhooks/get-webhook-endpoint';
import { WebhookEndpointSchema } from '@/server/services/webhooks/webhook-schemas';
import { scopedProcedure } from '@/server/trpc';

export const getWebhookEndpointProcedure = scopedProcedure('webhooks:manage')
  .meta({ openapi: { method: 'GET', path: '/webhook-endpoints/{id}', tags: ['Webhooks'], summary: 'Retrieve a webhook endpoint', description: 'Scope webhooks:manage. Without its secret.' } })
  .input(z.strictObject({ id: z.string().describe('Webhook endpoint id (whk_…).') }))
  .output(WebhookEndpointSchema)
  .query(({ ctx, input }) => getWebhookEndpoint(ctx.db, { orgId: ctx.orgId, id: input.id }));
