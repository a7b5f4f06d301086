'use client';

import { useCallback, useEffect, useMemo, useState } from 'react';
import { FINAL_STATUSES } from '../format';
import { badgeVariants } from '@/components/ui/badge';
import { Transcript } from './transcript';
import type LiveFeed from './interview-live-feed';
import type { LiveBadge } from './interview-live-feed';
import { mergeTurns, type InterviewView, type LiveState, type Turn } from './use-live-transcript';

function LiveIndicator({ state, status, Live }: { state: LiveState; status: InterviewView['status']; Live: typeof LiveBadge | null }) {
  if (state === 'off') return null;
  // Watched, but nobody is talking yet: a draft or an invitation is not live.
  if (status === 'DRAFT' || status === 'INVITED') return <span className={badgeVariants({ tone: 'neutral' })}>Waiting for the candidate</span>;
  // "Live" is only ever said by the feed, so its badge (and icon) come with the feed's module.
  if (state === 'live' && Live) return <Live />;
  return <span className={badgeVariants({ tone: 'neutral' })}>{state === 'error' ? 'Reconnecting…' : 'Connecting…'}</span>;
}

type Props = {
  interviewId: string;
  status: InterviewView['status'];
  turns: Turn[];
  candidateName: string;
  /** Labels of the criteria a turn is scored on, by key. */
  criteria: [string, string][];
};

/**
 * The transcript, as the server read it. While the interview can still change, the live feed (its own chunk, with
 * the data layer) is loaded and merges new and edited turns in; a completed interview's page never loads it.
 */
export function TranscriptCard({ interviewId, status, turns: initialTurns, candidateName, criteria }: Props) {
  const watching = !FINAL_STATUSES.includes(status);
  const [byNumber, setByNumber] = useState(() => mergeTurns(new Map(), initialTurns));
  const [announcement, setAnnouncement] = useState('');
  const [live, setLive] = useState<LiveState>('connecting');
  const [feed, setFeed] = useState<{ Feed: typeof LiveFeed; Live: typeof LiveBadge } | null>(null);

  // A refreshed page brings the server's turns: merged, never losing a newer one the feed sent.
  useEffect(() => setByNumber((current) => mergeTurns(current, initialTurns)), [initialTurns]);
  useEffect(() => {
    if (!watching || feed) return;
    let cancelled = false;
    void import('./interview-live-feed').then((module) => {
      if (!cancelled) setFeed({ Feed: module.default, Live: module.LiveBadge });
    });
    return () => {
      cancelled = true;
    };
  }, [watching, feed]);

  const onTurns = useCallback((incoming: Turn[], fresh: boolean) => {
    setByNumber((current) => mergeTurns(current, incoming));
    const last = incoming.at(-1);
    if (fresh && last) setAnnouncement(`Turn ${last.turnNumber} from the ${last.role}: ${last.content.slice(0, 140)}`);
  }, []);

  const ordered = useMemo(() => [...byNumber.values()].sort((a, b) => a.turnNumber - b.turnNumber), [byNumber]);
  const labels = useMemo(() => new Map(criteria), [criteria]);
  const state: LiveState = watching ? live : 'off';

  return (
    // Card and CardHeader's markup (components/ui/card.tsx), inline: this island is the page's only client use of them.
    <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 py-4">
        <div className="grid gap-0.5">
          <h2 className="text-sm font-semibold text-slate-900">Transcript</h2>
          <p className="text-xs text-slate-600">{`${ordered.length} ${ordered.length === 1 ? 'turn' : 'turns'}`}</p>
        </div>
        <LiveIndicator state={state} status={status} Live={feed?.Live ?? null} />
      </div>
      <div className="px-2 py-2">
        <Transcript turns={ordered} candidateName={candidateName} criterionLabels={labels} waiting={state !== 'off'} />
      </div>
      <div aria-live="polite" className="sr-only">
        {announcement}
      </div>
      {watching && feed ? <feed.Feed interviewId={interviewId} status={status} onTurns={onTurns} onState={setLive} /> : null}
    </section>
  );
}
