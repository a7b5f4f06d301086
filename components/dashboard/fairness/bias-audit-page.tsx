'use client';

import { Printer } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { inputClasses } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { RouterOutputs } from '@/components/trpc/react';
import type { Api } from '@/components/trpc/api-client';
import { useApiRead } from '../catalog/use-api-read';
import { localDayStart, viewerTimeZone } from '../format';
import { PageHeader } from '../page-header';
import { Time } from '../time';
import { categoryLabel, DIMENSIONS, formatP, formatRate, formatRatio, FOUR_FIFTHS, type CategoryLabels } from './bias-audit-labels';
import { ImpactRatioChart } from './impact-ratio-chart';

type Audit = RouterOutputs['fairness']['biasAudit'];
export type ScopeKind = 'campaignId' | 'jobId' | 'configId';
export type ScopeOption = { id: string; label: string };
type AuditInput = Parameters<Api['fairness']['biasAudit']['query']>[0];

const SCOPE_LABELS: Record<ScopeKind, string> = { campaignId: 'Campaign', jobId: 'Job', configId: 'Interview configuration' };

/** Printing shows the summary alone, as a document to publish (the dashboard's chrome stays on screen). */
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  #bias-audit-report, #bias-audit-report * { visibility: visible !important; }
  #bias-audit-report { position: absolute; left: 0; top: 0; width: 100%; }
  .bias-audit-no-print { display: none !important; }
  #bias-audit-report section { break-inside: avoid; box-shadow: none; }
}`;

/**
 * The bias audit (CONTRACT §14) for one campaign, job or configuration: per dimension a table and an impact-ratio
 * chart with the four-fifths line, and a summary that prints on its own (dates, data source, sample, method).
 * Every role reads it: the figures are aggregates of reports, which every role may see.
 */
export function BiasAuditPage({ scopes, labels }: { scopes: Record<ScopeKind, ScopeOption[]>; labels: CategoryLabels }) {
  const [kind, setKind] = useState<ScopeKind>('campaignId');
  const [id, setId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [basis, setBasis] = useState<'score' | 'decision'>('score');
  const options = scopes[kind];
  const input = { [kind]: id, basis, from: localDayStart(from), to: localDayStart(to, true) } as AuditInput;
  // Read through the API loaded on first use (no data layer on the page); the dates are the viewer's days, hence read
  // in the browser. A change of scope or dates shows the skeleton until its answer.
  const audit = useApiRead(id === '' ? null : JSON.stringify(input), (api) => api.fairness.biasAudit.query(input));
  const source = options.find((o) => o.id === id);

  return (
    <div className="mx-auto max-w-6xl">
      <style>{PRINT_CSS}</style>
      <PageHeader
        title="Bias audit"
        description="Scoring and selection rates per sex, race/ethnicity and their intersection, from candidates' voluntary self-identification (never shown to reviewers nor given to the AI)."
        actions={
          audit.data ? (
            <Button variant="outline" onClick={() => window.print()} className="bias-audit-no-print">
              <Printer aria-hidden /> Print the summary
            </Button>
          ) : null
        }
      />
      <Card className="bias-audit-no-print mb-6">
        <CardContent className="flex flex-wrap items-end gap-4 py-4">
          <label className="grid gap-1 text-sm">
            <span className="text-slate-700">Audit by</span>
            <select
              className={inputClasses}
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as ScopeKind);
                setId('');
              }}
              data-testid="bias-audit-kind"
            >
              {(Object.keys(SCOPE_LABELS) as ScopeKind[]).map((k) => (
                <option key={k} value={k}>
                  {SCOPE_LABELS[k]}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 text-sm">
            <span className="text-slate-700">{SCOPE_LABELS[kind]}</span>
            <select className={`${inputClasses} min-w-56`} value={id} onChange={(e) => setId(e.target.value)} data-testid="bias-audit-scope">
              <option value="">Choose…</option>
              {options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 text-sm">
            <span className="text-slate-700">Rate</span>
            <select className={inputClasses} value={basis} onChange={(e) => setBasis(e.target.value as 'score' | 'decision')} data-testid="bias-audit-basis">
              <option value="score">Scoring rate (AI score above the median)</option>
              <option value="decision">Selection rate (decided Advance)</option>
            </select>
          </label>
          <label className="grid gap-1 text-sm">
            <span className="text-slate-700">Completed from</span>
            <input type="date" className={inputClasses} value={from} onChange={(e) => setFrom(e.target.value)} />
          </label>
          <label className="grid gap-1 text-sm">
            <span className="text-slate-700">to (inclusive)</span>
            <input type="date" className={inputClasses} value={to} onChange={(e) => setTo(e.target.value)} />
          </label>
        </CardContent>
      </Card>
      {id === '' ? (
        <EmptyState title="Choose what to audit" description="A campaign, a job or an interview configuration, and optionally the dates the interviews were completed." />
      ) : audit.pending ? (
        <Skeleton className="h-72" />
      ) : audit.error ? (
        <ErrorState message={audit.error.message} requestId={audit.error.requestId} onRetry={() => audit.retry()} />
      ) : audit.data ? (
        <BiasAuditReport audit={audit.data} labels={labels} source={`${SCOPE_LABELS[kind]}: ${source?.label ?? id} (${id})`} from={from} to={to} />
      ) : null}
    </div>
  );
}

function BiasAuditReport({ audit, labels, source, from, to }: { audit: Audit; labels: CategoryLabels; source: string; from: string; to: string }) {
  // The page is only shown once a scope is chosen in the browser, so the zone here is the viewer's (the time zone rule).
  const generatedAt = new Date().toISOString();
  const zone = viewerTimeZone();
  return (
    <div id="bias-audit-report" className="grid gap-6" data-testid="bias-audit-report">
      <Card>
        <CardHeader title="Summary" description="Ready to publish: print this page to get the summary alone." />
        <CardContent className="grid gap-2 text-sm text-slate-800">
          <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[12rem_1fr]">
            <dt className="text-slate-600">Data source</dt>
            <dd>{source}</dd>
            <dt className="text-slate-600">Interviews completed</dt>
            <dd>{from || to ? `${from || 'the beginning'} to ${to || 'today'} (days in ${zone})` : 'all dates'}</dd>
            <dt className="text-slate-600">Generated</dt>
            <dd>
              <Time value={generatedAt} />
            </dd>
            <dt className="text-slate-600">Rate</dt>
            <dd>{audit.basis === 'score' ? 'Scoring rate: share with an AI overall score strictly above the median' : 'Selection rate: share decided Advance'}</dd>
            <dt className="text-slate-600">Sample size</dt>
            <dd data-testid="bias-audit-sample">{audit.sampleSize} candidates (one interview each)</dd>
            {audit.medianScore !== null ? (
              <>
                <dt className="text-slate-600">Median AI overall score</dt>
                <dd>{audit.medianScore}</dd>
              </>
            ) : null}
            <dt className="text-slate-600">Unknown</dt>
            <dd>
              sex: {audit.unknown.sex}; race/ethnicity: {audit.unknown.raceEthnicity} (declined or not answered)
            </dd>
          </dl>
          <p className="mt-2 text-slate-700" data-testid="bias-audit-method">
            <span className="font-medium">Method. </span>
            {audit.method}
          </p>
        </CardContent>
      </Card>
      {DIMENSIONS.map(({ key, title }) => {
        const categories = audit.categories[key];
        const shown = key === 'intersectional' ? categories.filter((c) => c.n > 0) : categories;
        return (
          <Card key={key} data-testid={`bias-audit-${key}`}>
            <CardHeader title={title} description={`Impact ratio against the highest rate of the categories kept; the red line is the four-fifths rule (${FOUR_FIFTHS}).`} />
            <CardContent className="grid gap-4">
              <ImpactRatioChart title={title} categories={categories} labels={labels} />
              <div className="overflow-x-auto">
                <Table>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Category</TableHead>
                      <TableHead className="text-right">n</TableHead>
                      <TableHead className="text-right">Rate</TableHead>
                      <TableHead className="text-right">Impact ratio</TableHead>
                      <TableHead>Excluded</TableHead>
                      <TableHead className="text-right">Fisher p</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {shown.map((c) => (
                      <TableRow key={c.category} data-category={c.category}>
                        <TableCell>{categoryLabel(c.category, labels)}</TableCell>
                        <TableCell className="text-right tabular-nums">{c.n}</TableCell>
                        <TableCell className="text-right tabular-nums">{formatRate(c.rate)}</TableCell>
                        <TableCell className={`text-right tabular-nums ${c.impactRatio !== null && c.impactRatio < FOUR_FIFTHS ? 'font-semibold text-amber-700' : ''}`}>
                          {formatRatio(c.impactRatio)}
                        </TableCell>
                        <TableCell>{c.excluded ? (c.n === 0 ? 'none in sample' : 'yes: under 2 %') : 'no'}</TableCell>
                        <TableCell className="text-right tabular-nums">{formatP(c.fisherP)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
                {key === 'intersectional' && shown.length < categories.length ? (
                  <p className="mt-2 text-xs text-slate-600">Intersections with nobody in the sample are left out of this table ({categories.length - shown.length}).</p>
                ) : null}
              </div>
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}
