'use client';

import { useId } from 'react';
import type { InterviewCopy } from './interview-copy';
import type { AnswerChannel } from './interview-machine';
import type { Microphone } from './use-microphone';

export function LevelMeter({ copy, level }: { copy: InterviewCopy; level: number }) {
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

/**
 * The recorded and live modes' setup: out loud (recorded answers, or the live conversation) or in writing, and by voice the microphone check (a click asks for it, a
 * live level shows it hears; a refusal says how to allow it, with "Try again" and "Answer in writing").
 */
export function InterviewSetup({
  copy,
  headingRef,
  mic,
  live,
  channel,
  onChannel,
  resuming,
  starting,
  onStart,
}: {
  copy: InterviewCopy;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  mic: Microphone;
  /** The voice choice is the live conversation (else recorded answers). */
  live: boolean;
  channel: AnswerChannel;
  onChannel: (channel: AnswerChannel) => void;
  resuming: boolean;
  starting: boolean;
  onStart: () => void;
}) {
  const ready = channel === 'writing' || mic.state === 'ready';
  return (
    <div data-testid="setup">
      <h2 id="cp-stage-title" ref={headingRef} tabIndex={-1}>
        {copy.setupTitle}
      </h2>
      <fieldset className="cp-modes">
        <legend className="cp-sr-only">{copy.modeLegend}</legend>
        {(['voice', 'writing'] as const).map((value) => (
          <label key={value} className="cp-mode">
            <input type="radio" name="answer-mode" value={value} checked={channel === value} onChange={() => onChannel(value)} data-testid={`mode-${value}`} />
            <span>
              <strong>{value === 'voice' ? (live ? copy.modeLive : copy.modeVoice) : copy.modeWriting}</strong>
              <span className="cp-muted">{value === 'voice' ? (live ? copy.modeLiveHint : copy.modeVoiceHint) : copy.modeWritingHint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {channel === 'voice' ? (
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
                <button type="button" className="cp-button" onClick={() => onChannel('writing')} data-testid="use-writing">
                  {copy.useWriting}
                </button>
              </div>
            </div>
          ) : null}
        </div>
      ) : null}
      <div className="cp-actions">
        <button type="button" className="cp-button" disabled={!ready || starting} onClick={onStart} data-testid="start-interview">
          {starting ? copy.starting : resuming ? copy.continue : copy.start}
        </button>
      </div>
    </div>
  );
}
