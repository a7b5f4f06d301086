import { Megaphone, Plus } from 'lucide-react';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { RouterOutputs } from '@/components/trpc/react';
import { ScorePill } from '../badges';
import { DataTable, type DataColumn } from '../data-table';
import { ListBusy, ListNavigationProvider } from '../list-navigation';
import { PageHeader } from '../page-header';
import { UrlPaginationBar } from '../pagination-bar';
import { Time } from '../time';
import { CampaignsNav } from './campaigns-nav';
import { NewCampaignButton } from './new-campaign-button';
import { RecruiterOnly } from '@/components/dashboard/role-context';

type List = RouterOutputs['dashboard']['campaigns'];
type Row = List['items'][number];

const count = (n: number) => <span className="tabular-nums text-slate-800">{n}</span>;

const columns: DataColumn<Row>[] = [
  {
    id: 'name',
    header: 'Campaign',
    cell: ({ row }) => (
      <div className="min-w-0">
        <Link href={`/campaigns/${row.original.id}`} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
          {row.original.name}
        </Link>
        <p className="truncate text-xs text-slate-600">{row.original.jobTitle}</p>
      </div>
    ),
  },
  { id: 'stages', header: 'Stages', cell: ({ row }) => count(row.original.stages) },
  { id: 'interviews', header: 'Interviews', cell: ({ row }) => count(row.original.interviews) },
  { id: 'awaiting', header: 'Awaiting', cell: ({ row }) => count(row.original.awaiting) },
  { id: 'inProgress', header: 'In progress', cell: ({ row }) => count(row.original.inProgress) },
  { id: 'completed', header: 'Completed', cell: ({ row }) => count(row.original.completed) },
  // The score that counts (the reviewer's where there is one, else the AI's), as in the ranking.
  { id: 'averageScore', header: () => <span title="The reviewer's score where there is one, else the AI's">Avg. score (reviews first)</span>, cell: ({ row }) => <ScorePill score={row.original.averageScore} /> },
  { id: 'createdAt', header: 'Created', cell: ({ row }) => <Time value={row.original.createdAt} withTime={false} className="whitespace-nowrap text-slate-700" /> },
];

/**
 * The campaigns list, rendered on the server from what its page read (app/(dashboard)/campaigns/page.tsx): the page
 * is URL state; the pagination and the new-campaign dialog are client islands.
 */
export function CampaignsPage({ list }: { list: List }) {
  return (
    <ListNavigationProvider>
      <PageHeader
        title="Campaigns"
        description="Hiring processes and how their interviews are going. Open one to rank its candidates and export its results."
        actions={
          <RecruiterOnly>
            <Button asChild data-testid="new-job">
              <Link href="/campaigns/new">
                <Plus aria-hidden /> New job
              </Link>
            </Button>
            <NewCampaignButton />
          </RecruiterOnly>
        }
      />
      <CampaignsNav />
      <Card>
        <ListBusy>
          <DataTable
            columns={columns}
            data={list.items}
            getRowId={(r) => r.id}
            hideOnPhone={['stages', 'interviews', 'awaiting', 'inProgress', 'createdAt']}
            caption="Campaigns"
            rowHref={(r) => `/campaigns/${r.id}`}
            empty={<EmptyState icon={Megaphone} title="No campaigns yet" description="Campaigns group the interviews of one job posting, with their pipeline stages." />}
          />
          {list.pagination.total > 0 ? <UrlPaginationBar {...list.pagination} noun="campaigns" /> : null}
        </ListBusy>
      </Card>
    </ListNavigationProvider>
  );
}
