import { and, eq } from 'drizzle-orm';
import { interviews, type InterviewStatus } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError, notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { effectiveStatus } from './effective-status';

export type LockedInterview = typeof interviews.$inferSelect & { effectiveStatus: InterviewStatus };

/**
 * Reads the interview of the organization with a row lock (SELECT … FOR UPDATE) inside the caller's
 * transaction: every change of an interview's turns or state goes through this lock, so concurrent requests
 * on one interview run one after another and never see a state that another is about to change.
 */
export async function lockInterview(tx: DbExecutor, input: { orgId: string; interviewId: string }, now = new Date()): Promise<LockedInterview> {
  if (!isIdOf('interview', input.interviewId)) throw notFound('Interview');
  const [row] = await tx
    .select()
    .from(interviews)
    .where(and(eq(interviews.id, input.interviewId), eq(interviews.orgId, input.orgId)))
    .for('update');
  if (!row) throw notFound('Interview');
  return { ...row, effectiveStatus: effectiveStatus(row, now) };
}

const CLOSED: readonly InterviewStatus[] = ['COMPLETED', 'CANCELLED', 'EXPIRED'];

/** Turns and turn edits need a conversation that is still open. */
export function assertConversationOpen(interview: LockedInterview, now = new Date()): void {
  if (CLOSED.includes(interview.effectiveStatus)) {
    throw new AppError('INVALID_STATE', `The interview is ${interview.effectiveStatus}: its conversation can no longer change`);
  }
  // A DRAFT's link has an expiry too: nobody may start an interview after it (INVITED reads as EXPIRED above).
  if (interview.effectiveStatus === 'DRAFT' && interview.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('INVALID_STATE', `The interview expired at ${interview.expiresAt.toISOString()} before it started`);
  }
}
