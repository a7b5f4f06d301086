'use client';

import { useEffect, useState } from 'react';
import type { CandidateLanguage } from '@/server/i18n/candidate-locale';
import { CANDIDATE_PAGE_COPY } from '@/server/services/invitations/candidate-page-copy';

const POLL_INTERVAL_MS = 2000;

type Phase = 'open' | 'starting' | 'in_progress' | 'finished' | 'closed';

/**
 * "Start", then the conversation's progress: the page polls the link's status endpoint, which reports the status
 * and the number of recorded turns, never their content.
 */
export function InvitationActions({ token, language, initialState }: { token: string; language: CandidateLanguage; initialState: 'open' | 'in_progress' }) {
  const copy = CANDIDATE_PAGE_COPY[language];
  const [phase, setPhase] = useState<Phase>(initialState);
  const [turnCount, setTurnCount] = useState<number | null>(null);
  const [joinUrl, setJoinUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const base = `/api/invitations/${encodeURIComponent(token)}`;

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(`${base}/start`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      if (res.ok) {
        const body = (await res.json()) as { joinUrl: string | null };
        setJoinUrl(body.joinUrl);
        setPhase('starting');
      } else if (res.status === 503) {
        setError(copy.errorUnavailable);
      } else if (res.status === 404 || res.status === 410) {
        setError(copy.errorGone);
      } else if (res.status === 409) {
        setError(copy.errorConflict);
      } else {
        setError(copy.errorGeneric);
      }
    } catch {
      setError(copy.errorGeneric);
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    if (phase !== 'starting' && phase !== 'in_progress') return;
    let cancelled = false;
    const poll = async () => {
      try {
        const res = await fetch(`${base}/status`, { cache: 'no-store' });
        if (cancelled) return;
        if (!res.ok) {
          if (res.status === 404) setPhase('closed');
          return;
        }
        const body = (await res.json()) as { status: string; turnCount: number };
        if (cancelled) return;
        setTurnCount(body.turnCount);
        if (body.status === 'IN_PROGRESS') setPhase('in_progress');
        else if (body.status === 'COMPLETED') setPhase('finished');
        else if (body.status === 'CANCELLED' || body.status === 'EXPIRED') setPhase('closed');
      } catch {
        // A dropped poll is retried at the next tick.
      }
    };
    void poll();
    const timer = setInterval(poll, POLL_INTERVAL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [phase, base]);

  if (phase === 'finished') {
    return (
      <section className="cp-status" data-testid="invitation-finished" role="status">
        <div>
          <strong>{copy.finishedTitle}</strong> {copy.finishedBody}
        </div>
      </section>
    );
  }
  if (phase === 'closed') {
    return (
      <p className="cp-error" role="alert">
        {copy.errorGone}
      </p>
    );
  }
  if (phase === 'starting' || phase === 'in_progress') {
    return (
      <>
        <section className="cp-status" data-testid="invitation-progress" role="status" aria-live="polite">
          <span className="cp-dot" aria-hidden="true" />
          <div>
            <strong>{phase === 'starting' ? copy.starting : copy.inProgress}</strong>
            {turnCount !== null ? <div data-testid="turn-count">{copy.turnCount(turnCount)}</div> : null}
          </div>
        </section>
        {joinUrl ? (
          <a className="cp-button" href={joinUrl} target="_blank" rel="noreferrer noopener">
            {copy.joinCall}
          </a>
        ) : null}
      </>
    );
  }
  return (
    <>
      <button type="button" className="cp-button" onClick={start} disabled={busy} data-testid="start-interview">
        {busy ? copy.starting : copy.start}
      </button>
      {error ? (
        <p className="cp-error" role="alert" data-testid="start-error">
          {error}
        </p>
      ) : null}
    </>
  );
}
