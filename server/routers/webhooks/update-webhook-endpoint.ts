import { updateWebhookEndpoint } from '@/server/services/webhooks/update-webhook-endpoint';
import { UpdateWebhookEndpointInputSchema, WebhookEndpointSchema } from '@/server/services/webhooks/webhook-schemas';
import { scopedProcedure } from '@/server/trpc';

export const updateWebhookEndpointProcedure = scopedProcedure('webhooks:manage')
  .meta({
    openapi: {
      method: 'PATCH',
      path: '/webhook-endpoints/{id}',
      tags: ['Webhooks'],
      summary: 'Update a webhook endpoint',
      description: 'Scope webhooks:manage. The create fields, each optional (the secret changes only through rotate-secret). `enabled: true` resumes an endpoint the service disabled.',
    },
  })
  .input(UpdateWebhookEndpointInputSchema)
  .output(WebhookEndpointSchema)
  .mutation(({ ctx, input }) => updateWebhookEndpoint(ctx.db, { orgId: ctx.orgId, ...input }));
