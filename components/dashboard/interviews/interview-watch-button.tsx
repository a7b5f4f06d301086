'use client';

import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import type { Api } from '@/components/trpc/api-client';
import { useApiAction } from '@/components/trpc/use-api-action';

const setWatching = (api: Api, input: { targetId: string; watching: boolean }) => api.notifications.setWatching.mutate({ targetType: 'interview', ...input });

/**
 * Follow or stop following the interview (its events then reach the bell), as the shared WatchButton does, with
 * the state the server read for the page rather than a query: the page carries no React Query. Same name, state
 * and test id as the shared button.
 */
export function InterviewWatchButton({ interviewId, initialWatching }: { interviewId: string; initialWatching: boolean }) {
  const [watching, setState] = useState(initialWatching);
  const set = useApiAction(setWatching, {
    refresh: false,
    onSuccess: (data) => {
      setState(data.watching);
      toast.success(data.watching ? 'You now watch this interview' : 'You no longer watch this interview');
    },
    onError: (error) => toast.error(error.message),
  });
  const name = 'Watch this interview';
  return (
    <Button
      variant="outline"
      size="icon"
      aria-label={name}
      aria-pressed={watching}
      title={watching ? 'You watch this interview: press to stop' : `${name}: be notified of what happens to it`}
      disabled={set.pending}
      data-testid="watch-button"
      data-watching={String(watching)}
      onClick={() => void set.run({ targetId: interviewId, watching: !watching })}
      className={watching ? 'border-brand-300 bg-brand-50 text-brand-800 hover:bg-brand-100' : undefined}
    >
      {watching ? <Eye aria-hidden /> : <EyeOff aria-hidden />}
    </Button>
  );
}
