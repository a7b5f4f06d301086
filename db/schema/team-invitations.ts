import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import type { UserRole } from './users';

/**
 * Invitations of teammates to an organization. Only the SHA-256 of the link's token is stored. At most one
 * pending (neither accepted nor revoked) invitation per email and organization: inviting again revokes the old one.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    email: text('email').notNull(),
    role: text('role').$type<UserRole>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The admin who invited (a user id; kept as text: the inviter may be removed later). */
    invitedBy: text('invited_by').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: text('accepted_user_id'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('team_invitations_org_idx').on(t.orgId, t.createdAt.desc()),
    uniqueIndex('team_invitations_pending_email_idx').on(t.orgId, t.email).where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    check('team_invitations_role_check', sql`${t.role} in ('admin', 'recruiter', 'viewer')`),
  ],
);
