'use client';

import { keepPreviousData } from '@tanstack/react-query';
import { Mic, Plus, X } from 'lucide-react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Field } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { contractError } from '@/components/trpc/errors';
import { trpc, type RouterOutputs } from '@/components/trpc/react';
import { DemoBadge, RecommendationBadge, ScorePill, StatusBadge } from '../badges';
import { RunDemoButton } from './run-demo-button';
import { CatalogPicker } from '../catalog/catalog-picker';
import { DecisionBadge } from './decision-badge';
import { SelectionBar } from '../bulk/selection-bar';
import type { InterviewSelectionInput } from '../bulk/selection-input';
import { useBulkSelection } from '../bulk/use-bulk-selection';
import { SavedFiltersBar } from '../saved-filters/saved-filters-bar';
import { DataTable, type DataColumn } from '../data-table';
import { candidateName, INTERVIEW_STATUSES, STATUS_LABELS, type InterviewStatus } from '../format';
import { PageHeader } from '../page-header';
import { PaginationBar } from '../pagination-bar';
import { SearchInput } from '../search-input';
import { Time } from '../time';
import { interviewsListInput } from '../list-inputs';
import { useSearchState } from '../use-search-state';
import { RecruiterOnly } from '@/components/dashboard/role-context';

/** The bulk actions (dialogs with their forms) show only with a selection: their code loads then, not with the list. */
const InterviewBulkActions = dynamic(() => import('../bulk/interview-bulk-actions').then((m) => m.InterviewBulkActions), { ssr: false });

type Row = RouterOutputs['dashboard']['interviews']['items'][number];
const EMPTY: Row[] = [];
const ALL = 'all';


// A column sorts only with an accessor (TanStack's getCanSort): the accessor's value type also picks the first
// direction (text ascending, the rest descending); the rows themselves come sorted from the server.
const columns: DataColumn<Row>[] = [
  {
    id: 'candidate',
    accessorFn: (row) => candidateName(row.candidate),
    header: 'Candidate',
    cell: ({ row }) => (
      // Narrow on a phone, so that Status and Score show without scrolling sideways.
      <div className="min-w-0 max-w-32 sm:max-w-none">
        <Link href={`/interviews/${row.original.id}`} className="block truncate font-medium text-slate-900 hover:text-brand-700 hover:underline">
          {candidateName(row.original.candidate)}
        </Link>
        <p className="truncate text-xs text-slate-600">{row.original.candidate?.email}</p>
      </div>
    ),
    enableSorting: true,
  },
  {
    id: 'job',
    header: 'Job · campaign',
    cell: ({ row }) => (
      <div className="min-w-0">
        <p className="truncate text-slate-800">{row.original.jobTitle ?? row.original.jobId}</p>
        <p className="truncate text-xs text-slate-600">{row.original.campaignName ?? 'No campaign'}</p>
      </div>
    ),
    enableSorting: false,
  },
  { id: 'status', accessorFn: (row) => row.status, header: 'Status', cell: ({ row }) => (
      <span className="inline-flex gap-1">
        <StatusBadge status={row.original.status} />
        {row.original.isDemo ? <DemoBadge /> : null}
      </span>
    ), enableSorting: true },
  // The score that counts, as the list sorts by it: the reviewer's where there is one, else the AI's.
  {
    id: 'score',
    accessorFn: (row) => row.overallScore ?? -1,
    header: 'Score',
    cell: ({ row }) => (
      <span className="grid justify-items-start gap-0.5">
        <ScorePill score={row.original.overallScore} />
        {row.original.scoreSource ? (
          <span className="text-xs text-slate-600" data-testid="score-source">
            {row.original.scoreSource === 'human' ? 'Review' : 'AI'}
          </span>
        ) : null}
      </span>
    ),
    enableSorting: true,
  },
  { id: 'recommendation', header: 'AI advice', cell: ({ row }) => <RecommendationBadge value={row.original.recommendation} />, enableSorting: false },
  { id: 'decision', header: 'Decision', cell: ({ row }) => <DecisionBadge status={row.original.decision?.status} />, enableSorting: false },
  {
    id: 'completedAt',
    accessorFn: (row) => (row.completedAt ? Date.parse(row.completedAt) : 0),
    header: 'Completed',
    cell: ({ row }) => (row.original.completedAt ? <Time value={row.original.completedAt} className="whitespace-nowrap text-slate-700" /> : <span className="text-slate-500">—</span>),
    enableSorting: true,
  },
  { id: 'createdAt', accessorFn: (row) => Date.parse(row.createdAt), header: 'Created', cell: ({ row }) => <Time value={row.original.createdAt} className="whitespace-nowrap text-slate-700" />, enableSorting: true },
];

