'use client';

import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { trustMessages } from '@/server/i18n/messages/trust';
import type { CandidateLanguage } from '@/server/i18n/languages';
import { createTranslator } from '@/server/i18n/translator';
import type { InterviewCopy } from './interview-copy';
import { LevelMeter } from './interview-setup';
import type { AnswerChannel } from './interview-machine';
import { speakQuestion, type Speaking } from './speak-question';
import type { Microphone } from './use-microphone';

/** The level above which the practice recording counts as heard (the level meter's "we hear you"). */
const HEARD_LEVEL = 0.08;

type Outcome = { kind: 'written'; text: string } | { kind: 'voice'; url: string; heard: boolean } | null;

/**
 * The practice question before the first one, in every mode: the candidate hears the interviewer (the browser's
 * speech, by voice), answers, and sees that it works (their written answer as it will be sent, or their recording
 * played back with whether it was heard). Everything stays in this component: the answer is never posted, so it is
 * never a turn, never scored and never given to a model.
 */
export function PracticeQuestion({
  copy,
  language,
  channel,
  mic,
  headingRef,
  onDone,
}: {
  copy: InterviewCopy;
  language: CandidateLanguage;
  channel: AnswerChannel;
  mic: Microphone;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onDone: () => void;
}) {
  const t = useMemo(() => createTranslator(trustMessages, language), [language]);
  const id = useId();
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);
  const [recording, setRecording] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const speaking = useRef<Speaking | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const loudest = useRef(0);
  const voice = channel === 'voice' && mic.state === 'ready';
  const question = t('practiceQuestion');

  const speak = () => {
    speaking.current?.cancel();
    speaking.current = speakQuestion(question, { language, serverUrl: null });
  };
  useEffect(() => {
    if (voice) speak();
    return () => speaking.current?.cancel();
    // Spoken once when the practice opens; the button repeats it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (recording) loudest.current = Math.max(loudest.current, mic.level);
  }, [recording, mic.level]);
  useEffect(() => () => (outcome?.kind === 'voice' ? URL.revokeObjectURL(outcome.url) : undefined), [outcome]);

  const record = () => {
    const stream = mic.stream();
    if (!stream || typeof MediaRecorder === 'undefined') return;
    speaking.current?.cancel();
    const chunks: Blob[] = [];
    const r = new MediaRecorder(stream);
    r.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
    r.onstop = () => {
      setRecording(false);
      setOutcome({ kind: 'voice', url: URL.createObjectURL(new Blob(chunks, { type: r.mimeType })), heard: loudest.current > HEARD_LEVEL });
    };
    loudest.current = 0;
    recorder.current = r;
    r.start();
    setOutcome(null);
    setRecording(true);
  };

  return (
    <div data-testid="practice" data-channel={voice ? 'voice' : 'writing'}>
      <h2 id="cp-stage-title" ref={headingRef} tabIndex={-1}>
        {t('practiceTitle')}
      </h2>
      <p className="cp-muted">{t('practiceIntro')}</p>
      <div className="cp-messages">
        <p className="cp-msg cp-msg-interviewer" data-testid="practice-question">
          {question}
        </p>
        {outcome?.kind === 'written' ? (
          <p className="cp-msg cp-msg-candidate" data-testid="practice-echo">
            {outcome.text}
          </p>
        ) : null}
      </div>
      {voice ? (
        <div className="cp-panel">
          <button type="button" className="cp-link-button" onClick={speak}>
            {t('practiceListen')}
          </button>
          {recording ? <LevelMeter copy={copy} level={mic.level} /> : null}
          <div className="cp-actions">
            {recording ? (
              <button type="button" className="cp-button" onClick={() => recorder.current?.stop()} data-testid="practice-stop">
                {t('practiceStop')}
              </button>
            ) : (
              <button type="button" className="cp-button cp-secondary" onClick={record} data-testid="practice-record">
                {outcome ? t('practiceAgain') : t('practiceRecord')}
              </button>
            )}
          </div>
          {outcome?.kind === 'voice' ? (
            <>
              <p>{t('practicePlayback')}</p>
              <audio controls src={outcome.url} data-testid="practice-playback" />
            </>
          ) : null}
        </div>
      ) : (
        <div className="cp-answer">
          <label htmlFor={id}>{t('practiceWrittenLabel')}</label>
          <textarea
            id={id}
            className="cp-textarea"
            rows={2}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (e.target.value.trim()) setEmpty(false);
            }}
            data-testid="practice-text"
          />
          <div className="cp-actions">
            <button
              type="button"
              className="cp-button cp-secondary"
              onClick={() => (text.trim() ? setOutcome({ kind: 'written', text: text.trim() }) : setEmpty(true))}
              data-testid="practice-try"
            >
              {outcome ? t('practiceAgain') : t('practiceTry')}
            </button>
          </div>
          {empty ? (
            <p className="cp-field-error" role="alert">
              {t('practiceEmpty')}
            </p>
          ) : null}
        </div>
      )}
      <p role="status" data-testid="practice-result">
        {outcome?.kind === 'written' ? t('practiceWorksWritten') : outcome?.kind === 'voice' ? (outcome.heard ? t('practiceWorksVoice') : t('practiceSilent')) : ''}
      </p>
      <button type="button" className="cp-button" onClick={onDone} data-testid="practice-done">
        {outcome ? t('practiceDone') : t('practiceSkip')}
      </button>
    </div>
  );
}
