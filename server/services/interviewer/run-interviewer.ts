import { and, eq } from 'drizzle-orm';
import { audioRecordings } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { mintMediaToken } from '@/server/auth/media-token';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { resolveCandidateLocale } from '@/server/i18n/candidate-locale';
import { log } from '@/server/log';
import { audioIdFromServiceUrl } from '../storage/audio-urls';
import type { AgentContextDto } from '../interviews/agent-schemas';
import type { HistoryDto, TurnDto } from '../turns/turn-schemas';
import { AgentApiError, createAgentClient, type AgentClient } from './agent-client';
import { agentFetch } from './agent-transport';
import { resolveProviderConfig, type ProviderConfig } from '../providers/resolve-provider';
import { evaluateAnswer, type AnswerEvaluation } from './evaluate-answer';
import { conductedByInterviewer, followUpOrigin, greeting, interviewQuestions, interviewerPosition, type AskedQuestion, type InterviewerTurnMeta, type PlannedQuestion } from './interview-plan';
import type { CandidateLanguage } from '@/server/i18n/languages';

/**
 * The service's own interviewer, used when no external agent platform is configured. It is a client of the
 * internal routes with the interview's media token, exactly like an external agent: it posts the configuration's
 * questions as agent turns (isPendingQuestion), records answers as candidate turns, PATCHes their evaluations,
 * reads the history to know where it stands, and finalizes. It runs when the candidate acts (start, answer, a
 * reload): there is no long-lived conversation in memory to lose.
 */

type Target = { orgId: string; interviewId: string };

/** Steps of one interview run one at a time in this process (the turn identity settles races between processes). */
const QUEUE_KEY = Symbol.for('interview-screening.interviewer-queue');
function serialized<T>(interviewId: string, work: () => Promise<T>): Promise<T> {
  const holder = globalThis as { [QUEUE_KEY]?: Map<string, Promise<unknown>> };
  const queues = (holder[QUEUE_KEY] ??= new Map());
  const previous = queues.get(interviewId) ?? Promise.resolve();
  const run = previous.catch(() => {}).then(work);
  const tail = run.catch(() => {});
  queues.set(interviewId, tail);
  void tail.then(() => {
    if (queues.get(interviewId) === tail) queues.delete(interviewId);
  });
  return run;
}

/**
 * Media tokens this process minted for its own calls, reused while they have at least TOKEN_REUSE_MARGIN_MS left
 * (a live conversation makes several internal calls per answer; signing a token for each was measurable).
 */
const ownTokens = new Map<string, { token: string; expiresAt: Date; secret: string | undefined }>();
const OWN_TOKEN_SECONDS = 15 * 60;
const TOKEN_REUSE_MARGIN_MS = 5 * 60 * 1000;

async function ownToken(interviewId: string): Promise<string> {
  const secret = getEnv().MEDIA_TOKEN_SECRET;
  const held = ownTokens.get(interviewId);
  if (held && held.secret === secret && held.expiresAt.getTime() - Date.now() > TOKEN_REUSE_MARGIN_MS) return held.token;
  const media = await mintMediaToken(interviewId, OWN_TOKEN_SECONDS);
  if (ownTokens.size >= 5_000) ownTokens.clear();
  ownTokens.set(interviewId, { ...media, secret });
  return media.token;
}

/** The internal routes' client for one interview, with a media token of this process's (also the live relay's). */
export async function clientFor(interviewId: string): Promise<AgentClient> {
  return createAgentClient({ baseUrl: getEnv().APP_URL, auth: { mediaToken: await ownToken(interviewId) }, fetch: agentFetch() });
}

type Conversation = { context: AgentContextDto; language: CandidateLanguage; questions: PlannedQuestion[] };

function conversationOf(context: AgentContextDto): Conversation {
  // The interview's language (one interview, one language); an older context without it: the candidate's.
  const language = context.language ?? resolveCandidateLocale(context.candidate.locale).language;
  return { context, language, questions: interviewQuestions(context.questions, language) };
}

/**
 * Moves the interview forward until it waits for the candidate: evaluates a recorded answer that has no
 * evaluation yet, asks the next question (or one follow-up), or finalizes after the last answer. Safe to call at
 * any time and any number of times: each step is derived from the history and each write is idempotent.
 */
