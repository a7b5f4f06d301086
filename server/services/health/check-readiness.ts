import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, type DbExecutor } from '@/db/client';
import { rowsOf } from '@/db/rows';

export type Readiness = { ready: boolean; database: 'ok' | 'unreachable'; migrations: 'current' | 'pending' | 'unknown'; applied?: number; expected: number };

/** Migrations shipped with this build: each instance checks that the database has at least these applied. */
function expectedMigrationCount(): number {
  return readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql')).length;
}

/** Ready = the database answers and every migration this build ships has been applied. */
export async function checkReadiness(db: DbExecutor): Promise<Readiness> {
  const expected = expectedMigrationCount();
  try {
    const result = await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
    const applied = Number(rowsOf<{ applied: number }>(result)[0]?.applied ?? 0);
    const current = applied >= expected;
    return { ready: current, database: 'ok', migrations: current ? 'current' : 'pending', applied, expected };
  } catch {
    return { ready: false, database: 'unreachable', migrations: 'unknown', expected };
  }
}
