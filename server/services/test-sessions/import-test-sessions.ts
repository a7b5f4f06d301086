import { eq } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { organizations } from '@/db/schema';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { parseTestSessionFile } from './parse-test-session-file';
import { recordTestSessions } from './record-test-session';

/** An import file (JSON or CSV) into an organization, all or nothing: the ids of the new test sessions. */
export async function importTestSessions(db: DbExecutor, input: { orgId: string; text: string; fileName?: string }): Promise<{ imported: number; ids: string[] }> {
  if (!isIdOf('organization', input.orgId)) throw notFound('Organization');
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, input.orgId));
  if (!org) throw notFound('Organization');
  const rows = parseTestSessionFile(input.text, input.fileName);
  const reports = await recordTestSessions(db, { orgId: input.orgId, rows });
  return { imported: reports.length, ids: reports.map((r) => r.testSessionId) };
}
