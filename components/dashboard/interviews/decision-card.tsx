'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { contractError } from '@/components/trpc/errors';
import { trpc } from '@/components/trpc/react';
import { checkDecisionReason, DECISION_REASON_MAX_LENGTH } from '@/server/services/decisions/decision-reason';
import { Time } from '../time';
import type { InterviewView } from './use-live-transcript';
import { Form } from '@/components/ui/form';
import { RecruiterOnly } from '@/components/dashboard/role-context';
import { DECISION_LABELS, DecisionBadge, type DecisionStatus } from './decision-badge';


/** The interview page's form: only the reason is typed (checked by decision-reason.ts); the status is the button pressed. */
type ReasonForm = { reason: string };
const reasonRule = (text: string) => {
  const check = checkDecisionReason(text);
  return check.success ? true : check.message;
};

/**
 * A person's decision on a completed interview: Advance, Hold or Reject with an optional reason. It can be
 * changed; every earlier decision stays listed below. The AI's recommendation is advice shown elsewhere; nothing
 * here is filled in from it.
 */
export function DecisionCard({ view }: { view: InterviewView }) {
  const utils = trpc.useUtils();
  const history = trpc.interviews.decisionHistory.useQuery({ id: view.id }, { enabled: view.status === 'COMPLETED' });
  const form = useForm<ReasonForm>({ defaultValues: { reason: '' } });
  const [notify, setNotify] = useState(false);
  const decide = trpc.interviews.decide.useMutation({
    onSuccess: async (data) => {
      toast.success(`Decision saved: ${DECISION_LABELS[data.decision!.status]}`);
      form.reset({ reason: '' });
      await Promise.all([utils.dashboard.interview.invalidate({ id: view.id }), utils.interviews.decisionHistory.invalidate({ id: view.id }), utils.dashboard.interviews.invalidate()]);
    },
    onError: (error) => {
      toast.error(`The decision was not saved: ${contractError(error).message}`);
    },
  });

  if (view.status !== 'COMPLETED') {
    return (
      <Card aria-labelledby="decision-title">
        <CardHeader title={<span id="decision-title">Decision</span>} />
        <CardContent>
          <p className="text-sm text-slate-600">A recruiter decides once the interview is completed.</p>
        </CardContent>
      </Card>
    );
  }

  const current = view.decision;
  const submit = (status: DecisionStatus) =>
    form.handleSubmit((values) => {
      const reason = values.reason.trim();
      decide.mutate({ id: view.id, status, reason: reason ? reason : null, notifyCandidate: notify });
    })();

  return (
    <Card aria-labelledby="decision-title">
      <CardHeader
        title={<span id="decision-title">Decision</span>}
        description="Yours to take: the AI's recommendation is advice."
        action={<DecisionBadge status={current?.status} />}
      />
      <CardContent className="grid gap-4">
        {current ? (
          <p className="text-sm text-slate-700" data-testid="current-decision">
            <strong>{DECISION_LABELS[current.status]}</strong> on <Time value={current.decidedAt} />
            {current.reason ? <span className="mt-1 block whitespace-pre-wrap break-words text-slate-800">“{current.reason}”</span> : null}
          </p>
        ) : (
          <p className="text-sm text-slate-700">No decision yet.</p>
        )}
        <RecruiterOnly>
        <Form className="grid gap-3" onSubmit={(e) => e.preventDefault()} aria-label={current ? 'Change the decision' : 'Decide'}>
          <Field label="Reason (optional)" error={form.formState.errors.reason?.message}>
            <textarea
              {...form.register('reason', { validate: reasonRule })}
              rows={3}
              maxLength={DECISION_REASON_MAX_LENGTH}
              className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600"
            />
          </Field>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" className="mt-0.5 size-4 accent-brand-600" checked={notify} onChange={(e) => setNotify(e.target.checked)} data-testid="notify-candidate" />
            <span>
              Email the candidate if I advance or reject
              <span className="block text-xs text-slate-600">Your organization&apos;s email (Settings), else the default, in the candidate&apos;s language. Never for a hold.</span>
            </span>
          </label>
          <div className="flex flex-wrap gap-2" role="group" aria-label="Decision">
            {(['ADVANCE', 'HOLD', 'REJECT'] as const).map((status) => (
              <Button
                key={status}
                variant={status === 'REJECT' ? 'destructive' : status === 'ADVANCE' ? 'primary' : 'outline'}
                disabled={decide.isPending}
                aria-pressed={current?.status === status}
                onClick={() => submit(status)}
              >
                {DECISION_LABELS[status]}
              </Button>
            ))}
          </div>
        </Form>
        </RecruiterOnly>
        {history.data && history.data.length > 0 ? (
          <div>
            <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-600">History</h3>
            <ol className="grid gap-2" aria-label="Decision history">
              {history.data.map((entry) => (
                <li key={entry.id} className="grid gap-0.5 text-sm" data-testid="decision-history-entry">
                  <span className="flex flex-wrap items-center gap-2">
                    <DecisionBadge status={entry.status} />
                    <Time value={entry.decidedAt} className="text-xs text-slate-600" />
                    <span className="text-xs text-slate-600">by {entry.decidedBy.type === 'user' ? 'a recruiter' : 'an API client'}</span>
                    {entry.current ? <span className="text-xs font-medium text-slate-700">(current)</span> : null}
                  </span>
                  {entry.reason ? <span className="whitespace-pre-wrap break-words text-slate-700">{entry.reason}</span> : null}
                </li>
              ))}
            </ol>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
