import { z } from 'zod';
import { rotateWebhookSecret } from '@/server/services/webhooks/rotate-webhook-secret';
import { WebhookEndpointWithSecretSchema } from '@/server/services/webhooks/webhook-schemas';
import { scopedProcedure } from '@/server/trpc';

export const rotateWebhookSecretProcedure = scopedProcedure('webhooks:manage')
  .meta({
    openapi: {
      method: 'POST',
      path: '/webhook-endpoints/{id}/rotate-secret',
      tags: ['Webhooks'],
      summary: "Rotate a webhook endpoint's secret",
      description: 'Scope webhooks:manage. A new secret, shown only in this response; every delivery from now on is signed with it.',
    },
  })
  .input(z.strictObject({ id: z.string().describe('Webhook endpoint id (whk_…).') }))
  .output(WebhookEndpointWithSecretSchema)
  .mutation(({ ctx, input }) => rotateWebhookSecret(ctx.db, { orgId: ctx.orgId, id: input.id }));
