import { and, eq, sql } from 'drizzle-orm';
import { campaigns, interviews, users, watchers, type WatchTargetType } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';

export type WatchTarget = { targetType: WatchTargetType; targetId: string };

/**
 * The default watch: whoever creates an interview or a campaign, decides, reviews or writes a note on it follows
 * it from then on. Called inside the action's transaction; watching twice is watching once. A caller that is not
 * a user (an API key, the agent, a job) watches nothing.
 */
export async function watchByDefault(tx: DbExecutor, input: { orgId: string; userId: string | null | undefined } & WatchTarget): Promise<void> {
  if (!input.userId) return;
  // Only a user of the organization watches (the select yields no row for anyone else).
  await tx.execute(sql`
    insert into ${watchers} (org_id, user_id, target_type, target_id)
    select ${input.orgId}, ${users.id}, ${input.targetType}, ${input.targetId} from ${users}
    where ${users.id} = ${input.userId} and ${users.orgId} = ${input.orgId}
    on conflict do nothing`);
}

/** The interview or campaign, in the organization, or 404 (another organization's id is missing too). */
async function assertTarget(db: DbExecutor, orgId: string, target: WatchTarget): Promise<void> {
  if (target.targetType === 'interview') {
    const [row] = isIdOf('interview', target.targetId)
      ? await db.select({ id: interviews.id }).from(interviews).where(and(eq(interviews.id, target.targetId), eq(interviews.orgId, orgId)))
      : [];
    if (!row) throw notFound('Interview');
  } else {
    const [row] = isIdOf('campaign', target.targetId)
      ? await db.select({ id: campaigns.id }).from(campaigns).where(and(eq(campaigns.id, target.targetId), eq(campaigns.orgId, orgId)))
      : [];
    if (!row) throw notFound('Campaign');
  }
}

const mine = (orgId: string, userId: string, target: WatchTarget) =>
  and(eq(watchers.orgId, orgId), eq(watchers.userId, userId), eq(watchers.targetType, target.targetType), eq(watchers.targetId, target.targetId));

export async function getWatchState(db: DbExecutor, input: { orgId: string; userId: string } & WatchTarget): Promise<{ watching: boolean }> {
  await assertTarget(db, input.orgId, input);
  const [row] = await db.select({ userId: watchers.userId }).from(watchers).where(mine(input.orgId, input.userId, input));
  return { watching: Boolean(row) };
}

/** The user starts or stops following an interview or a campaign of their organization. */
export async function setWatching(db: DbExecutor, input: { orgId: string; userId: string; watching: boolean } & WatchTarget): Promise<{ watching: boolean }> {
  await assertTarget(db, input.orgId, input);
  if (input.watching) await watchByDefault(db, input);
  else await db.delete(watchers).where(mine(input.orgId, input.userId, input));
  return { watching: input.watching };
}
