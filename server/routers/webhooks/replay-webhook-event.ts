import { z } from 'zod';
import { replayWebhookEvent } from '@/server/services/webhooks/replay-webhook-event';
import { AcceptedSchema } from '@/server/services/webhooks/webhook-schemas';
import { scopedProcedure } from '@/server/trpc';

export const replayWebhookEventProcedure = scopedProcedure('webhooks:manage')
  .meta({
    successStatus: 202,
    openapi: {
      method: 'POST',
      path: '/webhook-endpoints/{id}/events/{eventId}/replay',
      tags: ['Webhooks'],
      summary: 'Replay an event to an endpoint',
      description: 'Scope webhooks:manage. 202: the event is sent again with the same body and the same webhook-id, retried like the first time. 409 when the endpoint is disabled.',
    },
  })
  .input(z.strictObject({ id: z.string().describe('Webhook endpoint id (whk_…).'), eventId: z.string().describe('Event id (evt_…), the webhook-id of its deliveries.') }))
  .output(AcceptedSchema)
  .mutation(({ ctx, input }) => replayWebhookEvent(ctx.db, { orgId: ctx.orgId, endpointId: input.id, eventId: input.eventId }));
