import { and, eq, inArray, or } from 'drizzle-orm';
import { interviews, notificationPreferences, notifications, watchers, type NotificationKind } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { newId } from '@/server/ids';
import { enqueueJob, QUEUES } from '@/server/jobs/queue';
import { DEFAULT_EMAIL_DELIVERY } from './notification-schemas';

export type NotifyInput = {
  orgId: string;
  userIds: string[];
  kind: NotificationKind;
  interviewId?: string | null;
  noteId?: string | null;
  webhookEndpointId?: string | null;
  /** The user whose action this is: never notified of it. */
  actorId?: string | null;
  /** Names the event: a user is notified once per key, however often the event is handled. */
  dedupeKey: string;
};

/**
 * One notification per user, in the caller's transaction (so it commits with the change that caused it), and,
 * for the users who want this kind by email at once, the email job in the same transaction.
 */
export async function notifyUsers(tx: DbExecutor, input: NotifyInput): Promise<string[]> {
  const userIds = [...new Set(input.userIds)].filter((id) => id !== input.actorId);
  if (userIds.length === 0) return [];
  const created = await tx
    .insert(notifications)
    .values(
      userIds.map((userId) => ({
        id: newId('notification'),
        orgId: input.orgId,
        userId,
        kind: input.kind,
        interviewId: input.interviewId ?? null,
        noteId: input.noteId ?? null,
        webhookEndpointId: input.webhookEndpointId ?? null,
        actorId: input.actorId ?? null,
        dedupeKey: input.dedupeKey,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: notifications.id, userId: notifications.userId });
  if (created.length === 0) return [];
  const chosen = await tx
    .select({ userId: notificationPreferences.userId, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.kind, input.kind), inArray(notificationPreferences.userId, created.map((c) => c.userId))));
  const choice = new Map(chosen.map((c) => [c.userId, c.email]));
  for (const row of created) {
    if ((choice.get(row.userId) ?? DEFAULT_EMAIL_DELIVERY[input.kind]) === 'immediately') {
      await enqueueJob(tx, QUEUES.notificationEmail, { notificationId: row.id });
    }
  }
  return created.map((c) => c.id);
}

/** Webhook event types that notify the people watching the interview (or its campaign). */
const EVENT_KINDS: Partial<Record<string, NotificationKind>> = {
  'interview.completed': 'interview.completed',
  'interview.expired': 'interview.expired',
  'report.ready': 'report.ready',
  'report.failed': 'report.failed',
};

/**
 * Called by the outbox (emitEvent) for every event, in the transaction of the change: the one place where
 * interview.completed, interview.expired, report.ready and report.failed become notifications for whoever
 * watches the interview or its campaign. These events have no user behind them (the candidate, the agent, a
 * job), so nobody is left out as the actor.
 */
export async function notifyWatchersOfEvent(tx: DbExecutor, input: { orgId: string; type: string; data: unknown; eventId: string }): Promise<void> {
  const kind = EVENT_KINDS[input.type];
  if (!kind) return;
  const data = input.data as { id?: string; interviewId?: string | null };
  const interviewId = input.type.startsWith('report.') ? data.interviewId : data.id;
  if (!interviewId) return; // a test session's report: nobody watches those
  const [interview] = await tx
    .select({ campaignId: interviews.campaignId })
    .from(interviews)
    .where(and(eq(interviews.id, interviewId), eq(interviews.orgId, input.orgId)));
  if (!interview) return;
  const targets = [and(eq(watchers.targetType, 'interview'), eq(watchers.targetId, interviewId))];
  if (interview.campaignId) targets.push(and(eq(watchers.targetType, 'campaign'), eq(watchers.targetId, interview.campaignId)));
  const rows = await tx
    .select({ userId: watchers.userId })
    .from(watchers)
    .where(and(eq(watchers.orgId, input.orgId), or(...targets)));
  await notifyUsers(tx, { orgId: input.orgId, userIds: rows.map((r) => r.userId), kind, interviewId, dedupeKey: `event:${input.eventId}` });
}
