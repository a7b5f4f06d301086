'use client';

import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { CatalogPicker } from '../catalog/catalog-picker';
import type { CatalogKind } from '../catalog/use-catalog-options';
import { localDayStart } from '../format';

export const SCOPE_KINDS = ['campaign', 'job', 'config'] as const;
export type ScopeKind = (typeof SCOPE_KINDS)[number];

const SCOPE_PICKERS: Record<ScopeKind, { label: string; catalog: CatalogKind; idPrefix: string }> = {
  campaign: { label: 'Campaign', catalog: 'campaigns', idPrefix: 'cmp_' },
  job: { label: 'Job', catalog: 'jobs', idPrefix: 'job_' },
  config: { label: 'Configuration', catalog: 'interviewConfigs', idPrefix: 'cfg_' },
};

export type AnalyticsFilterState = { kind: ScopeKind; id: string; fromDate: string; toDate: string };

/**
 * The filter the analytics procedures take, from the page's state: the chosen scope, and the date range as whole
 * days in the viewer's time zone (the dashboard's time zone rule), the end day included (the API's `to` is
 * exclusive, so it is the next day's start). Client side: the server does not know the viewer's zone.
 */
export function toAnalyticsInput(state: AnalyticsFilterState) {
  if (!state.id) return null;
  const scope = state.kind === 'campaign' ? { campaignId: state.id } : state.kind === 'job' ? { jobId: state.id } : { configId: state.id };
  return {
    ...scope,
    ...(state.fromDate ? { from: localDayStart(state.fromDate) } : {}),
    ...(state.toDate ? { to: localDayStart(state.toDate, true) } : {}),
  };
}

export function AnalyticsFilterBar({ state, onChange }: { state: AnalyticsFilterState; onChange: (next: Partial<AnalyticsFilterState>) => void }) {
  const picker = SCOPE_PICKERS[state.kind];
  return (
    <div className="grid gap-3 p-4 md:grid-cols-2 xl:grid-cols-[1fr_2fr_1fr_1fr_auto] xl:items-end" role="search" aria-label="Filter analytics">
      <Field label="Analyse by">
        {(control) => (
          <Select value={state.kind} onValueChange={(v) => onChange({ kind: v as ScopeKind, id: '' })}>
            <SelectTrigger {...control} data-testid="analytics-scope-kind">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SCOPE_KINDS.map((kind) => (
                <SelectItem key={kind} value={kind}>
                  {SCOPE_PICKERS[kind].label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      <CatalogPicker
        key={state.kind}
        kind={picker.catalog}
        label={picker.label}
        idPrefix={picker.idPrefix}
        deferred
        value={state.id}
        placeholder={`Choose a ${picker.label.toLowerCase()}`}
        onChange={(id) => onChange({ id })}
      />
      <Field label="Completed from" hint="A day in your time zone, included">
        <Input type="date" value={state.fromDate} onChange={(e) => onChange({ fromDate: e.target.value })} />
      </Field>
      <Field label="Completed until" hint="A day in your time zone, included">
        <Input type="date" value={state.toDate} onChange={(e) => onChange({ toDate: e.target.value })} />
      </Field>
      <div className="flex items-end">
        <Button variant="ghost" onClick={() => onChange({ fromDate: '', toDate: '' })} disabled={!state.fromDate && !state.toDate} className="w-full xl:w-auto">
          <X aria-hidden /> Clear dates
        </Button>
      </div>
    </div>
  );
}
