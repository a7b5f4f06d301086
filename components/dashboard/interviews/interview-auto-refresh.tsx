'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/**
 * Rendered while the report is being generated: asks the server for the page again every few seconds, so the
 * scorecard appears by itself (the page has no query to refetch). Gone once the report is ready or failed.
 */
export function RefreshWhilePending({ everyMs = 3000 }: { everyMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), everyMs);
    return () => clearInterval(timer);
  }, [router, everyMs]);
  return null;
}