export function InterviewsPage() {
  const { get, set } = useSearchState();
  // The same input as the page's server-side prefetch (app/(dashboard)/interviews/page.tsx), from the same params.
  const input = useMemo(() => interviewsListInput(get), [get]);
  const { status, page, pageSize, order, sort } = input;
  const jobId = input.jobId ?? '';
  const campaignId = input.campaignId ?? '';
  const search = input.search ?? '';
  const list = trpc.dashboard.interviews.useQuery(input, { placeholderData: keepPreviousData });
  const sorting = useMemo(() => [{ id: sort, desc: order === 'desc' }], [sort, order]);
  const items = list.data?.items ?? EMPTY;
  const pageIds = useMemo(() => items.map((r) => r.id), [items]);
  const bulk = useBulkSelection(pageIds, JSON.stringify(input));
  const total = list.data?.pagination.total ?? 0;
  const bulkSelection = (): InterviewSelectionInput =>
    bulk.allMatching
      ? { mode: 'filter', filter: { status, jobId: jobId || undefined, campaignId: campaignId || undefined, search: search || undefined } }
      : { mode: 'ids', ids: bulk.selectedIds };
  const filtered = Boolean(status || jobId || campaignId || search);
  const campaignInput = useMemo(() => (jobId ? { jobId } : undefined), [jobId]);

  return (
    <>
      <PageHeader
        title="Interviews"
        description="Every voice interview of your organization. Sort by a column, select rows for bulk actions."
        actions={
          <RecruiterOnly>
            <RunDemoButton />
            <Button asChild>
              <Link href="/interviews/new">
                <Plus aria-hidden /> New interview
              </Link>
            </Button>
          </RecruiterOnly>
        }
      />
      <Card>
        <div className="grid gap-3 border-b border-slate-100 p-4 md:grid-cols-2 xl:grid-cols-[2fr_1fr_1fr_1fr_auto] xl:items-end" role="search" aria-label="Filter interviews">
          <Field label="Candidate">
            {(control) => <SearchInput value={search} onChange={(v) => set({ search: v }, { replace: true })} placeholder="Search by name or email" {...control} />}
          </Field>
          <Field label="Status">
            {(control) => (
              <Select value={status ?? ALL} onValueChange={(v) => set({ status: v === ALL ? null : v })}>
                <SelectTrigger {...control}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ALL}>All statuses</SelectItem>
                  {INTERVIEW_STATUSES.map((s) => (
                    <SelectItem key={s} value={s}>
                      {STATUS_LABELS[s]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
          <CatalogPicker kind="jobs" label="Job" idPrefix="job_" deferred value={jobId} emptyLabel="All jobs" onChange={(v) => set({ jobId: v, campaignId: null })} />
          <CatalogPicker kind="campaigns" label="Campaign" idPrefix="cmp_" deferred value={campaignId} input={campaignInput} emptyLabel="All campaigns" onChange={(v) => set({ campaignId: v })} />
          <div className="flex items-end">
            <Button variant="ghost" onClick={() => set({ status: null, jobId: null, campaignId: null, search: null })} disabled={!filtered} className="w-full xl:w-auto">
              <X aria-hidden /> Clear
            </Button>
          </div>
        </div>
        <SavedFiltersBar list="interviews" />
        <SelectionBar selection={bulk} total={total} noun="interviews">
          <InterviewBulkActions selection={bulkSelection} count={bulk.allMatching ? total : bulk.selectedIds.length} />
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
              selection={{ isSelected: bulk.isSelected, onToggle: bulk.onToggle, onTogglePage: bulk.onTogglePage, rowLabel: (r) => `Select ${candidateName(r.candidate)}` }}
              hideOnPhone={['job', 'recommendation', 'decision', 'completedAt', 'createdAt']}
              caption="Interviews"
              rowHref={(r) => `/interviews/${r.id}`}
              loading={list.isFetching}
              empty={
                filtered ? (
                  <EmptyState title="No interviews match these filters" description="Try another status, or clear the filters." action={<Button variant="outline" size="sm" onClick={() => set({ status: null, jobId: null, campaignId: null, search: null })}>Clear filters</Button>} />
                ) : (
                  <EmptyState icon={Mic} title="No interviews yet" description="Create one to invite a candidate." action={<RecruiterOnly><Button asChild size="sm"><Link href="/interviews/new"><Plus aria-hidden /> New interview</Link></Button></RecruiterOnly>} />
                )
              }
            />
            {list.data && list.data.pagination.total > 0 ? (
              <PaginationBar
                {...list.data.pagination}
                noun="interviews"
                onPage={(p) => set({ page: p })}
                onPageSize={(s) => set({ pageSize: s === 20 ? null : s })}
              />
            ) : null}
          </>
        )}
      </Card>
    </>
  );
}
