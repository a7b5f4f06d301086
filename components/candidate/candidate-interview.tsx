'use client';

import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { candidateApi } from './candidate-api';
import { ExternalInterview } from './external-interview';
import { INTERVIEW_COPY, type InterviewCopy } from './interview-copy';
import { initialState, needsSetup, offeredMode, startAnswerMode, transition, type ErrorKey, type InterviewState, type StatusKey } from './interview-machine';
import { forgetMemory, readMemory, writeMemory, type AnswerDraft } from './interview-memory';
import { InterviewNotice } from './interview-notice';
import { InterviewSetup } from './interview-setup';
import { InterviewThread } from './interview-thread';
import { LiveInterview } from './live-interview';
import type { CandidateSession } from './candidate-api';
import { PracticeQuestion } from './practice-question';
import { RecordedComposer } from './recorded-composer';
import { SatisfactionRating } from './satisfaction-rating';
import { SelfIdentificationQuestions } from './self-identification';
import { recordSession } from './record-answer';
import { useIntegritySignals } from './use-integrity-signals';
import { useMicrophone } from './use-microphone';
import { WrittenComposer } from './written-composer';
import type { CandidateLanguage } from '@/server/i18n/languages';
import { trustMessages } from '@/server/i18n/messages/trust';
import { createTranslator } from '@/server/i18n/translator';

export type CandidateInterviewProps = {
  token: string;
  language: CandidateLanguage;
  organizationName: string;
  contactEmail: string | null;
  retentionDays: number | null;
  /** The organization's own words on what happens after the interview and when (Settings); null: the default. */
  nextSteps?: string | null;
};

/** Moves keyboard and screen-reader focus to a heading when what it titles appears. */
function useFocusOnChange<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T | null>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [key]);
  return ref;
}

function errorText(copy: InterviewCopy, error: ErrorKey): string {
  const texts: Record<ErrorKey, string> = {
    gone: copy.errorGone,
    generic: copy.errorGeneric,
    unavailable: copy.errorUnavailable,
    offline: copy.offline,
    conflict: copy.errorConflict,
    tooLarge: copy.errorTooLarge,
    micDenied: copy.micDenied,
    answerEmpty: copy.answerEmpty,
  };
  return texts[error];
}

function statusText(copy: InterviewCopy, status: StatusKey | null): string {
  if (!status) return '';
  return { retrying: copy.retrying, transcribing: copy.transcribing, uploading: copy.uploading, timeUp: copy.timeUp, conflict: copy.errorConflict }[status];
}

const userActivated = () => typeof navigator === 'undefined' || !('userActivation' in navigator) || navigator.userActivation.hasBeenActive;

/**
 * The candidate's interview with the service's own interviewer. The flow is the state machine's
 * (interview-machine.ts); this component runs its effects (the session, the start, the answers, the browser's
 * memory) and picks the view: the notice, the microphone setup (recorded and live modes), then the live
 * conversation (live-interview.tsx) or the conversation thread with the written or recorded composer. Everything
 * shown comes from `GET /session`, so a reload rebuilds the thread and lands on the pending question (or the live
 * conversation, which the server resumes); the draft answer is kept in the browser until the server has it.
 */
