import { eq } from 'drizzle-orm';
import { interviews } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError, notFound } from '@/server/errors';
import { effectiveStatus } from '../interviews/effective-status';
import { hashInvitationToken, isInvitationTokenShape } from './invitation-token';
import { invitationLanguageOf, selectInvitationFacts } from './select-invitation-facts';

/**
 * The interview a candidate's link opens, for the candidate-facing API: the token is the credential (no
 * organization is involved; its hash is unique across all of them). Unknown → 404.
 */
export async function findInterviewByToken(db: DbExecutor, token: string) {
  if (!isInvitationTokenShape(token)) throw notFound('Invitation');
  const row = await selectInvitationFacts(db, eq(interviews.inviteTokenHash, hashInvitationToken(token)));
  if (!row) throw notFound('Invitation');
  const status = effectiveStatus(row);
  // A draft's link cannot be used past the deadline either.
  const open = (status === 'DRAFT' || status === 'INVITED') && row.expiresAt.getTime() > Date.now();
  return { ...row, status, open, language: invitationLanguageOf(row).language };
}

export type TokenInterview = Awaited<ReturnType<typeof findInterviewByToken>>;

/** 410 for a closed link, 409 for a completed interview; otherwise nothing. */
export function assertNotClosed(interview: TokenInterview): void {
  if (interview.status === 'CANCELLED') throw new AppError('GONE', 'This interview was cancelled');
  if (interview.status === 'EXPIRED' || ((interview.status === 'DRAFT' || interview.status === 'INVITED') && !interview.open)) {
    throw new AppError('GONE', 'This invitation has expired');
  }
}
