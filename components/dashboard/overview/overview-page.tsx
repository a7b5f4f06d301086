import { ArrowRight, CircleCheckBig, Gauge, Mic, Plus, Sparkles } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { RouterOutputs } from '@/components/trpc/react';
import { PageHeader } from '../page-header';
import { RecommendationBadge, ScorePill, StatusBadge } from '../badges';
import { candidateName, formatPercent, formatScore, INTERVIEW_STATUSES, RECOMMENDATION_LABELS, STATUS_LABELS } from '../format';
import { Time } from '../time';
import { RecruiterOnly } from '@/components/dashboard/role-context';
import { AwaitingDecisionCard } from './awaiting-decision-card';
import ScoreChart from './score-chart';

const STATUS_BAR = {
  DRAFT: 'bg-slate-400',
  INVITED: 'bg-sky-500',
  IN_PROGRESS: 'bg-amber-500',
  COMPLETED: 'bg-emerald-500',
  CANCELLED: 'bg-slate-300',
  EXPIRED: 'bg-red-400',
} as const;

function Kpi({ label, value, hint, icon }: { label: string; value: ReactNode; hint?: ReactNode; icon: ReactNode }) {
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <span className="text-slate-400">{icon}</span>
      </div>
      <p className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 tabular-nums">{value}</p>
      {hint ? <p className="mt-1 text-xs text-slate-600">{hint}</p> : null}
    </Card>
  );
}

type OverviewProps = { overview: RouterOutputs['dashboard']['overview']; queue: RouterOutputs['analytics']['awaitingDecision'] };

/**
 * Rendered on the server with the figures the page read (app/(dashboard)/overview/page.tsx): the overview is all
 * links and numbers, so none of it needs the browser's JavaScript beyond the shell's.
 */