export function CandidateInterview({ token, language, organizationName, contactEmail, retentionDays, nextSteps = null }: CandidateInterviewProps) {
  const copy = INTERVIEW_COPY[language];
  const api = useMemo(() => candidateApi(token), [token]);
  const mic = useMicrophone();
  const [state, dispatch] = useReducer(transition, initialState);
  const stateRef = useRef<InterviewState>(state);
  stateRef.current = state;
  const mode = state.session ? offeredMode(state.session) : null;
  // The heading that titles each screen gets focus when the screen changes; starting stays on the screen that
  // started it, and the thread moves focus itself (to the question, or nowhere while the candidate types).
  const screen = state.phase === 'starting' ? (needsSetup(mode) ? 'setup' : 'notice') : ['answering', 'sending', 'thinking'].includes(state.phase) ? 'thread' : state.phase;
  const headingRef = useFocusOnChange<HTMLHeadingElement>(screen);
  const { phase, session } = state;
  const turnNumber = phase === 'answering' || phase === 'sending' ? (session?.question?.turnNumber ?? null) : null;
  const integrityNote = useMemo(() => createTranslator(trustMessages, language)('noticeIntegrity', { mode: mode ?? 'written' }), [language, mode]);
  // Integrity signals (told in the notice): observed only while the interview is under way.
  const integrity = useIntegritySignals(api, phase === 'answering' || phase === 'sending' || phase === 'thinking' || phase === 'live', phase === 'finished');

  // The first read: where the link stands, and the answer channel this browser chose before a reload.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const result = await api.session();
        if (cancelled) return;
        if (result.ok) dispatch({ type: 'LOADED', session: result.body, remembered: readMemory(token).mode });
        else dispatch({ type: 'LOAD_FAILED', status: result.status });
      } catch {
        if (!cancelled) dispatch({ type: 'LOAD_FAILED', status: null });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [api, token]);

  // Starting: one attempt (a refusal, e.g. the agent platform down, is the candidate's to retry with the button).
  useEffect(() => {
    if (phase !== 'starting') return;
    void (async () => {
      try {
        const result = await api.start({ attempts: 1 }, startAnswerMode(stateRef.current), language);
        if (result.ok) dispatch({ type: 'STARTED', session: result.body });
        else dispatch({ type: 'START_FAILED', status: result.status });
      } catch {
        dispatch({ type: 'START_FAILED', status: null });
      }
    })();
  }, [phase, api, language]);

  useEffect(() => {
    if (phase === 'answering') writeMemory(token, { mode: state.channel });
    if (phase === 'finished') forgetMemory(token);
  }, [phase, state.channel, token]);

  // A new pending question: its kept draft (only that question's), and by voice whether it is read aloud now.
  useEffect(() => {
    if (turnNumber === null) return;
    const memory = readMemory(token);
    const kept = memory.draft?.turnNumber === turnNumber ? memory.draft : null;
    if (memory.draft && !kept) writeMemory(token, { draft: null });
    const speak = stateRef.current.channel === 'voice' && !kept && !memory.spoken.includes(turnNumber) && userActivated();
    if (speak) writeMemory(token, { spoken: [...memory.spoken.slice(-50), turnNumber] });
    dispatch({ type: 'QUESTION_SHOWN', turnNumber, draft: kept, speaking: speak });
  }, [turnNumber, token]);

  const onDraft = useCallback(
    (text: string) => {
      dispatch({ type: 'DRAFT_CHANGED', text });
      const current = stateRef.current;
      const turn = current.session?.question?.turnNumber;
      if (turn === undefined) return;
      const draft: AnswerDraft = current.draft?.turnNumber === turn ? { ...current.draft, text } : { turnNumber: turn, text, audioId: null, poor: false, untranscribed: false };
      writeMemory(token, { draft });
    },
    [token],
  );
  const onTranscribed = useCallback(
    (draft: AnswerDraft) => {
      writeMemory(token, { draft });
      dispatch({ type: 'TRANSCRIBED', draft });
    },
    [token],
  );
  const send = useCallback(() => dispatch({ type: 'SEND' }), []);

  // Sending: the answer (with its recording), retried; a 409 means it was answered already (a lost response,
  // another tab), and the session says what is next.
  const sentRef = useRef<InterviewState['sent']>(null);
  useEffect(() => {
    const sent = state.sent;
    if (phase !== 'sending' || !sent || sentRef.current === sent) return;
    sentRef.current = sent;
    const audioId = state.draft?.turnNumber === sent.turnNumber ? state.draft.audioId : null;
    void (async () => {
      try {
        const result = await api.answer(sent.turnNumber, { text: sent.text, ...(audioId ? { audioId } : {}) }, { onRetry: () => dispatch({ type: 'RETRYING' }) });
        if (result.ok) {
          writeMemory(token, { draft: null });
          dispatch({ type: 'ANSWERED', session: result.body });
          return;
        }
        if (result.status === 409) {
          const fresh = await api.session();
          if (fresh.ok && fresh.body.question?.turnNumber !== sent.turnNumber) {
            writeMemory(token, { draft: null });
            dispatch({ type: 'ANSWERED', session: fresh.body, conflict: true });
            return;
          }
        }
        dispatch({ type: 'SEND_FAILED', error: result.status === 404 || result.status === 410 ? 'gone' : 'generic' });
      } catch {
        dispatch({ type: 'SEND_FAILED', error: 'offline' });
      }
    })();
  }, [phase, state.sent, state.draft, api, token]);

  // Back online with an answer that could not be sent: send it.
  useEffect(() => {
    if (state.error !== 'offline' || phase !== 'answering' || (state.step !== 'reviewing' && state.step !== 'typing')) return;
    const retry = () => dispatch({ type: 'SEND' });
    window.addEventListener('online', retry, { once: true });
    return () => window.removeEventListener('online', retry);
  }, [state.error, state.step, phase]);

  // The interviewer is still preparing the next question (or finalizing): look again shortly.
  useEffect(() => {
    if (phase !== 'thinking') return;
    const timer = setInterval(async () => {
      try {
        const fresh = await api.session();
        if (fresh.ok) dispatch({ type: 'POLLED', session: fresh.body });
      } catch {
        // The next tick tries again.
      }
    }, 1500);
    return () => clearInterval(timer);
  }, [api, phase]);

  // The whole conversation, by voice, when this page saw it from its first question (after a reload it would be
  // partial: the answers' own recordings are what counts then). Sent once the interview is complete.
  const sessionRecording = useRef<ReturnType<typeof recordSession> | null>(null);
  useEffect(() => {
    if (phase !== 'answering' || state.channel !== 'voice' || mic.state !== 'ready' || state.resumedTurn !== null || sessionRecording.current) return;
    if (session?.question?.index !== 1 || session.progress.answered !== 0) return;
    const stream = mic.stream();
    if (stream) sessionRecording.current = recordSession(stream);
  }, [phase, state.channel, state.resumedTurn, mic, session]);
  useEffect(() => {
    if (phase !== 'finished' || !sessionRecording.current) return;
    const recording = sessionRecording.current;
    sessionRecording.current = null;
    void recording.finish().then((audio) => (audio ? api.uploadSessionRecording(audio).catch(() => undefined) : undefined));
  }, [phase, api]);

  // A finished live conversation shows the thanks alone: its captions were the conversation.
  const liveFinished = session?.answerMode === 'live' && !state.liveDeclined;
  const inThread = phase === 'answering' || phase === 'sending' || phase === 'thinking' || (phase === 'finished' && !liveFinished && (session?.thread.length ?? 0) > 0);
  const onLiveEnded = useCallback((fresh: CandidateSession) => dispatch({ type: 'LIVE_ENDED', session: fresh }), []);
  const onWritingInstead = useCallback((fresh: CandidateSession) => dispatch({ type: 'WRITING_INSTEAD', session: fresh }), []);
  const switchChannel =
    mode === 'recorded' && (phase === 'answering' || phase === 'sending') && state.step !== 'recording' && state.step !== 'transcribing' && phase !== 'sending' ? (
      <button type="button" className="cp-link-button" onClick={() => dispatch({ type: 'CHANNEL_CHOSEN', channel: state.channel === 'voice' ? 'writing' : 'voice' })} data-testid="switch-mode">
        {state.channel === 'voice' ? copy.switchToWriting : copy.switchToVoice}
      </button>
    ) : null;

  return (
    <section className="cp-flow" aria-labelledby="cp-stage-title" data-testid="candidate-interview" data-stage={phase} data-mode={mode ?? undefined}>
      {phase === 'loading' ? (
        <p className="cp-muted" role="status">
          <span className="cp-dot" aria-hidden="true" /> {copy.starting}
        </p>
      ) : null}
      {(phase === 'notice' || (phase === 'starting' && !needsSetup(mode))) && session && mode ? (
        <InterviewNotice
          copy={copy}
          headingRef={headingRef}
          organizationName={organizationName}
          contactEmail={contactEmail}
          retentionDays={retentionDays}
          mode={mode}
          integrityNote={mode === 'external' ? null : integrityNote}
          onAccept={() => dispatch({ type: 'NOTICE_ACCEPTED' })}
        />
      ) : null}
      {(phase === 'setup' || (phase === 'starting' && needsSetup(mode))) && session ? (
        <InterviewSetup
          copy={copy}
          headingRef={headingRef}
          mic={mic}
          live={mode === 'live'}
          channel={state.channel}
          onChannel={(channel) => dispatch({ type: 'CHANNEL_CHOSEN', channel })}
          resuming={session.status !== 'OPEN'}
          starting={phase === 'starting'}
          onStart={() => dispatch({ type: 'START' })}
        />
      ) : null}
      {phase === 'practice' && session ? (
        <PracticeQuestion copy={copy} language={language} channel={state.channel} mic={mic} headingRef={headingRef} onDone={() => dispatch({ type: 'PRACTICE_DONE' })} />
      ) : null}
      {phase === 'starting' ? (
        <p className="cp-muted" role="status" data-testid="starting">
          <span className="cp-dot" aria-hidden="true" /> {copy.starting}
        </p>
      ) : null}
      {inThread && session ? (
        <InterviewThread copy={copy} state={state}>
          {phase === 'answering' || phase === 'sending' ? (
            <div data-testid="question-panel" data-turn={session.question?.turnNumber} data-step={state.step} data-channel={state.channel}>
              {mode === 'recorded' && state.channel === 'voice' ? (
                <RecordedComposer copy={copy} api={api} mic={mic} state={state} dispatch={dispatch} onDraft={onDraft} onTranscribed={onTranscribed} onSend={send} onPaste={integrity.reportPaste} extraActions={switchChannel} />
              ) : (
                <WrittenComposer copy={copy} state={state} onDraft={onDraft} onSend={send} onPaste={integrity.reportPaste} extraActions={switchChannel} />
              )}
              <p role="status" className="cp-muted" data-testid="answer-status">
                {statusText(copy, state.status)}
              </p>
              {state.error ? (
                <p className="cp-error" role="alert" data-testid="answer-error">
                  {errorText(copy, state.error)}
                </p>
              ) : null}
            </div>
          ) : null}
        </InterviewThread>
      ) : null}
      {phase === 'live' && session ? (
        <LiveInterview copy={copy} token={token} api={api} mic={mic} session={session} headingRef={headingRef} onEnded={onLiveEnded} onWritingInstead={onWritingInstead} />
      ) : null}
      {phase === 'external' && session ? <ExternalInterview token={token} language={language} joinUrl={session.joinUrl} onFinished={() => dispatch({ type: 'EXTERNAL_FINISHED' })} /> : null}
      {phase === 'finished' ? (
        <div className="cp-status cp-thanks" data-testid="invitation-finished" role="status">
          <div>
            <h2 id={inThread ? undefined : 'cp-stage-title'} ref={headingRef} tabIndex={-1}>
              {copy.thanksTitle}
            </h2>
            <p>{copy.thanksBody(organizationName)}</p>
            <h3>{copy.thanksNextTitle}</h3>
            <p data-testid="thanks-next">{nextSteps?.trim() || copy.thanksNextDefault(organizationName)}</p>
          </div>
        </div>
      ) : null}
      {phase === 'finished' ? <SatisfactionRating token={token} copy={copy} /> : null}
      {phase === 'finished' ? <SelfIdentificationQuestions api={api} language={language} organizationName={organizationName} /> : null}
      {state.error && !(phase === 'answering' || phase === 'sending') ? (
        <p className="cp-error" role="alert" data-testid="start-error">
          {errorText(copy, state.error)}
        </p>
      ) : null}
    </section>
  );
}
