import type { DbExecutor } from '@/db/client';
import { AppError } from '@/server/errors';
import { storeSessionAudio } from '../audio/store-session-audio';
import { assertNotClosed, findInterviewByToken } from './find-interview-by-token';

/** How long after the end the page may still send the whole conversation's recording (it uploads it last). */
export const SESSION_RECORDING_GRACE_MS = 2 * 60 * 60 * 1000;

/**
 * POST /api/invitations/:token/recording: the whole conversation as the candidate's browser recorded it. Taken
 * while the interview is in progress and for two hours after it completed; otherwise a 409.
 */
export async function uploadSessionRecording(db: DbExecutor, token: string, input: { contentType: string; audio: Uint8Array }): Promise<{ audioId: string }> {
  const interview = await findInterviewByToken(db, token);
  assertNotClosed(interview);
  const recent = interview.status === 'COMPLETED' && interview.completedAt !== null && Date.now() - interview.completedAt.getTime() < SESSION_RECORDING_GRACE_MS;
  if (interview.status !== 'IN_PROGRESS' && !recent) throw new AppError('INVALID_STATE', 'This interview takes no recording now');
  return storeSessionAudio(db, { orgId: interview.orgId, interviewId: interview.id, ...input });
}