export function advanceInterviewer(db: DbExecutor, target: Target, options: InterviewerOptions = {}): Promise<void> {
  return serialized(target.interviewId, async () => {
    const client = await clientFor(target.interviewId);
    await advance(db, client, target, conversationOf(options.context ?? (await client.getContext(target.interviewId))), options);
  });
}

/**
 * Records the candidate's answer to the question at `questionTurn` (the candidate turn questionTurn + 1), then
 * advances. The same answer again (a retry after a lost response) changes nothing and advances as the first did;
 * another answer to an answered question, or an answer to a question that is not the pending one, is a 409.
 */
export type AnswerTiming = { startedAt: string | null; endedAt: string | null; offsetMs?: number | null; durationMs?: number | null };

export type InterviewerOptions = {
  /** Who decides follow-ups: INTERVIEWER_FOLLOW_UPS, unless the caller (the live conversation: LIVE_FOLLOW_UPS) says. */
  followUps?: boolean;
  /**
   * The interview's context as the caller already read it for this conversation (the live relay, once per
   * connection): one internal request less on every answer, which is on the voice-to-voice path.
   */
  context?: AgentContextDto;
  /**
   * The history as the caller holds it (the live relay: the history it continued from, its interview's only
   * connection): the answer is checked against it instead of a read, one round trip less on the voice-to-voice
   * path. When it was stale (a write refused as a conflict), the answer is tried again on a fresh read.
   */
  history?: HistoryDto;
};

export function answerQuestion(
  db: DbExecutor,
  target: Target & { questionTurn: number; text: string; audioUrl: string | null; timing?: AnswerTiming },
  options: InterviewerOptions = {},
): Promise<HistoryDto | null> {
  return serialized(target.interviewId, async () => {
    const client = await clientFor(target.interviewId);
    const conversation = conversationOf(options.context ?? (await client.getContext(target.interviewId)));
    if (options.history) {
      try {
        return await answerOn(db, client, target, conversation, options, options.history);
      } catch (error) {
        const conflict = (error instanceof AppError && error.appCode === 'CONFLICT') || (error instanceof AgentApiError && error.status === 409);
        if (!conflict) throw error;
      }
    }
    return answerOn(db, client, target, conversation, options, await client.getHistory(target.interviewId));
  });
}

async function answerOn(
  db: DbExecutor,
  client: AgentClient,
  target: Target & { questionTurn: number; text: string; audioUrl: string | null; timing?: AnswerTiming },
  conversation: Conversation,
  options: InterviewerOptions,
  history: HistoryDto,
): Promise<HistoryDto | null> {
  const question = history.turns.find((t) => t.turnNumber === target.questionTurn && t.role === 'agent');
  const answer = history.turns.find((t) => t.turnNumber === target.questionTurn + 1);
  const sameAnswer = answer?.role === 'candidate' && answer.content === target.text && answer.audioUrl === target.audioUrl;
  if (history.status === 'COMPLETED') {
    if (sameAnswer) return history;
    throw new AppError('INVALID_STATE', 'This interview is already completed');
  }
  if (!conductedByInterviewer(history.turns)) throw new AppError('INVALID_STATE', 'This interview is being conducted by another agent');
  if (!question) throw new AppError('CONFLICT', `Turn ${target.questionTurn} is not a question of this interview`);
  if (answer && !sameAnswer) throw new AppError('CONFLICT', `The question at turn ${target.questionTurn} was already answered`);
  // The history once the answer is in, as this write makes it (null: read it again).
  let answered: HistoryDto | null = null;
  if (!answer) {
    const followUps = options.followUps ?? getEnv().INTERVIEWER_FOLLOW_UPS;
    const position = interviewerPosition(history.turns, conversation.questions, { followUps });
    if (position.step !== 'await-answer' || position.question.turnNumber !== target.questionTurn) {
      throw new AppError('CONFLICT', `The question at turn ${target.questionTurn} is not the pending question`);
    }
    // The live conversation knows when the answer was spoken and where it is in the recording; the others are derived.
    const timing = target.timing ?? (await answerTiming(db, target.orgId, target.audioUrl, new Date()));
    // Scored by the rules (no language model): instant, so the evaluation is written with the answer, one write
    // instead of two. A model's evaluation takes seconds: the answer is recorded first, so it is never lost meanwhile.
    const llm = await resolveProviderConfig(db, target.orgId, 'llm');
    const evaluation = llm ? undefined : await evaluate(db, target, conversation, position.question, { content: target.text, audioUrl: target.audioUrl }, followUps, null);
    const turn = { turnNumber: target.questionTurn + 1, role: 'candidate' as const, content: target.text, audioUrl: target.audioUrl, ...timing, ...(evaluation ? { evaluation } : {}) };
    try {
      answered = withTurn(history, (await client.recordTurn(target.interviewId, turn)).body);
    } catch (error) {
      // The same answer recorded meanwhile by another instance (a retried submission), at another moment: a written
      // answer's endedAt is when it was submitted, so the retry's body differs in that field alone. The same text
      // and recording is the same answer.
      if (!(error instanceof AgentApiError && error.status === 409)) throw error;
      const stored = (await client.getHistory(target.interviewId)).turns.find((t) => t.turnNumber === turn.turnNumber);
      if (!(stored?.role === 'candidate' && stored.content === target.text && stored.audioUrl === target.audioUrl)) throw error;
    }
  }
  return advance(db, client, target, conversation, options, answered);
}

