import type { CandidateLanguage } from '@/server/i18n/candidate-locale';
import type { AiProvenance, FollowUpProvenance } from '../ai/provenance';
import { interviewerMessages } from '@/server/i18n/messages/interviewer';
import { createTranslator } from '@/server/i18n/translator';

/**
 * Where the built-in interviewer stands, derived from the turn history alone: nothing is kept in memory between
 * requests, so a restarted process, a reload or a retried request all resume from the same place, a question is
 * never asked twice and a recorded answer is never lost.
 */

export type PlannedQuestion = { id: string; text: string; criterion: string | null };

/** A turn as the history gives it (the internal routes' TurnDto, or a row of the turns table). */
export type PlanTurn = {
  turnNumber: number;
  role: 'agent' | 'candidate';
  content: string;
  audioUrl: string | null;
  isPendingQuestion: boolean;
  evaluation: Record<string, unknown> | null;
};

/**
 * What the interviewer writes into its own agent turns' `evaluation` (agent turns are never scored: the
 * scorecard reads candidate turns only). External agents need not write it; without it agent turns count as the
 * configuration's questions in order.
 */
export type InterviewerTurnMeta = {
  interviewer: { questionId: string; questionIndex: number; followUp: boolean; /** A follow-up's: the answer turn whose evaluation asked it. */ answerTurn?: number };
  /**
   * A follow-up question a model wrote (issue 23, provenance of every AI output): the provider, model, prompt,
   * parameters, input hash and time of the evaluation request that wrote it, with task `follow-up-question`.
   */
  provenance?: FollowUpProvenance;
};

export type AskedQuestion = { turnNumber: number; questionIndex: number; isFollowUp: boolean; text: string };

export type InterviewerPosition =
  /** Post the next agent turn: question `questionIndex`, or a follow-up to it with `followUpText`. */
  | { step: 'ask'; questionIndex: number; nextTurn: number; followUpText: string | null }
  /** The question is pending: the candidate's answer comes next. */
  | { step: 'await-answer'; question: AskedQuestion }
  /** The answer is recorded but not yet evaluated. */
  | { step: 'evaluate'; question: AskedQuestion; answer: PlanTurn }
  /** Every question is answered and evaluated. */
  | { step: 'finalize' };

export type InterviewerProgress = { answered: number; total: number };

/** Two general questions when the interview has none configured, in the candidate's language. */
function defaultQuestions(language: CandidateLanguage): PlannedQuestion[] {
  const t = createTranslator(interviewerMessages, language);
  return [
    { id: 'intro', text: t('defaultQuestionIntro'), criterion: null },
    { id: 'motivation', text: t('defaultQuestionMotivation'), criterion: null },
  ];
}

/** The configuration's questions, or two general ones when the interview has none configured. */
export function interviewQuestions(configured: readonly { id: string; text: string; criterion?: string | null }[] | null | undefined, language: CandidateLanguage): PlannedQuestion[] {
  const questions = (configured ?? []).filter((q) => q.text.trim() !== '');
  if (questions.length === 0) return defaultQuestions(language);
  return questions.map((q) => ({ id: q.id, text: q.text, criterion: q.criterion ?? null }));
}

export function readInterviewerMeta(evaluation: Record<string, unknown> | null): InterviewerTurnMeta['interviewer'] | null {
  const meta = evaluation?.interviewer as Partial<InterviewerTurnMeta['interviewer']> | undefined;
  if (!meta || typeof meta !== 'object' || typeof meta.questionIndex !== 'number' || !Number.isInteger(meta.questionIndex)) return null;
  return { questionId: String(meta.questionId ?? ''), questionIndex: meta.questionIndex, followUp: meta.followUp === true };
}

/**
 * Whether the built-in interviewer conducts this conversation: nothing asked yet, or its first question carries
 * the interviewer's meta. A conversation another agent began (the recruiter's simulated demo, an external
 * platform) is left alone: the interviewer never writes into it.
 */
export function conductedByInterviewer(turns: readonly PlanTurn[]): boolean {
  const first = [...turns].sort((a, b) => a.turnNumber - b.turnNumber).find((t) => t.role === 'agent');
  return !first || readInterviewerMeta(first.evaluation) !== null;
}

