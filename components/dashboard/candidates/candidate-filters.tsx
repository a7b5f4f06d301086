'use client';

import { X } from 'lucide-react';
import { SearchInput } from '../search-input';
import { useSearchState } from '../use-search-state';
import { TagFilter } from './tag-filter';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { Field } from '@/components/ui/field';

const tagsParam = (tags: string[]) => tags.join(',') || null;

/** The candidates list's search and tag filters: URL state, the server renders the matching rows. */
export function CandidateFilters({ search, tags }: { search: string; tags: string[] }) {
  const { set } = useSearchState();
  const filtered = Boolean(search || tags.length);
  return (
    <div className="grid gap-3 border-b border-slate-100 p-4 md:grid-cols-[2fr_2fr_auto] md:items-start" role="search" aria-label="Filter candidates">
      <Field label="Search">{(control) => <SearchInput value={search} onChange={(v) => set({ search: v }, { replace: true })} placeholder="Name or email" {...control} />}</Field>
      <Field label="Tags" hint={tags.length > 1 ? 'Candidates with all of these tags.' : undefined}>
        {(control) => <TagFilter tags={tags} onChange={(next) => set({ tags: tagsParam(next) })} {...control} />}
      </Field>
      <div className="flex md:pt-6">
        <Button variant="ghost" onClick={() => set({ search: null, tags: null })} disabled={!filtered} className="w-full md:w-auto">
          <X aria-hidden /> Clear
        </Button>
      </div>
    </div>
  );
}

/** A tag in a row: a click adds it to the filter. */
export function TagCellButton({ tag, tags }: { tag: string; tags: string[] }) {
  const { set } = useSearchState();
  const active = tags.includes(tag);
  return (
    <button type="button" onClick={() => !active && set({ tags: tagsParam([...tags, tag]) })} className="rounded-full" title={`Filter by ${tag}`}>
      <Badge tone={active ? 'brand' : 'neutral'}>{tag}</Badge>
    </button>
  );
}
