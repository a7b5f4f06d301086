import { Badge } from '@/components/ui/badge';
import { formatOverallScore, RECOMMENDATION_LABELS, STATUS_LABELS, type InterviewStatus, type Recommendation } from './format';

const STATUS_TONES = {
  DRAFT: 'neutral',
  INVITED: 'blue',
  IN_PROGRESS: 'amber',
  COMPLETED: 'green',
  CANCELLED: 'neutral',
  EXPIRED: 'red',
} as const;

export function StatusBadge({ status }: { status: InterviewStatus }) {
  return (
    <Badge tone={STATUS_TONES[status]} data-status={status}>
      {status === 'IN_PROGRESS' ? <span className="size-1.5 rounded-full bg-amber-500 animate-live" aria-hidden /> : null}
      {STATUS_LABELS[status]}
    </Badge>
  );
}

const RECOMMENDATION_TONES = {
  STRONG_YES: 'green',
  YES: 'green',
  NO: 'amber',
  DEFINITELY_NO: 'red',
  NO_DECISION: 'neutral',
} as const;

/** The AI's recommendation: advice for the recruiter, who decides. `advice` adds the word where the context lacks it. */
export function RecommendationBadge({ value, advice = false }: { value: Recommendation | null | undefined; advice?: boolean }) {
  if (!value) return <span className="text-slate-500">—</span>;
  return (
    <Badge tone={RECOMMENDATION_TONES[value]} title="The AI's recommendation: advice, not a decision">
      {advice ? 'AI advice: ' : null}
      {RECOMMENDATION_LABELS[value]}
    </Badge>
  );
}

/** An overall score out of 100 with a colour band (below 50, 50–69, 70 and above). */
export function ScorePill({ score }: { score: number | null | undefined }) {
  if (score === null || score === undefined) return <span className="text-slate-500">—</span>;
  const tone = score >= 70 ? 'text-emerald-800 bg-emerald-50' : score >= 50 ? 'text-amber-900 bg-amber-50' : 'text-red-800 bg-red-50';
  return (
    <span className={`inline-flex min-w-10 justify-center rounded-md px-1.5 py-0.5 text-sm font-semibold tabular-nums ${tone}`}>
      {formatOverallScore(score)}
      <span className="sr-only"> out of 100</span>
    </span>
  );
}

/** A demo interview, candidate or campaign ("Run a demo interview"): in no ranking, figure, export or webhook. */
export function DemoBadge() {
  return (
    <Badge tone="amber" data-testid="demo-badge" title="A demo: a sample candidate played by the simulated agent, left out of rankings, analytics, exports and webhooks">
      Demo
    </Badge>
  );
}
