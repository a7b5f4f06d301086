import { z } from 'zod';
import { sendTestEvent } from '@/server/services/webhooks/send-test-event';
import { AcceptedSchema } from '@/server/services/webhooks/webhook-schemas';
import { scopedProcedure } from '@/server/trpc';

export const sendTestEventProcedure = scopedProcedure('webhooks:manage')
  .meta({
    successStatus: 202,
    openapi: {
      method: 'POST',
      path: '/webhook-endpoints/{id}/test',
      tags: ['Webhooks'],
      summary: 'Send a test event to an endpoint',
      description: 'Scope webhooks:manage. 202: a `webhook.test` event goes to this endpoint only, signed, logged and retried like any other. 409 when the endpoint is disabled.',
    },
  })
  .input(z.strictObject({ id: z.string().describe('Webhook endpoint id (whk_…).') }))
  .output(AcceptedSchema)
  .mutation(({ ctx, input }) => sendTestEvent(ctx.db, { orgId: ctx.orgId, endpointId: input.id }));
