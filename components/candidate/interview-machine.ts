/**
 * The candidate's interview as a state machine: one pure transition function over states and events, no React,
 * no fetch, no storage (the components run the effects and dispatch what happened), so every path is tested
 * without a browser (interview-machine.test.ts).
 *
 *   loading ─► notice ─► (setup: recorded, live) ─► starting ─► answering ⇄ sending ─► finished
 *                                                      │   │         ▲  │                  ▲
 *                                                      ▼   │         │  ▼                  │
 *                                                external  │       thinking (the interviewer prepares the next
 *                                                          │       question: the page polls the session)
 *                                                          └─► live ─────────────────────────┘
 *                                                               └─► answering (writing instead: the fallback)
 *   any ─► closed (link gone, or the first read failed)
 *
 * Within `answering`, `step` says where the pending answer is: typed (`typing`), or by voice read aloud
 * (`speaking`), waiting for the candidate (`ready`), `recording`, `transcribing`, in review (`reviewing`).
 */
import type { CandidateSession } from './candidate-api';
import type { AnswerDraft } from './interview-memory';

/**
 * How the candidate answers, from what the service offers: an external agent platform's call, the built-in
 * interviewer in a real-time spoken conversation (`live`, CONTRACT §13: or in writing), with speech-to-text
 * (`recorded`: out loud or in writing) or without (`written`).
 */
export type InterviewMode = 'external' | 'recorded' | 'written' | 'live';
export type AnswerChannel = 'voice' | 'writing';

export type Phase = 'loading' | 'closed' | 'notice' | 'setup' | 'practice' | 'starting' | 'external' | 'live' | 'answering' | 'sending' | 'thinking' | 'finished';
export type Step = 'typing' | 'speaking' | 'ready' | 'recording' | 'transcribing' | 'reviewing';

export type ErrorKey = 'gone' | 'generic' | 'unavailable' | 'offline' | 'conflict' | 'tooLarge' | 'micDenied' | 'answerEmpty';
export type StatusKey = 'retrying' | 'transcribing' | 'uploading' | 'timeUp' | 'conflict';

export type InterviewState = {
  phase: Phase;
  step: Step;
  session: CandidateSession | null;
  channel: AnswerChannel;
  /** The pending question's answer so far (typed, or the transcript to review), kept by the page across reloads. */
  draft: AnswerDraft | null;
  /** The answer on its way: shown in the thread at once, under the interviewer's typing indicator. */
  sent: { turnNumber: number; text: string } | null;
  /** The question a reload resumed at: the banner shows on that question only, once. */
  resumedTurn: number | null;
  /** A live interview the candidate continues in writing (the live service failed, or they prefer to). */
  liveDeclined: boolean;
  /** The practice question was done (or skipped) on this page: a retried start does not ask it again. */
  practiced: boolean;
  error: ErrorKey | null;
  status: StatusKey | null;
};

export type InterviewEvent =
  /** The first read of the session; `remembered`: the answer channel this browser chose before a reload. */
  | { type: 'LOADED'; session: CandidateSession; remembered: AnswerChannel | null }
  | { type: 'LOAD_FAILED'; status: number | null }
  | { type: 'NOTICE_ACCEPTED' }
  | { type: 'CHANNEL_CHOSEN'; channel: AnswerChannel }
  | { type: 'START' }
  /** The practice question is done (or skipped): now the interview starts. */
  | { type: 'PRACTICE_DONE' }
  | { type: 'STARTED'; session: CandidateSession }
  | { type: 'START_FAILED'; status: number | null }
  /** The pending question is on screen: its kept draft (from before a reload), and whether it is read aloud now. */
  | { type: 'QUESTION_SHOWN'; turnNumber: number; draft: AnswerDraft | null; speaking: boolean }
  | { type: 'SPOKEN' }
  | { type: 'RECORDING' }
  | { type: 'RECORDED'; timeUp: boolean }
  | { type: 'TRANSCRIBED'; draft: AnswerDraft }
  | { type: 'RECORDING_FAILED'; error: ErrorKey }
  | { type: 'DRAFT_CHANGED'; text: string }
  | { type: 'SEND' }
  | { type: 'RETRYING' }
  | { type: 'ANSWERED'; session: CandidateSession; conflict?: boolean }
  | { type: 'SEND_FAILED'; error: ErrorKey }
  /** A fresh read while the interviewer prepares the next question. */
  | { type: 'POLLED'; session: CandidateSession }
  | { type: 'EXTERNAL_FINISHED' }
  /** The live conversation ended; `session`: the fresh read after it (completed). */
  | { type: 'LIVE_ENDED'; session: CandidateSession }
  /** The live conversation is left for the written thread, with the session as it stands. */
  | { type: 'WRITING_INSTEAD'; session: CandidateSession };

