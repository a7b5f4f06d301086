import { and, eq, sql } from 'drizzle-orm';
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

/** True while `connectionId` is the interview's newest connection. */
export async function holdsLiveConversation(db: DbExecutor, target: { orgId: string; interviewId: string }, connectionId: string): Promise<boolean> {
  const [row] = await db
    .select({ connectionId: liveConnections.connectionId })
    .from(liveConnections)
    .where(and(eq(liveConnections.interviewId, target.interviewId), eq(liveConnections.orgId, target.orgId)));
  return row?.connectionId === connectionId;
}

/** The connection ended: its claim goes, unless a newer connection holds it already. */
export async function releaseLiveConversation(db: DbExecutor, target: { orgId: string; interviewId: string }, connectionId: string): Promise<void> {
  await db
    .delete(liveConnections)
    .where(and(eq(liveConnections.interviewId, target.interviewId), eq(liveConnections.orgId, target.orgId), eq(liveConnections.connectionId, connectionId)));
}
