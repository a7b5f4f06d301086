'use client';

import { Check, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Skeleton } from '@/components/ui/skeleton';
import type { RouterOutputs } from '@/components/trpc/react';
import { useApiRead } from '../catalog/use-api-read';
import { candidateName } from '../format';
import { SearchInput } from '../search-input';

type Props = {
  value: string;
  onChange: (id: string) => void;
  /** Only this campaign's candidates (those with an interview in it). */
  campaignId?: string;
  /** The chosen candidate as the server page read it (no request for it). */
  initialCandidate?: Candidate;
  id?: string; 'aria-describedby'?: string; 'aria-invalid'?: true };

type Candidate = Pick<RouterOutputs['candidates']['get'], 'id' | 'email' | 'firstName' | 'lastName'>;

/** Search the candidate pool and pick one; a chosen candidate shows as a card that can be changed. */
export function CandidatePicker({ value, onChange, campaignId, initialCandidate, ...control }: Props) {
  const [search, setSearch] = useState('');
  // Through the API loaded on first use: no data layer on the page.
  const selected = useApiRead<Candidate>(value ? `get:${value}` : null, (api) => api.candidates.get.query({ id: value }), initialCandidate ? { key: `get:${initialCandidate.id}`, data: initialCandidate } : undefined);
  const listInput = { search: search || undefined, campaignId, pageSize: 8 };
  const results = useApiRead(value ? null : `list:${JSON.stringify(listInput)}`, (api) => api.candidates.list.query(listInput));

  if (value) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-md border border-slate-300 bg-white px-3 py-2">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-800" aria-hidden>
            <UserRound className="size-4" />
          </span>
          {selected.data ? (
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-slate-900">{candidateName(selected.data)}</p>
              <p className="truncate text-xs text-slate-600">{selected.data.email}</p>
            </div>
          ) : selected.error ? (
            <p className="text-sm text-red-700">Candidate {value} not found</p>
          ) : (
            <Skeleton className="h-8 w-48" />
          )}
        </div>
        <Button variant="outline" size="sm" onClick={() => onChange('')} id={control.id}>
          Change
        </Button>
      </div>
    );
  }
  const items = results.data?.items ?? [];
  return (
    <div className="grid gap-2">
      <SearchInput value={search} onChange={setSearch} placeholder="Search by name or email" {...control} />
      <div className="max-h-64 overflow-y-auto rounded-md border border-slate-200 bg-white">
        {results.pending ? (
          <div className="grid gap-2 p-3">
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
          </div>
        ) : items.length === 0 ? (
          <p className="p-3 text-sm text-slate-600">{search ? 'No candidate matches this search.' : campaignId ? 'No candidate has an interview in this campaign yet.' : 'No candidates yet: create one first.'}</p>
        ) : (
          <ul aria-label="Matching candidates">
            {items.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  onClick={() => onChange(c.id)}
                  className={cn('flex w-full items-center justify-between gap-3 px-3 py-2 text-left hover:bg-brand-50 focus-visible:bg-brand-50')}
                >
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium text-slate-900">{candidateName(c)}</span>
                    <span className="block truncate text-xs text-slate-600">{c.email}</span>
                  </span>
                  <Check className="size-4 text-transparent" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
