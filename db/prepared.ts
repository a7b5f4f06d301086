import type { DbExecutor } from './client';
import { driverClientOf, type DriverClient } from './driver-client';

/**
 * A query built once per process instead of once per call. drizzle renders a select's SQL text from its builder
 * on every execution (walking the columns, joins and conditions): about 0.15 ms of CPU per query, a fifth of the
 * app CPU of a v1 retrieve on the bench, and 0.5 ms for an interview read with its decision subquery. `build`
 * receives an executor and returns a prepared query (`.prepare(name)` with `sql.placeholder(…)` for the values).
 *
 * The query is built on the first executor of each driver that asks (postgres.js or PGlite: their prepared queries
 * differ), and a transaction gets that same query bound to its own connection: a copy whose `client` is the
 * transaction's. Both drivers' prepared queries (drizzle-orm/postgres-js and /pglite session.js) keep the driver
 * client they run on in `client` and nothing else tied to the session; a transaction of the turn's start, or of
 * any event, no longer renders its reads again (db/prepared.test.ts runs a prepared read inside a transaction
 * and sees its uncommitted write).
 */
export function preparedQuery<Q extends object>(build: (db: DbExecutor) => Q): (db: DbExecutor) => Q {
  const built = new Map<DriverClient['kind'], { executor: DbExecutor; query: Q }>();
  const bound = new WeakMap<DbExecutor, Q>();
  return (db) => {
    const driver = driverClientOf(db);
    let template = built.get(driver.kind);
    if (!template) {
      template = { executor: db, query: build(db) };
      built.set(driver.kind, template);
    }
    if (template.executor === db) return template.query;
    let query = bound.get(db);
    if (query === undefined) {
      query = Object.assign(Object.create(Object.getPrototypeOf(template.query)) as Q, template.query, { client: driver.client });
      bound.set(db, query);
    }
    return query;
  };
}
