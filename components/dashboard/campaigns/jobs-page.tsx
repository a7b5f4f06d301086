'use client';

import { keepPreviousData } from '@tanstack/react-query';
import { Briefcase, Pencil, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Field } from '@/components/ui/field';
import { contractError } from '@/components/trpc/errors';
import { trpc, type RouterOutputs } from '@/components/trpc/react';
import { DataTable, type DataColumn } from '../data-table';
import { PageHeader } from '../page-header';
import { PaginationBar } from '../pagination-bar';
import { SearchInput } from '../search-input';
import { Time } from '../time';
import { intParam, useSearchState } from '../use-search-state';
import { CampaignsNav } from './campaigns-nav';
import { CampaignFormDialog } from './campaign-form-dialog';
import { JobFormDialog } from './job-form-dialog';
import { RecruiterOnly } from '@/components/dashboard/role-context';

type Row = RouterOutputs['jobs']['list']['items'][number];
const EMPTY: Row[] = [];

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
      <div className="flex justify-end gap-2">
        <CampaignFormDialog
          jobId={row.original.id}
          trigger={
            <Button variant="outline" size="sm">
              <Plus aria-hidden /> Campaign<span className="sr-only"> for {row.original.title}</span>
            </Button>
          }
        />
        <JobFormDialog
          job={row.original}
          trigger={
            <Button variant="ghost" size="sm">
              <Pencil aria-hidden /> Edit<span className="sr-only"> {row.original.title}</span>
            </Button>
          }
        />
      </div>
      </RecruiterOnly>
    ),
  },
];

export function JobsPage() {
  const { get, set } = useSearchState();
  const search = get('search');
  const page = intParam(get('page'), 1);
  const pageSize = intParam(get('pageSize'), 20, 100);
  const list = trpc.jobs.list.useQuery({ page, pageSize, search: search || undefined }, { placeholderData: keepPreviousData });
  return (
    <>
      <PageHeader
        title="Job postings"
        description="The roles you hire for. Each campaign hires for one of them."
        actions={
          <RecruiterOnly>
            <JobFormDialog
              trigger={
                <Button>
                  <Plus aria-hidden /> New job posting
                </Button>
              }
            />
          </RecruiterOnly>
        }
      />
      <CampaignsNav />
      <Card>
        <div className="border-b border-slate-100 p-4 md:max-w-md" role="search" aria-label="Filter job postings">
          <Field label="Search">
            {(control) => <SearchInput value={search} onChange={(v) => set({ search: v }, { replace: true })} placeholder="Title" {...control} />}
          </Field>
        </div>
        {list.isError ? (
          <ErrorState message={contractError(list.error).message} requestId={contractError(list.error).requestId} onRetry={() => list.refetch()} />
        ) : (
          <>
            <DataTable
              columns={columns}
              data={list.data?.items ?? EMPTY}
              getRowId={(r) => r.id}
              caption="Job postings"
              loading={list.isFetching}
              empty={
                search ? (
                  <EmptyState title="No job posting matches" description="Try another search." />
                ) : (
                  <EmptyState icon={Briefcase} title="No job postings yet" description="Create the role you are hiring for, then a campaign for it." />
                )
              }
            />
            {list.data && list.data.pagination.total > 0 ? (
              <PaginationBar {...list.data.pagination} noun="job postings" onPage={(p) => set({ page: p })} onPageSize={(s) => set({ pageSize: s === 20 ? null : s })} />
            ) : null}
          </>
        )}
      </Card>
    </>
  );
}
