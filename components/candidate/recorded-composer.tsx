'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { CandidateApi } from './candidate-api';
import type { InterviewCopy } from './interview-copy';
import type { InterviewEvent, InterviewState } from './interview-machine';
import type { AnswerDraft } from './interview-memory';
import { recordAnswer, type Recording } from './record-answer';
import { speakQuestion, type Speaking } from './speak-question';
import { LevelMeter } from './interview-setup';
import { WrittenComposer } from './written-composer';
import type { Microphone } from './use-microphone';

/**
 * The spoken answer (recorded mode, by voice): the question read aloud once, recording until the candidate stops,
 * the time limit or voice-activity detection, the upload and transcript, then the transcript to review and send.
 * The machine holds where it is (`step`); this view runs the microphone, the speech and the upload.
 */
export function RecordedComposer({
  copy,
  api,
  mic,
  state,
  dispatch,
  onDraft,
  onTranscribed,
  onSend,
  onPaste,
  extraActions,
}: {
  copy: InterviewCopy;
  api: CandidateApi;
  mic: Microphone;
  state: InterviewState;
  dispatch: (event: InterviewEvent) => void;
  onDraft: (text: string) => void;
  onTranscribed: (draft: AnswerDraft) => void;
  onSend: () => void;
  /** Text pasted into the transcript's review box (an integrity signal, as in a written answer): how many characters. */
  onPaste?: (turnNumber: number, characters: number) => void;
  extraActions?: React.ReactNode;
}) {
  const session = state.session!;
  const question = session.question;
  const turnNumber = question?.turnNumber ?? null;
  const [secondsLeft, setSecondsLeft] = useState(session.answerTimeLimitSeconds);
  const [speaking, setSpeaking] = useState(false);
  const recordingRef = useRef<Recording | null>(null);
  const speakingRef = useRef<Speaking | null>(null);
  const recordRef = useRef<HTMLButtonElement>(null);
  const stopRef = useRef<HTMLButtonElement>(null);
  const serverSpeech = session.voice.speech === 'server';

  // Whether the question can be heard again: the service's speech, or a browser voice for the language.
  const [canSpeak, setCanSpeak] = useState(serverSpeech);
  useEffect(() => {
    if (serverSpeech || typeof window === 'undefined' || !('speechSynthesis' in window)) return;
    const check = () => setCanSpeak(window.speechSynthesis.getVoices().some((v) => v.lang.toLowerCase().startsWith(session.language)));
    check();
    window.speechSynthesis.addEventListener('voiceschanged', check);
    return () => window.speechSynthesis.removeEventListener('voiceschanged', check);
  }, [serverSpeech, session.language]);

  const startRecording = useCallback(async () => {
    if (turnNumber === null) return;
    speakingRef.current?.cancel();
    if (!(await mic.request())) {
      dispatch({ type: 'RECORDING_FAILED', error: 'micDenied' });
      return;
    }
    const stream = mic.stream();
    if (!stream) return;
    dispatch({ type: 'RECORDING' });
    setSecondsLeft(session.answerTimeLimitSeconds);
    const recording = recordAnswer(stream, { rms: mic.rms, timeLimitSeconds: session.answerTimeLimitSeconds, onTick: (left) => setSecondsLeft(left) });
    recordingRef.current = recording;
    let recorded;
    try {
      recorded = await recording.result;
    } catch {
      dispatch({ type: 'RECORDING_FAILED', error: 'generic' });
      return;
    } finally {
      recordingRef.current = null;
    }
    dispatch({ type: 'RECORDED', timeUp: recorded.end === 'time-limit' });
    try {
      const uploaded = await api.uploadAudio(turnNumber, recorded.audio, { onRetry: () => dispatch({ type: 'RETRYING' }) });
      if (!uploaded.ok) {
        dispatch({ type: 'RECORDING_FAILED', error: uploaded.status === 413 || uploaded.status === 415 ? 'tooLarge' : uploaded.status === 409 ? 'conflict' : 'generic' });
        return;
      }
      const { audioId, transcript, poor } = uploaded.body;
      onTranscribed({ turnNumber, text: transcript ?? '', audioId, poor, untranscribed: transcript === null });
    } catch {
      dispatch({ type: 'RECORDING_FAILED', error: 'offline' });
    }
  }, [api, dispatch, mic, onTranscribed, session.answerTimeLimitSeconds, turnNumber]);

  // The question read aloud once (the machine decided it: `speaking`); by voice, recording starts after it.
  useEffect(() => {
    if (state.step !== 'speaking' || !question) return;
    setSpeaking(true);
    const speech = speakQuestion(question.text, { language: session.language, serverUrl: serverSpeech ? api.speechUrl(question.turnNumber) : null });
    speakingRef.current = speech;
    let cancelled = false;
    void speech.done.then(() => {
      setSpeaking(false);
      if (cancelled || speakingRef.current !== speech) return;
      speakingRef.current = null;
      dispatch({ type: 'SPOKEN' });
      if (mic.state === 'ready') void startRecording();
    });
    return () => {
      cancelled = true;
      speech.cancel();
    };
    // Once per question: the microphone at that moment decides whether recording follows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.step === 'speaking', question?.turnNumber]);

  // Focus follows the one control that matters now, when what had it went away.
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (!lost) return;
    if (state.step === 'recording') stopRef.current?.focus();
    else if (state.step === 'ready') recordRef.current?.focus();
  }, [state.step]);

  const replay = () => {
    if (!question) return;
    speakingRef.current?.cancel();
    setSpeaking(true);
    const speech = speakQuestion(question.text, { language: session.language, serverUrl: serverSpeech ? api.speechUrl(question.turnNumber) : null });
    speakingRef.current = speech;
    void speech.done.then(() => setSpeaking(false));
  };

  const step = state.step;
  const busy = state.phase === 'sending' || step === 'transcribing';
  const draft = state.draft;
  return (
    <>
      {canSpeak && question ? (
        <div className="cp-actions">
          <button type="button" className="cp-link-button" onClick={replay} disabled={speaking} data-testid="replay-question">
            {speaking ? copy.speaking : copy.replay}
          </button>
        </div>
      ) : null}
      {step === 'ready' || step === 'speaking' ? (
        <div className="cp-actions">
          <button ref={recordRef} type="button" className="cp-button" onClick={() => void startRecording()} data-testid="record-answer">
            {copy.recordStart}
          </button>
          {extraActions}
        </div>
      ) : null}
      {step === 'recording' ? (
        <div className="cp-panel cp-recording" data-testid="recording">
          <p>
            <span className="cp-rec-dot" aria-hidden="true" /> {copy.recording(secondsLeft)}
          </p>
          <LevelMeter copy={copy} level={mic.level} />
          <button ref={stopRef} type="button" className="cp-button" onClick={() => recordingRef.current?.stop()} data-testid="stop-recording">
            {copy.recordStop}
          </button>
        </div>
      ) : null}
      {step === 'reviewing' ? (
        <WrittenComposer
          copy={copy}
          state={state}
          label={copy.transcriptLabel}
          hint={draft?.untranscribed ? copy.transcriptMissing : draft?.poor ? copy.transcriptPoor : copy.transcriptHint}
          onDraft={onDraft}
          onSend={onSend}
          onPaste={onPaste}
          extraActions={
            <>
              <button type="button" className="cp-button cp-secondary" onClick={() => void startRecording()} disabled={busy} data-testid="record-again">
                {copy.recordAgain}
              </button>
              {extraActions}
            </>
          }
        />
      ) : null}
    </>
  );
}
