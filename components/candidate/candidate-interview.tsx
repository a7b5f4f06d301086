'use client';

import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { candidateApi, type CandidateSession } from './candidate-api';
import { ExternalInterview } from './external-interview';
import { INTERVIEW_COPY, type InterviewCopy } from './interview-copy';
import { forgetMemory, readMemory, writeMemory, type AnswerDraft } from './interview-memory';
import { recordAnswer, recordSession, type Recording } from './record-answer';
import { speakQuestion, type Speaking } from './speak-question';
import { useMicrophone, type Microphone } from './use-microphone';
import { Form } from '@/components/ui/form';

type Stage = 'loading' | 'notice' | 'setup' | 'interview' | 'external' | 'done' | 'closed';
type Mode = 'voice' | 'writing';
/** Where the pending question's answer is: read aloud, waiting for the candidate, recording, uploading, in review. */
type Step = 'speaking' | 'ready' | 'recording' | 'uploading' | 'review' | 'sending';

export type CandidateInterviewProps = {
  token: string;
  language: 'fr' | 'en';
  organizationName: string;
  contactEmail: string | null;
  retentionDays: number | null;
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

/**
 * The candidate's interview with the service's own interviewer: the notice to acknowledge, the answer mode and
 * microphone check, then question by question until the thank-you. Everything it shows comes from
 * `GET /session`, so a reload lands on the pending question; the draft answer is kept in the browser until the
 * server has it.
 */
export function CandidateInterview({ token, language, organizationName, contactEmail, retentionDays }: CandidateInterviewProps) {
  const copy = INTERVIEW_COPY[language];
  const api = useMemo(() => candidateApi(token), [token]);
  const mic = useMicrophone();
  const [stage, setStage] = useState<Stage>('loading');
  const [session, setSession] = useState<CandidateSession | null>(null);
  const [mode, setMode] = useState<Mode>('voice');
  const [error, setError] = useState<string | null>(null);
  const [resumed, setResumed] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const headingRef = useFocusOnChange<HTMLHeadingElement>(stage);
  const finishExternal = useCallback(() => setStage('done'), []);
  const sessionRecording = useRef<ReturnType<typeof recordSession> | null>(null);

  // The whole conversation, by voice, when this page saw it from its first question (after a reload it would be
  // partial: the answers' own recordings are what counts then). Sent once the interview is complete.
  useEffect(() => {
    if (stage !== 'interview' || mode !== 'voice' || mic.state !== 'ready' || resumed || sessionRecording.current) return;
    if (session?.question?.index !== 1 || session.progress.answered !== 0) return;
    const stream = mic.stream();
    if (stream) sessionRecording.current = recordSession(stream);
  }, [stage, mode, mic, resumed, session]);

  useEffect(() => {
    if (stage !== 'done' || !sessionRecording.current) return;
    const recording = sessionRecording.current;
    sessionRecording.current = null;
    void recording.finish().then((audio) => (audio ? api.uploadSessionRecording(audio).catch(() => undefined) : undefined));
  }, [stage, api]);

  const voiceAllowed = session?.voice.transcription ?? false;

  const land = useCallback(
    (next: CandidateSession, { resuming }: { resuming: boolean }) => {
      setSession(next);
      if (next.status === 'COMPLETED') {
        forgetMemory(token);
        setStage('done');
      } else if (next.status === 'CANCELLED' || next.status === 'EXPIRED') {
        setError(copy.errorGone);
        setStage('closed');
      } else if (next.mode === 'external') {
        // Started (acknowledged) but the platform's agent has not spoken yet: the call's link, not the notice again.
        setStage(next.status === 'OPEN' && !next.consentedAt && resuming ? 'notice' : 'external');
      } else if (next.status === 'OPEN') {
        setStage('notice');
      } else if (resuming) {
        const memory = readMemory(token);
        const remembered = memory.mode === 'voice' && !next.voice.transcription ? 'writing' : memory.mode;
        setResumed(true);
        if (remembered) {
          setMode(remembered);
          setStage('interview');
        } else {
          setMode(next.voice.transcription ? 'voice' : 'writing');
          setStage('setup');
        }
      } else {
        setStage('interview');
      }
    },
    [copy.errorGone, token],
  );

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const result = await api.session();
        if (cancelled) return;
        if (result.ok) land(result.body, { resuming: true });
        else {
          setError(result.status === 404 || result.status === 410 ? copy.errorGone : copy.errorGeneric);
          setStage('closed');
        }
      } catch {
        if (!cancelled) {
          setError(copy.errorGeneric);
          setStage('closed');
        }
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [api, land, copy]);

  const begin = async () => {
    setError(null);
    writeMemory(token, { mode });
    if (session && session.status !== 'OPEN') {
      setStage('interview');
      return;
    }
    setStage('loading');
    try {
      // One attempt: a refusal (the agent platform is down) is the candidate's to retry, with the button.
      // The mode chosen on the setup step is the interview's answerMode (kept by the server from the first start).
      const answerMode = session?.mode === 'external' ? undefined : voiceAllowed && mode === 'voice' ? 'recorded' : 'written';
      const result = await api.start({ attempts: 1 }, answerMode);
      if (result.ok) land(result.body, { resuming: false });
      else {
        setError(result.status === 404 || result.status === 410 ? copy.errorGone : result.status === 503 ? copy.errorUnavailable : copy.errorGeneric);
        setStage(result.status === 404 || result.status === 410 ? 'closed' : session?.mode === 'external' ? 'notice' : 'setup');
      }
    } catch {
      setError(copy.errorGeneric);
      setStage('setup');
    }
  };

  return (
    <section className="cp-flow" aria-labelledby="cp-stage-title" data-testid="candidate-interview" data-stage={stage}>
      {stage === 'loading' ? (
        <p className="cp-muted" role="status">
          <span className="cp-dot" aria-hidden="true" /> {copy.starting}
        </p>
      ) : null}
      {stage === 'notice' && session ? (
        <Notice
          copy={copy}
          headingRef={headingRef}
          organizationName={organizationName}
          contactEmail={contactEmail}
          retentionDays={retentionDays}
          external={session.mode === 'external'}
          accepted={accepted}
          setAccepted={setAccepted}
          onAccept={() => (session.mode === 'external' ? void begin() : setStage('setup'))}
          onAcceptExternal={() => void begin()}
        />
      ) : null}
      {stage === 'setup' && session ? (
        <Setup copy={copy} headingRef={headingRef} mic={mic} mode={mode} setMode={setMode} voiceAllowed={voiceAllowed} resuming={session.status !== 'OPEN'} onStart={() => void begin()} />
      ) : null}
      {stage === 'interview' && session ? (
        <Interview
          copy={copy}
          api={api}
          token={token}
          mic={mic}
          session={session}
          mode={mode}
          setMode={(next) => {
            setMode(next);
            writeMemory(token, { mode: next });
          }}
          resumed={resumed}
          onSession={(next) => land(next, { resuming: false })}
        />
      ) : null}
      {stage === 'external' && session ? <ExternalInterview token={token} language={language} joinUrl={session.joinUrl} onFinished={finishExternal} /> : null}
      {stage === 'done' ? (
        <div className="cp-status cp-thanks" data-testid="invitation-finished" role="status">
          <div>
            <h2 id="cp-stage-title" ref={headingRef} tabIndex={-1}>
              {copy.thanksTitle}
            </h2>
            <p>{copy.thanksBody(organizationName)}</p>
          </div>
        </div>
      ) : null}
      {error ? (
        <p className="cp-error" role="alert" data-testid="start-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function Notice({
  copy,
  headingRef,
  organizationName,
  contactEmail,
  retentionDays,
  external,
  accepted,
  setAccepted,
  onAccept,
  onAcceptExternal,
}: {
  copy: InterviewCopy;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  organizationName: string;
  contactEmail: string | null;
  retentionDays: number | null;
  external: boolean;
  accepted: boolean;
  setAccepted: (accepted: boolean) => void;
  onAccept: () => void;
  onAcceptExternal: () => void;
}) {
  const [missing, setMissing] = useState(false);
  const checkboxRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!accepted) {
      setMissing(true);
      checkboxRef.current?.focus();
      return;
    }
    if (external) onAcceptExternal();
    else onAccept();
  };
  return (
    <Form onSubmit={submit} noValidate data-testid="notice">
      <h2 id="cp-stage-title" ref={headingRef} tabIndex={-1}>
        {copy.noticeTitle}
      </h2>
      <ul className="cp-notice" data-testid="notice-items">
        <li>{copy.noticeAi}</li>
        <li>{copy.noticeRecorded}</li>
        {external ? null : <li>{copy.noticeWritten}</li>}
        <li>{copy.noticeHuman(organizationName)}</li>
        <li>{copy.noticeRetention(retentionDays)}</li>
        <li>{copy.noticeContact(organizationName, contactEmail)}</li>
        <li>{copy.noticeAlternative(organizationName, contactEmail)}</li>
      </ul>
      <label className="cp-check">
        <input
          ref={checkboxRef}
          type="checkbox"
          checked={accepted}
          onChange={(e) => {
            setAccepted(e.target.checked);
            if (e.target.checked) setMissing(false);
          }}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? hintId : undefined}
          data-testid="consent"
        />
        <span>{copy.acknowledge}</span>
      </label>
      {missing ? (
        <p id={hintId} className="cp-field-error" role="alert">
          {copy.acknowledgeRequired}
        </p>
      ) : null}
      <button type="submit" className="cp-button" data-testid={external ? 'start-interview' : 'accept-notice'}>
        {external ? copy.start : copy.continue}
      </button>
    </Form>
  );
}

