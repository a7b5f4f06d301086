'use client';

import { Bell, CheckCheck } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { contractError } from '@/components/trpc/errors';
import { trpc } from '@/components/trpc/react';
import { Time } from '../time';

/**
 * The unread count, kept current by a tRPC subscription over server-sent events (the server reads the count about
 * once a second, so a notification written by any process arrives). One per page: the shell renders it once and
 * hands the count to its bells.
 */
export function useUnreadNotifications() {
  const utils = trpc.useUtils();
  const [unread, setUnread] = useState<number | null>(null);
  trpc.notifications.live.useSubscription(undefined, {
    onData: (event) => {
      setUnread(event.unread);
      void utils.notifications.list.invalidate();
    },
  });
  return unread;
}

export function NotificationBell({ unread, open, onOpenChange, className }: { unread: number | null; open: boolean; onOpenChange: (open: boolean) => void; className?: string }) {
  const count = unread ?? 0;
  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications';
  return (
    <>
      <button
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        onClick={() => onOpenChange(true)}
        data-testid="notification-bell"
        data-unread={unread ?? undefined}
        className={cn('relative rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600', className)}
      >
        <Bell className="size-5" aria-hidden />
        {count > 0 ? (
          <span aria-hidden className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] font-semibold leading-5 text-white">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </button>
    </>
  );
}

/** The panel: the latest notifications with links, each marked read when opened, and "mark all read". */
export function NotificationPanel({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const utils = trpc.useUtils();
  const list = trpc.notifications.list.useQuery({ limit: 30 }, { enabled: open });
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
