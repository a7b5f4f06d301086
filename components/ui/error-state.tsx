'use client';

import { CircleAlert, RefreshCw } from 'lucide-react';
import { Button } from './button';
import { cn } from './cn';

/** What the recruiter sees when a request failed: the server's message, its request id, and a retry. */
export function ErrorState({ title = 'Something went wrong', message, requestId, onRetry, className }: { title?: string; message?: string; requestId?: string; onRetry?: () => void; className?: string }) {
  return (
    <div role="alert" className={cn('flex flex-col items-center justify-center gap-3 px-6 py-12 text-center', className)}>
      <div className="flex size-11 items-center justify-center rounded-full bg-red-50 text-red-600">
        <CircleAlert className="size-5" aria-hidden />
      </div>
      <div className="grid gap-1">
        <p className="text-sm font-semibold text-slate-900">{title}</p>
        {message ? <p className="max-w-md text-sm text-slate-600">{message}</p> : null}
        {requestId ? <p className="font-mono text-xs text-slate-500">Reference {requestId}</p> : null}
      </div>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden /> Try again
        </Button>
      ) : null}
    </div>
  );
}
