'use client';

import { keepPreviousData } from '@tanstack/react-query';
import { ListChecks, Plus } from 'lucide-react';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { contractError } from '@/components/trpc/errors';
import { trpc, type RouterOutputs } from '@/components/trpc/react';
import { DataTable, type DataColumn } from '../data-table';
import { PageHeader } from '../page-header';
import { PaginationBar } from '../pagination-bar';
import { Time } from '../time';
import { intParam, useSearchState } from '../use-search-state';
import { CampaignsNav } from './campaigns-nav';
import { RecruiterOnly } from '@/components/dashboard/role-context';

type Row = RouterOutputs['interviewConfigs']['list']['items'][number];
const EMPTY: Row[] = [];

const columns: DataColumn<Row>[] = [
  {
    id: 'name',
    header: 'Configuration',
    cell: ({ row }) => (
      <div className="min-w-0">
        <Link href={`/campaigns/configurations/${row.original.id}`} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
          {row.original.name}
        </Link>
        <p className="truncate text-xs text-slate-600">{row.original.criteria.map((c) => `${c.label} ×${c.weight}`).join(' · ') || 'No criteria'}</p>
      </div>
    ),
  },
  { id: 'locale', header: 'Language', cell: ({ row }) => <span className="font-mono text-xs text-slate-700">{row.original.locale}</span> },
  { id: 'questions', header: 'Questions', cell: ({ row }) => <span className="tabular-nums text-slate-800">{row.original.questions.length}</span> },
  {
    id: 'report',
    header: 'Report',
    cell: ({ row }) => (row.original.generateReport ? <Badge tone="green">On</Badge> : <Badge>Off</Badge>),
  },
  { id: 'updatedAt', header: 'Updated', cell: ({ row }) => <Time value={row.original.updatedAt} withTime={false} className="whitespace-nowrap text-slate-700" /> },
];

export function ConfigsPage() {
  const { get, set } = useSearchState();
  const page = intParam(get('page'), 1);
  const pageSize = intParam(get('pageSize'), 20, 100);
  const list = trpc.interviewConfigs.list.useQuery({ page, pageSize }, { placeholderData: keepPreviousData });
  const newButton = (
    <RecruiterOnly>
      <Button asChild>
        <Link href="/campaigns/configurations/new">
          <Plus aria-hidden /> New configuration
        </Link>
      </Button>
    </RecruiterOnly>
  );
  return (
    <>
      <PageHeader title="Interview configurations" description="What the voice agent asks, in which language, and how the answers are scored." actions={newButton} />
      <CampaignsNav />
      <Card>
        {list.isError ? (
          <ErrorState message={contractError(list.error).message} requestId={contractError(list.error).requestId} onRetry={() => list.refetch()} />
        ) : (
          <>
            <DataTable
              columns={columns}
              data={list.data?.items ?? EMPTY}
              getRowId={(r) => r.id}
              caption="Interview configurations"
              rowHref={(r) => `/campaigns/configurations/${r.id}`}
              loading={list.isFetching}
              empty={<EmptyState icon={ListChecks} title="No configurations yet" description="A configuration lists the questions and the weighted criteria of an interview." />}
            />
            {list.data && list.data.pagination.total > 0 ? (
              <PaginationBar {...list.data.pagination} noun="configurations" onPage={(p) => set({ page: p })} onPageSize={(s) => set({ pageSize: s === 20 ? null : s })} />
            ) : null}
          </>
        )}
      </Card>
    </>
  );
}
