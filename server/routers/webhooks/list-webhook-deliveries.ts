import { z } from 'zod';
import { PaginationInputShape, paginatedSchema } from '@/server/services/pagination';
import { listWebhookDeliveries } from '@/server/services/webhooks/list-webhook-deliveries';
import { WebhookDeliverySchema } from '@/server/services/webhooks/webhook-schemas';
import { scopedProcedure } from '@/server/trpc';

export const listWebhookDeliveriesProcedure = scopedProcedure('webhooks:manage')
  .meta({
    openapi: {
      method: 'GET',
      path: '/webhook-endpoints/{id}/deliveries',
      tags: ['Webhooks'],
      summary: "A webhook endpoint's delivery log",
      description: 'Scope webhooks:manage. One item per attempt, newest first.',
    },
  })
  .input(z.strictObject({ id: z.string().describe('Webhook endpoint id (whk_…).'), ...PaginationInputShape }))
  .output(paginatedSchema(WebhookDeliverySchema))
  .query(({ ctx, input }) => listWebhookDeliveries(ctx.db, { orgId: ctx.orgId, endpointId: input.id, page: input.page, pageSize: input.pageSize }));
