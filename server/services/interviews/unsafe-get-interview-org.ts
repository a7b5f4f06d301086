import { eq } from 'drizzle-orm';
import { interviews } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';

/**
 * UNSAFE: reads an interview by id across every organization. Only the internal agent routes call it: the voice
 * agent authenticates with one service-wide secret (or a media token for one interview) and carries no
 * organization of its own, so the interview's organization is learnt here and every later query filters by it.
 * Never call this for a tenant's request (an API key or a recruiter session): use getInterview with the orgId.
 */
export async function unsafeGetInterviewOrg(db: DbExecutor, interviewId: string): Promise<{ id: string; orgId: string }> {
  if (!isIdOf('interview', interviewId)) throw notFound('Interview');
  const [row] = await db.select({ id: interviews.id, orgId: interviews.orgId }).from(interviews).where(eq(interviews.id, interviewId));
  if (!row) throw notFound('Interview');
  return row;
}
