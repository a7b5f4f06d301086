import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { teamInvitations, users } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { iso } from '../fields';
import type { TeamDto, TeamInvitationDto } from './team-schemas';

/** The organization's members and its pending (not accepted, not revoked) invitations. */
export async function listTeam(db: DbExecutor, input: { orgId: string; now?: Date }): Promise<TeamDto> {
  const now = input.now ?? new Date();
  const [members, invitations] = await Promise.all([
    db
      .select({ id: users.id, email: users.email, name: users.name, role: users.role, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.orgId, input.orgId))
      .orderBy(asc(users.createdAt), asc(users.id)),
    db
      .select()
      .from(teamInvitations)
      .where(and(eq(teamInvitations.orgId, input.orgId), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt)))
      .orderBy(desc(teamInvitations.createdAt), desc(teamInvitations.id)),
  ]);
  return {
    members: members.map((m) => ({ ...m, createdAt: iso(m.createdAt) })),
    invitations: invitations.map((row) => toInvitationDto(row, now)),
  };
}

export function toInvitationDto(row: typeof teamInvitations.$inferSelect, now = new Date()): TeamInvitationDto {
  return { id: row.id, email: row.email, role: row.role, expiresAt: iso(row.expiresAt), expired: row.expiresAt <= now, createdAt: iso(row.createdAt) };
}
