'use client';

import { Eye, EyeOff } from 'lucide-react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { contractError } from '@/components/trpc/errors';
import { trpc } from '@/components/trpc/react';

/** Follow or stop following an interview or a campaign: its events then reach the bell (and email, as chosen). */
export function WatchButton({ targetType, targetId }: { targetType: 'interview' | 'campaign'; targetId: string }) {
  const utils = trpc.useUtils();
  const state = trpc.notifications.watching.useQuery({ targetType, targetId });
  const set = trpc.notifications.setWatching.useMutation({
    onSuccess: (data) => {
      utils.notifications.watching.setData({ targetType, targetId }, data);
      toast.success(data.watching ? `You now watch this ${targetType}` : `You no longer watch this ${targetType}`);
    },
    onError: (error) => toast.error(contractError(error).message),
  });
  const watching = state.data?.watching ?? false;
  // A toggle with one name (its state is aria-pressed) and only an icon: the page headers are full already.
  const name = `Watch this ${targetType}`;
  return (
    <Button
      variant="outline"
      size="icon"
      aria-label={name}
      aria-pressed={state.data ? watching : undefined}
      title={watching ? `You watch this ${targetType}: press to stop` : `${name}: be notified of what happens to it`}
      disabled={!state.data || set.isPending}
      data-testid="watch-button"
      data-watching={state.data ? String(watching) : undefined}
      onClick={() => set.mutate({ targetType, targetId, watching: !watching })}
      className={watching ? 'border-brand-300 bg-brand-50 text-brand-800 hover:bg-brand-100' : undefined}
    >
      {watching ? <Eye aria-hidden /> : <EyeOff aria-hidden />}
    </Button>
  );
}
