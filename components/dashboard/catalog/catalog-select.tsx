'use client';

import { Field } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/input';
import { cn } from '@/components/ui/cn';
import { DeferredIdInput } from './deferred-id-input';
import type { ServerCatalogOptions } from './list-catalog';

type CatalogSelectProps = {
  label: string;
  value: string;
  onChange: (id: string) => void;
  /** Read on the server with the page (list-catalog.ts `loadCatalogOptions`). */
  catalog: ServerCatalogOptions;
  /** The first choice of an optional field (a filter): choosing it clears the value. */
  emptyLabel?: string;
  placeholder?: string;
  /** The id prefix shown when the list could not be read and the id is typed instead (job_, cmp_, cfg_). */
  idPrefix: string;
  hint?: string;
  className?: string;
  'data-testid'?: string;
};

/**
 * A filter's picker over a catalog (jobs, campaigns, configurations) whose options the server page read: the
 * browser's own select, no data layer and no popup library on the page. When the list could not be read, the id
 * is typed instead, applied on Enter or when leaving the field.
 */
export function CatalogSelect({ label, value, onChange, catalog, emptyLabel, placeholder, idPrefix, hint, className, ...rest }: CatalogSelectProps) {
  if (catalog.status === 'error') {
    return (
      <Field label={label} hint={`Could not load the list (${catalog.message}); enter the id.`} className={className}>
        <DeferredIdInput value={value} onCommit={onChange} placeholder={`${idPrefix}…`} />
      </Field>
    );
  }
  const known = catalog.options.some((o) => o.id === value);
  return (
    <Field label={label} hint={hint} className={className}>
      {(control) => (
        <select {...control} data-testid={rest['data-testid']} value={value} onChange={(event) => onChange(event.target.value)} className={cn(inputClasses, value === '' && !emptyLabel && 'text-slate-500')}>
          {emptyLabel ? <option value="">{emptyLabel}</option> : <option value="" disabled>{placeholder ?? 'Choose…'}</option>}
          {value && !known ? <option value={value}>{value}</option> : null}
          {catalog.options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
