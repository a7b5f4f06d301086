import { z } from 'zod';
import { WEBHOOK_EVENTS } from '@/server/services/webhooks/event-catalog';

type JsonObject = Record<string, any>;

const SIGNATURE_HEADERS = [
  { name: 'webhook-id', description: 'The event id (`evt_…`): the same on every retry and replay of this event; dedupe on it.' },
  { name: 'webhook-timestamp', description: 'Unix seconds of this attempt; reject ones far from your clock (the libraries allow 5 minutes).' },
  {
    name: 'webhook-signature',
    description: '`v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoded part of the secret after `whsec_`>`. Verify it with a Standard Webhooks library.',
  },
].map((h) => ({ in: 'header', name: h.name, required: true, description: h.description, schema: { type: 'string' } }));

/**
 * How a receiver knows a delivery is ours: the Standard Webhooks signature, keyed with the endpoint's secret. An
 * `apiKey` scheme in the header is the nearest OpenAPI has to an HMAC signature; its description says how to verify.
 */
export const WEBHOOK_SECURITY_SCHEME = {
  webhookSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'webhook-signature',
    description:
      'Every delivery is signed with the endpoint\'s secret (`whsec_…`, shown when the endpoint is created or its secret rotated): verify `webhook-signature` against `webhook-id`, `webhook-timestamp` and the raw body with a Standard Webhooks library before trusting it.',
  },
} as const;

/** `interview.created` → `webhookInterviewCreated`: a stable, unique operation id per event type. */
function operationIdOf(type: string): string {
  return `webhook${type
    .split(/[._]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')}`;
}

/**
 * The OpenAPI 3.1 `webhooks` section: one POST per event type that the service sends to an endpoint, with the
 * body's schema (its `data` is the REST v1 resource's own schema) and the Standard Webhooks headers.
 */
export function buildWebhooksSection(toJsonSchema: (schema: z.ZodType) => JsonObject): JsonObject {
  const section: JsonObject = {};
  for (const [type, event] of Object.entries(WEBHOOK_EVENTS)) {
    const body = z
      .object({
        type: z.literal(type),
        timestamp: z.string().describe('When the event happened (ISO 8601 UTC).'),
        data: event.schema,
      })
      .describe(`The body of a ${type} delivery.`);
    section[type] = {
      post: {
        operationId: operationIdOf(type),
        summary: type,
        description: `${event.description}\n\nSent as \`POST <your endpoint url>\` with \`Content-Type: application/json\`. Answer any 2xx within 10 s; anything else is retried with exponential backoff for about 24 h, after which the endpoint is disabled and your organization's users are emailed. At least once, in no guaranteed order.`,
        tags: ['Webhooks'],
        security: [{ webhookSignature: [] }],
        parameters: SIGNATURE_HEADERS,
        requestBody: { required: true, content: { 'application/json': { schema: toJsonSchema(body) } } },
        responses: {
          '2XX': { description: 'Received: the delivery succeeded.' },
          default: { description: 'Anything else (or no answer within 10 s): the event is retried.' },
        },
      },
    };
  }
  return section;
}
