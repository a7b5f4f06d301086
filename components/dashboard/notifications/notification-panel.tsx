'use client';

import { CheckCheck } from 'lucide-react';
import Link from 'next/link';
import { useEffect } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { contractError } from '@/components/trpc/errors';
import { Providers } from '@/components/trpc/providers';
import { trpc } from '@/components/trpc/react';
import { Time } from '../time';

type PanelProps = { open: boolean; onOpenChange: (open: boolean) => void; unread: number | null };

/** Loaded when the bell is first opened: the panel brings its own data layer (the pages do not carry one). */
export default function NotificationPanelWithData(props: PanelProps) {
  return (
    <Providers>
      <NotificationPanel {...props} />
    </Providers>
  );
}

/** The panel: the latest notifications with links, each marked read when opened, and "mark all read". */
function NotificationPanel({ open, onOpenChange, unread }: PanelProps) {
  const utils = trpc.useUtils();
  const list = trpc.notifications.list.useQuery({ limit: 30 }, { enabled: open });
  // A new count from the live stream: the list behind it changed too.
  useEffect(() => {
    if (unread !== null) void utils.notifications.list.invalidate();
  }, [unread, utils]);
  const markRead = trpc.notifications.markRead.useMutation({
    onSuccess: () => utils.notifications.list.invalidate(),
    onError: (error) => toast.error(contractError(error).message),
  });
  const items = list.data?.items ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md" aria-describedby={undefined}>
        <DialogHeader title="Notifications" />
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm text-slate-600">{list.data ? `${list.data.unread} unread` : 'Loading…'}</p>
          <Button size="sm" variant="outline" disabled={!list.data || list.data.unread === 0 || markRead.isPending} onClick={() => markRead.mutate({ all: true })}>
            <CheckCheck aria-hidden /> Mark all read
          </Button>
        </div>
        {list.data && items.length === 0 ? <p className="text-sm text-slate-600">Nothing yet. Watch an interview or a campaign to hear about it.</p> : null}
        <ol className="grid gap-1" aria-label="Notifications">
          {items.map((item) => (
            <li key={item.id} data-testid="notification" data-kind={item.kind} data-read={item.readAt ? 'true' : 'false'} className={cn('grid gap-1 rounded-md px-2 py-2', item.readAt ? '' : 'bg-brand-50')}>
              <Link
                href={item.href}
                className="text-sm font-medium text-slate-900 hover:text-brand-700 hover:underline"
                onClick={() => {
                  if (!item.readAt) markRead.mutate({ ids: [item.id] });
                  onOpenChange(false);
                }}
              >
                {item.readAt ? null : <span className="sr-only">Unread: </span>}
                {item.title}
              </Link>
              <span className="flex items-center justify-between gap-2 text-xs text-slate-600">
                <Time value={item.createdAt} relative />
                {item.readAt ? null : (
                  <Button size="sm" variant="ghost" onClick={() => markRead.mutate({ ids: [item.id] })} disabled={markRead.isPending}>
                    Mark read
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ol>
        <Link href="/settings/notifications" className="text-sm text-brand-700 hover:underline" onClick={() => onOpenChange(false)}>
          Email preferences
        </Link>
      </DialogContent>
    </Dialog>
  );
}