export const initialState: InterviewState = {
  phase: 'loading',
  step: 'typing',
  session: null,
  channel: 'writing',
  draft: null,
  sent: null,
  resumedTurn: null,
  liveDeclined: false,
  practiced: false,
  error: null,
  status: null,
};

/**
 * The mode the page holds: before the start, the best the service offers (what the notice promises); once started,
 * the live conversation only if the start chose it (a candidate who chose writing gets the thread, with spoken
 * answers where speech-to-text is configured, as in the recorded mode).
 */
export function offeredMode(session: Pick<CandidateSession, 'mode' | 'voice' | 'answerModes' | 'answerMode'>): InterviewMode {
  if (session.mode === 'external') return 'external';
  const live = session.answerMode ? session.answerMode === 'live' : session.answerModes.includes('live');
  if (live) return 'live';
  return session.voice.transcription ? 'recorded' : 'written';
}

/**
 * The interview's `answerMode` the start asks for (kept by the server from the first start, CONTRACT §13): the
 * channel chosen on the setup step (voice: the live conversation where offered, else recorded answers); none with
 * an external agent platform, which has no answer mode.
 */
export function startAnswerMode(state: Pick<InterviewState, 'session' | 'channel'>): 'live' | 'recorded' | 'written' | undefined {
  if (!state.session || state.session.mode === 'external') return undefined;
  if (allowed(state.session, state.channel) !== 'voice') return 'written';
  return offeredMode(state.session) === 'live' ? 'live' : 'recorded';
}

/** The channel a session allows: voice only with speech-to-text or the live conversation. */
function allowed(session: CandidateSession, channel: AnswerChannel): AnswerChannel {
  const mode = offeredMode(session);
  return channel === 'voice' && (mode === 'recorded' || mode === 'live') ? 'voice' : 'writing';
}

/** Whether the mode checks the microphone before the start (and offers writing instead there). */
export function needsSetup(mode: InterviewMode | null): boolean {
  return mode === 'recorded' || mode === 'live';
}

function firstStep(channel: AnswerChannel): Step {
  return channel === 'voice' ? 'ready' : 'typing';
}

/** Where a session from the server puts the page (after a start, an answer, a poll). */
function land(state: InterviewState, session: CandidateSession): InterviewState {
  const base = { ...state, session, sent: null };
  if (session.status === 'COMPLETED') return { ...base, phase: 'finished', draft: null, error: null, status: null };
  if (session.status === 'CANCELLED' || session.status === 'EXPIRED') return { ...base, phase: 'closed', error: 'gone' };
  if (session.mode === 'external') return { ...base, phase: 'external' };
  if (session.status === 'OPEN') return { ...base, phase: 'notice' };
  // The live conversation resumes itself from the history (the server says "welcome back"); its view reads the
  // session only for the start and the end.
  if (session.answerMode === 'live' && !state.liveDeclined) return { ...base, phase: 'live', error: null };
  if (!session.question) return { ...base, phase: 'thinking', draft: null };
  const sameQuestion = state.session?.question?.turnNumber === session.question.turnNumber && (state.phase === 'answering' || state.phase === 'sending');
  if (sameQuestion) return { ...base, phase: 'answering' };
  return { ...base, phase: 'answering', step: firstStep(state.channel), draft: null };
}

