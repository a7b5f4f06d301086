import type { RouterOutputs } from '@/components/trpc/react';

type View = Pick<RouterOutputs['dashboard']['interview'], 'status' | 'evaluation'> & { turns?: readonly unknown[] };

/**
 * What a recruiter may do with an interview in its status (contract §6; the server checks again and answers 409).
 * The status is the effective one: an INVITED interview past its expiry already reads EXPIRED, which is final.
 */
export function availableActions(view: View) {
  return {
    send: view.status === 'DRAFT',
    resend: view.status === 'INVITED',
    cancel: view.status === 'DRAFT' || view.status === 'INVITED' || view.status === 'IN_PROGRESS',
    retryReport: view.evaluation?.status === 'FAILED',
  };
}

/** The id of the element, under the page header, where the header actions' outcome is shown (interview-actions.tsx). */
export const ACTION_FEEDBACK_SLOT = 'interview-action-feedback';