function LevelMeter({ copy, level }: { copy: InterviewCopy; level: number }) {
  const id = useId();
  const heard = level > 0.08;
  return (
    <div className="cp-meter-row">
      <label htmlFor={id}>{copy.micLevel}</label>
      <meter id={id} min={0} max={1} low={0.08} high={0.9} optimum={0.5} value={level} data-testid="mic-level" data-level={level.toFixed(3)} />
      <span className="cp-muted" data-testid="mic-heard">
        {heard ? copy.micHeard : copy.micSilent}
      </span>
    </div>
  );
}

function Setup({
  copy,
  headingRef,
  mic,
  mode,
  setMode,
  voiceAllowed,
  resuming,
  onStart,
}: {
  copy: InterviewCopy;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  mic: Microphone;
  mode: Mode;
  setMode: (mode: Mode) => void;
  voiceAllowed: boolean;
  resuming: boolean;
  onStart: () => void;
}) {
  const effective: Mode = voiceAllowed ? mode : 'writing';
  const ready = effective === 'writing' || mic.state === 'ready';
  const [starting, setStarting] = useState(false);
  return (
    <div data-testid="setup">
      <h2 id="cp-stage-title" ref={headingRef} tabIndex={-1}>
        {copy.setupTitle}
      </h2>
      {voiceAllowed ? (
        <fieldset className="cp-modes">
          <legend className="cp-sr-only">{copy.modeLegend}</legend>
          {(['voice', 'writing'] as const).map((value) => (
            <label key={value} className="cp-mode">
              <input type="radio" name="answer-mode" value={value} checked={mode === value} onChange={() => setMode(value)} data-testid={`mode-${value}`} />
              <span>
                <strong>{value === 'voice' ? copy.modeVoice : copy.modeWriting}</strong>
                <span className="cp-muted">{value === 'voice' ? copy.modeVoiceHint : copy.modeWritingHint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="cp-status" data-testid="voice-unavailable">
          {copy.voiceUnavailable}
        </p>
      )}
      {effective === 'voice' ? (
        <div className="cp-panel" data-testid="mic-check">
          <h3>{copy.micTitle}</h3>
          {mic.state === 'ready' ? <LevelMeter copy={copy} level={mic.level} /> : null}
          {mic.state === 'idle' || mic.state === 'asking' ? (
            <button type="button" className="cp-button cp-secondary" onClick={() => void mic.request()} disabled={mic.state === 'asking'} data-testid="mic-allow">
              {mic.state === 'asking' ? copy.micAsking : copy.micAsk}
            </button>
          ) : null}
          {mic.state === 'denied' || mic.state === 'unsupported' ? (
            <div role="alert" className="cp-error" data-testid="mic-denied">
              <p>{mic.state === 'denied' ? copy.micDenied : copy.micUnsupported}</p>
              <div className="cp-actions">
                {mic.state === 'denied' ? (
                  <button type="button" className="cp-button cp-secondary" onClick={() => void mic.request()} data-testid="mic-retry">
                    {copy.micRetry}
                  </button>
                ) : null}
                <button type="button" className="cp-button" onClick={() => setMode('writing')} data-testid="use-writing">
                  {copy.useWriting}
                </button>
              </div>
            </div>
          ) : null}
        </div>
      ) : null}
      <div className="cp-actions">
        <button
          type="button"
          className="cp-button"
          disabled={!ready || starting}
          onClick={() => {
            setStarting(true);
            if (effective !== mode) setMode(effective);
            onStart();
          }}
          data-testid="start-interview"
        >
          {starting ? copy.starting : resuming ? copy.continue : copy.start}
        </button>
      </div>
    </div>
  );
}

function Interview({
  copy,
  api,
  token,
  mic,
  session,
  mode,
  setMode,
  resumed,
  onSession,
}: {
  copy: InterviewCopy;
  api: ReturnType<typeof candidateApi>;
  token: string;
  mic: Microphone;
  session: CandidateSession;
  mode: Mode;
  setMode: (mode: Mode) => void;
  resumed: boolean;
  onSession: (session: CandidateSession) => void;
}) {
  const question = session.question;
  const turnNumber = question?.turnNumber ?? null;
  const [step, setStep] = useState<Step>('ready');
  const [draft, setDraft] = useState<AnswerDraft | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(session.answerTimeLimitSeconds);
  const [speaking, setSpeakingNow] = useState(false);
  const recordingRef = useRef<Recording | null>(null);
  const speakingRef = useRef<Speaking | null>(null);
  const questionRef = useRef<HTMLHeadingElement>(null);
  const answerRef = useRef<HTMLTextAreaElement>(null);
  const voice = mode === 'voice' && session.voice.transcription;
  const textId = useId();
  // Whether the question can be heard again: the service's speech, or a browser voice for the language.
  const [canSpeak, setCanSpeak] = useState(session.voice.speech === 'server');
  useEffect(() => {
    if (session.voice.speech === 'server' || typeof window === 'undefined' || !('speechSynthesis' in window)) return;
    const check = () => setCanSpeak(window.speechSynthesis.getVoices().some((v) => v.lang.toLowerCase().startsWith(session.language)));
    check();
    window.speechSynthesis.addEventListener('voiceschanged', check);
    return () => window.speechSynthesis.removeEventListener('voiceschanged', check);
  }, [session.voice.speech, session.language]);

  const saveDraft = useCallback(
    (next: AnswerDraft | null) => {
      setDraft(next);
      writeMemory(token, { draft: next });
    },
    [token],
  );

  const startRecording = useCallback(async () => {
    if (turnNumber === null) return;
    speakingRef.current?.cancel();
    setError(null);
    if (!(await mic.request())) {
      setError(copy.micDenied);
      setStep('ready');
      return;
    }
    const stream = mic.stream();
    if (!stream) return;
    setStep('recording');
    setSecondsLeft(session.answerTimeLimitSeconds);
    const recording = recordAnswer(stream, { rms: mic.rms, timeLimitSeconds: session.answerTimeLimitSeconds, onTick: (left) => setSecondsLeft(left) });
    recordingRef.current = recording;
    let recorded;
    try {
      recorded = await recording.result;
    } catch {
      setError(copy.errorGeneric);
      setStep('ready');
      return;
    } finally {
      recordingRef.current = null;
    }
    if (recorded.end === 'time-limit') setStatus(copy.timeUp);
    setStep('uploading');
    setStatus(session.voice.transcription ? copy.transcribing : copy.uploading);
    try {
      const uploaded = await api.uploadAudio(turnNumber, recorded.audio, { onRetry: () => setStatus(copy.retrying) });
      if (!uploaded.ok) {
        setError(uploaded.status === 413 || uploaded.status === 415 ? copy.errorTooLarge : uploaded.status === 409 ? copy.errorConflict : copy.errorGeneric);
        setStep('ready');
        setStatus('');
        return;
      }
      const { audioId, transcript, poor } = uploaded.body;
      saveDraft({ turnNumber, text: transcript ?? '', audioId, poor, untranscribed: transcript === null });
      setStep('review');
      setStatus('');
    } catch {
      setError(copy.offline);
      setStep('ready');
      setStatus('');
    }
  }, [api, copy, mic, saveDraft, session.answerTimeLimitSeconds, session.voice.transcription, turnNumber]);

  // A new pending question: restore its draft, or read it aloud (once) and, by voice, start recording after it.
  useEffect(() => {
    if (turnNumber === null || !question) return;
    setError(null);
    setStatus('');
    const memory = readMemory(token);
    const kept = memory.draft?.turnNumber === turnNumber ? memory.draft : null;
    if (memory.draft && !kept) writeMemory(token, { draft: null });
    setDraft(kept);
    if (kept && (kept.audioId || kept.text)) {
      setStep('review');
      return;
    }
    const alreadySpoken = memory.spoken.includes(turnNumber);
    const activated = typeof navigator === 'undefined' || !('userActivation' in navigator) || navigator.userActivation.hasBeenActive;
    if (alreadySpoken || !activated) {
      setStep('ready');
      return;
    }
    writeMemory(token, { spoken: [...memory.spoken.slice(-50), turnNumber] });
    setStep('speaking');
    setSpeakingNow(true);
    const speech = speakQuestion(question.text, { language: session.language, serverUrl: session.voice.speech === 'server' ? api.speechUrl(turnNumber) : null });
    speakingRef.current = speech;
    let cancelled = false;
    void speech.done.then(() => {
      setSpeakingNow(false);
      if (cancelled || speakingRef.current !== speech) return;
      speakingRef.current = null;
      if (voice && mic.state === 'ready') void startRecording();
      else setStep('ready');
    });
    return () => {
      cancelled = true;
      speech.cancel();
    };
    // Runs once per question: the mode and microphone at that moment decide what follows the reading.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [turnNumber]);

  useEffect(() => {
    questionRef.current?.focus();
  }, [turnNumber]);

  useEffect(() => {
    if (step === 'review') answerRef.current?.focus();
  }, [step]);

  const replay = () => {
    if (!question || turnNumber === null) return;
    speakingRef.current?.cancel();
    setSpeakingNow(true);
    const speech = speakQuestion(question.text, { language: session.language, serverUrl: session.voice.speech === 'server' ? api.speechUrl(turnNumber) : null });
    speakingRef.current = speech;
    void speech.done.then(() => setSpeakingNow(false));
  };

  const send = useCallback(async () => {
    if (turnNumber === null) return;
    const text = (answerRef.current?.value ?? draft?.text ?? '').trim();
    if (!text) {
      setError(copy.answerEmpty);
      answerRef.current?.focus();
      return;
    }
    setError(null);
    setStep('sending');
    setStatus(copy.sending);
    try {
      const result = await api.answer(turnNumber, { text, ...(draft?.audioId ? { audioId: draft.audioId } : {}) }, { onRetry: () => setStatus(copy.retrying) });
      if (result.ok) {
        writeMemory(token, { draft: null });
        setStatus('');
        onSession(result.body);
        return;
      }
      if (result.status === 409) {
        // Answered already (a retry whose first response was lost, another tab): the session says what is next.
        const fresh = await api.session();
        if (fresh.ok && fresh.body.question?.turnNumber !== turnNumber) {
          writeMemory(token, { draft: null });
          setStatus(copy.errorConflict);
          onSession(fresh.body);
          return;
        }
      }
      setError(result.status === 404 || result.status === 410 ? copy.errorGone : copy.errorGeneric);
      setStep(draft?.audioId || mode === 'writing' ? 'review' : 'ready');
      setStatus('');
    } catch {
      setError(copy.offline);
      setStep('review');
      setStatus('');
    }
  }, [api, copy, draft, mode, onSession, token, turnNumber]);

  // Back online with an answer that could not be sent: send it.
  useEffect(() => {
    if (error !== copy.offline || step !== 'review') return;
    const retry = () => void send();
    window.addEventListener('online', retry, { once: true });
    return () => window.removeEventListener('online', retry);
  }, [error, copy.offline, step, send]);

  // The interviewer is still preparing the next question (or finalizing): look again shortly.
  useEffect(() => {
    if (question) return;
    const timer = setInterval(async () => {
      try {
        const fresh = await api.session();
        if (fresh.ok && (fresh.body.question || fresh.body.status !== 'IN_PROGRESS')) onSession(fresh.body);
      } catch {
        // The next tick tries again.
      }
    }, 1500);
    return () => clearInterval(timer);
  }, [api, onSession, question]);

  if (!question) {
    return (
      <p className="cp-muted" role="status">
        <span className="cp-dot" aria-hidden="true" /> {copy.starting}
      </p>
    );
  }

  const total = Math.max(session.progress.total, question.index);
  const writing = !voice;
  const showText = writing || step === 'review' || step === 'sending';
  const busy = step === 'sending' || step === 'uploading';

  return (
    <div data-testid="question-panel" data-turn={question.turnNumber} data-step={step}>
      <p className="cp-progress-label" id="cp-progress-label">
        <span data-testid="progress">{copy.progress(question.index, total)}</span>
      </p>
      <progress className="cp-progress" max={total} value={question.index - 1} aria-labelledby="cp-progress-label" />
      {resumed ? (
        <p className="cp-muted" data-testid="resumed">
          {copy.resumed(question.index)}
        </p>
      ) : null}
      <div aria-live="polite" className="cp-question">
        <h2 id="cp-stage-title" ref={questionRef} tabIndex={-1} className="cp-sr-only">
          {question.isFollowUp ? copy.followUp : copy.questionLabel(question.index)}
        </h2>
        {question.isFollowUp ? <p className="cp-eyebrow">{copy.followUp}</p> : null}
        <p className="cp-question-text" data-testid="question-text">
          {question.text}
        </p>
      </div>
      {canSpeak ? (
        <div className="cp-actions">
          <button type="button" className="cp-link-button" onClick={replay} disabled={speaking} data-testid="replay-question">
            {speaking ? copy.speaking : copy.replay}
          </button>
        </div>
      ) : null}

      {voice && (step === 'ready' || step === 'speaking') ? (
        <div className="cp-actions">
          <button type="button" className="cp-button" onClick={() => void startRecording()} data-testid="record-answer">
            {copy.recordStart}
          </button>
        </div>
      ) : null}

      {voice && step === 'recording' ? (
        <div className="cp-panel cp-recording" data-testid="recording">
          <p>
            <span className="cp-rec-dot" aria-hidden="true" /> {copy.recording(secondsLeft)}
          </p>
          <LevelMeter copy={copy} level={mic.level} />
          <button type="button" className="cp-button" onClick={() => recordingRef.current?.stop()} data-testid="stop-recording">
            {copy.recordStop}
          </button>
        </div>
      ) : null}

      {showText ? (
        <div className="cp-answer">
          <label htmlFor={textId}>{writing ? copy.writtenLabel : copy.transcriptLabel}</label>
          <p className="cp-muted" id={`${textId}-hint`}>
            {writing ? copy.writtenHint(session.answerTimeLimitSeconds) : draft?.untranscribed ? copy.transcriptMissing : draft?.poor ? copy.transcriptPoor : copy.transcriptHint}
          </p>
          <textarea
            id={textId}
            ref={answerRef}
            className="cp-textarea"
            rows={6}
            maxLength={20_000}
            aria-describedby={`${textId}-hint`}
            value={draft?.turnNumber === question.turnNumber ? draft.text : ''}
            onChange={(e) =>
              saveDraft({ turnNumber: question.turnNumber, text: e.target.value, audioId: draft?.audioId ?? null, poor: draft?.poor ?? false, untranscribed: draft?.untranscribed ?? false })
            }
            readOnly={step === 'sending'}
            data-testid="answer-text"
          />
          <div className="cp-actions">
            <button type="button" className="cp-button" onClick={() => void send()} disabled={busy} data-testid="send-answer">
              {step === 'sending' ? copy.sending : copy.send}
            </button>
            {voice ? (
              <button type="button" className="cp-button cp-secondary" onClick={() => void startRecording()} disabled={busy} data-testid="record-again">
                {copy.recordAgain}
              </button>
            ) : null}
          </div>
        </div>
      ) : null}

      {session.voice.transcription && step !== 'recording' && !busy ? (
        <div className="cp-actions">
          <button type="button" className="cp-link-button" onClick={() => setMode(voice ? 'writing' : 'voice')} data-testid="switch-mode">
            {voice ? copy.switchToWriting : copy.switchToVoice}
          </button>
        </div>
      ) : null}

      <p role="status" className="cp-muted" data-testid="answer-status">
        {status}
      </p>
      {error ? (
        <p className="cp-error" role="alert" data-testid="answer-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
