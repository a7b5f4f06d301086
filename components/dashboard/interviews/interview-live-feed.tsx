'use client';

import { Radio } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { Providers } from '@/components/trpc/providers';
import { trpc } from '@/components/trpc/react';
import { badgeVariants } from '@/components/ui/badge';
import type { InterviewView, LiveState, Turn } from './use-live-transcript';

export type LiveFeedProps = {
  interviewId: string;
  status: InterviewView['status'];
  onTurns: (turns: Turn[], fresh: boolean) => void;
  onState: (state: LiveState) => void;
};

/**
 * The live transcript's data layer, loaded only while an interview can still change (interview-transcript-card.tsx
 * imports it then): a tRPC subscription over server-sent events sends a snapshot and then every new or edited turn.
 * A status change, or a first turn on a draft or an invitation, asks the server for the page again
 * (router.refresh()): the header, the actions, the report and the recording arrive with it. It brings its own
 * React Query (<Providers>): the page does not carry one.
 */
export default function LiveFeed(props: LiveFeedProps) {
  return (
    <Providers>
      <Feed {...props} />
    </Providers>
  );
}

function Feed({ interviewId, status, onTurns, onState }: LiveFeedProps) {
  const router = useRouter();
  const statusRef = useRef(status);
  statusRef.current = status;
  const subscription = trpc.dashboard.transcript.useSubscription(
    { interviewId },
    {
      onData: (event) => {
        if (event.type === 'snapshot' || event.type === 'turns') onTurns(event.turns, event.type === 'turns');
        const next = event.type === 'turns' ? undefined : event.status;
        // A turn on a draft or an invitation means the interview started: refresh even if no status event came.
        const started = event.type !== 'status' && event.turns.length > 0 && (statusRef.current === 'DRAFT' || statusRef.current === 'INVITED');
        if ((next && next !== statusRef.current) || started) router.refresh();
      },
    },
  );
  const state: LiveState = subscription.status === 'pending' ? 'live' : subscription.status === 'error' ? 'error' : 'connecting';
  useEffect(() => onState(state), [state, onState]);
  return null;
}

/** The transcript's "Live" badge, shown once the feed is connected. */
export function LiveBadge() {
  return (
    <span className={badgeVariants({ tone: 'red' })} aria-label="Live: new turns appear automatically">
      <Radio className="animate-live" aria-hidden /> Live
    </span>
  );
}
