import { createHash } from 'node:crypto';
import type { AgentContextDto, FinalizeInterviewOutput } from '@/server/services/interviews/agent-schemas';
import type { HistoryDto } from '@/server/services/turns/turn-schemas';
import { resolveCandidateLocale } from '@/server/i18n/candidate-locale';
import { greeting as interviewerGreeting } from '@/server/services/interviewer/interview-plan';
import { AgentApiError, createAgentClient, sleep, type AgentAuth, type AgentClient, type FetchLike } from './agent-client';

/**
 * A simulated voice agent: a real HTTP client of the internal routes that conducts a whole interview the way the
 * voice-agent service does, so the flow can be demonstrated and tested end to end without a telephony stack.
 * Answers and scores are pseudo-random but deterministic per interview id, so two runs tell the same story.
 */

export type ConductInterviewOptions = {
  baseUrl: string;
  interviewId: string;
  auth: AgentAuth;
  fetch?: FetchLike;
  /** Drop all local state halfway and resume from GET /history, as an agent restarted mid-call does. Default true. */
  simulateRestart?: boolean;
  /** Progress lines (the CLI prints them); silent by default. */
  onEvent?: (message: string) => void;
  /** A pause after each recorded turn, as a spoken exchange takes time (the demo agent paces itself for watchers). */
  pauseBetweenTurnsMs?: number;
};

export type ConductInterviewResult = {
  interviewId: string;
  questionsAsked: number;
  turnsRecorded: number;
  /** The turn number the agent resumed after, when it simulated a restart. */
  resumedAfterTurn: number | null;
  finalize: FinalizeInterviewOutput;
};

export type AgentQuestion = { id: string; text: string; criterion: string | null };

/** Used when the interview has no configuration (or one without questions): the agent still needs something to ask. */
export const DEFAULT_QUESTIONS: AgentQuestion[] = [
  { id: 'intro', text: 'Could you introduce yourself and walk me through your background?', criterion: 'communication' },
  { id: 'motivation', text: 'What draws you to this role, and what would you like to learn in it?', criterion: 'motivation' },
];

/** Where the conversation stands, as derived from the turn history alone (so a restarted agent can resume). */
type Progress =
  | { step: 'ask'; questionIndex: number; nextTurn: number }
  | { step: 'await-answer'; questionIndex: number; nextTurn: number; questionTurn: number }
  | { step: 'complete-answer'; questionIndex: number; nextTurn: number; answerTurn: number }
  | { step: 'done'; questionIndex: number; nextTurn: number };

export async function conductInterview(options: ConductInterviewOptions): Promise<ConductInterviewResult> {
  const { interviewId } = options;
  const say = options.onEvent ?? (() => {});
  const client = createAgentClient({ baseUrl: options.baseUrl, auth: options.auth, fetch: options.fetch });
  const pause = () => (options.pauseBetweenTurnsMs ? sleep(options.pauseBetweenTurnsMs) : Promise.resolve());

  const context = await client.getContext(interviewId);
  if (context.status === 'CANCELLED' || context.status === 'EXPIRED') {
    throw new Error(`Interview ${interviewId} is ${context.status}: there is nothing to conduct`);
  }
  const questions = context.questions.length > 0 ? context.questions : DEFAULT_QUESTIONS;
  say(`context: ${context.job.title}, ${questions.length} question(s), candidate ${context.candidate.firstName ?? '(no first name)'} (${context.candidate.locale}), status ${context.status}`);

  let turnsRecorded = 0;
  let resumedAfterTurn: number | null = null;
  // Even a first start reads the history: this agent may be taking over a conversation begun by another.
  let progress = progressFrom(await client.getHistory(interviewId), questions);
  const restartAt = Math.floor((questions.length - 1) / 2);

  while (progress.step !== 'done' && context.status !== 'COMPLETED') {
    if (progress.step === 'ask') {
      const question = questions[progress.questionIndex];
      const content = progress.questionIndex === 0 && progress.nextTurn === 1 ? `${greeting(context)} ${question.text}` : question.text;
      await record(client, interviewId, { turnNumber: progress.nextTurn, role: 'agent', content, isPendingQuestion: true });
      turnsRecorded++;
      say(`turn ${progress.nextTurn} agent: ${content}`);
      await pause();
      progress = { step: 'await-answer', questionIndex: progress.questionIndex, nextTurn: progress.nextTurn + 1, questionTurn: progress.nextTurn };

      if (options.simulateRestart !== false && resumedAfterTurn === null && progress.questionIndex === restartAt) {
        // A restart loses everything held in memory; the history is the only truth left.
        resumedAfterTurn = progress.nextTurn - 1;
        const history = await client.getHistory(interviewId);
        say(`restart: resuming from history (${history.turns.length} turns, pending question: turn ${history.pendingQuestion?.turnNumber ?? 'none'})`);
        progress = progressFrom(history, questions);
      }
    } else if (progress.step === 'await-answer') {
      // The candidate starts speaking: the turn exists at once, its transcript follows when the answer ends.
      await record(client, interviewId, { turnNumber: progress.nextTurn, role: 'candidate', content: '' });
      turnsRecorded++;
      await pause();
      progress = { step: 'complete-answer', questionIndex: progress.questionIndex, nextTurn: progress.nextTurn + 1, answerTurn: progress.nextTurn };
    } else {
      // A history longer than the configuration (edited since) still gets its last answer completed.
      const question = questions[Math.min(progress.questionIndex, questions.length - 1)];
      const answer = simulatedAnswer(interviewId, progress.questionIndex, question, context);
      await client.updateTurn(interviewId, progress.answerTurn, answer);
      say(`turn ${progress.answerTurn} candidate: ${answer.content} (${JSON.stringify(answer.evaluation.scores)})`);
      await pause();
      const next = progress.questionIndex + 1;
      progress = next < questions.length ? { step: 'ask', questionIndex: next, nextTurn: progress.nextTurn } : { step: 'done', questionIndex: next, nextTurn: progress.nextTurn };
    }
  }

  const finalize = await client.finalize(interviewId, { endedAt: new Date().toISOString() });
  say(`finalized: ${JSON.stringify(finalize)}`);
  return { interviewId, questionsAsked: Math.min(progress.questionIndex, questions.length), turnsRecorded, resumedAfterTurn, finalize };
}

