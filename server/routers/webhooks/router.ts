import { router } from '@/server/trpc';
import { createWebhookEndpointProcedure } from './create-webhook-endpoint';
import { deleteWebhookEndpointProcedure } from './delete-webhook-endpoint';
import { getWebhookEndpointProcedure } from './get-webhook-endpoint';
import { listWebhookDeliveriesProcedure } from './list-webhook-deliveries';
import { listWebhookEndpointsProcedure } from './list-webhook-endpoints';
import { replayWebhookEventProcedure } from './replay-webhook-event';
import { rotateWebhookSecretProcedure } from './rotate-webhook-secret';
import { sendTestEventProcedure } from './send-test-event';
import { updateWebhookEndpointProcedure } from './update-webhook-endpoint';

export const webhooksRouter = router({
  list: listWebhookEndpointsProcedure,
  get: getWebhookEndpointProcedure,
  create: createWebhookEndpointProcedure,
  update: updateWebhookEndpointProcedure,
  delete: deleteWebhookEndpointProcedure,
  rotateSecret: rotateWebhookSecretProcedure,
  deliveries: listWebhookDeliveriesProcedure,
  replay: replayWebhookEventProcedure,
  test: sendTestEventProcedure,
});
