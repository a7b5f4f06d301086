import { z } from 'zod';
import { PaginationInputShape, paginatedSchema } from '@/server/services/pagination';
import { listWebhookEndpoints } from '@/server/services/webhooks/list-webhook-endpoints';
import { WebhookEndpointSchema } from '@/server/services/webhooks/webhook-schemas';
import { scopedProcedure } from '@/server/trpc';

export const listWebhookEndpointsProcedure = scopedProcedure('webhooks:manage')
  .meta({ openapi: { method: 'GET', path: '/webhook-endpoints', tags: ['Webhooks'], summary: "List the organization's webhook endpoints", description: 'Newest first. Scope webhooks:manage. Secrets are never listed.' } })
  .input(z.strictObject({ ...PaginationInputShape }))
  .output(paginatedSchema(WebhookEndpointSchema))
  .query(({ ctx, input }) => listWebhookEndpoints(ctx.db, { orgId: ctx.orgId, page: input.page, pageSize: input.pageSize }));
