'use client';

import { useId, useRef } from 'react';
import type { InterviewCopy } from './interview-copy';
import type { InterviewState } from './interview-machine';

/**
 * The written answer to the pending question: a text field that stays in place from one question to the next (a
 * phone's keyboard stays open, focus stays put), the button, and Ctrl/⌘+Enter to send.
 */
export function WrittenComposer({
  copy,
  state,
  label,
  hint,
  onDraft,
  onSend,
  onPaste,
  extraActions,
}: {
  copy: InterviewCopy;
  state: InterviewState;
  label?: string;
  hint?: string;
  onDraft: (text: string) => void;
  onSend: () => void;
  /** Text pasted into the answer to `turnNumber` (an integrity signal): how many characters. */
  onPaste?: (turnNumber: number, characters: number) => void;
  extraActions?: React.ReactNode;
}) {
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const question = state.session?.question;
  const sending = state.phase === 'sending';
  const text = question && state.draft?.turnNumber === question.turnNumber ? state.draft.text : '';
  return (
    <div className="cp-answer">
      <label htmlFor={id}>{label ?? copy.writtenLabel}</label>
      <p className={hint ? 'cp-muted' : 'cp-muted cp-send-hint'} id={`${id}-hint`}>
        {hint ?? copy.sendHint}
      </p>
      <textarea
        id={id}
        ref={ref}
        className="cp-textarea"
        rows={4}
        maxLength={20_000}
        aria-describedby={`${id}-hint${question ? ' cp-current-question' : ''}`}
        aria-invalid={state.error === 'answerEmpty' || undefined}
        value={sending ? '' : text}
        placeholder={sending ? '' : undefined}
        onChange={(e) => onDraft(e.target.value)}
        onPaste={(e) => {
          if (question) onPaste?.(question.turnNumber, e.clipboardData.getData('text').length);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            if (!sending) onSend();
          }
        }}
        readOnly={sending || !question}
        data-testid="answer-text"
      />
      <div className="cp-actions">
        <button
          type="button"
          className="cp-button"
          onClick={() => {
            onSend();
            // Back to the field, as a chat does: the next question is announced, the phone's keyboard stays up.
            ref.current?.focus();
          }}
          disabled={sending || !question}
          data-testid="send-answer"
        >
          {sending ? copy.sending : copy.send}
        </button>
        {extraActions}
      </div>
    </div>
  );
}
