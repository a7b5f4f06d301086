import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** postgres.js returns an array of rows from execute(); PGlite returns { rows }. One place knows both. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * An instant as a bound parameter in raw SQL. postgres.js, as drizzle configures it, takes only strings for
 * parameters outside a typed column comparison (a Date fails at bind time), while PGlite takes either; an ISO string
 * cast to timestamptz works on both.
 */
export function sqlInstant(at: Date): SQL {
  return sql`${at.toISOString()}::timestamptz`;
}

/**
 * A timestamp column selected as the driver gives it, for iso() (server/services/fields.ts). drizzle leaves
 * timestamps as PostgreSQL's text on both drivers and builds a Date from it in its column mapping, which iso() then
 * turns back into text; selected as SQL of the same column (the same SQL text), the value reaches iso() as it stands. On a retrieve (ten timestamps
 * and two a turn) or a page of twenty interviews, those Dates were about a tenth of the request's CPU: Next.js
 * wraps the Date constructor in the server's process.
 */
export const timestampText = (column: AnyPgColumn) => sql<string>`${column}`;
export const nullableTimestampText = (column: AnyPgColumn) => sql<string | null>`${column}`;
