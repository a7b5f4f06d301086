import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { interviews } from './interviews';
import { organizations } from './organizations';
import { users } from './users';

/**
 * A teammate's note about a candidate, written on the candidate's profile (`interview_id` null) or on one of their
 * interviews. `candidate_id` is always the candidate the note is about (an interview's note copies its
 * interview's candidate), so erasure and the access export find every note by it. No foreign key to candidates:
 * an erased candidate's interviews keep their candidateId as an anonymous key, and so would a note written later.
 * `mentioned_user_ids` are the teammates the author mentioned, by id, so a renamed user still resolves.
 * Deleting a note deletes the row (notes are personal data; the audit log keeps ids only).
 */
export const notes = pgTable(
  'notes',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    candidateId: text('candidate_id').notNull(),
    interviewId: text('interview_id').references(() => interviews.id),
    /** Null once the author is removed from the team: the note stays, as the team's record. */
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    mentionedUserIds: text('mentioned_user_ids').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notes_org_candidate_idx').on(t.orgId, t.candidateId, t.createdAt),
    index('notes_org_interview_idx').on(t.orgId, t.interviewId, t.createdAt),
    check('notes_body_length', sql`char_length(${t.body}) between 1 and 5000`),
  ],
);
