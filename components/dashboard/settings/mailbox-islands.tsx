'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { contractError } from '@/components/trpc/errors';
import { loadApi, signInAgainIfUnauthorized } from '@/components/trpc/use-api-action';
import { PaginationBar } from '../pagination-bar';
import { useSearchState } from '../use-search-state';

/** New messages are written by the email job a moment after the action that queued them: look again now and then. */
const REFRESH_MS = 3000;

/**
 * Asks every few seconds, while the page is on screen, how many messages the mailbox holds (one row's read), and
 * renders the page again only when that changed: the list shows new messages by itself without the whole page being
 * rendered every few seconds. `total` is null when the page's own read failed: the first look that succeeds renders
 * it again. A failed look is tried again at the next tick (an ended session signs in again).
 */
export function MailboxAutoRefresh({ total }: { total: number | null }) {
  const router = useRouter();
  useEffect(() => {
    let live = true;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      loadApi()
        .then((api) => api.mailbox.list.query({ page: 1, pageSize: 1 }))
        .then(
          (latest) => {
            if (live && latest.pagination.total !== total) router.refresh();
          },
          (caught: unknown) => signInAgainIfUnauthorized(contractError(caught)),
        );
    }, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [router, total]);
  return null;
}

/** The mailbox's pages: in the URL; a new page closes the open message, as before. */
export function MailboxPagination({ page, pageSize, total, totalPages }: { page: number; pageSize: number; total: number; totalPages: number }) {
  const { set } = useSearchState();
  return (
    <PaginationBar
      page={page}
      pageSize={pageSize}
      total={total}
      totalPages={totalPages}
      onPage={(p) => set({ page: p, message: null })}
      onPageSize={(s) => set({ pageSize: s, message: null })}
      noun="messages"
    />
  );
}
