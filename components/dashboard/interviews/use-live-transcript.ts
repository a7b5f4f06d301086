'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import { trpc, type RouterOutputs } from '@/components/trpc/react';
import { FINAL_STATUSES } from '../format';

export type InterviewView = RouterOutputs['dashboard']['interview'];
export type Turn = InterviewView['turns'][number];

/** Keeps, for each turn number, the most recently updated version seen (ISO timestamps compare as strings). */
function mergeTurns(current: Map<number, Turn>, incoming: Turn[]): Map<number, Turn> {
  let next: Map<number, Turn> | undefined;
  for (const turn of incoming) {
    const known = current.get(turn.turnNumber);
    if (!known || turn.updatedAt >= known.updatedAt) {
      if (known && turn.updatedAt === known.updatedAt && JSON.stringify(known) === JSON.stringify(turn)) continue;
      next ??= new Map(current);
      next.set(turn.turnNumber, turn);
    }
  }
  return next ?? current;
}

export type LiveState = 'off' | 'connecting' | 'live' | 'error';

/**
 * The interview's turns, kept current while it can still change: a tRPC subscription over server-sent events
 * sends a snapshot and then every new or edited turn; a status change refreshes the whole view (the report
 * and the recording arrive with it).
 */
export function useLiveTranscript(view: InterviewView) {
  const utils = trpc.useUtils();
  const [turns, setTurns] = useState(() => mergeTurns(new Map(), view.turns));
  const [announcement, setAnnouncement] = useState('');
  const watching = !FINAL_STATUSES.includes(view.status);
  const statusRef = useRef(view.status);
  statusRef.current = view.status;

  useEffect(() => setTurns((current) => mergeTurns(current, view.turns)), [view.turns]);

  const subscription = trpc.dashboard.transcript.useSubscription(
    { interviewId: view.id },
    {
      enabled: watching,
      onData: (event) => {
        if (event.type === 'snapshot' || event.type === 'turns') {
          setTurns((current) => mergeTurns(current, event.turns));
          if (event.type === 'turns') {
            const last = event.turns.at(-1);
            if (last) setAnnouncement(`Turn ${last.turnNumber} from the ${last.role}: ${last.content.slice(0, 140)}`);
          }
        }
        const status = event.type === 'turns' ? undefined : event.status;
        // A turn on a draft or an invitation means the interview started: refresh even if no status event came.
        const started = event.type !== 'status' && event.turns.length > 0 && (statusRef.current === 'DRAFT' || statusRef.current === 'INVITED');
        if ((status && status !== statusRef.current) || started) void utils.dashboard.interview.invalidate({ id: view.id });
      },
    },
  );

  const ordered = useMemo(() => [...turns.values()].sort((a, b) => a.turnNumber - b.turnNumber), [turns]);
  const live: LiveState = !watching ? 'off' : subscription.status === 'pending' ? 'live' : subscription.status === 'error' ? 'error' : 'connecting';
  // The header and the actions follow the conversation at once: a turn recorded means the interview is in
  // progress, even before the refreshed view arrives (it used to say "Invited", with "Resend invitation").
  const status: InterviewView['status'] = ordered.length > 0 && (view.status === 'DRAFT' || view.status === 'INVITED') ? 'IN_PROGRESS' : view.status;
  return { turns: ordered, live, announcement, status };
}
