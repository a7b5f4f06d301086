import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { RouterOutputs } from '@/components/trpc/react';
import type { FunnelInterval } from './analytics-input';
import { IntervalSwitch } from './interval-switch';

type Series = RouterOutputs['analytics']['funnelTimeseries'];
type Point = Series['points'][number];

const SERIES = [
  { key: 'invited', label: 'Invited', swatch: 'bg-slate-300' },
  { key: 'started', label: 'Started', swatch: 'bg-sky-500' },
  { key: 'completed', label: 'Completed', swatch: 'bg-emerald-600' },
] as const;

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 1000) / 10} %`);

/** "3 Mar" for a week, "Mar 2026" for a month, read in UTC as the API's periods are. */
function periodLabel(periodStart: string, interval: FunnelInterval, long = false): string {
  const date = new Date(periodStart);
  if (interval === 'month') return new Intl.DateTimeFormat('en-GB', { month: long ? 'long' : 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', ...(long ? { year: 'numeric' } : {}), timeZone: 'UTC' }).format(date);
  return long ? `Week of ${day}` : day;
}

/** Which periods get a label under the chart: at most about eight, always the first and the last. */
function labelled(count: number): (index: number) => boolean {
  const step = Math.max(1, Math.ceil(count / 8));
  return (index) => index === count - 1 || (index % step === 0 && count - 1 - index >= step / 2);
}

/**
 * The funnel over time (GET /analytics/funnel/timeseries): one group of bars per week or month of invitation, in
 * plain HTML and CSS (no chart library), hidden from assistive technology, whose content the table below gives
 * in full.
 */
export function FunnelOverTimeCard({ series }: { series: Series }) {
  const { interval, points } = series;
  const top = Math.max(1, ...points.map((p) => p.invited));
  const showLabel = labelled(points.length);
  const intervalSwitch = <IntervalSwitch interval={interval} />;
  return (
    <Card data-testid="funnel-over-time">
      <CardHeader
        title="Funnel over time"
        description="Candidates grouped by the week or month they were invited (UTC), with how far they got since. The completion dates above do not apply here."
        action={intervalSwitch}
      />
      {points.length === 0 ? (
        <EmptyState title="No invitations yet" description="The chart fills in as candidates are invited." className="py-8" />
      ) : (
        <CardContent className="grid gap-4">
          <div aria-hidden className="grid gap-1">
            <div className="flex h-40 items-end gap-1 border-b border-slate-200" data-testid="funnel-over-time-chart">
              {points.map((p) => (
                <div key={p.periodStart} className="flex h-full min-w-0 flex-1 items-end justify-center gap-px" title={`${periodLabel(p.periodStart, interval, true)}: ${p.invited} invited, ${p.started} started, ${p.completed} completed`}>
                  {SERIES.map((s) => (
                    <span key={s.key} className={`block w-full max-w-4 rounded-t-sm ${s.swatch}`} style={{ height: `${(p[s.key] / top) * 100}%` }} />
                  ))}
                </div>
              ))}
            </div>
            <div className="flex gap-1 text-[11px] text-slate-600">
              {points.map((p, i) => (
                <span key={p.periodStart} className="min-w-0 flex-1 overflow-visible whitespace-nowrap text-center">
                  {showLabel(i) ? periodLabel(p.periodStart, interval) : ''}
                </span>
              ))}
            </div>
          </div>
          <ul className="flex flex-wrap gap-4 text-xs text-slate-700" aria-label="Legend">
            {SERIES.map((s) => (
              <li key={s.key} className="flex items-center gap-1.5">
                <span className={`inline-block size-3 rounded-sm ${s.swatch}`} aria-hidden />
                {s.label}
              </li>
            ))}
          </ul>
          <details>
            <summary className="cursor-pointer text-sm font-medium text-brand-700">Show the figures as a table</summary>
            <div className="mt-2 overflow-x-auto">
              <Table aria-label="Funnel per period of invitation" data-testid="funnel-over-time-table">
                <TableHeader>
                  <TableRow>
                    <TableHead>{interval === 'week' ? 'Week of invitation' : 'Month of invitation'}</TableHead>
                    <TableHead className="text-right">Invited</TableHead>
                    <TableHead className="text-right">Opened</TableHead>
                    <TableHead className="text-right">Started</TableHead>
                    <TableHead className="text-right">Completed</TableHead>
                    <TableHead className="text-right">Decided</TableHead>
                    <TableHead className="text-right">Advanced</TableHead>
                    <TableHead className="text-right">Completion rate</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {points.map((p: Point) => (
                    <TableRow key={p.periodStart}>
                      <TableCell>
                        <time dateTime={p.periodStart}>{periodLabel(p.periodStart, interval, true)}</time>
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{p.invited}</TableCell>
                      <TableCell className="text-right tabular-nums">{p.opened}</TableCell>
                      <TableCell className="text-right tabular-nums">{p.started}</TableCell>
                      <TableCell className="text-right tabular-nums">{p.completed}</TableCell>
                      <TableCell className="text-right tabular-nums">{p.decided}</TableCell>
                      <TableCell className="text-right tabular-nums">{p.advanced}</TableCell>
                      <TableCell className="text-right tabular-nums">{percent(p.completionRate)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </details>
        </CardContent>
      )}
    </Card>
  );
}
