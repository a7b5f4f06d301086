'use client';

import { Ban, LoaderCircle, RefreshCw, Send } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ui/button';
import type { Api } from '@/components/trpc/api-client';
import type { ContractError } from '@/components/trpc/errors';
import { useApiAction } from '@/components/trpc/use-api-action';
import { Time } from '../time';
import { ACTION_FEEDBACK_SLOT, availableActions } from './available-actions';
import { ActionFeedbackBanner, type ActionFeedback } from './interview-feedback';
import type { InterviewView } from './use-live-transcript';

// Radix Dialog is loaded when a confirmation is first asked for, not with the page.
const ConfirmActionDialog = dynamic(() => import('../confirm-action-dialog').then((m) => m.ConfirmActionDialog), { ssr: false });

type Confirming = 'resend' | 'cancel' | null;

// Module-level calls: useApiAction keeps them as stable callbacks.
const sendInvitation = (api: Api, id: string) => api.interviews.sendInvitation.mutate({ id });
const resendInvitation = (api: Api, id: string) => api.interviews.resendInvitation.mutate({ id });
const cancelInterview = (api: Api, id: string) => api.interviews.cancel.mutate({ id });
const retryReport = (api: Api, reportId: string) => api.reports.retry.mutate({ reportId });

/** The fields of the interview the actions need (the page passes no more to the browser). */
export type ActionsView = Pick<InterviewView, 'id' | 'status' | 'evaluation' | 'expiresAt'> & { email: string | null };

/**
 * The header's actions: send a draft's invitation, resend it (a new link), cancel, regenerate a failed report.
 * Only the actions the status allows are shown; after any answer, success or refusal, the server renders the page
 * again (router.refresh()) so it shows the interview as it now is.
 */
export function InterviewActions({ view }: { view: ActionsView }) {
  const router = useRouter();
  const [feedback, setFeedback] = useState<ActionFeedback | null>(null);
  // The outcome is shown under the page header, in the place the server page keeps for it.
  const [bannerSlot, setBannerSlot] = useState<HTMLElement | null>(null);
  useEffect(() => setBannerSlot(document.getElementById(ACTION_FEEDBACK_SLOT)), []);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const allowed = availableActions(view);
  const email = view.email ?? 'the candidate';

  const options = (action: string, success: string) => ({
    onSuccess: () => {
      setConfirming(null);
      setFeedback({ kind: 'success', message: success });
    },
    onError: (error: ContractError) => {
      setConfirming(null);
      setFeedback({ kind: 'error', action, error });
      // A refusal (409: the status moved on) says the page is out of date too.
      router.refresh();
    },
  });
  const send = useApiAction(sendInvitation, options('send the invitation', `Invitation sent to ${email}.`));
  const resend = useApiAction(resendInvitation, options('resend the invitation', `A new invitation link was sent to ${email}. The previous link no longer works.`));
  const cancel = useApiAction(cancelInterview, options('cancel the interview', 'The interview was cancelled.'));
  const retry = useApiAction(retryReport, options('regenerate the report', 'The report is being generated again. This page updates by itself.'));
  const busy = send.pending || resend.pending || cancel.pending || retry.pending;
  const start = <Input,>(action: { run: (input: Input) => Promise<unknown> }, input: Input) => {
    setFeedback(null);
    void action.run(input);
  };

  return (
    <>
      {bannerSlot ? createPortal(<ActionFeedbackBanner feedback={feedback} onDismiss={() => setFeedback(null)} />, bannerSlot) : null}
      {allowed.send ? (
        <Button onClick={() => start(send, view.id)} disabled={busy}>
          {send.pending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Send aria-hidden />} Send invitation
        </Button>
      ) : null}
      {allowed.resend ? (
        <Button variant="outline" onClick={() => setConfirming('resend')} disabled={busy}>
          <RefreshCw aria-hidden /> Resend invitation
        </Button>
      ) : null}
      {allowed.retryReport && view.evaluation ? (
        <Button onClick={() => start(retry, view.evaluation!.reportId)} disabled={busy}>
          {retry.pending ? <LoaderCircle className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />} Regenerate report
        </Button>
      ) : null}
      {allowed.cancel ? (
        <Button variant="outline" onClick={() => setConfirming('cancel')} disabled={busy} className="text-red-700 hover:bg-red-50 hover:text-red-800">
          <Ban aria-hidden /> Cancel interview
        </Button>
      ) : null}

      {confirming === 'resend' ? (
        <ConfirmActionDialog
          open
          onOpenChange={(open) => setConfirming(open ? 'resend' : null)}
          title="Resend the invitation?"
          description={
            <>
              A new link is emailed to <strong className="font-medium text-slate-900">{email}</strong>. The link sent before stops working at once.
            </>
          }
          confirmLabel="Send a new link"
          pending={resend.pending}
          onConfirm={() => start(resend, view.id)}
        >
          <p className="text-sm text-slate-600">
            The new link expires <Time value={view.expiresAt} /> (or 7 days from now if that has passed).
          </p>
        </ConfirmActionDialog>
      ) : null}
      {confirming === 'cancel' ? (
        <ConfirmActionDialog
          open
          onOpenChange={(open) => setConfirming(open ? 'cancel' : null)}
          title="Cancel this interview?"
          description={
            view.status === 'IN_PROGRESS'
              ? 'The candidate is being interviewed right now: the conversation stops and no report is made. This cannot be undone.'
              : 'The invitation link stops working and the candidate sees that the interview was cancelled. This cannot be undone.'
          }
          confirmLabel="Cancel interview"
          destructive
          pending={cancel.pending}
          onConfirm={() => start(cancel, view.id)}
        />
      ) : null}
    </>
  );
}
