'use client';

import { Bell } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { cn } from '@/components/ui/cn';
import { trpc } from '@/components/trpc/react';

/** The panel's code (a dialog) loads when it is first opened, not with every page; it stays mounted afterwards. */
const LazyNotificationPanel = dynamic(() => import('./notification-panel'), { ssr: false });

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
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <LazyNotificationPanel open={open} onOpenChange={onOpenChange} /> : null;
}
