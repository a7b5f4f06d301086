import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Idempotency-Key records for v1 POSTs: the first response is replayed for 24 h. */
export const idempotencyRequests = pgTable(
  'idempotency_requests',
  {
    apiKeyId: text('api_key_id').notNull(),
    key: text('key').notNull(),
    orgId: text('org_id').notNull(),
    /** Method and path the key was first used on, plus a hash of the body. */
    requestHash: text('request_hash').notNull(),
    /** null while the first request is still in flight. */
    responseStatus: integer('response_status'),
    /** The first response's JSON text, replayed byte for byte. */
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.key] }), index('idempotency_requests_created_idx').on(t.createdAt)],
);
