import { getEnv } from '@/server/env';
import type { DbExecutor } from '@/db/client';
import { conductedByInterviewer, interviewQuestions, interviewerPosition, interviewerProgress, readInterviewerMeta, type PlanTurn, type PlannedQuestion } from '../interviewer/interview-plan';
import { advanceInterviewer } from '../interviewer/run-interviewer';
import { selfIdentificationPrompt } from '../fairness/self-identification';
import { liveShape } from '../live/realtime-config';
import { resolveProviderConfigs } from '../providers/resolve-provider';
import { getHistory } from '../turns/get-history';
import { availableAnswerModes } from './answer-modes';
import type { CandidateSession, CandidateThreadMessage } from './candidate-session-schemas';
import { findInterviewByToken, type TokenInterview } from './find-interview-by-token';

/** Who conducts interviews here: the built-in interviewer, unless an external agent platform is configured. */
export function interviewerMode(): CandidateSession['mode'] {
  return getEnv().AGENT_DISPATCH_URL ? 'external' : 'interviewer';
}

/**
 * The candidate's view of their interview: status, progress and the pending question, nothing else (no ids, no
 * evaluation). With the built-in interviewer, a conversation left between two steps (a crash after an answer
 * was recorded) is moved on first, so a reload always lands on a question or on the end.
 */
export async function getCandidateSession(db: DbExecutor, token: string, extra: { joinUrl?: string | null } = {}): Promise<CandidateSession> {
  let interview = await findInterviewByToken(db, token);
  if (interviewerMode() === 'interviewer' && interview.status === 'IN_PROGRESS') {
    const history = await getHistory(db, { orgId: interview.orgId, interviewId: interview.id });
    const questions = interviewQuestions(interview.questions, interview.language);
    const position = interviewerPosition(history.turns, questions, { followUps: getEnv().INTERVIEWER_FOLLOW_UPS });
    if (position.step !== 'await-answer' && conductedByInterviewer(history.turns)) {
      await advanceInterviewer(db, { orgId: interview.orgId, interviewId: interview.id });
      interview = await findInterviewByToken(db, token);
    }
  }
  return buildCandidateSession(db, interview, extra.joinUrl ?? null);
}

export async function buildCandidateSession(db: DbExecutor, interview: TokenInterview, joinUrl: string | null): Promise<CandidateSession> {
  const env = getEnv();
  const questions = interviewQuestions(interview.questions, interview.language);
  const status: CandidateSession['status'] =
    interview.status === 'DRAFT' || interview.status === 'INVITED' ? (interview.open ? 'OPEN' : 'EXPIRED') : interview.status;
  let progress = { answered: 0, total: questions.length };
  let question: CandidateSession['question'] = null;
  let thread: CandidateThreadMessage[] = [];
  if (status === 'IN_PROGRESS' || status === 'COMPLETED') {
    const history = await getHistory(db, { orgId: interview.orgId, interviewId: interview.id });
    const position = interviewerPosition(history.turns, questions, { followUps: env.INTERVIEWER_FOLLOW_UPS });
    progress = interviewerProgress(position, questions, status === 'COMPLETED');
    if (status === 'IN_PROGRESS' && position.step === 'await-answer' && (interviewerMode() === 'external' || conductedByInterviewer(history.turns))) {
      const q = position.question;
      question = { turnNumber: q.turnNumber, index: Math.min(q.questionIndex + 1, questions.length), text: q.text, isFollowUp: q.isFollowUp };
    }
    if (interviewerMode() === 'interviewer' && conductedByInterviewer(history.turns)) thread = candidateThread(history.turns, questions);
  }
  // The organization's providers (its own, else the operator's): which modes and voice its page gets, in one read.
  const providers = await resolveProviderConfigs(db, interview.orgId);
  return {
    status,
    consentedAt: interview.consentedAt ? interview.consentedAt.toISOString() : null,
    language: interview.language,
    mode: interviewerMode(),
    joinUrl,
    answerMode: interview.answerMode,
    answerModes: availableAnswerModes(providers),
    voice: { transcription: providers.stt !== null, speech: providers.tts ? 'server' : 'browser', live: liveShape(providers) !== null },
    answerTimeLimitSeconds: env.ANSWER_TIME_LIMIT_SECONDS,
    progress,
    question,
    thread,
    selfIdentification: status === 'COMPLETED' ? await selfIdentificationPrompt(db, { orgId: interview.orgId, candidateId: interview.candidateId }) : null,
  };
}

/**
 * The turns as the candidate's thread. The interviewer speaks its greeting and first question as one turn (one
 * utterance to synthesize); the thread shows the greeting as its own message when the turn ends with the
 * planned question's text.
 */
export function candidateThread(turns: readonly PlanTurn[], questions: readonly PlannedQuestion[]): CandidateThreadMessage[] {
  const thread: CandidateThreadMessage[] = [];
  for (const turn of [...turns].sort((a, b) => a.turnNumber - b.turnNumber)) {
    if (turn.role === 'candidate') {
      thread.push({ turnNumber: turn.turnNumber, from: 'candidate', kind: 'answer', text: turn.content });
      continue;
    }
    const meta = readInterviewerMeta(turn.evaluation);
    if (meta?.followUp) {
      thread.push({ turnNumber: turn.turnNumber, from: 'interviewer', kind: 'follow-up', text: turn.content });
      continue;
    }
    const planned = meta ? questions[meta.questionIndex]?.text : undefined;
    const greeting = planned && turn.content !== planned && turn.content.endsWith(planned) ? turn.content.slice(0, -planned.length).trim() : '';
    if (greeting) thread.push({ turnNumber: turn.turnNumber, from: 'interviewer', kind: 'greeting', text: greeting });
    thread.push({ turnNumber: turn.turnNumber, from: 'interviewer', kind: 'question', text: greeting ? planned! : turn.content });
  }
  return thread;
}
