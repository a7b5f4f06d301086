import { Mic, Plus } from 'lucide-react';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { RouterOutputs } from '@/components/trpc/react';
import { DemoBadge, RecommendationBadge, ScorePill, StatusBadge } from '../badges';
import { RunDemoButton } from './run-demo-button';
import type { CatalogOption } from '../catalog/catalog-options';
import { DecisionBadge } from './decision-badge';
import { BulkSelectionProvider } from '../bulk/bulk-selection-context';
import { InterviewSelectionBar } from '../bulk/interview-selection-bar';
import { SavedFiltersBar } from '../saved-filters/saved-filters-bar';
import { DataTable, type DataColumn } from '../data-table';
import { candidateName } from '../format';
import type { interviewsListInput } from '../list-inputs';
import { ListBusy, ListNavigationProvider } from '../list-navigation';
import { PageHeader } from '../page-header';
import { UrlPaginationBar } from '../pagination-bar';
import { Time } from '../time';
import { RecruiterOnly } from '@/components/dashboard/role-context';
import { ClearInterviewFiltersButton, InterviewFilters } from './interview-filters';

type List = RouterOutputs['dashboard']['interviews'];
type Row = List['items'][number];


// A column sorts only with an accessor (DataTable): the accessor's value type also picks the first direction (text
// ascending, the rest descending); the rows themselves come sorted from the server.
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

type InterviewsPageProps = {
  list: List;
  input: ReturnType<typeof interviewsListInput>;
  savedFilters: RouterOutputs['savedFilters']['list'];
  /** The page's query without its page number (saved-filters/list-query.ts): what "Save filter" keeps. */
  query: string;
  /** The filters' choices: the job postings, and the campaigns (of the chosen job). */
  jobs: CatalogOption[];
  campaigns: CatalogOption[];
};

/**
 * The interviews list, rendered on the server from what its page read (app/(dashboard)/interviews/page.tsx): the
 * filters, sort and page are URL state, and the interactive parts (filters, checkboxes, sort buttons, bulk actions,
 * saved filters, the demo) are small client islands.
 */
export function InterviewsPage({ list, input, savedFilters, query, jobs, campaigns }: InterviewsPageProps) {
  const { status, jobId, campaignId, search } = input;
  const filtered = Boolean(status || jobId || campaignId || search);
  const sorting = [{ id: input.sort, desc: input.order === 'desc' }];
  return (
    <ListNavigationProvider>
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
        <InterviewFilters search={search ?? ''} status={status ?? ''} jobId={jobId ?? ''} campaignId={campaignId ?? ''} jobs={jobs} campaigns={campaigns} />
        <SavedFiltersBar list="interviews" filters={savedFilters} current={query} />
        <BulkSelectionProvider pageIds={list.items.map((r) => r.id)} resetKey={JSON.stringify(input)}>
          <InterviewSelectionBar total={list.pagination.total} filter={{ status, jobId, campaignId, search }} />
          <ListBusy>
            <DataTable
              columns={columns}
              data={list.items}
              getRowId={(r) => r.id}
              sorting={sorting}
              sortQuery={(next) => ({ sort: !next[0] || next[0].id === 'createdAt' ? null : next[0].id, order: next[0]?.desc === false ? 'asc' : null })}
              selectable={{ rowLabel: (r) => `Select ${candidateName(r.candidate)}` }}
              hideOnPhone={['job', 'recommendation', 'decision', 'completedAt', 'createdAt']}
              caption="Interviews"
              rowHref={(r) => `/interviews/${r.id}`}
              empty={
                filtered ? (
                  <EmptyState title="No interviews match these filters" description="Try another status, or clear the filters." action={<ClearInterviewFiltersButton />} />
                ) : (
                  <EmptyState
                    icon={Mic}
                    title="No interviews yet"
                    description="Create one to invite a candidate."
                    action={
                      <RecruiterOnly>
                        <Button asChild size="sm">
                          <Link href="/interviews/new">
                            <Plus aria-hidden /> New interview
                          </Link>
                        </Button>
                      </RecruiterOnly>
                    }
                  />
                )
              }
            />
            {list.pagination.total > 0 ? <UrlPaginationBar {...list.pagination} noun="interviews" /> : null}
          </ListBusy>
        </BulkSelectionProvider>
      </Card>
    </ListNavigationProvider>
  );
}
