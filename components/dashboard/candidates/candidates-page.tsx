'use client';

import { keepPreviousData } from '@tanstack/react-query';
import { FileUp, Users, X } from 'lucide-react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useCallback, useMemo } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Field } from '@/components/ui/field';
import { contractError } from '@/components/trpc/errors';
import { trpc, type RouterOutputs } from '@/components/trpc/react';
import { DataTable, type DataColumn } from '../data-table';
import { candidateName } from '../format';
import { PageHeader } from '../page-header';
import { PaginationBar } from '../pagination-bar';
import { SearchInput } from '../search-input';
import { Time } from '../time';
import { candidatesListInput } from '../list-inputs';
import { useSearchState } from '../use-search-state';
import { SelectionBar } from '../bulk/selection-bar';
import type { CandidateSelectionInput } from '../bulk/selection-input';
import { useBulkSelection } from '../bulk/use-bulk-selection';
import { SavedFiltersBar } from '../saved-filters/saved-filters-bar';
import { CreateCandidateDialog } from './create-candidate-dialog';
import { TagFilter } from './tag-filter';
import { RecruiterOnly } from '@/components/dashboard/role-context';

/** The bulk actions (dialogs with their forms) show only with a selection: their code loads then, not with the list. */
const CandidateBulkActions = dynamic(() => import('../bulk/candidate-bulk-actions').then((m) => m.CandidateBulkActions), { ssr: false });

type Row = RouterOutputs['dashboard']['candidates']['items'][number];
const EMPTY: Row[] = [];

export function CandidatesPage() {
  const { get, set } = useSearchState();
  // The same input as the page's server-side prefetch (app/(dashboard)/candidates/page.tsx), from the same params.
  const input = useMemo(() => candidatesListInput(get), [get]);
  const { search: searchInput, tags: tagsInput, page, pageSize, sort, order } = input;
  const search = searchInput ?? '';
  const tags = useMemo(() => tagsInput ?? [], [tagsInput]);
  const list = trpc.dashboard.candidates.useQuery(input, { placeholderData: keepPreviousData });
  const sorting = useMemo(() => [{ id: sort, desc: order === 'desc' }], [sort, order]);
  const items = list.data?.items ?? EMPTY;
  const pageIds = useMemo(() => items.map((r) => r.id), [items]);
  const bulk = useBulkSelection(pageIds, JSON.stringify(input));
  const total = list.data?.pagination.total ?? 0;
  const bulkSelection = (): CandidateSelectionInput =>
    bulk.allMatching ? { mode: 'filter', filter: { search: search || undefined, tags: tags.length ? tags : undefined } } : { mode: 'ids', ids: bulk.selectedIds };
  const setTags = useCallback((next: string[]) => set({ tags: next.join(',') || null }), [set]);
  const filtered = Boolean(search || tags.length);

  const columns = useMemo<DataColumn<Row>[]>(
    () => [
      {
        id: 'name',
        accessorFn: (row) => candidateName(row),
        enableSorting: true,
        header: 'Candidate',
        cell: ({ row }) => (
          <div className="min-w-0">
            <Link href={`/candidates/${row.original.id}`} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
              {candidateName(row.original)}
            </Link>
            <p className="truncate text-xs text-slate-600">{row.original.email}</p>
          </div>
        ),
      },
      {
        id: 'email',
        accessorFn: (row) => row.email,
        enableSorting: true,
        header: 'Email',
        cell: ({ row }) => <span className="text-slate-700">{row.original.email}</span>,
      },
      {
        id: 'tags',
        header: 'Tags',
        enableSorting: false,
        cell: ({ row }) =>
          row.original.tags.length === 0 ? (
            <span className="text-slate-500">—</span>
          ) : (
            <div className="flex max-w-xs flex-wrap gap-1">
              {row.original.tags.map((tag) => (
                <button key={tag} type="button" onClick={() => !tags.includes(tag) && setTags([...tags, tag])} className="rounded-full" title={`Filter by ${tag}`}>
                  <Badge tone={tags.includes(tag) ? 'brand' : 'neutral'}>{tag}</Badge>
                </button>
              ))}
            </div>
          ),
      },
      { id: 'source', header: 'Source', enableSorting: false, cell: ({ row }) => <span className="text-slate-700">{row.original.source ?? '—'}</span> },
      { id: 'locale', header: 'Language', enableSorting: false, cell: ({ row }) => <span className="font-mono text-xs text-slate-700">{row.original.locale}</span> },
      { id: 'createdAt', accessorFn: (row) => Date.parse(row.createdAt), enableSorting: true, header: 'Added', cell: ({ row }) => <Time value={row.original.createdAt} withTime={false} className="whitespace-nowrap text-slate-700" /> },
    ],
    [tags, setTags],
  );

  return (
    <>
      <PageHeader title="Candidates" description="Your organization's candidate pool. Sort by a column, select rows for bulk actions." actions={
          <RecruiterOnly>
            <Button asChild variant="outline">
              <Link href="/candidates/import">
                <FileUp aria-hidden /> Import CSV
              </Link>
            </Button>
            <CreateCandidateDialog />
          </RecruiterOnly>
        }
      />
      <Card>
        <div className="grid gap-3 border-b border-slate-100 p-4 md:grid-cols-[2fr_2fr_auto] md:items-start" role="search" aria-label="Filter candidates">
          <Field label="Search">
            {(control) => <SearchInput value={search} onChange={(v) => set({ search: v }, { replace: true })} placeholder="Name or email" {...control} />}
          </Field>
          <Field label="Tags" hint={tags.length > 1 ? 'Candidates with all of these tags.' : undefined}>
            {(control) => <TagFilter tags={tags} onChange={setTags} {...control} />}
          </Field>
          <div className="flex md:pt-6">
            <Button variant="ghost" onClick={() => set({ search: null, tags: null })} disabled={!filtered} className="w-full md:w-auto">
              <X aria-hidden /> Clear
            </Button>
          </div>
        </div>
        <SavedFiltersBar list="candidates" />
        <SelectionBar selection={bulk} total={total} noun="candidates">
          <CandidateBulkActions selection={bulkSelection} count={bulk.allMatching ? total : bulk.selectedIds.length} />
        </SelectionBar>
        {list.isError ? (
          <ErrorState message={contractError(list.error).message} requestId={contractError(list.error).requestId} onRetry={() => list.refetch()} />
        ) : (
          <>
            <DataTable
              columns={columns}
              data={items}
              getRowId={(r) => r.id}
              sorting={sorting}
              onSortingChange={(next) => set({ sort: !next[0] || next[0].id === 'createdAt' ? null : next[0].id, order: next[0]?.desc === false ? 'asc' : null })}
              selection={{ isSelected: bulk.isSelected, onToggle: bulk.onToggle, onTogglePage: bulk.onTogglePage, rowLabel: (r) => `Select ${candidateName(r)}` }}
              hideOnPhone={['email', 'tags', 'source', 'locale']}
              caption="Candidates"
              rowHref={(r) => `/candidates/${r.id}`}
              loading={list.isFetching}
              empty={
                filtered ? (
                  <EmptyState title="No candidates match" description="Try fewer tags or another search." />
                ) : (
                  <EmptyState icon={Users} title="No candidates yet" description="Add your first candidate to invite them to an interview." />
                )
              }
            />
            {list.data && list.data.pagination.total > 0 ? (
              <PaginationBar {...list.data.pagination} noun="candidates" onPage={(p) => set({ page: p })} onPageSize={(s) => set({ pageSize: s === 20 ? null : s })} />
            ) : null}
          </>
        )}
      </Card>
    </>
  );
}
