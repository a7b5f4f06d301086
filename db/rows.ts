import { sql, type SQL } from 'drizzle-orm';

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
