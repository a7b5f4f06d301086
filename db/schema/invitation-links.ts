import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { interviews } from './interviews';
import { organizations } from './organizations';

/**
 * The current invitation link of an interview, so a recruiter can copy it from the campaign page. The token is
 * kept sealed (AES-256-GCM under MEDIA_TOKEN_SECRET, bound to the interview id), exactly as the email job's
 * payload already holds it: the database alone still opens no interview. `tokenHash` names the link it seals; a
 * row whose hash is no longer the interview's (resent, cancelled) is stale and shows nothing.
 */
export const invitationLinks = pgTable('invitation_links', {
  interviewId: text('interview_id')
    .primaryKey()
    .references(() => interviews.id),
  orgId: text('org_id')
    .notNull()
    .references(() => organizations.id),
  tokenHash: text('token_hash').notNull(),
  sealedToken: text('sealed_token').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
