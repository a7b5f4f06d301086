'use client';

import { Bell } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import { cn } from '@/components/ui/cn';

/** The panel's code (a dialog) loads when it is first opened, not with every page; it stays mounted afterwards. */
const LazyNotificationPanel = dynamic(() => import('./notification-panel'), { ssr: false });

/**
 * The unread count, kept current by the `notifications.live` subscription: server-sent events that the server
 * writes about once a second, so a notification written by any process arrives. The browser's own EventSource
 * reads it (it sends the session cookie and reconnects by itself): each message's data is the procedure's JSON
 * value, as tRPC 11 writes it on the wire (`data: {"unread":3}`; its `connected`, `ping` and `return` events are
 * named and not delivered to `onmessage`). Not the tRPC client: every dashboard page shows the bell, and that
 * client would add about 8 KB to each. One per page: the shell renders it once and hands the count to its bells.
 */
export function useUnreadNotifications() {
  const [unread, setUnread] = useState<number | null>(null);
  useEffect(() => {
    const source = new EventSource('/api/trpc/notifications.live');
    source.onmessage = (message: MessageEvent<string>) => {
      const event = JSON.parse(message.data) as { unread?: unknown };
      if (typeof event.unread === 'number') setUnread(event.unread);
    };
    return () => source.close();
  }, []);
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
export function NotificationPanel({ open, onOpenChange, unread }: { open: boolean; onOpenChange: (open: boolean) => void; unread: number | null }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <LazyNotificationPanel open={open} onOpenChange={onOpenChange} unread={unread} /> : null;
}
