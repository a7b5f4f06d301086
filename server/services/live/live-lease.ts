import { and, eq, inArray, sql } from 'drizzle-orm';
import { log } from '@/server/log';
import type { DbExecutor } from '@/db/client';
import { liveConnections } from '@/db/schema';
import { newId } from '@/server/ids';

/**
 * One live conversation per interview across every app instance: the newest page connection claims the interview
 * (an upsert of `live_connections`), and a connection that finds it no longer holds the claim ends (the page is
 * told another tab or device took over). Checked every `LEASE_CHECK_MS` while a connection is open, so a
 * superseded connection on another instance goes quiet within that time; a second answer it might still send in
 * that window is refused by the interviewer's own once-only answer (answerQuestion's conflict).
 */

export const LEASE_CHECK_MS = 2_000;

export async function claimLiveConversation(db: DbExecutor, target: { orgId: string; interviewId: string }): Promise<string> {
  const connectionId = newId('liveConnection');
  await db
    .insert(liveConnections)
    .values({ interviewId: target.interviewId, orgId: target.orgId, connectionId })
    .onConflictDoUpdate({ target: liveConnections.interviewId, set: { connectionId, orgId: target.orgId, claimedAt: sql`now()` } });
  return connectionId;
}

type Watch = { db: DbExecutor; orgId: string; interviewId: string; connectionId: string; lost: () => void };
const WATCHES_KEY = Symbol.for('interview-screening.live-lease-watches');
type Watches = { all: Set<Watch>; timer: NodeJS.Timeout | null; checking: boolean };

/**
 * Calls `lost` once when `connectionId` is no longer the interview's newest connection. Every connection of this
 * process is checked in one query every LEASE_CHECK_MS (one query per instance, not per conversation, however
 * many are open). Returns the function that stops watching (the connection closed).
 */
export function watchLiveConversation(db: DbExecutor, target: { orgId: string; interviewId: string }, connectionId: string, lost: () => void): () => void {
  const holder = globalThis as { [WATCHES_KEY]?: Watches };
  const watches = (holder[WATCHES_KEY] ??= { all: new Set(), timer: null, checking: false });
  const watch: Watch = { db, ...target, connectionId, lost };
  watches.all.add(watch);
  if (!watches.timer) {
    watches.timer = setInterval(() => void checkLeases(watches), LEASE_CHECK_MS);
    watches.timer.unref();
  }
  return () => {
    watches.all.delete(watch);
    if (watches.all.size === 0 && watches.timer) {
      clearInterval(watches.timer);
      watches.timer = null;
    }
  };
}

async function checkLeases(watches: Watches): Promise<void> {
  // A check slower than the interval (a database under strain) is not overlapped by the next one.
  if (watches.checking) return;
  watches.checking = true;
  try {
    await checkEach(watches);
  } finally {
    watches.checking = false;
  }
}

async function checkEach(watches: Watches): Promise<void> {
  const byDb = new Map<DbExecutor, Watch[]>();
  for (const watch of watches.all) byDb.set(watch.db, [...(byDb.get(watch.db) ?? []), watch]);
  for (const [db, group] of byDb) {
    try {
      const rows = await db
        .select({ interviewId: liveConnections.interviewId, orgId: liveConnections.orgId, connectionId: liveConnections.connectionId })
        .from(liveConnections)
        .where(inArray(liveConnections.interviewId, [...new Set(group.map((w) => w.interviewId))]));
      const holder = new Map(rows.map((r) => [`${r.orgId}/${r.interviewId}`, r.connectionId]));
      for (const watch of group) {
        if (!watches.all.has(watch) || holder.get(`${watch.orgId}/${watch.interviewId}`) === watch.connectionId) continue;
        watches.all.delete(watch);
        watch.lost();
      }
    } catch (error) {
      // The database unreachable for a moment (a restart) is not a takeover: the conversations go on.
      log.warn({ err: error }, 'could not check the live conversations’ leases');
    }
  }
}

/** The connection ended: its claim goes, unless a newer connection holds it already. */
export async function releaseLiveConversation(db: DbExecutor, target: { orgId: string; interviewId: string }, connectionId: string): Promise<void> {
  await db
    .delete(liveConnections)
    .where(and(eq(liveConnections.interviewId, target.interviewId), eq(liveConnections.orgId, target.orgId), eq(liveConnections.connectionId, connectionId)));
}
