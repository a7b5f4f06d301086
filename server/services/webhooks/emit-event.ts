import { and, eq, sql } from 'drizzle-orm';
import { webhookEndpoints, webhookEvents } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { preparedQuery } from '@/db/prepared';
import { newId } from '@/server/ids';
import type { WebhookEventData, WebhookEventType } from './event-catalog';
import { enqueueDelivery } from './enqueue-delivery';
import { notifyWatchersOfEvent } from '../notifications/create-notifications';
import { queueAtsWritebacks } from '../integrations/queue-ats-writebacks';

/**
 * Records an event in the outbox and queues one delivery job per enabled endpoint of the organization that wants
 * it, all inside the caller's transaction: the change, its event and its deliveries commit together or not at
 * all (a rollback sends nothing, a crash after the commit loses nothing). Call it after the change, with the
 * resource as REST v1 returns it, read inside the same transaction. The watchers' notifications of the event are
 * written here too (notifications/create-notifications.ts), so each such event notifies from this one place.
 */
export async function emitEvent<T extends WebhookEventType>(tx: DbExecutor, input: { orgId: string; type: T; data: WebhookEventData[T] }): Promise<string | null> {
  // A demo interview ("Run a demo interview") tells nobody: no event, no delivery, no notification, no ATS write.
  if (isDemoData(input.data)) return null;
  // Neither needs the other: sent together, they cost one round trip to the database instead of two (postgres.js
  // pipelines the queries of one connection; every event of the product is emitted inside a transaction).
  const [endpoints, eventId] = await Promise.all([subscribedEndpoints(tx, input.orgId, input.type), insertEventRow(tx, input)]);
  await enqueueDeliveries(tx, eventId, endpoints);
  // The same outbox tells the people watching the interview (interview.completed, report.ready, …).
  await notifyWatchersOfEvent(tx, { orgId: input.orgId, type: input.type, data: input.data, eventId });
  // And the applicant tracking systems that ordered the interview (CONTRACT §15), through their own outbox.
  await queueAtsWritebacks(tx, { orgId: input.orgId, type: input.type, data: input.data });
  return eventId;
}

function isDemoData(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { isDemo?: unknown }).isDemo === true;
}

/** The event row and its deliveries to the given endpoints (the test event names its one endpoint). */
export async function recordEvent(tx: DbExecutor, input: { orgId: string; type: string; data: unknown; endpointIds: string[] }): Promise<string> {
  const id = await insertEventRow(tx, input);
  await enqueueDeliveries(tx, id, input.endpointIds);
  return id;
}

async function insertEventRow(tx: DbExecutor, input: { orgId: string; type: string; data: unknown }): Promise<string> {
  const id = newId('webhookEvent');
  const body = JSON.stringify({ type: input.type, timestamp: new Date().toISOString(), data: input.data });
  await insertEvent(tx).execute({ id, orgId: input.orgId, type: input.type, body });
  return id;
}

async function enqueueDeliveries(tx: DbExecutor, eventId: string, endpointIds: string[]): Promise<void> {
  for (const endpointId of endpointIds) await enqueueDelivery(tx, { eventId, endpointId, attempt: 1 });
}

/**
 * Many events of one type at once (a CSV import, a test-session import): one endpoint lookup and one insert per
 * batch of events, in the caller's transaction like emitEvent.
 */
export async function emitEvents<T extends WebhookEventType>(tx: DbExecutor, input: { orgId: string; type: T; items: WebhookEventData[T][] }): Promise<void> {
  input = { ...input, items: input.items.filter((item) => !isDemoData(item)) };
  if (input.items.length === 0) return;
  const endpoints = await subscribedEndpoints(tx, input.orgId, input.type);
  const timestamp = new Date().toISOString();
  for (let i = 0; i < input.items.length; i += EVENT_INSERT_BATCH) {
    const rows = input.items.slice(i, i + EVENT_INSERT_BATCH).map((data) => ({
      id: newId('webhookEvent'),
      orgId: input.orgId,
      type: input.type,
      body: JSON.stringify({ type: input.type, timestamp, data }),
    }));
    await tx.insert(webhookEvents).values(rows);
    for (const row of rows) await enqueueDeliveries(tx, row.id, endpoints);
  }
}

/** Events inserted per statement (4 parameters each). */
const EVENT_INSERT_BATCH = 1000;

const insertEvent = preparedQuery((db) =>
  db
    .insert(webhookEvents)
    .values({ id: sql.placeholder('id'), orgId: sql.placeholder('orgId'), type: sql.placeholder('type'), body: sql.placeholder('body') })
    .prepare('insert_webhook_event'),
);

const selectSubscribedEndpoints = preparedQuery((db) =>
  db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.orgId, sql.placeholder('orgId')),
        eq(webhookEndpoints.enabled, true),
        sql`${webhookEndpoints.eventTypes} && array[${sql.placeholder('type')}, '*']::text[]`,
      ),
    )
    .prepare('select_subscribed_endpoints'),
);

/** The organization's enabled endpoints that want this event type (by name, or all with `*`). */
async function subscribedEndpoints(tx: DbExecutor, orgId: string, type: string): Promise<string[]> {
  const rows = await selectSubscribedEndpoints(tx).execute({ orgId, type });
  return rows.map((row) => row.id);
}
