'use client';

import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { CatalogPicker } from '../catalog/catalog-picker';
import type { CatalogKind } from '../catalog/use-catalog-options';
import { SCOPE_CATALOGS, SCOPE_KINDS, type AnalyticsFilterState, type ScopeKind } from './analytics-input';

const SCOPE_PICKERS: Record<ScopeKind, { label: string; catalog: CatalogKind; idPrefix: string }> = {
  campaign: { label: 'Campaign', catalog: SCOPE_CATALOGS.campaign, idPrefix: 'cmp_' },
  job: { label: 'Job', catalog: SCOPE_CATALOGS.job, idPrefix: 'job_' },
  config: { label: 'Configuration', catalog: SCOPE_CATALOGS.config, idPrefix: 'cfg_' },
};

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
