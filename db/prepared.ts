import type { DbExecutor } from './client';

/**
 * A query built once per executor instead of once per call. drizzle renders a select's SQL text from its builder
 * on every execution (walking the columns, joins and conditions): about 0.15 ms of CPU per query, a fifth of the
 * app CPU of a v1 retrieve on the bench. `build` receives the executor and returns a prepared query
 * (`.prepare(name)` with `sql.placeholder(…)` for the values); the result is kept per executor, so the process's
 * database handle builds it once, and a transaction (a short-lived executor of its own) builds it on first use
 * and lets it go with the transaction.
 */
export function preparedQuery<Q>(build: (db: DbExecutor) => Q): (db: DbExecutor) => Q {
  const byExecutor = new WeakMap<DbExecutor, Q>();
  return (db) => {
    let query = byExecutor.get(db);
    if (query === undefined) {
      query = build(db);
      byExecutor.set(db, query);
    }
    return query;
  };
}
