import type { DbExecutor } from '@/db/client';
import { AppError, invalidField } from '@/server/errors';
import { findAnswerAudio } from '../audio/store-answer-audio';
import { answerQuestion } from '../interviewer/run-interviewer';
import { audioServiceUrl } from '../storage/audio-urls';
import type { CandidateAnswerInput, CandidateSession } from './candidate-session-schemas';
import { assertNotClosed, findInterviewByToken } from './find-interview-by-token';
import { getCandidateSession, interviewerMode } from './get-candidate-session';

/**
 * The candidate's answer to the question at `questionTurn` (POST /api/invitations/:token/answers/:turnNumber):
 * typed, or the (possibly corrected) transcript of a recording uploaded before (`audioId`). It becomes the
 * candidate turn `questionTurn + 1` with the audio's service URL; the interviewer evaluates it and asks the next
 * question or finalizes. Idempotent: the same answer again returns the same session and records nothing twice.
 */
export async function submitCandidateAnswer(db: DbExecutor, token: string, questionTurn: number, input: CandidateAnswerInput): Promise<CandidateSession> {
  if (interviewerMode() === 'external') throw new AppError('INVALID_STATE', 'This interview is conducted by an external agent');
  const interview = await findInterviewByToken(db, token);
  assertNotClosed(interview);
  if (interview.status !== 'IN_PROGRESS' && interview.status !== 'COMPLETED') throw new AppError('INVALID_STATE', 'This interview has not started');
  let audioUrl: string | null = null;
  if (input.audioId) {
    const audio = await findAnswerAudio(db, { orgId: interview.orgId, interviewId: interview.id, turnNumber: questionTurn, audioId: input.audioId });
    if (!audio) throw invalidField('audioId', 'No recording with this id was uploaded for this question');
    audioUrl = audioServiceUrl(audio.id);
  }
  await answerQuestion(db, { orgId: interview.orgId, interviewId: interview.id, questionTurn, text: input.text, audioUrl });
  return getCandidateSession(db, token);
}
