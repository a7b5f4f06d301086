import { and, eq, inArray, sql } from 'drizzle-orm';
import { interviews } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError, notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { explainRefusal } from '../invitations/explain-refusal';

/**
 * The recruiter's explicit "Run a demo interview": claims a DRAFT or INVITED interview of the organization, not
 * yet started and not yet expired, for the simulated agent (never triggered from a candidate's link). Another
 * organization's id → 404; any other state → 409.
 */
export async function claimDemoInterview(db: DbExecutor, input: { orgId: string; id: string }): Promise<{ id: string }> {
  if (!isIdOf('interview', input.id)) throw notFound('Interview');
  const [claimed] = await db
    .update(interviews)
    .set({ agentDispatchedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(interviews.id, input.id),
        eq(interviews.orgId, input.orgId),
        inArray(interviews.status, ['DRAFT', 'INVITED']),
        sql`${interviews.expiresAt} > now()`,
        sql`not exists (select 1 from turns where turns.interview_id = ${interviews.id} and turns.org_id = ${interviews.orgId})`,
      ),
    )
    .returning({ id: interviews.id });
  if (claimed) return claimed;
  const refusal = await explainRefusal(db, input, 'run a demo on');
  if (refusal.message.endsWith('INVITED') || refusal.message.endsWith('DRAFT')) {
    throw new AppError('INVALID_STATE', 'A conversation has already begun on this interview, or its link has expired');
  }
  throw refusal;
}
