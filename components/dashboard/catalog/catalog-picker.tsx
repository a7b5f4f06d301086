'use client';

import { cn } from '@/components/ui/cn';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { contractError } from '@/components/trpc/errors';
import { DeferredIdInput } from './deferred-id-input';
import { useCatalogOptions, type CatalogKind } from './use-catalog-options';

const ANY = '__any__';

type CatalogPickerProps = {
  kind: CatalogKind;
  label: string;
  value: string;
  onChange: (id: string) => void;
  input?: Record<string, string>;
  /** Shown as the first choice when the field is optional (a filter or an optional reference). */
  emptyLabel?: string;
  placeholder?: string;
  error?: string;
  hint?: string;
  disabled?: boolean;
  /** The id prefix to show in the typed-id fallback (job_, cmp_, stg_, cfg_). */
  idPrefix: string;
  /** Filters: a typed id is applied on Enter or when leaving the field, not on every keystroke. */
  deferred?: boolean;
  className?: string;
};

/** A select over the catalog procedure's items, or a typed id field while that procedure is not deployed. */
export function CatalogPicker({ kind, label, value, onChange, input, emptyLabel, placeholder, error, hint, disabled, idPrefix, deferred, className }: CatalogPickerProps) {
  const state = useCatalogOptions(kind, input, { enabled: !disabled });
  if (state.status === 'unavailable' || state.status === 'error') {
    const failure = state.status === 'error' ? contractError(state.error).message : undefined;
    return (
      <Field label={label} error={error} hint={failure ? `Could not load the list (${failure}); enter the id.` : (hint ?? `Enter the id (${idPrefix}…).`)} className={className}>
        {deferred ? (
          <DeferredIdInput value={value} onCommit={onChange} placeholder={`${idPrefix}…`} disabled={disabled} />
        ) : (
          <Input value={value} onChange={(e) => onChange(e.target.value.trim())} placeholder={`${idPrefix}…`} disabled={disabled} spellCheck={false} autoComplete="off" className="font-mono" />
        )}
      </Field>
    );
  }
  if (state.status === 'loading' && !disabled) {
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
  const known = state.options.some((o) => o.id === value);
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => (
      <Select value={value === '' ? (emptyLabel ? ANY : '') : value} onValueChange={(v) => onChange(v === ANY ? '' : v)} disabled={disabled}>
        <SelectTrigger {...control}>
          <SelectValue placeholder={placeholder ?? 'Choose…'} />
        </SelectTrigger>
        <SelectContent>
          {emptyLabel ? <SelectItem value={ANY}>{emptyLabel}</SelectItem> : null}
          {value && !known ? <SelectItem value={value}>{value}</SelectItem> : null}
          {state.options.map((o) => (
            <SelectItem key={o.id} value={o.id}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      )}
    </Field>
  );
}
