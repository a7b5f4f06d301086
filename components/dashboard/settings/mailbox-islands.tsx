'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { PaginationBar } from '../pagination-bar';
import { useSearchState } from '../use-search-state';

/** New messages are written by the email job a moment after the action that queued them: look again now and then. */
const REFRESH_MS = 3000;

/** Asks the server for the page again every few seconds while it is on screen (the list shows new messages by itself). */
export function MailboxAutoRefresh() {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') router.refresh();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [router]);
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
