import { FlaskConical } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { RouterOutputs } from '@/components/trpc/react';
import { ScorePill } from '../badges';
import { DetailTable, type DetailColumn } from '../detail/detail-table';
import { PageLinks } from '../detail/page-links';
import { candidateName } from '../format';
import { Time } from '../time';

type Results = RouterOutputs['dashboard']['testResults'];
type Row = Results['items'][number];
const points = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

const candidateColumn: DetailColumn<Row> = {
  id: 'candidate',
  header: 'Candidate',
  cell: (row) => (
    <div className="min-w-0">
      <Link href={`/candidates/${row.candidate.id}`} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
        {candidateName(row.candidate)}
      </Link>
      <p className="truncate text-xs text-slate-600">{row.candidate.email}</p>
    </div>
  ),
};

const campaignColumn: DetailColumn<Row> = {
  id: 'campaign',
  header: 'Campaign',
  cell: (row) => (
    <Link href={`/campaigns/${row.campaignId}`} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
      {row.campaignName}
    </Link>
  ),
};

const otherColumns: DetailColumn<Row>[] = [
  {
    id: 'test',
    header: 'Test',
    cell: (row) => (
      <div className="min-w-0">
        <p className="text-slate-800">{row.testName}</p>
        <p className="text-xs text-slate-600">
          Completed <Time value={row.completedAt} className="whitespace-nowrap" />
        </p>
      </div>
    ),
  },
  {
    id: 'score',
    header: 'Score',
    cell: (row) => (
      <span className="flex items-center gap-2 whitespace-nowrap">
        <ScorePill score={row.percentage} />
        <span className="text-xs tabular-nums text-slate-600">
          {points(row.score)} / {points(row.maxScore)}
        </span>
      </span>
    ),
  },
  {
    id: 'tasks',
    header: 'Tasks',
    cell: (row) =>
      row.results.length === 0 ? (
        <span className="text-slate-500">—</span>
      ) : (
        <span className="tabular-nums text-slate-800" title={row.results.map((r) => `${r.task}: ${r.passed ? 'passed' : 'failed'}`).join('\n')}>
          {row.results.filter((r) => r.passed).length} / {row.results.length} passed
        </span>
      ),
  },
];

/**
 * Technical test results, latest first: of a campaign (with each candidate) or of a candidate (with each
 * campaign). The percentage shares the interview score's colour bands. Rendered on the server from the page's
 * read; its pages are links (`hrefFor`) the page reads back from the URL.
 */
export function TestResultsCard({ results, byCampaign, hrefFor, action, className }: { results: Results; byCampaign: boolean; hrefFor: (page: number) => string; action?: ReactNode; className?: string }) {
  const columns = [byCampaign ? candidateColumn : campaignColumn, ...otherColumns];
  return (
    <Card className={className}>
      <CardHeader title="Technical tests" description={`${results.pagination.total} in all`} action={action} />
      {/* Without rows, no table: its empty header row would only overflow a phone's width. */}
      {results.pagination.total === 0 ? (
        <EmptyState icon={FlaskConical} title="No test results yet" description={byCampaign ? 'Record the result of a technical test a candidate finished.' : 'No technical test recorded for this candidate.'} />
      ) : (
        <DetailTable columns={columns} rows={results.items} getRowId={(r) => r.id} caption="Technical test results" />
      )}
      {results.pagination.total > results.pagination.pageSize ? <PageLinks pagination={results.pagination} noun="test results" hrefFor={hrefFor} /> : null}
    </Card>
  );
}
