'use client';

import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { ErrorState } from '@/components/ui/error-state';

/**
 * A part of a server-rendered page whose read failed (server/http/dashboard-session.ts `settle`): the contract's
 * message and request id, and "Try again", which asks the server for the page again.
 */
export function PartError({ error, className }: { error: { message: string; requestId?: string }; className?: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <ErrorState
      message={error.message}
      requestId={error.requestId}
      onRetry={pending ? undefined : () => startTransition(() => router.refresh())}
      className={className}
    />
  );
}
