'use client';

import { keepPreviousData } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import Link from 'next/link';
import { useMemo, useState, type ReactNode } from 'react';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { contractError } from '@/components/trpc/errors';
import { trpc, type RouterOutputs } from '@/components/trpc/react';
import { ScorePill } from '../badges';
import { DataTable, type DataColumn } from '../data-table';
import { candidateName } from '../format';
import { PaginationBar } from '../pagination-bar';
import { Time } from '../time';

type Row = RouterOutputs['dashboard']['testResults']['items'][number];
const EMPTY: Row[] = [];
const points = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/**
 * Technical test results, latest first: of a campaign (with each candidate) or of a candidate (with each
 * campaign). The percentage shares the interview score's colour bands.
 */
export function TestResultsCard({ of, action, className }: { of: { campaignId: string } | { candidateId: string }; action?: ReactNode; className?: string }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const results = trpc.dashboard.testResults.useQuery({ ...of, page, pageSize }, { placeholderData: keepPreviousData });
  const byCampaign = 'campaignId' in of;
  const columns = useMemo<DataColumn<Row>[]>(
    () => [
      byCampaign
        ? {
            id: 'candidate',
            header: 'Candidate',
            cell: ({ row }) => (
              <div className="min-w-0">
                <Link href={`/candidates/${row.original.candidate.id}`} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
                  {candidateName(row.original.candidate)}
                </Link>
                <p className="truncate text-xs text-slate-600">{row.original.candidate.email}</p>
              </div>
            ),
          }
        : {
            id: 'campaign',
            header: 'Campaign',
            cell: ({ row }) => (
              <Link href={`/campaigns/${row.original.campaignId}`} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
                {row.original.campaignName}
              </Link>
            ),
          },
      {
        id: 'test',
        header: 'Test',
        cell: ({ row }) => (
          <div className="min-w-0">
            <p className="text-slate-800">{row.original.testName}</p>
            <p className="text-xs text-slate-600">
              Completed <Time value={row.original.completedAt} className="whitespace-nowrap" />
            </p>
          </div>
        ),
      },
      {
        id: 'score',
        header: 'Score',
        cell: ({ row }) => (
          <span className="flex items-center gap-2 whitespace-nowrap">
            <ScorePill score={row.original.percentage} />
            <span className="text-xs tabular-nums text-slate-600">
              {points(row.original.score)} / {points(row.original.maxScore)}
            </span>
          </span>
        ),
      },
      {
        id: 'tasks',
        header: 'Tasks',
        cell: ({ row }) =>
          row.original.results.length === 0 ? (
            <span className="text-slate-500">—</span>
          ) : (
            <span className="tabular-nums text-slate-800" title={row.original.results.map((r) => `${r.task}: ${r.passed ? 'passed' : 'failed'}`).join('\n')}>
              {row.original.results.filter((r) => r.passed).length} / {row.original.results.length} passed
            </span>
          ),
      },
    ],
    [byCampaign],
  );
  return (
    <Card className={className}>
      <CardHeader title="Technical tests" description={results.data ? `${results.data.pagination.total} in all` : undefined} action={action} />
      {results.isError ? (
        <ErrorState message={contractError(results.error).message} onRetry={() => results.refetch()} />
      ) : (
        <>
          {/* Without rows, no table: its empty header row would only overflow a phone's width. */}
          {results.data?.pagination.total === 0 ? (
            <EmptyState icon={FlaskConical} title="No test results yet" description={byCampaign ? 'Record the result of a technical test a candidate finished.' : 'No technical test recorded for this candidate.'} />
          ) : (
            <DataTable
              columns={columns}
              data={results.data?.items ?? EMPTY}
              getRowId={(r) => r.id}
              caption="Technical test results"
              loading={results.isFetching}
            />
          )}
          {results.data && results.data.pagination.total > pageSize ? (
            <PaginationBar
              {...results.data.pagination}
              noun="test results"
              onPage={setPage}
              onPageSize={(s) => {
                setPageSize(s);
                setPage(1);
              }}
            />
          ) : null}
        </>
      )}
    </Card>
  );
}
