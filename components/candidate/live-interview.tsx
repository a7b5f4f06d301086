'use client';

import { useEffect, useRef, useState } from 'react';
import type { CandidateApi, CandidateSession } from './candidate-api';
import type { InterviewCopy, LiveCopy } from './interview-copy';
import type { LiveView } from './live-connection';
import type { Microphone } from './use-microphone';
import { useLiveConversation } from './use-live-conversation';

type Shown = keyof LiveCopy['state'];

/** What the status line says: the connection first, then the conversation's turn. */
function shownState(view: LiveView | null): Shown {
  if (!view || view.connection === 'connecting') return 'connecting';
  if (view.connection === 'reconnecting') return 'reconnecting';
  if (view.paused || view.state === 'paused') return 'paused';
  if (view.state === 'ended') return 'speaking';
  return view.state ?? 'connecting';
}

/**
 * The live conversation with the interviewer (answerMode "live", docs/INTERVIEWER.md "Live mode"): the microphone
 * streamed and the interviewer's voice played (use-live-conversation.ts), what is happening now, captions of both
 * sides, mute, pause, "repeat the question", the progress; after a reload, one click to turn the microphone and
 * sound back on (browsers start audio only after a gesture). When the live service fails or another tab took the
 * conversation, the candidate can try again or continue in writing (the same interview, the thread).
 */
