/** The event catalog of CONTRACT §10: what an endpoint may subscribe to (plain data: the dashboard's client code reads it too). */
export const WEBHOOK_EVENT_TYPES = [
  'interview.created',
  'interview.invited',
  'interview.started',
  'interview.completed',
  'interview.cancelled',
  'interview.expired',
  'interview.decided',
  'report.ready',
  'report.failed',
  'candidate.created',
  'candidate.updated',
  'candidate.deleted',
  'test_session.recorded',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