export function transition(state: InterviewState, event: InterviewEvent): InterviewState {
  switch (event.type) {
    case 'LOADED': {
      const { session, remembered } = event;
      if (session.mode === 'external') {
        // Acknowledged but the platform's agent has not spoken yet: the call's link, not the notice again.
        if (session.status === 'OPEN') return { ...state, session, phase: session.consentedAt ? 'external' : 'notice' };
        return land(state, session);
      }
      const mode = offeredMode(session);
      const channel = allowed(session, remembered ?? (mode === 'recorded' || mode === 'live' ? 'voice' : 'writing'));
      const next = land({ ...state, channel }, session);
      if (session.status !== 'IN_PROGRESS' || next.phase === 'live') return next;
      // A reload mid-interview: the banner on the pending question; by voice without a remembered choice, the
      // microphone check first (the browser forgot its permission grant, maybe).
      const resumed = { ...next, resumedTurn: session.question?.turnNumber ?? null };
      if (mode === 'recorded' && remembered === null) return { ...resumed, phase: 'setup' };
      return resumed;
    }
    case 'LOAD_FAILED':
      return { ...state, phase: 'closed', error: event.status === 404 || event.status === 410 ? 'gone' : 'generic' };
    case 'NOTICE_ACCEPTED': {
      if (!state.session) return state;
      // Written (nothing to set up) and external (the platform's call) start right away; recorded and live check
      // the microphone.
      if (needsSetup(offeredMode(state.session))) return { ...state, phase: 'setup', error: null };
      // The practice question before the first one (never posted anywhere); not with an external platform.
      if (state.session.mode !== 'external' && !state.practiced) return { ...state, phase: 'practice', error: null };
      return { ...state, phase: 'starting', error: null };
    }
    case 'CHANNEL_CHOSEN': {
      if (!state.session) return state;
      const channel = allowed(state.session, event.channel);
      const step = state.phase === 'answering' && (state.step === 'typing' || state.step === 'ready' || state.step === 'speaking') ? firstStep(channel) : state.step;
      return { ...state, channel, step };
    }
    case 'START':
      if (!state.session) return state;
      // Already started (a resume through the microphone check): nothing to post.
      if (state.session.status === 'IN_PROGRESS') return land({ ...state, error: null }, state.session);
      if (!state.practiced) return { ...state, phase: 'practice', error: null };
      return { ...state, phase: 'starting', error: null };
    case 'PRACTICE_DONE':
      return state.phase === 'practice' ? { ...state, phase: 'starting', practiced: true, error: null } : state;
    case 'STARTED':
      return land({ ...state, error: null }, event.session);
    case 'START_FAILED': {
      const gone = event.status === 404 || event.status === 410;
      const error: ErrorKey = gone ? 'gone' : event.status === 503 ? 'unavailable' : 'generic';
      if (gone) return { ...state, phase: 'closed', error };
      const back: Phase = state.session && needsSetup(offeredMode(state.session)) ? 'setup' : 'notice';
      return { ...state, phase: back, error };
    }
    case 'QUESTION_SHOWN': {
      if (state.phase !== 'answering' || state.session?.question?.turnNumber !== event.turnNumber) return state;
      const kept = event.draft?.turnNumber === event.turnNumber ? event.draft : null;
      if (kept && (kept.audioId || kept.text)) return { ...state, draft: kept, step: state.channel === 'voice' || kept.audioId ? 'reviewing' : 'typing', error: null, status: null };
      return { ...state, draft: null, step: event.speaking ? 'speaking' : firstStep(state.channel), error: null, status: null };
    }
    case 'SPOKEN':
      return state.phase === 'answering' && state.step === 'speaking' ? { ...state, step: firstStep(state.channel) } : state;
    case 'RECORDING':
      return state.phase === 'answering' ? { ...state, step: 'recording', error: null, status: null } : state;
    case 'RECORDED':
      return state.phase === 'answering' ? { ...state, step: 'transcribing', status: event.timeUp ? 'timeUp' : 'transcribing' } : state;
    case 'TRANSCRIBED':
      if (state.phase !== 'answering' || state.session?.question?.turnNumber !== event.draft.turnNumber) return state;
      return { ...state, step: 'reviewing', draft: event.draft, status: null };
    case 'RECORDING_FAILED':
      return state.phase === 'answering' ? { ...state, step: state.draft?.audioId ? 'reviewing' : firstStep(state.channel), error: event.error, status: null } : state;
    case 'DRAFT_CHANGED': {
      const turnNumber = state.session?.question?.turnNumber;
      if (turnNumber === undefined || state.phase !== 'answering') return state;
      const draft: AnswerDraft = state.draft?.turnNumber === turnNumber ? { ...state.draft, text: event.text } : { turnNumber, text: event.text, audioId: null, poor: false, untranscribed: false };
      return { ...state, draft, error: state.error === 'answerEmpty' && event.text.trim() ? null : state.error };
    }
    case 'SEND': {
      const turnNumber = state.session?.question?.turnNumber;
      if (turnNumber === undefined || state.phase !== 'answering') return state;
      const text = state.draft?.turnNumber === turnNumber ? state.draft.text.trim() : '';
      if (!text) return { ...state, error: 'answerEmpty' };
      return { ...state, phase: 'sending', sent: { turnNumber, text }, error: null, status: null };
    }
    case 'RETRYING':
      return { ...state, status: 'retrying' };
    case 'ANSWERED': {
      const next = land({ ...state, status: null }, event.session);
      return event.conflict ? { ...next, status: 'conflict' } : next;
    }
    case 'SEND_FAILED':
      if (state.phase !== 'sending') return state;
      // The answer stays in the composer (and in the browser's memory), to send again.
      return { ...state, phase: 'answering', step: state.channel === 'voice' || state.draft?.audioId ? 'reviewing' : 'typing', sent: null, error: event.error, status: null };
    case 'POLLED':
      if (state.phase !== 'thinking') return state;
      if (event.session.status === 'IN_PROGRESS' && !event.session.question) return { ...state, session: event.session };
      return land(state, event.session);
    case 'EXTERNAL_FINISHED':
      return { ...state, phase: 'finished' };
    case 'LIVE_ENDED':
      if (state.phase !== 'live') return state;
      // The closing was said: the interview is complete even if the read raced its finalization.
      return { ...state, session: event.session, phase: 'finished', error: null, status: null };
    case 'WRITING_INSTEAD': {
      if (state.phase !== 'live') return state;
      const declined = { ...state, liveDeclined: true, channel: 'writing' as const, error: null };
      return land(declined, event.session);
    }
  }
}

