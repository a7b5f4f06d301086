import { setTimeout as sleep } from 'node:timers/promises';
import { and, count, desc, eq, inArray, isNull, max } from 'drizzle-orm';
import { candidates, interviews, jobs, notes, notifications, users, webhookEndpoints } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import type { NotificationDto, NotificationStreamEvent } from './notification-schemas';

type Row = typeof notifications.$inferSelect;

/**
 * Each notification's line and link, built now from what it points to: the candidate's and the author's names
 * as they are today, "an erased candidate" once erased. `withNames: false` (emails) names nobody: a link and the
 * job title only, so no copy of a candidate's name sits in a mailbox.
 */
export async function describeNotifications(db: DbExecutor, orgId: string, rows: Row[], options: { withNames: boolean }): Promise<NotificationDto[]> {
  const interviewIds = [...new Set(rows.flatMap((r) => (r.interviewId ? [r.interviewId] : [])))];
  const noteIds = [...new Set(rows.flatMap((r) => (r.noteId ? [r.noteId] : [])))];
  const actorIds = [...new Set(rows.flatMap((r) => (r.actorId ? [r.actorId] : [])))];
  const endpointIds = [...new Set(rows.flatMap((r) => (r.webhookEndpointId ? [r.webhookEndpointId] : [])))];
  const [interviewRows, noteRows, actorRows, endpointRows] = await Promise.all([
    interviewIds.length > 0
      ? db
          .select({ id: interviews.id, jobTitle: jobs.title, firstName: candidates.firstName, lastName: candidates.lastName, email: candidates.email })
          .from(interviews)
          .innerJoin(jobs, and(eq(jobs.id, interviews.jobId), eq(jobs.orgId, interviews.orgId)))
          .leftJoin(candidates, and(eq(candidates.id, interviews.candidateId), eq(candidates.orgId, interviews.orgId)))
          .where(and(eq(interviews.orgId, orgId), inArray(interviews.id, interviewIds)))
      : [],
    noteIds.length > 0
      ? db
          .select({ id: notes.id, candidateId: notes.candidateId, firstName: candidates.firstName, lastName: candidates.lastName, email: candidates.email })
          .from(notes)
          .leftJoin(candidates, and(eq(candidates.id, notes.candidateId), eq(candidates.orgId, notes.orgId)))
          .where(and(eq(notes.orgId, orgId), inArray(notes.id, noteIds)))
      : [],
    actorIds.length > 0 ? db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(and(eq(users.orgId, orgId), inArray(users.id, actorIds))) : [],
    endpointIds.length > 0
      ? db.select({ id: webhookEndpoints.id, url: webhookEndpoints.url }).from(webhookEndpoints).where(and(eq(webhookEndpoints.orgId, orgId), inArray(webhookEndpoints.id, endpointIds)))
      : [],
  ]);
  const endpointById = new Map(endpointRows.map((r) => [r.id, r.url]));
  const interviewById = new Map(interviewRows.map((r) => [r.id, r]));
  const noteById = new Map(noteRows.map((r) => [r.id, r]));
  const actorById = new Map(actorRows.map((r) => [r.id, r]));
  const personName = (c: { firstName: string | null; lastName: string | null; email: string | null } | undefined) => {
    if (!c?.email) return 'an erased candidate';
    return [c.firstName, c.lastName].filter(Boolean).join(' ').trim() || c.email;
  };
  return rows.map((row) => {
    const interview = row.interviewId ? interviewById.get(row.interviewId) : undefined;
    const note = row.noteId ? noteById.get(row.noteId) : undefined;
    const href = row.interviewId ? `/interviews/${row.interviewId}` : note ? `/candidates/${note.candidateId}` : row.webhookEndpointId ? '/settings/webhooks' : '/overview';
    const who = options.withNames ? personName(interview ?? note) : 'a candidate';
    const job = interview ? ` (${interview.jobTitle})` : '';
    const actor = row.actorId ? actorById.get(row.actorId) : undefined;
    const actorName = actor ? (options.withNames ? (actor.name ?? actor.email) : (actor.name ?? 'A teammate')) : 'A teammate';
    const title = {
      mention: `${actorName} mentioned you in a note about ${who}`,
      'interview.completed': `Interview with ${who}${job} completed`,
      'report.ready': `Report ready for ${who}${job}`,
      'report.failed': `Report failed for ${who}${job}`,
      'interview.expired': `Invitation to ${who}${job} expired unanswered`,
      'webhook.disabled': `Webhook endpoint disabled after its deliveries kept failing: ${(row.webhookEndpointId && endpointById.get(row.webhookEndpointId)) ?? 'a deleted endpoint'}`,
    }[row.kind];
    return { id: row.id, kind: row.kind, title, href, createdAt: row.createdAt.toISOString(), readAt: row.readAt?.toISOString() ?? null };
  });
}

export async function countUnread(db: DbExecutor, input: { orgId: string; userId: string }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.orgId, input.orgId), eq(notifications.userId, input.userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** The user's own notifications, newest first, and how many are unread. */
export async function listNotifications(db: DbExecutor, input: { orgId: string; userId: string; limit: number }) {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.orgId, input.orgId), eq(notifications.userId, input.userId)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(input.limit);
  const [items, unread] = await Promise.all([describeNotifications(db, input.orgId, rows, { withNames: true }), countUnread(db, input)]);
  return { items, unread };
}

/** Marks the user's own notifications read (the listed ones, or all); another user's ids are left alone. */
export async function markNotificationsRead(db: DbExecutor, input: { orgId: string; userId: string; ids?: string[] }): Promise<{ unread: number }> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.orgId, input.orgId),
        eq(notifications.userId, input.userId),
        isNull(notifications.readAt),
        input.ids ? inArray(notifications.id, input.ids) : undefined,
      ),
    );
  return { unread: await countUnread(db, input) };
}

async function readStreamState(db: DbExecutor, input: { orgId: string; userId: string }): Promise<NotificationStreamEvent> {
  const [row] = await db
    .select({ unread: count(), latest: max(notifications.createdAt) })
    .from(notifications)
    .where(and(eq(notifications.orgId, input.orgId), eq(notifications.userId, input.userId), isNull(notifications.readAt)));
  return { unread: Number(row?.unread ?? 0), latestAt: row?.latest ? new Date(row.latest).toISOString() : null };
}

/**
 * The bell's live count, as the live transcript does it: one small indexed query about once a second (so a
 * notification written by any process, a worker's included, arrives), an event whenever the unread count or the
 * newest unread notification changes. Ends when the signal aborts or the session is no longer valid.
 */
export async function* watchNotifications(
  db: DbExecutor,
  input: { orgId: string; userId: string; signal?: AbortSignal; intervalMs?: number; isStillAllowed?: () => Promise<boolean> },
): AsyncGenerator<NotificationStreamEvent> {
  let state = await readStreamState(db, input);
  yield state;
  while (!input.signal?.aborted) {
    try {
      await sleep(input.intervalMs ?? 1000, undefined, { signal: input.signal });
    } catch {
      return;
    }
    const [allowed, next] = await Promise.all([input.isStillAllowed ? input.isStillAllowed() : true, readStreamState(db, input)]);
    if (!allowed) return;
    if (next.unread !== state.unread || next.latestAt !== state.latestAt) {
      state = next;
      yield state;
    }
  }
}