/**
 * Rebuilds the agent's position from the history: each agent turn is one question in order, the first candidate
 * turn after it is its answer, and an answer without a transcript or evaluation still needs completing.
 */
export function progressFrom(history: HistoryDto, questions: AgentQuestion[]): Progress {
  const turns = history.turns;
  const nextTurn = (turns.at(-1)?.turnNumber ?? 0) + 1;
  const agentTurns = turns.filter((t) => t.role === 'agent');
  if (agentTurns.length === 0) return { step: 'ask', questionIndex: 0, nextTurn };
  const questionIndex = agentTurns.length - 1;
  const lastQuestion = agentTurns[agentTurns.length - 1];
  const answer = turns.find((t) => t.role === 'candidate' && t.turnNumber > lastQuestion.turnNumber);
  if (!answer) return { step: 'await-answer', questionIndex, nextTurn, questionTurn: history.pendingQuestion?.turnNumber ?? lastQuestion.turnNumber };
  if (answer.content === '' || answer.evaluation === null) return { step: 'complete-answer', questionIndex, nextTurn, answerTurn: answer.turnNumber };
  return questionIndex + 1 < questions.length ? { step: 'ask', questionIndex: questionIndex + 1, nextTurn } : { step: 'done', questionIndex: questionIndex + 1, nextTurn };
}

async function record(client: AgentClient, interviewId: string, turn: Parameters<AgentClient['recordTurn']>[1]): Promise<void> {
  const { status } = await client.recordTurn(interviewId, turn);
  if (status !== 201 && status !== 200) throw new AgentApiError('POST', `/api/interviews/${interviewId}/turns`, status, null);
}

/** The service's own interviewer's opening (greeting and AI disclosure), in the interview's language. */
function greeting(context: AgentContextDto): string {
  const { language } = resolveCandidateLocale(context.language ?? context.candidate.locale);
  return interviewerGreeting(language, context.candidate.firstName ?? null, context.job.title);
}

const OPENINGS = [
  'In my last position I',
  'A good example is when I',
  'Over the past two years I',
  'What I am most proud of is that I',
  'Honestly, the first time I',
];
const MIDDLES = [
  'led a small team through a migration to a new platform',
  'untangled a production incident that had puzzled us for weeks',
  'worked closely with customers to understand what they really needed',
  'rewrote a fragile process so that it could be tested end to end',
  'mentored two junior colleagues while shipping on schedule',
];
const ENDINGS = [
  'and I learnt to communicate trade-offs early.',
  'which taught me to measure before optimising.',
  'and I would approach it the same way again.',
  'although in hindsight I would have asked for help sooner.',
  'and that is why this role appeals to me.',
];

/** A deterministic answer and evaluation for question `index` of this interview (same id, same answer). */
export function simulatedAnswer(interviewId: string, index: number, question: AgentQuestion, context: Pick<AgentContextDto, 'criteria'>) {
  const random = seededRandom(`${interviewId}:${index}`);
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
  const content = `${pick(OPENINGS)} ${pick(MIDDLES)}, ${pick(ENDINGS)}`;
  const criterion = question.criterion ?? context.criteria[index % Math.max(context.criteria.length, 1)]?.key ?? null;
  // Scores from 3.0 to 10.0 in tenths: a plausible spread of candidates.
  const score = Math.round((3 + random() * 7) * 10) / 10;
  const flags = random() < 0.2 ? ['hesitation'] : [];
  return {
    content,
    evaluation: {
      scores: criterion ? { [criterion]: score } : {},
      flags,
      comment: `Simulated evaluation of the answer to "${question.text}"`,
    },
  };
}

/** mulberry32 seeded from a SHA-256 of the seed text. */
function seededRandom(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type PollReportOptions = {
  baseUrl: string;
  apiKey: string;
  interviewId: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  intervalMs?: number;
};

/**
 * Polls GET /api/v1/reports/interviews/:id (202 while PENDING) until the report is READY or FAILED, and returns
 * its body. This is the public API a recruiter's integration uses: an API key with reports:read.
 */
export async function pollInterviewReport(options: PollReportOptions): Promise<Record<string, unknown>> {
  const doFetch = options.fetch ?? fetch;
  const path = `/api/v1/reports/interviews/${encodeURIComponent(options.interviewId)}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    const res = await doFetch(`${options.baseUrl.replace(/\/$/, '')}${path}`, { headers: { authorization: `Bearer ${options.apiKey}` } });
    const text = await res.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (res.status === 200 && body.status !== 'PENDING') return body;
    if (res.status !== 200 && res.status !== 202) throw new AgentApiError('GET', path, res.status, body);
    if (Date.now() > deadline) throw new Error(`The report of ${options.interviewId} was still ${String(body.status ?? 'PENDING')} after ${Math.round((options.timeoutMs ?? 60_000) / 1000)} s`);
    await sleep(options.intervalMs ?? 1000);
  }
}
