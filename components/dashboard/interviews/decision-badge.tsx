import { Badge } from '@/components/ui/badge';

/**
 * A decision's label and badge, in their own module: lists (interviews, a campaign's ranking) show the badge without
 * the interview page's decision form (react-hook-form, zod) coming with it.
 */
export const DECISION_LABELS = { ADVANCE: 'Advance', HOLD: 'Hold', REJECT: 'Reject' } as const;
export type DecisionStatus = keyof typeof DECISION_LABELS;
const DECISION_TONES = { ADVANCE: 'green', HOLD: 'amber', REJECT: 'red' } as const;

export function DecisionBadge({ status }: { status: DecisionStatus | null | undefined }) {
  if (!status) return <span className="text-slate-500">Undecided</span>;
  return (
    <Badge tone={DECISION_TONES[status]} data-decision={status}>
      {DECISION_LABELS[status]}
    </Badge>
  );
}
