'use client';

import { useEffect, useState } from 'react';
import { CANDIDATE_PAGE_COPY } from '@/app/i/[token]/candidate-page-copy';
import type { CandidateLanguage } from '@/server/i18n/languages';

const POLL_INTERVAL_MS = 2000;

/**
 * The interview on an external agent platform (`AGENT_DISPATCH_URL`): the call's link, then its progress. The page
 * polls the link's status endpoint, which reports the status and the number of recorded turns, never their content.
 */
export function ExternalInterview({ token, language, joinUrl, onFinished }: { token: string; language: CandidateLanguage; joinUrl: string | null; onFinished: () => void }) {
  const copy = CANDIDATE_PAGE_COPY[language];
  const [inProgress, setInProgress] = useState(false);
  const [turnCount, setTurnCount] = useState<number | null>(null);
  const [closed, setClosed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const poll = async () => {
      try {
        const res = await fetch(`/api/invitations/${encodeURIComponent(token)}/status`, { cache: 'no-store' });
        if (cancelled) return;
        if (!res.ok) {
          if (res.status === 404) setClosed(true);
          return;
        }
        const body = (await res.json()) as { status: string; turnCount: number };
        if (cancelled) return;
        setTurnCount(body.turnCount);
        if (body.status === 'IN_PROGRESS') setInProgress(true);
        else if (body.status === 'COMPLETED') onFinished();
        else if (body.status === 'CANCELLED' || body.status === 'EXPIRED') setClosed(true);
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
  }, [token, onFinished]);

  if (closed) {
    return (
      <p className="cp-error" role="alert">
        {copy.errorGone}
      </p>
    );
  }
  return (
    <>
      <section className="cp-status" data-testid="invitation-progress" role="status" aria-live="polite">
        <span className="cp-dot" aria-hidden="true" />
        <div>
          <strong>{inProgress ? copy.inProgress : copy.starting}</strong>
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