export function LiveInterview({
  copy,
  token,
  api,
  mic,
  session,
  headingRef,
  onEnded,
  onWritingInstead,
}: {
  copy: InterviewCopy;
  token: string;
  api: CandidateApi;
  mic: Microphone;
  session: CandidateSession;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onEnded: (session: CandidateSession) => void;
  onWritingInstead: (session: CandidateSession) => void;
}) {
  const live = copy.live;
  const [joined, setJoined] = useState(() => mic.state === 'ready');
  const stream = joined && mic.state === 'ready' ? mic.stream() : null;
  const conversation = useLiveConversation(token, stream);
  const { view, playback } = conversation;
  const [leaving, setLeaving] = useState(false);
  const [finalCaption, setFinalCaption] = useState('');
  const captionsEnd = useRef<HTMLLIElement | null>(null);

  const captions = view?.captions ?? [];
  const lastFinal = captions.findLast((c) => c.final);
  useEffect(() => {
    captionsEnd.current?.scrollIntoView?.({ block: 'nearest' });
    if (lastFinal) setFinalCaption(`${lastFinal.speaker === 'interviewer' ? copy.interviewerSays : copy.youSaid} ${lastFinal.text}`);
  }, [captions.length, lastFinal, copy]);

  // The closing said and heard to its end: the finished screen, with the session as the server now has it.
  const ended = view?.connection === 'ended' && playback.pendingMs === 0;
  const endedOnce = useRef(false);
  useEffect(() => {
    if (!ended || endedOnce.current) return;
    endedOnce.current = true;
    // The microphone is not needed any more: the browser's recording indicator goes off.
    mic.release();
    void api
      .session({ attempts: 3 })
      .then((fresh) => onEnded(fresh.ok ? fresh.body : { ...session, status: 'COMPLETED', question: null }))
      .catch(() => onEnded({ ...session, status: 'COMPLETED', question: null }));
  }, [ended, api, onEnded, session, mic]);

  const writingInstead = async () => {
    setLeaving(true);
    mic.release();
    try {
      const fresh = await api.session({ attempts: 3 });
      onWritingInstead(fresh.ok ? fresh.body : session);
    } catch {
      onWritingInstead(session);
    }
  };

  const join = async () => {
    if (await mic.request()) setJoined(true);
  };

  const progress = view?.progress;
  const total = progress?.total ?? session.progress.total;
  const current = progress?.questionIndex ?? session.question?.index ?? null;
  const answered = Math.min(progress?.answered ?? session.progress.answered, total);
  const connection = view?.connection ?? 'connecting';
  const stuck = connection === 'failed' || conversation.captureFailed;
  const shown = shownState(view);
  const open = connection === 'open';
  const paused = view?.paused ?? false;
  const muted = view?.muted ?? false;

  const writingButton = (
    <button type="button" className="cp-link-button" onClick={() => void writingInstead()} disabled={leaving} data-testid="live-writing">
      {live.writingInstead}
    </button>
  );

  return (
    <div
      className="cp-live"
      data-testid="live-interview"
      data-connection={joined ? connection : 'join'}
      data-state={view?.state ?? ''}
      data-heard-ms={playback.heardMs}
      data-pending-ms={playback.pendingMs}
      data-interruptions={playback.interruptions}
      data-output-level={playback.level.toFixed(4)}
    >
      <h2 id="cp-stage-title" ref={headingRef} tabIndex={-1}>
        {live.title}
      </h2>
      {current !== null && total > 0 ? (
        <>
          <p className="cp-progress-label" id="cp-progress-label">
            <span data-testid="progress">{copy.progress(Math.min(current, total), total)}</span>
            {progress?.isFollowUp ? <span className="cp-muted"> · {copy.followUp}</span> : null}
          </p>
          <progress className="cp-progress" max={total} value={answered} aria-labelledby="cp-progress-label" data-testid="progress-bar" />
        </>
      ) : null}

      {!joined ? (
        <div className="cp-panel" data-testid="live-join">
          <p>{live.joinHint}</p>
          {mic.state === 'denied' || mic.state === 'unsupported' ? (
            <p role="alert" className="cp-error" data-testid="mic-denied">
              {live.micNeeded}
            </p>
          ) : null}
          <div className="cp-actions">
            <button type="button" className="cp-button" onClick={() => void join()} disabled={mic.state === 'asking'} data-testid="live-join-button">
              {live.join}
            </button>
            {writingButton}
          </div>
        </div>
      ) : stuck || connection === 'taken-over' ? (
        <div className="cp-panel" role="alert" data-testid={stuck ? 'live-failed' : 'live-taken-over'}>
          <p>{stuck ? live.failed : live.takenOver}</p>
          <div className="cp-actions">
            <button type="button" className="cp-button" onClick={conversation.reconnect} data-testid="live-retry">
              {stuck ? live.retry : live.takeBack}
            </button>
            <button type="button" className="cp-button cp-secondary" onClick={() => void writingInstead()} disabled={leaving} data-testid="live-writing">
              {live.writingInstead}
            </button>
          </div>
        </div>
      ) : (
        <>
          <div className={`cp-live-status cp-live-${shown}`}>
            <span className="cp-live-voice" aria-hidden="true">
              <span style={{ transform: `scaleY(${Math.min(1, 0.15 + playback.level * 6).toFixed(2)})` }} />
            </span>
            <p role="status" data-testid="live-state" data-shown={shown}>
              {live.state[shown]}
              {muted ? <span className="cp-live-muted"> {live.mutedHint}</span> : null}
            </p>
          </div>
          {conversation.audioBlocked ? (
            <div className="cp-actions">
              <button type="button" className="cp-button" onClick={conversation.resumeAudio} data-testid="live-sound">
                {live.join}
              </button>
            </div>
          ) : null}
          <div className="cp-actions" data-testid="live-controls">
            <button type="button" className="cp-button cp-secondary" onClick={muted ? conversation.unmute : conversation.mute} disabled={!open} data-testid="live-mute">
              {muted ? live.unmute : live.mute}
            </button>
            <button type="button" className="cp-button cp-secondary" onClick={paused ? conversation.resume : conversation.pause} disabled={!open} data-testid="live-pause">
              {paused ? live.resume : live.pause}
            </button>
            <button type="button" className="cp-button cp-secondary" onClick={conversation.repeat} disabled={!open || paused} data-testid="live-repeat">
              {live.repeat}
            </button>
          </div>
        </>
      )}

      <h3 className="cp-live-captions-title" id="cp-live-captions">
        {live.captions}
      </h3>
      {captions.length === 0 ? <p className="cp-muted">{live.captionsEmpty}</p> : null}
      <ol className="cp-messages" aria-labelledby="cp-live-captions" data-testid="live-captions">
        {captions.map((caption, i) => (
          <li
            key={i}
            ref={i === captions.length - 1 ? captionsEnd : undefined}
            className={`cp-msg cp-msg-${caption.speaker}`}
            data-testid={`caption-${caption.speaker}`}
            data-final={caption.final ? 'true' : 'false'}
          >
            <span className="cp-msg-label">{caption.speaker === 'interviewer' ? live.interviewer : live.you}</span>
            <span className="cp-msg-text" data-testid="caption-text">
              {caption.text}
            </span>
          </li>
        ))}
      </ol>
      {/* Finished utterances only: an utterance in progress would be read again at every word. */}
      <p className="cp-sr-only" aria-live="polite" data-testid="live-announcer">
        {finalCaption}
      </p>
      {joined && !stuck && connection !== 'taken-over' ? (
        <p className="cp-muted">
          {live.writingHint} {writingButton}
        </p>
      ) : null}
    </div>
  );
}
