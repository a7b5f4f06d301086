'use client';

import { Ban, CheckCircle2, CircleAlert, LoaderCircle, RefreshCw, Send, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { contractError, type ContractError } from '@/components/trpc/errors';
import { trpc } from '@/components/trpc/react';
import { ConfirmActionDialog } from '../confirm-action-dialog';
import { Time } from '../time';
import { availableActions } from './available-actions';
import type { InterviewView } from './use-live-transcript';

export type ActionFeedback = { kind: 'success'; message: string } | { kind: 'error'; action: string; error: ContractError };

type Confirming = 'resend' | 'cancel' | null;

/**
 * The header's actions: send a draft's invitation, resend it (a new link), cancel, regenerate a failed report.
 * Only the actions the status allows are shown; after any answer, success or refusal, the page's data is
 * refetched so it shows the interview as it now is.
 */
export function InterviewActions({ view, onFeedback }: { view: InterviewView; onFeedback: (feedback: ActionFeedback | null) => void }) {
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const allowed = availableActions(view);

  const refresh = () =>
    Promise.all([
      utils.dashboard.interview.invalidate({ id: view.id }),
      utils.dashboard.interviews.invalidate(),
      utils.dashboard.overview.invalidate(),
      utils.mailbox.list.invalidate(),
    ]);
  const handlers = (action: string, success: (data: unknown) => string) => ({
    onMutate: () => onFeedback(null),
    onSuccess: (data: unknown) => onFeedback({ kind: 'success', message: success(data) }),
    onError: (error: unknown) => onFeedback({ kind: 'error', action, error: contractError(error) }),
    onSettled: async () => {
      setConfirming(null);
      await refresh();
    },
  });

  const email = view.candidate?.email ?? 'the candidate';
  const send = trpc.interviews.sendInvitation.useMutation(handlers('send the invitation', () => `Invitation sent to ${email}.`));
  const resend = trpc.interviews.resendInvitation.useMutation(handlers('resend the invitation', () => `A new invitation link was sent to ${email}. The previous link no longer works.`));
  const cancel = trpc.interviews.cancel.useMutation(handlers('cancel the interview', () => 'The interview was cancelled.'));
  const retry = trpc.reports.retry.useMutation(handlers('regenerate the report', () => 'The report is being generated again. This page updates by itself.'));
  const busy = send.isPending || resend.isPending || cancel.isPending || retry.isPending;

  return (
    <>
      {allowed.send ? (
        <Button onClick={() => send.mutate({ id: view.id })} disabled={busy}>
          {send.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Send aria-hidden />} Send invitation
        </Button>
      ) : null}
      {allowed.resend ? (
        <Button variant="outline" onClick={() => setConfirming('resend')} disabled={busy}>
          <RefreshCw aria-hidden /> Resend invitation
        </Button>
      ) : null}
      {allowed.retryReport && view.evaluation ? (
        <Button onClick={() => retry.mutate({ reportId: view.evaluation!.reportId })} disabled={busy}>
          {retry.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />} Regenerate report
        </Button>
      ) : null}
      {allowed.cancel ? (
        <Button variant="outline" onClick={() => setConfirming('cancel')} disabled={busy} className="text-red-700 hover:bg-red-50 hover:text-red-800">
          <Ban aria-hidden /> Cancel interview
        </Button>
      ) : null}

      <ConfirmActionDialog
        open={confirming === 'resend'}
        onOpenChange={(open) => setConfirming(open ? 'resend' : null)}
        title="Resend the invitation?"
        description={
          <>
            A new link is emailed to <strong className="font-medium text-slate-900">{email}</strong>. The link sent before stops working at once.
          </>
        }
        confirmLabel="Send a new link"
        pending={resend.isPending}
        onConfirm={() => resend.mutate({ id: view.id })}
      >
        <p className="text-sm text-slate-600">
          The new link expires <Time value={view.expiresAt} /> (or 7 days from now if that has passed).
        </p>
      </ConfirmActionDialog>
      <ConfirmActionDialog
        open={confirming === 'cancel'}
        onOpenChange={(open) => setConfirming(open ? 'cancel' : null)}
        title="Cancel this interview?"
        description={
          view.status === 'IN_PROGRESS'
            ? 'The candidate is being interviewed right now: the conversation stops and no report is made. This cannot be undone.'
            : 'The invitation link stops working and the candidate sees that the interview was cancelled. This cannot be undone.'
        }
        confirmLabel="Cancel interview"
        destructive
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate({ id: view.id })}
      />
    </>
  );
}

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
