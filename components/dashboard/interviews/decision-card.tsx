import { Card, CardContent, CardHeader } from '@/components/ui/card';
import type { RouterOutputs } from '@/components/trpc/react';
import { Time } from '../time';
import type { InterviewView } from './use-live-transcript';
import { DECISION_LABELS, DecisionBadge } from './decision-badge';
import { DecisionForm } from './interview-decision-form';

type DecisionHistory = RouterOutputs['interviews']['decisionHistory'];

/**
 * A person's decision on a completed interview: Advance, Hold or Reject with an optional reason. It can be
 * changed; every earlier decision stays listed below. The AI's recommendation is advice shown elsewhere; nothing
 * here is filled in from it. Rendered on the server with the history the page read; the form is a client island,
 * rendered on the server too and disabled until hydrated (components/ui/form.tsx).
 */
export function DecisionCard({ view, history, canEdit }: { view: InterviewView; history: DecisionHistory | null; canEdit: boolean }) {
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
        {canEdit ? (
          <DecisionForm interviewId={view.id} current={current?.status ?? null} />
        ) : null}
        {history && history.length > 0 ? (
          <div>
            <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-600">History</h3>
            <ol className="grid gap-2" aria-label="Decision history">
              {history.map((entry) => (
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
