import { eq } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { organizations } from '@/db/schema';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { parseTestSessionFile } from './parse-test-session-file';
import { recordTestSessions, type ImportedRow } from './record-test-session';

export type ImportTestSessionsResult = {
  /** Sessions added by this import, and their ids. */
  imported: number;
  ids: string[];
  /** Rows already recorded (by an earlier import, the dashboard, or earlier in the same file): nothing added. */
  duplicates: number;
  /** Per row of the file (1-based): imported, or a duplicate of the session it names. */
  rows: ImportedRow[];
};

/**
 * An import file (JSON or CSV) into an organization, all or nothing. Idempotent: a session already recorded
 * (same candidate, campaign, test name and completion time) is not added again, and its row says `duplicate`;
 * importing the same file twice adds nothing the second time.
 */
export async function importTestSessions(db: DbExecutor, input: { orgId: string; text: string; fileName?: string }): Promise<ImportTestSessionsResult> {
  if (!isIdOf('organization', input.orgId)) throw notFound('Organization');
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, input.orgId));
  if (!org) throw notFound('Organization');
  const rows = parseTestSessionFile(input.text, input.fileName);
  const result = await recordTestSessions(db, { orgId: input.orgId, rows });
  return {
    imported: result.created.length,
    ids: result.created.map((r) => r.testSessionId),
    duplicates: result.rows.filter((r) => r.status === 'duplicate').length,
    rows: result.rows,
  };
}
