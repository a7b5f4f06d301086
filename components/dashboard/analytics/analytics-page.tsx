import { Suspense, type ReactNode } from 'react';
import { BarChart3, TriangleAlert } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { RouterOutputs } from '@/components/trpc/react';
import type { Settled } from '@/server/http/dashboard-session';
import type { ServerCatalogOptions } from '../catalog/list-catalog';
import { PageHeader } from '../page-header';
import { PartError } from '../part-error';
import { AnalyticsFilterBar } from './analytics-filter-bar';
import type { AnalyticsFilterState } from './analytics-input';
import { FunnelOverTimeCard } from './funnel-over-time-card';

type Funnel = RouterOutputs['analytics']['funnel'];
type Agreement = RouterOutputs['analytics']['agreement'];
type Reviewers = RouterOutputs['analytics']['reviewers'];

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 1000) / 10} %`);
const decimal = (value: number | null, digits = 2) => (value === null ? '—' : value.toFixed(digits));

function FunnelCard({ funnel }: { funnel: Funnel }) {
  const steps: [string, number][] = [
    ['Invited', funnel.invited],
    ['Opened the link', funnel.opened],
    ['Accepted the notice', funnel.consented],
    ['Started', funnel.started],
    ['Completed', funnel.completed],
    ['Decided', funnel.decided],
    ['Advanced', funnel.advanced],
  ];
  const top = Math.max(1, funnel.invited, ...steps.map(([, n]) => n));
  return (
    <Card>
      <CardHeader title="Funnel" description="How far the candidates got. Completion rate = completed / started." />
      <CardContent className="grid gap-4">
        <ol className="grid gap-2" data-testid="funnel-steps">
          {steps.map(([label, n]) => (
            <li key={label} className="grid grid-cols-[10rem_1fr_3rem] items-center gap-3 text-sm">
              <span className="text-slate-700">{label}</span>
              <span className="h-3 rounded bg-slate-100" aria-hidden>
                <span className="block h-3 rounded bg-brand-500" style={{ width: `${(n / top) * 100}%` }} />
              </span>
              <span className="text-right font-medium tabular-nums text-slate-900" data-testid={`funnel-${label.toLowerCase().replace(/ /g, '-')}`}>
                {n}
              </span>
            </li>
          ))}
        </ol>
        <dl className="grid grid-cols-2 gap-4 text-sm">
          <div>
            <dt className="text-slate-600">Completion rate</dt>
            <dd className="text-lg font-semibold text-slate-900" data-testid="completion-rate">
              {percent(funnel.completionRate)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Median time to complete</dt>
            <dd className="text-lg font-semibold text-slate-900" data-testid="median-minutes">
              {funnel.medianMinutesToComplete === null ? '—' : `${funnel.medianMinutesToComplete} min`}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Candidates’ rating (optional, 1–5)</dt>
            <dd className="text-lg font-semibold text-slate-900" data-testid="satisfaction">
              {funnel.satisfaction === null ? '—' : `${funnel.satisfaction} / 5 (${funnel.rated} rated)`}
            </dd>
          </div>
        </dl>
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Drop-off per question</h3>
          {funnel.dropOff.length === 0 ? (
            <p className="text-sm text-slate-600">No started interview was left unfinished.</p>
          ) : (
            <Table aria-label="Drop-off per question">
              <TableHeader>
                <TableRow>
                  <TableHead>Last question answered</TableHead>
                  <TableHead className="text-right">Left there</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {funnel.dropOff.map((d) => (
                  <TableRow key={d.questionIndex}>
                    <TableCell>{d.questionIndex === 0 ? 'None (left before the first answer)' : `Question ${d.questionIndex}`}</TableCell>
                    <TableCell className="text-right tabular-nums">{d.abandoned}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function AgreementCard({ agreement }: { agreement: Agreement }) {
  return (
    <Card>
      <CardHeader
        title="Agreement between reviewers and the AI"
        description="Per criterion: the AI's score (rounded to 0–10) against a person's review of the same interview. Kappa: quadratic weighted, 1 = perfect, 0 = chance."
      />
      {agreement.criteria.length === 0 ? (
        <EmptyState title="No reviewed interviews yet" description="Agreement appears once reviewers score interviews whose report is ready." />
      ) : (
        <Table aria-label="Agreement per criterion" data-testid="agreement-table">
          <TableHeader>
            <TableRow>
              <TableHead>Criterion</TableHead>
              <TableHead className="text-right">Pairs</TableHead>
              <TableHead className="text-right">Exact</TableHead>
              <TableHead className="text-right">Within 1</TableHead>
              <TableHead className="text-right">Kappa</TableHead>
              <TableHead className="text-right">AI mean</TableHead>
              <TableHead className="text-right">Human mean</TableHead>
              <TableHead className="text-right">Std. mean diff.</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {agreement.criteria.map((c) => (
              <TableRow key={c.key}>
                <TableCell className="font-medium">{c.key}</TableCell>
                <TableCell className="text-right tabular-nums">{c.pairs}</TableCell>
                <TableCell className="text-right tabular-nums">{percent(c.exactAgreement)}</TableCell>
                <TableCell className="text-right tabular-nums">{percent(c.adjacentAgreement)}</TableCell>
                <TableCell className="text-right tabular-nums">{decimal(c.qwk)}</TableCell>
                <TableCell className="text-right tabular-nums">{decimal(c.aiMean, 1)}</TableCell>
                <TableCell className="text-right tabular-nums">{decimal(c.humanMean, 1)}</TableCell>
                <TableCell className="text-right tabular-nums">{decimal(c.standardizedMeanDifference)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}

function ReviewersCard({ data }: { data: Reviewers }) {
  const suspected = data.reviewers.filter((r) => r.automationBiasSuspected);
  const name = (r: Reviewers['reviewers'][number]) => r.reviewer.name ?? r.reviewer.id;
  return (
    <Card>
      <CardHeader title="Reviewers" description="Each reviewer's agreement with the AI over every criterion. Visible to admins." />
      {suspected.map((r) => (
        <div key={r.reviewer.id} role="alert" data-testid="automation-bias-warning" className="mx-4 mb-3 flex gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>
            <strong>{name(r)}</strong> gave exactly the AI&apos;s score on {percent(r.exactAgreement)} of {r.pairs} criteria. They may be
            following the AI instead of judging for themselves (automation bias). Consider the &ldquo;review before you see the AI&rdquo; mode in
            Settings. Warned from {Math.round(data.thresholds.minExactAgreement * 100)} % exact agreement over at least {data.thresholds.minPairs} scores.
          </p>
        </div>
      ))}
      {data.reviewers.length === 0 ? (
        <EmptyState title="No reviews yet" />
      ) : (
        <Table aria-label="Agreement per reviewer">
          <TableHeader>
            <TableRow>
              <TableHead>Reviewer</TableHead>
              <TableHead className="text-right">Pairs</TableHead>
              <TableHead className="text-right">Exact</TableHead>
              <TableHead className="text-right">Within 1</TableHead>
              <TableHead className="text-right">Kappa</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.reviewers.map((r) => (
              <TableRow key={`${r.reviewer.type}:${r.reviewer.id}`}>
                <TableCell className="font-medium">{name(r)}</TableCell>
                <TableCell className="text-right tabular-nums">{r.pairs}</TableCell>
                <TableCell className="text-right tabular-nums">{percent(r.exactAgreement)}</TableCell>
                <TableCell className="text-right tabular-nums">{percent(r.adjacentAgreement)}</TableCell>
                <TableCell className="text-right tabular-nums">{decimal(r.qwk)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}

/**
 * The figures of the chosen scope, each read on its own. The funnel, the page's main figure, is read before the page
 * renders and comes with its HTML: a streamed panel is revealed no sooner than React's batching of Suspense reveals
 * allows (measured: the funnel painted at ~550 ms streamed, against ~250 ms for the page itself). The others are
 * still running when the page starts to render and stream in as each read ends; one failing shows its error, not a
 * blank page.
 */
export type AnalyticsFigures = {
  funnel: Settled<Funnel>;
  agreement: Promise<Settled<Agreement>>;
  /** Null for a non-admin: the reviewers' table is an admin's only. */
  reviewers: Promise<Settled<Reviewers>> | null;
  series: Promise<Settled<RouterOutputs['analytics']['funnelTimeseries']>>;
};

/** A panel: a placeholder until its read is done, then its data or its error with a way to ask again. */
function Part<T>({ read, label, children }: { read: Promise<Settled<T>>; label: string; children: (data: T) => ReactNode }) {
  return (
    <Suspense
      fallback={
        <LoadingRegion label={`Loading ${label}`}>
          <Skeleton className="h-64" />
        </LoadingRegion>
      }
    >
      <Settle read={read}>{children}</Settle>
    </Suspense>
  );
}

async function Settle<T>({ read, children }: { read: Promise<Settled<T>>; children: (data: T) => ReactNode }) {
  const settled = await read;
  return settled.error ? <PartError error={settled.error} /> : <>{children(settled.data as T)}</>;
}

/**
 * Rendered on the server with the figures the page read (app/(dashboard)/analytics/page.tsx); the filter bar and the
 * period switch are the only parts that run in the browser, and they change the URL.
 */
export function AnalyticsPage({ state, scopeOptions, figures }: { state: AnalyticsFilterState; scopeOptions: ServerCatalogOptions; figures: AnalyticsFigures | null }) {
  return (
    <>
      <PageHeader title="Analytics" description="The hiring funnel, and how far the reviewers agree with the AI's scores." />
      <Card className="mb-6">
        <AnalyticsFilterBar state={state} scopeOptions={scopeOptions} />
      </Card>
      {figures === null ? (
        <Card>
          <EmptyState icon={BarChart3} title="Choose a campaign, a job or a configuration" description="The figures cover the interviews of what you choose, optionally completed within a date range." />
        </Card>
      ) : (
        <div className="grid gap-6 xl:grid-cols-2">
          {figures.funnel.error ? <PartError error={figures.funnel.error} /> : <FunnelCard funnel={figures.funnel.data as Funnel} />}
          <div className="xl:col-span-2 xl:row-start-2">
            <Part read={figures.series} label="the funnel over time">
              {(series) => <FunnelOverTimeCard series={series} />}
            </Part>
          </div>
          <div className="grid content-start gap-6">
            <Part read={figures.agreement} label="the agreement">
              {(agreement) => <AgreementCard agreement={agreement} />}
            </Part>
            {figures.reviewers ? (
              <Part read={figures.reviewers} label="the reviewers">
                {(reviewers) => <ReviewersCard data={reviewers} />}
              </Part>
            ) : null}
          </div>
        </div>
      )}
    </>
  );
}
