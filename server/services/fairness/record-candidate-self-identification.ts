import type { DbExecutor } from '@/db/client';
import { AppError } from '@/server/errors';
import type { CandidateSession } from '../invitations/candidate-session-schemas';
import { buildCandidateSession } from '../invitations/get-candidate-session';
import { assertNotClosed, findInterviewByToken } from '../invitations/find-interview-by-token';
import { recordSelfIdentification } from './self-identification';
import type { SelfIdentificationAnswers } from './self-identification-schemas';

/**
 * The candidate's own answers, from their invitation page (PUT /api/invitations/:token/self-identification): the
 * link is the credential. Asked only after the interview, so that answering can never be read as part of it:
 * before completion 409; a cancelled or expired link 410; an organization that does not collect 409.
 */
export async function recordCandidateSelfIdentification(db: DbExecutor, token: string, answers: SelfIdentificationAnswers): Promise<CandidateSession> {
  const interview = await findInterviewByToken(db, token);
  assertNotClosed(interview);
  if (interview.status !== 'COMPLETED') throw new AppError('CONFLICT', 'These questions are asked once the interview is completed');
  await recordSelfIdentification(db, { orgId: interview.orgId, candidateId: interview.candidateId, answers, source: 'candidate' });
  return buildCandidateSession(db, interview, null);
}
