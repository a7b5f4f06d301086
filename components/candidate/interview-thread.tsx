'use client';

import { useEffect, useRef, useState } from 'react';
import type { InterviewCopy } from './interview-copy';
import { progressOf, showsResumeBanner, threadOf, type InterviewState, type ThreadItem } from './interview-machine';

function textOf(copy: InterviewCopy, item: ThreadItem): string {
  return item.kind === 'ack' ? copy.acks[item.variant % copy.acks.length] : item.text;
}

/**
 * The conversation with the interviewer, shared by the written and recorded modes: progress (answered out of the
 * total), the resume banner once, every message so far, and a typing indicator while the interviewer prepares its
 * next message. New interviewer messages are announced (a polite live region); on arrival of the first question
 * (a start or a reload) focus moves to it, later ones leave focus where the candidate is (the composer), unless
 * what had it went away.
 */
export function InterviewThread({ copy, state, children }: { copy: InterviewCopy; state: InterviewState; children?: React.ReactNode }) {
  const { items, typing } = threadOf(state);
  const progress = progressOf(state);
  const current = state.session?.question?.turnNumber ?? null;
  const currentRef = useRef<HTMLLIElement | null>(null);
  const shown = useRef<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (current === null || shown.current === current) return;
    const first = shown.current === null;
    shown.current = current;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (first || lost) {
      // Focus reads the question out; announcing it too would say it twice.
      currentRef.current?.focus();
      currentRef.current?.scrollIntoView?.({ block: 'nearest' });
      return;
    }
    // The interviewer's messages since the candidate's last answer: the acknowledgement and the question.
    const lastAnswer = items.findLastIndex((i) => i.from === 'candidate');
    setAnnouncement(
      items
        .slice(lastAnswer + 1)
        .map((i) => textOf(copy, i))
        .join(' '),
    );
    currentRef.current?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);

  return (
    <div className="cp-thread" data-testid="thread">
      <h2 id="cp-stage-title" className="cp-sr-only">
        {copy.threadTitle}
      </h2>
      {progress.current !== null ? (
        <>
          <p className="cp-progress-label" id="cp-progress-label">
            <span data-testid="progress">{copy.progress(progress.current, progress.total)}</span>
          </p>
          <progress className="cp-progress" max={progress.total} value={progress.answered} aria-labelledby="cp-progress-label" data-testid="progress-bar" />
        </>
      ) : null}
      {showsResumeBanner(state) && progress.current !== null ? (
        <p className="cp-muted" data-testid="resumed">
          {copy.resumed(progress.current)}
        </p>
      ) : null}
      <ol className="cp-messages" aria-label={copy.threadLabel} data-testid="messages">
        {items.map((item) => {
          const isCurrent = item.kind !== 'ack' && item.from === 'interviewer' && item.current;
          return (
            <li
              key={item.key}
              ref={isCurrent ? currentRef : undefined}
              id={isCurrent ? 'cp-current-question' : undefined}
              tabIndex={isCurrent ? -1 : undefined}
              className={`cp-msg cp-msg-${item.from}${item.kind === 'ack' || item.kind === 'greeting' ? ' cp-msg-aside' : ''}`}
              data-testid={`msg-${item.kind}`}
              data-current={isCurrent || undefined}
              data-pending={item.kind === 'answer' && item.pending ? true : undefined}
            >
              <span className="cp-sr-only">{item.from === 'interviewer' ? copy.interviewerSays : copy.youSaid} </span>
              {item.kind === 'question' && item.questionNumber !== null ? <span className="cp-msg-label">{copy.questionLabel(item.questionNumber)}</span> : null}
              {item.kind === 'follow-up' ? <span className="cp-msg-label">{copy.followUp}</span> : null}
              <span className="cp-msg-text" data-testid={isCurrent ? 'question-text' : undefined}>
                {textOf(copy, item)}
              </span>
            </li>
          );
        })}
      </ol>
      {typing ? (
        <p className="cp-typing" role="status" data-testid="typing">
          <span className="cp-typing-dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          <span>{copy.typing}</span>
        </p>
      ) : null}
      <p className="cp-sr-only" aria-live="polite" data-testid="announcer">
        {announcement}
      </p>
      {children}
    </div>
  );
}
