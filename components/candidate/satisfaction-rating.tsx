'use client';

import { useId, useState, type FormEvent } from 'react';
import type { InterviewCopy } from './interview-copy';

/**
 * The optional one-question rating after the interview (issue 25): five labelled choices and a comment, sent to
 * PUT /api/invitations/:token/feedback. Never shown with the answers; counted in the funnel analytics.
 */
export function SatisfactionRating({ token, copy }: { token: string; copy: InterviewCopy }) {
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'error'>('idle');
  const commentId = useId();
  if (state === 'sent') {
    return (
      <p role="status" className="cp-muted" data-testid="rating-done">
        {copy.ratingThanks}
      </p>
    );
  }
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (score === null) return;
    setState('sending');
    try {
      const res = await fetch(`/api/invitations/${encodeURIComponent(token)}/feedback`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ score, comment }),
      });
      setState(res.ok ? 'sent' : 'error');
    } catch {
      setState('error');
    }
  }
  return (
    <form className="cp-panel" onSubmit={submit} data-testid="rating">
      <fieldset className="cp-modes">
        <legend>{copy.ratingLegend}</legend>
        {[5, 4, 3, 2, 1].map((value) => (
          <label key={value} className="cp-mode">
            <input type="radio" name="satisfaction" value={value} checked={score === value} onChange={() => setScore(value)} data-testid={`rating-${value}`} />
            <span>{copy.rating(value)}</span>
          </label>
        ))}
      </fieldset>
      <label htmlFor={commentId}>{copy.ratingComment}</label>
      <textarea id={commentId} className="cp-textarea" rows={3} maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)} data-testid="rating-comment" />
      <p className="cp-muted">{copy.ratingPrivacy}</p>
      <div className="cp-actions">
        <button type="submit" className="cp-button" disabled={score === null || state === 'sending'} data-testid="rating-send">
          {copy.ratingSend}
        </button>
      </div>
      {state === 'error' ? (
        <p className="cp-error" role="alert">
          {copy.errorGeneric}
        </p>
      ) : null}
    </form>
  );
}
