import { z } from 'zod';
import { WEBHOOK_DELIVERY_STATUSES } from '@/db/schema';
import { idString, timestampOut } from '../fields';
import { WEBHOOK_EVENT_TYPES } from './event-catalog';

const EventTypesSchema = z
  .array(z.enum([...WEBHOOK_EVENT_TYPES, '*'], { error: (issue) => `Unknown event type ${JSON.stringify(issue.input)}; see the webhooks section of the OpenAPI document, or use "*"` }))
  .min(1, 'Give at least one event type, or ["*"] for all of them')
  .max(WEBHOOK_EVENT_TYPES.length + 1)
  .transform((types) => (types.includes('*') ? ['*'] : [...new Set(types)].sort()))
  .describe('Event types to receive, from the catalog, or ["*"] for all.');

const UrlSchema = z.string().trim().min(1, 'Required').max(2048, 'Must be at most 2048 characters').describe('Where events are POSTed: https (in production), a public address.');
const DescriptionSchema = z.string().trim().max(500, 'Must be at most 500 characters').nullable().describe('A note for people: what receives these events.');

export const CreateWebhookEndpointInputSchema = z.strictObject({
  url: UrlSchema,
  eventTypes: EventTypesSchema,
  description: DescriptionSchema.optional(),
  enabled: z.boolean().default(true).describe('Default true.'),
});
export type CreateWebhookEndpointInput = z.infer<typeof CreateWebhookEndpointInputSchema>;

export const UpdateWebhookEndpointInputSchema = z.strictObject({
  id: idString('Webhook endpoint id (whk_…).'),
  url: UrlSchema.optional(),
  eventTypes: EventTypesSchema.optional(),
  description: DescriptionSchema.optional(),
  enabled: z.boolean().optional().describe('false stops deliveries; true resumes them (and clears a disabling by the service).'),
});
export type UpdateWebhookEndpointInput = z.infer<typeof UpdateWebhookEndpointInputSchema>;

export const WebhookEndpointSchema = z.object({
  id: z.string().describe('Webhook endpoint id (whk_…).'),
  url: z.string(),
  eventTypes: z.array(z.string()).describe('Event types it receives, or ["*"].'),
  description: z.string().nullable(),
  enabled: z.boolean(),
  disabledReason: z.string().nullable().describe('Set when the service disabled the endpoint after its deliveries failed for the whole retry window.'),
  createdAt: timestampOut(),
  updatedAt: timestampOut(),
});
export type WebhookEndpointDto = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointWithSecretSchema = WebhookEndpointSchema.extend({
  secret: z.string().describe('`whsec_` + base64 of 32 random bytes: the signing key. Shown only on create and rotate: store it now.'),
});
export type WebhookEndpointWithSecretDto = z.infer<typeof WebhookEndpointWithSecretSchema>;

export const WebhookDeliverySchema = z.object({
  id: z.string().describe('Delivery attempt id (wdl_…).'),
  eventId: z.string().describe('The event (evt_…), also its `webhook-id` header.'),
  eventType: z.string(),
  attempt: z.number().int().describe('1 for the first try; each retry adds one (a replay continues the count).'),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).describe('PENDING while the request is in flight.'),
  responseStatus: z.number().int().nullable().describe("The receiver's HTTP status; null when there was no answer."),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable().describe("What went wrong, in the service's words (the receiver's body is never stored)."),
  createdAt: timestampOut(),
});
export type WebhookDeliveryDto = z.infer<typeof WebhookDeliverySchema>;

export const AcceptedSchema = z.object({
  eventId: z.string().describe('The event (evt_…) queued for delivery.'),
  status: z.literal('QUEUED'),
});
