import { ChevronLeft, ChevronRight, Hourglass } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { RouterOutputs } from '@/components/trpc/react';
import { ScorePill } from '../badges';
import { candidateName } from '../format';
import { Time } from '../time';
import { AWAITING_DECISION_PAGE_PARAM } from './awaiting-decision-input';

type Queue = RouterOutputs['analytics']['awaitingDecision'];
type Item = Queue['items'][number];

/** Whose score it is, in words: a person's review takes precedence over the AI's. */
function ScoreSourceLabel({ item }: { item: Item }) {
  if (item.scoreSource === 'human') return <span className="text-xs text-slate-600" data-testid="awaiting-score-source">Reviewer</span>;
  if (item.scoreSource === 'ai') return <span className="text-xs text-slate-600" data-testid="awaiting-score-source">AI</span>;
  const why = item.reportStatus === 'PENDING' ? 'Report pending' : item.reportStatus === 'FAILED' ? 'Report failed' : 'Not scored';
  return <span className="text-xs text-slate-600">{why}</span>;
}

/** A page of the queue: a link (`?queue=N`, the overview reads it on the server), greyed out where there is none. */
function QueuePageLink({ page, children }: { page: number | null; children: ReactNode }) {
  if (page === null) {
    return (
      <Button variant="ghost" size="sm" disabled>
        {children}
      </Button>
    );
  }
  return (
    <Button asChild variant="ghost" size="sm">
      <Link href={page === 1 ? '/overview' : `/overview?${AWAITING_DECISION_PAGE_PARAM}=${page}`} scroll={false}>
        {children}
      </Link>
    </Button>
  );
}

/**
 * "Awaiting your decision" on the overview: completed interviews nobody has decided on yet, the longest-waiting
 * first (demo interviews are never in it). Each row opens the interview, where the decision is taken.
 */
export function AwaitingDecisionCard({ queue }: { queue: Queue }) {
  const { page, totalPages, total } = queue.pagination;
  return (
    <Card className="mt-6" data-testid="awaiting-decision" aria-labelledby="awaiting-decision-title">
      <CardHeader
        title={
          <span id="awaiting-decision-title">
            Awaiting your decision<span className="ml-1.5 font-normal text-slate-600 tabular-nums">({total})</span>
          </span>
        }
        description="Completed interviews without a decision, the longest-waiting first. Score: the reviewer's where there is one, else the AI's."
      />
      {queue.items.length === 0 ? (
        <EmptyState icon={Hourglass} title="Nothing awaits a decision" description="Completed interviews appear here until someone advances, holds or rejects them." className="py-8" />
      ) : (
        <>
          <ol className="divide-y divide-slate-100" data-testid="awaiting-decision-list">
            {queue.items.map((item) => (
              <li key={item.interviewId}>
                <Link href={`/interviews/${item.interviewId}`} className="flex items-center gap-4 px-5 py-3 hover:bg-slate-50">
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900">{candidateName(item.candidate)}</p>
                    <p className="truncate text-xs text-slate-600">{item.campaign ? `${item.campaign.name} · ${item.job.title}` : item.job.title}</p>
                    <p className="text-xs text-slate-600 sm:hidden">
                      Completed <Time value={item.completedAt} relative />
                    </p>
                  </div>
                  <div className="hidden text-xs text-slate-600 sm:block">
                    Completed <Time value={item.completedAt} relative />
                  </div>
                  <div className="grid w-24 justify-items-end gap-0.5">
                    <ScorePill score={item.overallScore} />
                    <ScoreSourceLabel item={item} />
                  </div>
                </Link>
              </li>
            ))}
          </ol>
          {totalPages > 1 ? (
            <nav aria-label="Pages of interviews awaiting a decision" className="flex items-center justify-between border-t border-slate-100 px-5 py-2 text-xs text-slate-600">
              <span>
                Page {page} of {totalPages}
              </span>
              <span className="flex gap-1">
                <QueuePageLink page={page > 1 ? page - 1 : null}>
                  <ChevronLeft aria-hidden /> Older
                </QueuePageLink>
                <QueuePageLink page={page < totalPages ? page + 1 : null}>
                  Newer <ChevronRight aria-hidden />
                </QueuePageLink>
              </span>
            </nav>
          ) : null}
        </>
      )}
    </Card>
  );
}
