'use client';

import { X } from 'lucide-react';
import { NativeSelect } from '@/components/ui/native-select';
import type { CatalogOption } from '../catalog/catalog-options';
import { INTERVIEW_STATUSES, STATUS_LABELS } from '../format';
import { SearchInput } from '../search-input';
import { useSearchState } from '../use-search-state';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';

const CLEARED = { status: null, jobId: null, campaignId: null, search: null };

type Props = {
  search: string;
  status: string;
  jobId: string;
  campaignId: string;
  /** The organization's job postings and the campaigns (of the chosen job), read by the page on the server. */
  jobs: CatalogOption[];
  campaigns: CatalogOption[];
};

/** A select over catalog options; an id from the URL that is not among them is shown as it is. */
function CatalogOptions({ options, value, emptyLabel }: { options: CatalogOption[]; value: string; emptyLabel: string }) {
  return (
    <>
      <option value="">{emptyLabel}</option>
      {value && !options.some((o) => o.id === value) ? <option value={value}>{value}</option> : null}
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.label}
        </option>
      ))}
    </>
  );
}

/** The interviews list's filters: URL state, the server renders the matching rows. Native selects (no popover code). */
export function InterviewFilters({ search, status, jobId, campaignId, jobs, campaigns }: Props) {
  const { set } = useSearchState();
  const filtered = Boolean(status || jobId || campaignId || search);
  return (
    <div className="grid gap-3 border-b border-slate-100 p-4 md:grid-cols-2 xl:grid-cols-[2fr_1fr_1fr_1fr_auto] xl:items-end" role="search" aria-label="Filter interviews">
      <Field label="Candidate">{(control) => <SearchInput value={search} onChange={(v) => set({ search: v }, { replace: true })} placeholder="Search by name or email" {...control} />}</Field>
      <Field label="Status">
        {(control) => (
          <NativeSelect {...control} value={status} onChange={(event) => set({ status: event.target.value || null })}>
            <option value="">All statuses</option>
            {INTERVIEW_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Job">
        {(control) => (
          <NativeSelect {...control} value={jobId} onChange={(event) => set({ jobId: event.target.value || null, campaignId: null })}>
            <CatalogOptions options={jobs} value={jobId} emptyLabel="All jobs" />
          </NativeSelect>
        )}
      </Field>
      <Field label="Campaign">
        {(control) => (
          <NativeSelect {...control} value={campaignId} onChange={(event) => set({ campaignId: event.target.value || null })}>
            <CatalogOptions options={campaigns} value={campaignId} emptyLabel="All campaigns" />
          </NativeSelect>
        )}
      </Field>
      <div className="flex items-end">
        <Button variant="ghost" onClick={() => set(CLEARED)} disabled={!filtered} className="w-full xl:w-auto">
          <X aria-hidden /> Clear
        </Button>
      </div>
    </div>
  );
}

/** "Clear filters" in the empty list. */
export function ClearInterviewFiltersButton() {
  const { set } = useSearchState();
  return (
    <Button variant="outline" size="sm" onClick={() => set(CLEARED)}>
      Clear filters
    </Button>
  );
}
