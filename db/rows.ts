/** postgres.js returns an array of rows from execute(); PGlite returns { rows }. One place knows both. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
