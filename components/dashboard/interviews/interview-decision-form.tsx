'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import type { Api } from '@/components/trpc/api-client';
import { useApiAction } from '@/components/trpc/use-api-action';
import { checkDecisionReason, DECISION_REASON_MAX_LENGTH } from '@/server/services/decisions/decision-reason';
import { DECISION_LABELS, type DecisionStatus } from './decision-badge';

type DecideInput = { id: string; status: DecisionStatus; reason: string | null; notifyCandidate: boolean };
const decide = (api: Api, input: DecideInput) => api.interviews.decide.mutate(input);

/**
 * The decision card's form: only the reason is typed (checked by decision-reason.ts, as the API checks it); the
 * status is the button pressed. On success the server renders the card again: the current decision, the pressed
 * button and the history come from there.
 */
export function DecisionForm({ interviewId, current }: { interviewId: string; current: DecisionStatus | null }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitted, setSubmitted] = useState(false);
  const [notify, setNotify] = useState(false);
  const action = useApiAction(decide, {
    onSuccess: (data) => {
      toast.success(`Decision saved: ${DECISION_LABELS[data.decision!.status]}`);
      setReason('');
      setSubmitted(false);
    },
    onError: (failure) => toast.error(`The decision was not saved: ${failure.message}`),
  });
  const check = (text: string) => {
    const result = checkDecisionReason(text);
    return result.success ? undefined : result.message;
  };

  const submit = (status: DecisionStatus) => {
    setSubmitted(true);
    const problem = check(reason);
    setError(problem);
    if (problem) return;
    const trimmed = reason.trim();
    void action.run({ id: interviewId, status, reason: trimmed ? trimmed : null, notifyCandidate: notify });
  };

  return (
    <Form className="grid gap-3" onSubmit={(e) => e.preventDefault()} aria-label={current ? 'Change the decision' : 'Decide'}>
      <Field label="Reason (optional)" error={error}>
        <textarea
          name="reason"
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            // As before: checked on submit, then again on every change until the next submit.
            if (submitted) setError(check(e.target.value));
          }}
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
            disabled={action.pending}
            aria-pressed={current === status}
            onClick={() => submit(status)}
          >
            {DECISION_LABELS[status]}
          </Button>
        ))}
      </div>
    </Form>
  );
}
