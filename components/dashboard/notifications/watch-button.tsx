'use client';

import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { useApiAction } from '@/components/trpc/use-api-action';

/**
 * Follow or stop following an interview or a campaign: its events then reach the bell (and email, as chosen). The
 * state comes from the server page (`notifications.watching`); the change goes through the API, loaded on the
 * first press.
 */
export function WatchButton({ targetType, targetId, watching: initial }: { targetType: 'interview' | 'campaign'; targetId: string; watching: boolean }) {
  const [watching, setWatching] = useState(initial);
  const set = useApiAction((api, next: boolean) => api.notifications.setWatching.mutate({ targetType, targetId, watching: next }), {
    refresh: false,
    onSuccess: (data) => {
      setWatching(data.watching);
      toast.success(data.watching ? `You now watch this ${targetType}` : `You no longer watch this ${targetType}`);
    },
    onError: (error) => toast.error(error.message),
  });
  // A toggle with one name (its state is aria-pressed) and only an icon: the page headers are full already.
  const name = `Watch this ${targetType}`;
  return (
    <Button
      variant="outline"
      size="icon"
      aria-label={name}
      aria-pressed={watching}
      title={watching ? `You watch this ${targetType}: press to stop` : `${name}: be notified of what happens to it`}
      disabled={set.pending}
      data-testid="watch-button"
      data-watching={String(watching)}
      onClick={() => void set.run(!watching)}
      className={watching ? 'border-brand-300 bg-brand-50 text-brand-800 hover:bg-brand-100' : undefined}
    >
      {watching ? <Eye aria-hidden /> : <EyeOff aria-hidden />}
    </Button>
  );
}
