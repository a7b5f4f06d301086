import type { DbExecutor } from '@/db/client';
import { AppError } from '@/server/errors';
import { recordEvent } from './emit-event';
import { TEST_EVENT_TYPE } from './event-catalog';
import { getWebhookEndpointRow } from './get-webhook-endpoint';

/** A `webhook.test` event for this endpoint only, delivered (signed, logged, retried) like any other. */
export async function sendTestEvent(db: DbExecutor, input: { orgId: string; endpointId: string }): Promise<{ eventId: string; status: 'QUEUED' }> {
  return db.transaction(async (tx) => {
    const endpoint = await getWebhookEndpointRow(tx, { orgId: input.orgId, id: input.endpointId });
    if (!endpoint.enabled) throw new AppError('INVALID_STATE', 'The endpoint is disabled: enable it before sending a test event');
    const eventId = await recordEvent(tx, {
      orgId: input.orgId,
      type: TEST_EVENT_TYPE,
      data: { endpointId: endpoint.id, message: 'A test event from the interview screening service.' },
      endpointIds: [endpoint.id],
    });
    return { eventId, status: 'QUEUED' as const };
  });
}