export function OverviewPage({ overview: o, queue }: OverviewProps) {
  const header = (
    <PageHeader
      title="Overview"
      description="How your interviews are going across every job and campaign."
      actions={
        <RecruiterOnly>
          <Button asChild>
            <Link href="/interviews/new">
              <Plus aria-hidden /> New interview
            </Link>
          </Button>
        </RecruiterOnly>
      }
    />
  );
  if (o.totalInterviews === 0) {
    return (
      <>
        {header}
        <Card>
          <EmptyState
            icon={Mic}
            title="No interviews yet"
            description="Create an interview for a candidate: they receive an invitation link and talk with the voice agent."
            action={<RecruiterOnly><Button asChild><Link href="/interviews/new"><Plus aria-hidden /> New interview</Link></Button></RecruiterOnly>}
          />
        </Card>
      </>
    );
  }
  const maxStatus = Math.max(1, ...Object.values(o.byStatus));
  const scored = o.scoreDistribution.reduce((a, b) => a + b.count, 0);
  return (
    <>
      {header}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Kpi label="Interviews" value={o.totalInterviews} hint={`${o.byStatus.IN_PROGRESS} in progress now`} icon={<Mic className="size-5" aria-hidden />} />
        <Kpi label="Completed this week" value={o.completedLast7Days} hint={`${o.byStatus.COMPLETED} completed in all`} icon={<CircleCheckBig className="size-5" aria-hidden />} />
        <Kpi label="Completion rate" value={formatPercent(o.completionRate)} hint="Completed, of those that ended" icon={<Gauge className="size-5" aria-hidden />} />
        <Kpi label="Average score" value={formatScore(o.averageScore)} hint={scored ? `Across ${scored} scored interviews · ${scoreSourceWords(o.scoreSources)}` : 'No scored report yet'} icon={<Sparkles className="size-5" aria-hidden />} />
      </div>
      <AwaitingDecisionCard queue={queue} />

      <div className="mt-6 grid gap-6 lg:grid-cols-5">
        <Card className="lg:col-span-2">
          <CardHeader title="Interviews by status" description="Invitations past their expiry count as expired." />
          <CardContent>
            <ul className="grid gap-3">
              {INTERVIEW_STATUSES.map((status) => (
                <li key={status}>
                  <Link href={`/interviews?status=${status}`} className="group grid gap-1.5 rounded-md p-1 -m-1 hover:bg-slate-50">
                    <span className="flex items-center justify-between text-sm">
                      <span className="font-medium text-slate-800 group-hover:text-brand-700">{STATUS_LABELS[status]}</span>
                      <span className="tabular-nums text-slate-700">{o.byStatus[status]}</span>
                    </span>
                    <span className="h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden>
                      <span className={`block h-full rounded-full ${STATUS_BAR[status]}`} style={{ width: `${(o.byStatus[status] / maxStatus) * 100}%` }} />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>

        <Card className="lg:col-span-3">
          <CardHeader title="Score distribution" description={`Score source: your review where there is one, else the AI's; out of 100 (${scoreSourceWords(o.scoreSources)}).`} />
          <CardContent>
            {scored === 0 ? (
              <EmptyState title="No scores yet" description="Scores appear once completed interviews have their report." className="py-8" />
            ) : (
              <figure>
                <div role="img" aria-label={`Bar chart of ${scored} scores: ${o.scoreDistribution.filter((b) => b.count > 0).map((b) => `${b.count} between ${b.from} and ${b.to}`).join(', ')}.`}>
                  <ScoreChart buckets={o.scoreDistribution} />
                </div>
                <figcaption className="mt-3 flex flex-wrap gap-2">
                  {(Object.keys(o.recommendations) as (keyof typeof o.recommendations)[])
                    .filter((r) => o.recommendations[r] > 0)
                    .map((r) => (
                      <span key={r} className="inline-flex items-center gap-1.5 text-xs text-slate-700">
                        <RecommendationBadge value={r} />
                        <span className="tabular-nums">{o.recommendations[r]}</span>
                        <span className="sr-only">{RECOMMENDATION_LABELS[r]} recommendations</span>
                      </span>
                    ))}
                </figcaption>
              </figure>
            )}
          </CardContent>
        </Card>
      </div>

      <Card className="mt-6">
        <CardHeader
          title="Recent completions"
          action={
            <Button asChild variant="link" size="sm">
              <Link href="/interviews?status=COMPLETED">
                All completed <ArrowRight aria-hidden />
              </Link>
            </Button>
          }
        />
        {o.recentCompletions.length === 0 ? (
          <EmptyState title="Nothing completed yet" description="Finished interviews will show up here with their score." className="py-8" />
        ) : (
          <ul className="divide-y divide-slate-100">
            {o.recentCompletions.map((r) => (
              <li key={r.interviewId}>
                <Link href={`/interviews/${r.interviewId}`} className="flex items-center gap-4 px-5 py-3 hover:bg-slate-50">
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900">{candidateName(r.candidate)}</p>
                    <p className="truncate text-xs text-slate-600">{r.jobTitle}</p>
                  </div>
                  <div className="hidden text-xs text-slate-600 sm:block">
                    <Time value={r.completedAt} relative />
                  </div>
                  <div className="flex w-40 items-center justify-end gap-2">
                    {r.reportStatus === 'READY' ? (
                      <>
                        <RecommendationBadge value={r.recommendation} />
                        <ScorePill score={r.overallScore} />
                        {r.scoreSource === 'human' ? <span className="text-xs text-slate-600">Your review</span> : null}
                      </>
                    ) : r.reportStatus === 'PENDING' ? (
                      <span className="text-xs text-slate-600">Report pending…</span>
                    ) : r.reportStatus === 'FAILED' ? (
                      <span className="text-xs text-red-700">Report failed</span>
                    ) : (
                      <StatusBadge status="COMPLETED" />
                    )}
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}

/** "2 from your reviews, 5 from the AI": whose scores a figure rests on. */
function scoreSourceWords(sources: { human: number; ai: number }): string {
  return `${sources.human} from your reviews, ${sources.ai} from the AI`;
}
