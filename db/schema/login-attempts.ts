import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Sign-in attempts per email in a fixed window, kept in the database so every app instance shares the count.
 * An attempt is counted before the password is checked, so concurrent guesses cannot exceed the limit.
 * Rows exist for unknown emails too: the limit must not reveal which addresses have an account.
 */
export const loginAttempts = pgTable('login_attempts', {
  email: text('email').primaryKey(),
  attempts: integer('attempts').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});
