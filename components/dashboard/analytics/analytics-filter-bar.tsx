'use client';

import { X } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, inputClasses } from '@/components/ui/input';
import { browserTimeZone } from '@/server/i18n/format-date';
import { CatalogSelect } from '../catalog/catalog-select';
import type { ServerCatalogOptions } from '../catalog/list-catalog';
import { useSearchState } from '../use-search-state';
import { SCOPE_KINDS, type AnalyticsFilterState, type ScopeKind } from './analytics-input';

const SCOPE_PICKERS: Record<ScopeKind, { label: string; idPrefix: string }> = {
  campaign: { label: 'Campaign', idPrefix: 'cmp_' },
  job: { label: 'Job', idPrefix: 'job_' },
  config: { label: 'Configuration', idPrefix: 'cfg_' },
};

/**
 * The analytics page's filters: each change goes into the URL, and the server renders the figures for it. Dates
 * are days in the viewer's zone, so the browser's zone goes into the URL with them (`tz`), the server counting the
 * same days; a link with dates and no zone (an old bookmark) gets the viewer's zone added.
 */
export function AnalyticsFilterBar({ state, scopeOptions }: { state: AnalyticsFilterState; scopeOptions: ServerCatalogOptions }) {
  const { set } = useSearchState();
  const picker = SCOPE_PICKERS[state.kind];
  const zone = browserTimeZone();
  const change = (next: Partial<AnalyticsFilterState>) => {
    const merged = { ...state, ...next };
    const dated = Boolean(merged.fromDate || merged.toDate);
    set({ by: merged.kind, id: merged.id, from: merged.fromDate, to: merged.toDate, tz: dated ? zone : null }, { replace: true });
  };
  const needsZone = Boolean((state.fromDate || state.toDate) && zone && state.timeZone !== zone);
  useEffect(() => {
    if (needsZone) set({ tz: zone }, { replace: true });
  }, [needsZone, zone, set]);
  return (
    <div className="grid gap-3 p-4 md:grid-cols-2 xl:grid-cols-[1fr_2fr_1fr_1fr_auto] xl:items-end" role="search" aria-label="Filter analytics">
      <Field label="Analyse by">
        {(control) => (
          <select {...control} data-testid="analytics-scope-kind" value={state.kind} onChange={(e) => change({ kind: e.target.value as ScopeKind, id: '' })} className={inputClasses}>
            {SCOPE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {SCOPE_PICKERS[kind].label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <CatalogSelect
        key={state.kind}
        catalog={scopeOptions}
        label={picker.label}
        idPrefix={picker.idPrefix}
        value={state.id}
        placeholder={`Choose a ${picker.label.toLowerCase()}`}
        onChange={(id) => change({ id })}
      />
      <Field label="Completed from" hint="A day in your time zone, included">
        <Input type="date" value={state.fromDate} onChange={(e) => change({ fromDate: e.target.value })} />
      </Field>
      <Field label="Completed until" hint="A day in your time zone, included">
        <Input type="date" value={state.toDate} onChange={(e) => change({ toDate: e.target.value })} />
      </Field>
      <div className="flex items-end">
        <Button variant="ghost" onClick={() => change({ fromDate: '', toDate: '' })} disabled={!state.fromDate && !state.toDate} className="w-full xl:w-auto">
          <X aria-hidden /> Clear dates
        </Button>
      </div>
    </div>
  );
}
