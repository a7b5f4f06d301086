import { and, eq, isNull } from 'drizzle-orm';
import { interviews } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { hashInvitationToken, isInvitationTokenShape } from './invitation-token';

/**
 * Marks the interview whose link this is as opened (the funnel's `opened`, CONTRACT §14), once: the first load
 * counts and later ones change nothing. Called by the invitation page when it renders a link that can still be
 * used; a closed or unknown link records nothing. Like every lookup by token, no organization is involved: the
 * token's hash is unique across all of them.
 */
export async function recordInvitationOpened(db: DbExecutor, token: string, now = new Date()): Promise<void> {
  if (!isInvitationTokenShape(token)) return;
  await db
    .update(interviews)
    .set({ openedAt: now })
    .where(and(eq(interviews.inviteTokenHash, hashInvitationToken(token)), isNull(interviews.openedAt)));
}
