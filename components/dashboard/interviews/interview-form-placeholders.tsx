import { Ban, Eye, EyeOff, RefreshCw, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import { formatScore } from '../format';
import { availableActions } from './available-actions';
import { DECISION_LABELS, type DecisionStatus } from './decision-badge';
import type { ActionsView } from './interview-actions';
import type { ReviewCriterion } from './interview-review-form';

/**
 * What the forms look like until their code is in (interview-lazy-forms.tsx): the same labels and controls,
 * disabled, rendered on the server with no JavaScript of their own. They are replaced as soon as the form loads.
 */
const LABEL = 'text-sm font-medium leading-none text-slate-800';
const TEXTAREA = 'w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600';

function PlaceholderField({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-1.5">
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      {children}
      {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
    </div>
  );
}

function DisabledForm({ label, className, children }: { label?: string; className: string; children: ReactNode }) {
  return (
    <form className={className} aria-label={label} aria-busy="true">
      <fieldset disabled className="contents">
        {children}
      </fieldset>
    </form>
  );
}

export function DecisionFormPlaceholder({ interviewId, current }: { interviewId: string; current: DecisionStatus | null }) {
  const id = `reason-${interviewId}`;
  return (
    <DisabledForm className="grid gap-3" label={current ? 'Change the decision' : 'Decide'}>
      <PlaceholderField id={id} label="Reason (optional)">
        <textarea id={id} rows={3} className={TEXTAREA} />
      </PlaceholderField>
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input type="checkbox" className="mt-0.5 size-4 accent-brand-600" />
        <span>
          Email the candidate if I advance or reject
          <span className="block text-xs text-slate-600">Your organization&apos;s email (Settings), else the default, in the candidate&apos;s language. Never for a hold.</span>
        </span>
      </label>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Decision">
        {(['ADVANCE', 'HOLD', 'REJECT'] as const).map((status) => (
          <Button key={status} variant={status === 'REJECT' ? 'destructive' : status === 'ADVANCE' ? 'primary' : 'outline'} aria-pressed={current === status}>
            {DECISION_LABELS[status]}
          </Button>
        ))}
      </div>
    </DisabledForm>
  );
}

export function ReviewFormPlaceholder({ criteria, saved }: { criteria: ReviewCriterion[]; saved: boolean }) {
  return (
    <DisabledForm className="grid gap-4">
      {criteria.map((c) => (
        <fieldset key={c.key} className="grid gap-2 sm:grid-cols-[7rem_1fr]">
          <legend className="mb-1 text-sm font-medium text-slate-900">
            {c.label}{' '}
            {c.aiScore === undefined ? null : <span className="text-xs font-normal text-slate-600">(AI advice: {c.aiScore === null ? '—' : `${formatScore(c.aiScore, 1)}/10`})</span>}
          </legend>
          <PlaceholderField id={`review-score-${c.key}`} label={`${c.label} score`}>
            <input id={`review-score-${c.key}`} type="number" className={inputClasses} defaultValue={c.score} />
          </PlaceholderField>
          <PlaceholderField id={`review-note-${c.key}`} label={`${c.label} note`}>
            <input id={`review-note-${c.key}`} className={inputClasses} defaultValue={c.note} />
          </PlaceholderField>
        </fieldset>
      ))}
      <div>
        <Button type="submit">{saved ? 'Update review' : 'Save review'}</Button>
      </div>
    </DisabledForm>
  );
}

/** The header's actions the status allows, disabled until their island is in (none for a completed interview). */
export function ActionsPlaceholder({ view }: { view: ActionsView }) {
  const allowed = availableActions(view);
  return (
    <>
      {allowed.send ? (
        <Button disabled>
          <Send aria-hidden /> Send invitation
        </Button>
      ) : null}
      {allowed.resend ? (
        <Button variant="outline" disabled>
          <RefreshCw aria-hidden /> Resend invitation
        </Button>
      ) : null}
      {allowed.retryReport && view.evaluation ? (
        <Button disabled>
          <RefreshCw aria-hidden /> Regenerate report
        </Button>
      ) : null}
      {allowed.cancel ? (
        <Button variant="outline" disabled className="text-red-700 hover:bg-red-50 hover:text-red-800">
          <Ban aria-hidden /> Cancel interview
        </Button>
      ) : null}
    </>
  );
}

/** The watch toggle as the server read it, disabled until its island is in (no test id: that is the live one's). */
export function WatchPlaceholder({ watching }: { watching: boolean }) {
  return (
    <Button variant="outline" size="icon" aria-label="Watch this interview" aria-pressed={watching} disabled className={watching ? 'border-brand-300 bg-brand-50 text-brand-800 hover:bg-brand-100' : undefined}>
      {watching ? <Eye aria-hidden /> : <EyeOff aria-hidden />}
    </Button>
  );
}