/**
 * Where a follow-up question came from: the latest candidate turn (the answer it follows up on) and its
 * evaluation's provenance, as the follow-up's (task `follow-up-question`); null provenance when none was recorded.
 */
export function followUpOrigin(turns: readonly PlanTurn[]): { answerTurn: number; provenance: FollowUpProvenance | null } | null {
  const answer = [...turns].sort((a, b) => b.turnNumber - a.turnNumber).find((t) => t.role === 'candidate');
  if (!answer) return null;
  const p = answer.evaluation?.provenance as Partial<AiProvenance> | undefined;
  const known = p && typeof p === 'object' && typeof p.provider === 'string' && typeof p.model === 'string' && typeof p.promptVersion === 'string';
  return { answerTurn: answer.turnNumber, provenance: known ? { ...(p as AiProvenance), task: 'follow-up-question' } : null };
}

/** The follow-up the evaluation of an answer asked for, if any (written by evaluate-answer when enabled). */
export function followUpRequested(evaluation: Record<string, unknown> | null): string | null {
  const text = evaluation?.followUpQuestion;
  return typeof text === 'string' && text.trim() !== '' ? text.trim() : null;
}

/**
 * Each agent turn is a question (its meta says which; without meta, the next one in order), the first candidate
 * turn after it is its answer, and a candidate turn without an evaluation has not been evaluated yet.
 */
export function interviewerPosition(turns: readonly PlanTurn[], questions: readonly PlannedQuestion[], options: { followUps: boolean }): InterviewerPosition {
  const sorted = [...turns].sort((a, b) => a.turnNumber - b.turnNumber);
  const nextTurn = (sorted.at(-1)?.turnNumber ?? 0) + 1;
  let last: AskedQuestion | null = null;
  let answer: PlanTurn | null = null;
  for (const turn of sorted) {
    if (turn.role === 'agent') {
      const meta = readInterviewerMeta(turn.evaluation);
      const isFollowUp = meta?.followUp ?? false;
      const questionIndex: number = meta?.questionIndex ?? (last ? (isFollowUp ? last.questionIndex : last.questionIndex + 1) : 0);
      last = { turnNumber: turn.turnNumber, questionIndex, isFollowUp, text: turn.content };
      answer = null;
    } else if (last && !answer) {
      answer = turn;
    }
  }
  if (!last) return { step: 'ask', questionIndex: 0, nextTurn, followUpText: null };
  if (!answer) return { step: 'await-answer', question: last };
  if (answer.evaluation === null) return { step: 'evaluate', question: last, answer };
  const followUpText = options.followUps && !last.isFollowUp ? followUpRequested(answer.evaluation) : null;
  if (followUpText) return { step: 'ask', questionIndex: last.questionIndex, nextTurn, followUpText };
  if (last.questionIndex + 1 < questions.length) return { step: 'ask', questionIndex: last.questionIndex + 1, nextTurn, followUpText: null };
  return { step: 'finalize' };
}

/** Questions answered (a follow-up's answer does not count twice) out of the configuration's. */
export function interviewerProgress(position: InterviewerPosition, questions: readonly PlannedQuestion[], completed: boolean): InterviewerProgress {
  const total = questions.length;
  if (completed || position.step === 'finalize') return { answered: total, total };
  switch (position.step) {
    case 'await-answer':
      // A pending follow-up's question was answered already.
      return { answered: Math.min(position.question.questionIndex + (position.question.isFollowUp ? 1 : 0), total), total };
    case 'evaluate':
      return { answered: Math.min(position.question.questionIndex + 1, total), total };
    case 'ask':
      return { answered: Math.min(position.followUpText ? position.questionIndex + 1 : position.questionIndex, total), total };
  }
}

/**
 * The first turn's opening: a greeting and the disclosure that the interviewer is an AI and a person decides
 * (EU AI Act Art. 50), in every mode, so that what the live interviewer says first is also what the turn records.
 */
export function greeting(language: CandidateLanguage, firstName: string | null, jobTitle: string): string {
  const t = createTranslator(interviewerMessages, language);
  return `${firstName ? t('greeting', { name: firstName, job: jobTitle }) : t('greetingNoName', { job: jobTitle })} ${aiDisclosure(language)}`;
}

export function aiDisclosure(language: CandidateLanguage): string {
  return createTranslator(interviewerMessages, language)('aiDisclosure');
}
