import { randomBytes } from 'node:crypto';

/**
 * Which database the suite runs on: a real PostgreSQL server when TEST_DATABASE_URL (or DATABASE_URL) is set,
 * the embedded PGlite otherwise.
 */
export function testServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

/** The same server URL pointing at another database name. */
export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export function freshDatabaseName(): string {
  return `iss_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
}
