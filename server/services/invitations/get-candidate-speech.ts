import type { DbExecutor } from '@/db/client';
import { getQuestionSpeech } from '../audio/question-speech';
import { findInterviewByToken } from './find-interview-by-token';

/** GET /api/invitations/:token/speech/:turnNumber: the question spoken by the TTS endpoint (404 without one). */
export async function getCandidateSpeech(db: DbExecutor, token: string, turnNumber: number): Promise<Uint8Array> {
  const interview = await findInterviewByToken(db, token);
  return getQuestionSpeech(db, { orgId: interview.orgId, interviewId: interview.id, turnNumber });
}
