'use client';

import { useState } from 'react';
import { cn } from '@/components/ui/cn';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { inputClasses } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import type { Api } from '@/components/trpc/api-client';
import { catalogListInput, toCatalogOptions, type CatalogKind, type CatalogOption } from './catalog-options';
import type { ServerCatalogOptions } from './list-catalog';
import { useApiRead } from './use-api-read';

type CatalogFieldProps = {
  kind: CatalogKind;
  label: string;
  value: string;
  onChange: (id: string) => void;
  /** The list's filter (a job's campaigns, a campaign's stages): a new one reads the list again. */
  input?: Record<string, string>;
  /** The list the server page read for the first `input` (list-catalog.ts `loadCatalogOptions`): no request for it. */
  catalog?: ServerCatalogOptions;
  /** Shown as the first choice when the field is optional: choosing it clears the value. */
  emptyLabel?: string;
  placeholder?: string;
  error?: string;
  hint?: string;
  disabled?: boolean;
  /** The id prefix shown when the list cannot be read and the id is typed instead (job_, cmp_, stg_, cfg_). */
  idPrefix: string;
  className?: string;
  'data-testid'?: string;
};

function readCatalog(api: Api, kind: CatalogKind, input: Record<string, string> | undefined): Promise<unknown> {
  const listInput = catalogListInput(input);
  if (kind === 'jobs') return api.jobs.list.query(listInput);
  if (kind === 'campaigns') return api.campaigns.list.query(listInput);
  if (kind === 'stages') return api.stages.list.query(listInput as Parameters<Api['stages']['list']['query']>[0]);
  return api.interviewConfigs.list.query(listInput);
}

/**
 * A form's picker over a catalog (jobs, campaigns, stages, configurations): the browser's own select, its options
 * read on the server with the page, or (for a list that depends on another choice) through the API loaded on first
 * use; no data layer and no popup library on the page. When the list cannot be read, the id is typed instead.
 */
export function CatalogField({ kind, label, value, onChange, input, catalog, emptyLabel, placeholder, error, hint, disabled, idPrefix, className, ...rest }: CatalogFieldProps) {
  const key = disabled ? null : JSON.stringify([kind, input ?? null]);
  const [initial] = useState(() => (catalog?.status === 'ready' ? { key: JSON.stringify([kind, input ?? null]), data: catalog.options } : undefined));
  const serverFailed = catalog?.status === 'error' && key === JSON.stringify([kind, input ?? null]) ? catalog.message : undefined;
  const read = useApiRead<CatalogOption[]>(serverFailed ? null : key, async (api) => toCatalogOptions(await readCatalog(api, kind, input)), initial);
  const failure = serverFailed ?? (read.error ? (read.error.code === 'NOT_FOUND' ? '' : read.error.message) : undefined);
  if (failure !== undefined) {
    return (
      <Field label={label} error={error} hint={failure ? `Could not load the list (${failure}); enter the id.` : (hint ?? `Enter the id (${idPrefix}…).`)} className={className}>
        <Input value={value} onChange={(e) => onChange(e.target.value.trim())} placeholder={`${idPrefix}…`} disabled={disabled} spellCheck={false} autoComplete="off" className="font-mono" />
      </Field>
    );
  }
  if (read.pending) {
    return (
      <div className={cn('grid content-start gap-1.5', className)}>
        <span className="text-sm font-medium leading-none text-slate-800">{label}</span>
        <Skeleton className="h-9 w-full" />
        <span className="sr-only" role="status">
          Loading {label.toLowerCase()} options…
        </span>
      </div>
    );
  }
  const options = read.data ?? [];
  const known = options.some((o) => o.id === value);
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <select
          {...control}
          data-testid={rest['data-testid']}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          className={cn(inputClasses, value === '' && !emptyLabel && 'text-slate-500')}
        >
          {emptyLabel ? <option value="">{emptyLabel}</option> : <option value="" disabled>{placeholder ?? 'Choose…'}</option>}
          {value && !known ? <option value={value}>{value}</option> : null}
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
