import { FileUp, Users } from 'lucide-react';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { RouterOutputs } from '@/components/trpc/react';
import { DataTable, type DataColumn } from '../data-table';
import { candidateName } from '../format';
import type { candidatesListInput } from '../list-inputs';
import { ListBusy, ListNavigationProvider } from '../list-navigation';
import { PageHeader } from '../page-header';
import { UrlPaginationBar } from '../pagination-bar';
import { Time } from '../time';
import { BulkSelectionProvider } from '../bulk/bulk-selection-context';
import { CandidateSelectionBar } from '../bulk/candidate-selection-bar';
import { SavedFiltersBar } from '../saved-filters/saved-filters-bar';
import { RecruiterOnly } from '@/components/dashboard/role-context';
import { CandidateFilters, TagCellButton } from './candidate-filters';
import { NewCandidateButton } from './new-candidate-button';

type List = RouterOutputs['dashboard']['candidates'];
type Row = List['items'][number];

type CandidatesPageProps = {
  list: List;
  input: ReturnType<typeof candidatesListInput>;
  savedFilters: RouterOutputs['savedFilters']['list'];
  /** The page's query without its page number (saved-filters/list-query.ts): what "Save filter" keeps. */
  query: string;
  /** The organization's language, for a new candidate (editors only: a viewer gets no "New candidate"). */
  defaultLocale?: string;
};

function candidateColumns(tags: string[]): DataColumn<Row>[] {
  return [
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
    { id: 'email', accessorFn: (row) => row.email, enableSorting: true, header: 'Email', cell: ({ row }) => <span className="text-slate-700">{row.original.email}</span> },
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
              <TagCellButton key={tag} tag={tag} tags={tags} />
            ))}
          </div>
        ),
    },
    { id: 'source', header: 'Source', enableSorting: false, cell: ({ row }) => <span className="text-slate-700">{row.original.source ?? '—'}</span> },
    { id: 'locale', header: 'Language', enableSorting: false, cell: ({ row }) => <span className="font-mono text-xs text-slate-700">{row.original.locale}</span> },
    { id: 'createdAt', accessorFn: (row) => Date.parse(row.createdAt), enableSorting: true, header: 'Added', cell: ({ row }) => <Time value={row.original.createdAt} withTime={false} className="whitespace-nowrap text-slate-700" /> },
  ];
}

/**
 * The candidates list, rendered on the server from what its page read (app/(dashboard)/candidates/page.tsx): the
 * filters, sort and page are URL state, and the interactive parts (filters, checkboxes, sort buttons, bulk actions,
 * saved filters, the new-candidate dialog) are small client islands.
 */
export function CandidatesPage({ list, input, savedFilters, query, defaultLocale }: CandidatesPageProps) {
  const search = input.search ?? '';
  const tags = input.tags ?? [];
  const filtered = Boolean(search || tags.length);
  const sorting = [{ id: input.sort, desc: input.order === 'desc' }];
  return (
    <ListNavigationProvider>
      <PageHeader
        title="Candidates"
        description="Your organization's candidate pool. Sort by a column, select rows for bulk actions."
        actions={
          <RecruiterOnly>
            <Button asChild variant="outline">
              <Link href="/candidates/import">
                <FileUp aria-hidden /> Import CSV
              </Link>
            </Button>
            <NewCandidateButton defaultLocale={defaultLocale} />
          </RecruiterOnly>
        }
      />
      <Card>
        <CandidateFilters search={search} tags={tags} />
        <SavedFiltersBar list="candidates" filters={savedFilters} current={query} />
        <BulkSelectionProvider pageIds={list.items.map((r) => r.id)} resetKey={JSON.stringify(input)}>
          <CandidateSelectionBar total={list.pagination.total} filter={{ search: input.search, tags: input.tags }} />
          <ListBusy>
            <DataTable
              columns={candidateColumns(tags)}
              data={list.items}
              getRowId={(r) => r.id}
              sorting={sorting}
              sortQuery={(next) => ({ sort: !next[0] || next[0].id === 'createdAt' ? null : next[0].id, order: next[0]?.desc === false ? 'asc' : null })}
              selectable={{ rowLabel: (r) => `Select ${candidateName(r)}` }}
              hideOnPhone={['email', 'tags', 'source', 'locale']}
              caption="Candidates"
              rowHref={(r) => `/candidates/${r.id}`}
              empty={
                filtered ? (
                  <EmptyState title="No candidates match" description="Try fewer tags or another search." />
                ) : (
                  <EmptyState icon={Users} title="No candidates yet" description="Add your first candidate to invite them to an interview." />
                )
              }
            />
            {list.pagination.total > 0 ? <UrlPaginationBar {...list.pagination} noun="candidates" /> : null}
          </ListBusy>
        </BulkSelectionProvider>
      </Card>
    </ListNavigationProvider>
  );
}
