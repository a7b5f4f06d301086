import { Briefcase } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { RouterOutputs } from '@/components/trpc/react';
import { DataTable, type DataColumn } from '../data-table';
import { ListBusy, ListNavigationProvider } from '../list-navigation';
import { PageHeader } from '../page-header';
import { UrlPaginationBar } from '../pagination-bar';
import { Time } from '../time';
import { CampaignsNav } from './campaigns-nav';
import { JobRowActions, JobsSearch, NewJobPostingButton } from './job-list-islands';
import { RecruiterOnly } from '@/components/dashboard/role-context';

type List = RouterOutputs['jobs']['list'];
type Row = List['items'][number];

const columns: DataColumn<Row>[] = [
  {
    id: 'title',
    header: 'Job posting',
    cell: ({ row }) => (
      <div className="min-w-0 max-w-xl">
        <p className="font-medium text-slate-900">{row.original.title}</p>
        {row.original.description ? <p className="line-clamp-2 text-xs text-slate-600">{row.original.description}</p> : null}
      </div>
    ),
  },
  { id: 'updatedAt', header: 'Updated', cell: ({ row }) => <Time value={row.original.updatedAt} withTime={false} className="whitespace-nowrap text-slate-700" /> },
  {
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: ({ row }) => (
      <RecruiterOnly>
        <JobRowActions job={row.original} />
      </RecruiterOnly>
    ),
  },
];

/**
 * The job postings, rendered on the server from what its page read (app/(dashboard)/campaigns/jobs/page.tsx): the
 * search and the page are URL state; the search, the pagination and the buttons that open the forms are islands
 * (the forms load on the first press).
 */
export function JobsPage({ list, search }: { list: List; search: string }) {
  return (
    <ListNavigationProvider>
      <PageHeader
        title="Job postings"
        description="The roles you hire for. Each campaign hires for one of them."
        actions={
          <RecruiterOnly>
            <NewJobPostingButton />
          </RecruiterOnly>
        }
      />
      <CampaignsNav />
      <Card>
        <div className="border-b border-slate-100 p-4 md:max-w-md" role="search" aria-label="Filter job postings">
          <JobsSearch />
        </div>
        <ListBusy>
          <DataTable
            columns={columns}
            data={list.items}
            getRowId={(r) => r.id}
            caption="Job postings"
            empty={
              search ? (
                <EmptyState title="No job posting matches" description="Try another search." />
              ) : (
                <EmptyState icon={Briefcase} title="No job postings yet" description="Create the role you are hiring for, then a campaign for it." />
              )
            }
          />
          {list.pagination.total > 0 ? <UrlPaginationBar {...list.pagination} noun="job postings" /> : null}
        </ListBusy>
      </Card>
    </ListNavigationProvider>
  );
}