/** Whether the resume banner shows: on the question the reload landed on, and no later one. */
export function showsResumeBanner(state: InterviewState): boolean {
  const turn = state.session?.question?.turnNumber;
  return state.resumedTurn !== null && turn === state.resumedTurn && (state.phase === 'answering' || state.phase === 'sending');
}

/** The progress bar: questions answered out of the total (empty at question 1, full at the end). */
export function progressOf(state: InterviewState): { answered: number; total: number; current: number | null } {
  const session = state.session;
  if (!session) return { answered: 0, total: 0, current: null };
  const total = Math.max(session.progress.total, session.question?.index ?? 0);
  if (state.phase === 'finished') return { answered: total, total, current: null };
  return { answered: Math.min(session.progress.answered, total), total, current: session.question?.index ?? null };
}

export type ThreadItem =
  | { key: string; from: 'interviewer'; kind: 'greeting' | 'question' | 'follow-up'; text: string; turnNumber: number; questionNumber: number | null; current: boolean }
  | { key: string; from: 'interviewer'; kind: 'ack'; variant: number }
  | { key: string; from: 'candidate'; kind: 'answer'; text: string; turnNumber: number; pending: boolean };

/**
 * The conversation as the thread shows it: the session's messages (the greeting, questions, the candidate's
 * answers), a short acknowledgement after each answer the interviewer has moved on from, and the answer on its
 * way. `typing`: the interviewer is preparing its next message (the indicator under the thread).
 */
export function threadOf(state: InterviewState): { items: ThreadItem[]; typing: boolean } {
  const session = state.session;
  const items: ThreadItem[] = [];
  if (!session) return { items, typing: false };
  const messages = session.thread;
  const pendingTurn = session.question?.turnNumber ?? null;
  let questionNumber = 0;
  messages.forEach((m, i) => {
    if (m.from === 'candidate') {
      items.push({ key: `a${m.turnNumber}`, from: 'candidate', kind: 'answer', text: m.text, turnNumber: m.turnNumber, pending: false });
      const answered = i < messages.length - 1 || session.status === 'COMPLETED';
      if (answered) items.push({ key: `k${m.turnNumber}`, from: 'interviewer', kind: 'ack', variant: m.turnNumber });
      return;
    }
    if (m.kind === 'question') questionNumber++;
    items.push({
      key: `${m.kind[0]}${m.turnNumber}`,
      from: 'interviewer',
      kind: m.kind === 'answer' ? 'question' : m.kind,
      text: m.text,
      turnNumber: m.turnNumber,
      questionNumber: m.kind === 'question' ? questionNumber : null,
      current: m.turnNumber === pendingTurn && m.kind !== 'greeting',
    });
  });
  if (state.sent && !messages.some((m) => m.from === 'candidate' && m.turnNumber === state.sent!.turnNumber + 1)) {
    items.push({ key: `s${state.sent.turnNumber}`, from: 'candidate', kind: 'answer', text: state.sent.text, turnNumber: state.sent.turnNumber + 1, pending: true });
  }
  return { items, typing: state.phase === 'sending' || state.phase === 'thinking' || state.phase === 'starting' };
}
