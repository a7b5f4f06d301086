import { z } from 'zod';
import { deleteWebhookEndpoint } from '@/server/services/webhooks/delete-webhook-endpoint';
import { scopedProcedure } from '@/server/trpc';

export const deleteWebhookEndpointProcedure = scopedProcedure('webhooks:manage')
  .meta({
    successStatus: 204,
    openapi: { method: 'DELETE', path: '/webhook-endpoints/{id}', tags: ['Webhooks'], summary: 'Delete a webhook endpoint', description: 'Scope webhooks:manage. 204; its queued deliveries are dropped.' },
  })
  .input(z.strictObject({ id: z.string().describe('Webhook endpoint id (whk_…).') }))
  .output(z.void())
  .mutation(async ({ ctx, input }) => {
    await deleteWebhookEndpoint(ctx.db, { orgId: ctx.orgId, id: input.id });
  });
