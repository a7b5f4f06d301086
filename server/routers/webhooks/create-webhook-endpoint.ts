import { createWebhookEndpoint } from '@/server/services/webhooks/create-webhook-endpoint';
import { CreateWebhookEndpointInputSchema, WebhookEndpointWithSecretSchema } from '@/server/services/webhooks/webhook-schemas';
import { scopedProcedure } from '@/server/trpc';

/** The only response, with rotate, that carries the secret. */
export const createWebhookEndpointProcedure = scopedProcedure('webhooks:manage')
  .meta({
    successStatus: 201,
    openapi: {
      method: 'POST',
      path: '/webhook-endpoints',
      tags: ['Webhooks'],
      summary: 'Create a webhook endpoint',
      description:
        'Scope webhooks:manage. The response carries the signing `secret`, shown only here (and on rotate). `url` must be https and resolve to public addresses only (400 naming `url` otherwise).',
    },
  })
  .input(CreateWebhookEndpointInputSchema)
  .output(WebhookEndpointWithSecretSchema)
  .mutation(({ ctx, input }) => createWebhookEndpoint(ctx.db, { orgId: ctx.orgId, ...input }));
