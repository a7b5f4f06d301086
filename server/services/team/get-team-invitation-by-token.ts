import { and, eq, type SQL } from 'drizzle-orm';
import { organizations, teamInvitations, users, type UserRole } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { hashInvitationToken, isInvitationTokenShape } from '../invitations/invitation-token';

export type TeamInvitationState = 'pending' | 'expired' | 'revoked' | 'accepted';

export type TeamInvitationView = {
  state: TeamInvitationState;
  organizationName: string;
  email: string;
  role: UserRole;
  expiresAt: Date;
  /** Who to ask for a new link: the inviting admin, while they are still a member. */
  invitedBy: { name: string | null; email: string } | null;
};

/**
 * An invitation with its organization's name and its inviter (while still a member of that organization): what the
 * join page shows and what the invitation email says, one query for both.
 */
export function selectTeamInvitationFacts(db: DbExecutor, where: SQL) {
  return db
    .select({
      email: teamInvitations.email,
      role: teamInvitations.role,
      tokenHash: teamInvitations.tokenHash,
      expiresAt: teamInvitations.expiresAt,
      acceptedAt: teamInvitations.acceptedAt,
      revokedAt: teamInvitations.revokedAt,
      organizationName: organizations.name,
      inviterName: users.name,
      inviterEmail: users.email,
    })
    .from(teamInvitations)
    .innerJoin(organizations, eq(organizations.id, teamInvitations.orgId))
    .leftJoin(users, and(eq(users.id, teamInvitations.invitedBy), eq(users.orgId, teamInvitations.orgId)))
    .where(where);
}

/**
 * What the join page shows for a link, or null for a token we never issued. The token is looked up by its
 * SHA-256 (an indexed equality on a hash: no timing difference reveals a prefix of a real token).
 */
export async function getTeamInvitationByToken(db: DbExecutor, input: { token: string; now?: Date }): Promise<TeamInvitationView | null> {
  if (!isInvitationTokenShape(input.token)) return null;
  const now = input.now ?? new Date();
  const [row] = await selectTeamInvitationFacts(db, eq(teamInvitations.tokenHash, hashInvitationToken(input.token)));
  if (!row) return null;
  return {
    state: invitationState(row, now),
    organizationName: row.organizationName,
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt,
    invitedBy: row.inviterEmail ? { name: row.inviterName, email: row.inviterEmail } : null,
  };
}

export function invitationState(row: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now: Date): TeamInvitationState {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'pending';
}
