import { ListChecks, Plus } from 'lucide-react';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { RouterOutputs } from '@/components/trpc/react';
import { DataTable, type DataColumn } from '../data-table';
import { ListBusy, ListNavigationProvider } from '../list-navigation';
import { PageHeader } from '../page-header';
import { UrlPaginationBar } from '../pagination-bar';
import { Time } from '../time';
import { CampaignsNav } from './campaigns-nav';
import { RecruiterOnly } from '@/components/dashboard/role-context';

type List = RouterOutputs['interviewConfigs']['list'];
type Row = List['items'][number];

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

/**
 * The configurations list, rendered on the server from what its page read (app/(dashboard)/campaigns/configurations/
 * page.tsx): the page is URL state; the pagination is a client island.
 */
export function ConfigsPage({ list }: { list: List }) {
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
    <ListNavigationProvider>
      <PageHeader title="Interview configurations" description="What the voice agent asks, in which language, and how the answers are scored." actions={newButton} />
      <CampaignsNav />
      <Card>
        <ListBusy>
          <DataTable
            columns={columns}
            data={list.items}
            getRowId={(r) => r.id}
            caption="Interview configurations"
            rowHref={(r) => `/campaigns/configurations/${r.id}`}
            empty={<EmptyState icon={ListChecks} title="No configurations yet" description="A configuration lists the questions and the weighted criteria of an interview." />}
          />
          {list.pagination.total > 0 ? <UrlPaginationBar {...list.pagination} noun="configurations" /> : null}
        </ListBusy>
      </Card>
    </ListNavigationProvider>
  );
}
