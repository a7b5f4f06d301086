'use client';

import { CheckCircle2, CircleAlert, X } from 'lucide-react';
import type { ContractError } from '@/components/trpc/errors';

export type ActionFeedback = { kind: 'success'; message: string } | { kind: 'error'; action: string; error: ContractError };

/** The outcome of the last action, under the page header: a status message, or the refusal with its reference. */
export function ActionFeedbackBanner({ feedback, onDismiss }: { feedback: ActionFeedback | null; onDismiss: () => void }) {
  if (!feedback) return <div role="status" className="sr-only" />;
  const success = feedback.kind === 'success';
  return (
    <div
      role={success ? 'status' : 'alert'}
      className={`mb-6 flex items-start gap-3 rounded-lg border px-4 py-3 text-sm ${success ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-red-200 bg-red-50 text-red-900'}`}
    >
      {success ? <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden /> : <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />}
      <div className="min-w-0 flex-1">
        {success ? (
          <p>{feedback.message}</p>
        ) : (
          <>
            <p className="font-medium">Could not {feedback.action}.</p>
            <p>{feedback.error.message}</p>
            {feedback.error.requestId ? <p className="mt-1 font-mono text-xs opacity-80">Reference {feedback.error.requestId}</p> : null}
          </>
        )}
      </div>
      <button type="button" onClick={onDismiss} className="rounded p-0.5 opacity-70 hover:opacity-100" aria-label="Dismiss">
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
