import type { DbExecutor } from '@/db/client';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { storeAnswerAudio, type StoredAnswerAudio } from '../audio/store-answer-audio';
import { conductedByInterviewer, interviewQuestions, interviewerPosition } from '../interviewer/interview-plan';
import { getHistory } from '../turns/get-history';
import { assertNotClosed, findInterviewByToken } from './find-interview-by-token';
import { interviewerMode } from './get-candidate-session';

/**
 * The recording of the answer to the pending question at `questionTurn` (POST …/answers/:turnNumber/audio): stored,
 * and transcribed when STT is configured. Only the pending question takes a recording (409 otherwise), so a stale
 * tab cannot attach audio to a question already answered.
 */
export async function uploadCandidateAudio(
  db: DbExecutor,
  token: string,
  questionTurn: number,
  input: { contentType: string; audio: Uint8Array; clientDurationMs: number | null },
): Promise<StoredAnswerAudio> {
  if (interviewerMode() === 'external') throw new AppError('INVALID_STATE', 'This interview is conducted by an external agent');
  const interview = await findInterviewByToken(db, token);
  assertNotClosed(interview);
  if (interview.status !== 'IN_PROGRESS') throw new AppError('INVALID_STATE', `This interview is ${interview.status === 'COMPLETED' ? 'already completed' : 'not started'}`);
  const history = await getHistory(db, { orgId: interview.orgId, interviewId: interview.id });
  const position = interviewerPosition(history.turns, interviewQuestions(interview.questions, interview.language), { followUps: getEnv().INTERVIEWER_FOLLOW_UPS });
  if (!conductedByInterviewer(history.turns)) throw new AppError('INVALID_STATE', 'This interview is being conducted by another agent');
  if (position.step !== 'await-answer' || position.question.turnNumber !== questionTurn) {
    throw new AppError('CONFLICT', `The question at turn ${questionTurn} is not the pending question`);
  }
  return storeAnswerAudio(db, {
    orgId: interview.orgId,
    interviewId: interview.id,
    turnNumber: questionTurn,
    contentType: input.contentType,
    audio: input.audio,
    language: interview.language,
    clientDurationMs: input.clientDurationMs,
  });
}