const MAX_STEPS = 8;

/**
 * The history after one of the interviewer's own writes, without reading it back: the turn as the route returned
 * it, in its place, and the interview in progress once it has a turn (as the route makes it). Good for deciding the
 * next step (which reads roles, texts and evaluations); a read is still made after anything unexpected (a 409).
 */
function withTurn(history: HistoryDto, turn: TurnDto): HistoryDto {
  const turns = [...history.turns.filter((t) => t.turnNumber !== turn.turnNumber), turn].sort((a, b) => a.turnNumber - b.turnNumber);
  const status = history.status === 'DRAFT' || history.status === 'INVITED' ? 'IN_PROGRESS' : history.status;
  return { ...history, status, turns, pendingQuestion: turn.isPendingQuestion ? turn : history.pendingQuestion };
}

/**
 * Steps until the interview waits for the candidate (or is finalized). `known`: the history as the caller already
 * has it; each of this function's own writes updates it in place of a read (on the voice-to-voice path of a live
 * conversation, every read is a round trip). Returns the history it ended with, or null after finalizing.
 */
async function advance(db: DbExecutor, client: AgentClient, target: Target, conversation: Conversation, options: InterviewerOptions, known: HistoryDto | null = null): Promise<HistoryDto | null> {
  const env = getEnv();
  const followUps = options.followUps ?? env.INTERVIEWER_FOLLOW_UPS;
  const { interviewId } = target;
  const { questions, language, context } = conversation;
  let current = known;
  for (let step = 0; step < MAX_STEPS; step++) {
    const history = current ?? (await client.getHistory(interviewId));
    current = null;
    if (!['DRAFT', 'INVITED', 'IN_PROGRESS'].includes(history.status) || !conductedByInterviewer(history.turns)) return history;
    const position = interviewerPosition(history.turns, questions, { followUps });
    switch (position.step) {
      case 'await-answer':
        return history;
      case 'ask': {
        const question = questions[position.questionIndex];
        const content = position.followUpText
          ? position.followUpText
          : position.nextTurn === 1
            ? `${greeting(language, context.candidate.firstName, context.job.title)} ${question.text}`
            : question.text;
        const origin = position.followUpText !== null ? followUpOrigin(history.turns) : null;
        const meta: InterviewerTurnMeta = {
          interviewer: { questionId: question.id, questionIndex: position.questionIndex, followUp: position.followUpText !== null, ...(origin ? { answerTurn: origin.answerTurn } : {}) },
          // A model wrote the follow-up: the provenance of the request that did (issue 23).
          ...(origin?.provenance ? { provenance: origin.provenance } : {}),
        };
        try {
          // Asked when posted: the text is on the candidate's page at once (how long it is spoken there is not known here).
          const startedAt = new Date().toISOString();
          const asked = await client.recordTurn(interviewId, { turnNumber: position.nextTurn, role: 'agent', content, isPendingQuestion: true, evaluation: meta, startedAt });
          return withTurn(history, asked.body);
        } catch (error) {
          // Another process asked first (the turn number is taken): the next round reads what it asked.
          if (!(error instanceof AgentApiError && error.status === 409)) throw error;
          continue;
        }
      }
      case 'evaluate': {
        // The organization's model, read now: a change in Settings → AI providers applies to the next answer.
        const evaluation = await evaluate(db, target, conversation, position.question, position.answer, followUps, await resolveProviderConfig(db, target.orgId, 'llm'));
        current = withTurn(history, await client.updateTurn(interviewId, position.answer.turnNumber, { evaluation }));
        continue;
      }
      case 'finalize':
        await client.finalize(interviewId, { endedAt: new Date().toISOString() });
        return null;
    }
  }
  return null;
}

/** The evaluation of the answer to `question`: by the organization's language model `llm`, or by the rules when null. */
async function evaluate(
  db: DbExecutor,
  target: Target,
  conversation: Conversation,
  question: AskedQuestion,
  answer: { content: string; audioUrl: string | null },
  followUps: boolean,
  llm: ProviderConfig | null,
): Promise<AnswerEvaluation> {
  const { questions, language, context } = conversation;
  const planned = questions[Math.min(question.questionIndex, questions.length - 1)];
  const speech = await speechOf(db, target.orgId, answer.audioUrl);
  return evaluateAnswer(
    llm,
    {
      language,
      jobTitle: context.job.title,
      question: question.text,
      criteria: targetedCriteria(planned, context.criteria),
      answer: answer.content,
      spoken: speech.spoken,
      speechDurationMs: speech.durationMs,
      followUps: followUps && !question.isFollowUp,
    },
    (error) => log.warn({ err: error, interviewId: target.interviewId }, 'answer evaluation failed; the answer stays unscored'),
  );
}

/** The question's own criterion, else every configured criterion, else a general one. */
type TargetedCriterion = { key: string; label: string; anchors?: { low?: string; mid?: string; high?: string } };
export function targetedCriteria(question: PlannedQuestion, criteria: readonly TargetedCriterion[]): TargetedCriterion[] {
  if (question.criterion) return [criteria.find((c) => c.key === question.criterion) ?? { key: question.criterion, label: question.criterion }];
  if (criteria.length > 0) return criteria.map((c) => ({ key: c.key, label: c.label, ...(c.anchors ? { anchors: c.anchors } : {}) }));
  return [{ key: 'communication', label: 'Communication' }];
}

/**
 * When a candidate's answer was given, as far as the service knows it (CONTRACT §13). Written: it ended when it was
 * submitted (when the typing began is not known). Recorded: the recording ended when it was uploaded, and began its
 * duration earlier when the duration is known. Read from the stored recording, so a retry computes the same times.
 */
async function answerTiming(db: DbExecutor, orgId: string, audioUrl: string | null, submittedAt: Date): Promise<{ startedAt: string | null; endedAt: string | null }> {
  const audioId = audioUrl ? audioIdFromServiceUrl(audioUrl) : null;
  if (!audioUrl) return { startedAt: null, endedAt: submittedAt.toISOString() };
  if (!audioId) return { startedAt: null, endedAt: null };
  const [row] = await db
    .select({ durationMs: audioRecordings.durationMs, createdAt: audioRecordings.createdAt })
    .from(audioRecordings)
    .where(and(eq(audioRecordings.id, audioId), eq(audioRecordings.orgId, orgId)));
  if (!row) return { startedAt: null, endedAt: null };
  const endedAt = row.createdAt.getTime();
  return { startedAt: row.durationMs !== null && row.durationMs >= 0 ? new Date(endedAt - row.durationMs).toISOString() : null, endedAt: new Date(endedAt).toISOString() };
}

async function speechOf(db: DbExecutor, orgId: string, audioUrl: string | null): Promise<{ spoken: boolean; durationMs: number | null }> {
  if (!audioUrl) return { spoken: false, durationMs: null };
  const audioId = audioIdFromServiceUrl(audioUrl);
  if (!audioId) return { spoken: true, durationMs: null };
  const [row] = await db
    .select({ durationMs: audioRecordings.durationMs })
    .from(audioRecordings)
    .where(and(eq(audioRecordings.id, audioId), eq(audioRecordings.orgId, orgId)));
  return { spoken: true, durationMs: row?.durationMs ?? null };
}
