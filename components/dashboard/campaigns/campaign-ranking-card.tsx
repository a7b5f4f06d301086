'use client';

import { keepPreviousData } from '@tanstack/react-query';
import { Trophy } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { contractError } from '@/components/trpc/errors';
import { trpc, type RouterOutputs } from '@/components/trpc/react';
import { RecommendationBadge, ScorePill, StatusBadge } from '../badges';
import { DataTable, type DataColumn } from '../data-table';
import { candidateName, formatOverallScore, STATUS_LABELS } from '../format';
import { DecisionBadge } from '../interviews/decision-badge';
import { PaginationBar } from '../pagination-bar';
import { RecruiterOnly } from '../role-context';
import { CopyInvitationLink } from './copy-invitation-link';

type Row = RouterOutputs['dashboard']['campaignRanking']['items'][number];
const EMPTY: Row[] = [];

const REPORT_NOTE = { PENDING: 'Report pending', FAILED: 'Report failed' } as const;

const columns: DataColumn<Row>[] = [
  {
    id: 'position',
    header: () => (
      <>
        <span aria-hidden>#</span>
        <span className="sr-only">Rank</span>
      </>
    ),
    cell: ({ row }) =>
      row.original.ranked ? (
        <span className="font-semibold tabular-nums text-slate-900">{row.original.position}</span>
      ) : (
        <span className="text-slate-500">
          —<span className="sr-only">not ranked yet</span>
        </span>
      ),
  },
  {
    id: 'candidate',
    header: 'Candidate',
    cell: ({ row }) => (
      // Narrow on a phone, so that the score shows without scrolling sideways; the email is cut short there.
      <div className="min-w-0 max-w-32 sm:max-w-none">
        <Link href={`/candidates/${row.original.candidate.id}`} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
          {candidateName(row.original.candidate)}
        </Link>
        <p className="truncate text-xs text-slate-600">{row.original.candidate.email}</p>
      </div>
    ),
  },
  {
    id: 'score',
    header: 'Score (source)',
    cell: ({ row }) => (
      <div className="grid justify-items-start gap-0.5">
        <ScorePill score={row.original.overallScore} />
        {row.original.scoreSource === 'human' ? (
          <span className="text-xs text-slate-600" data-testid="score-source">
            Your review{row.original.aiOverallScore === null ? '' : ` · AI ${formatOverallScore(row.original.aiOverallScore)}`}
          </span>
        ) : row.original.scoreSource === 'ai' ? (
          <span className="text-xs text-slate-600" data-testid="score-source">
            AI
          </span>
        ) : null}
      </div>
    ),
  },
  { id: 'recommendation', header: 'AI advice', cell: ({ row }) => <RecommendationBadge value={row.original.recommendation} /> },
  { id: 'decision', header: 'Decision', cell: ({ row }) => <DecisionBadge status={row.original.decision} /> },
  {
    id: 'interview',
    header: 'Interview',
    cell: ({ row }) => (
      <div className="grid justify-items-start gap-1">
        <Link href={`/interviews/${row.original.interviewId}`} className="rounded-full" aria-label={`${STATUS_LABELS[row.original.status]}: open the interview of ${candidateName(row.original.candidate)}`}>
          <StatusBadge status={row.original.status} />
        </Link>
        {row.original.reportStatus === 'PENDING' || row.original.reportStatus === 'FAILED' ? (
          <span className="text-xs text-slate-600">{REPORT_NOTE[row.original.reportStatus]}</span>
        ) : null}
        {row.original.stageName ? <span className="text-xs text-slate-600">{row.original.stageName}</span> : null}
        {row.original.status === 'INVITED' ? (
          <RecruiterOnly>
            <CopyInvitationLink interviewId={row.original.interviewId} candidate={candidateName(row.original.candidate)} />
          </RecruiterOnly>
        ) : null}
      </div>
    ),
  },
  {
    id: 'test',
    header: 'Best test',
    cell: ({ row }) => (row.original.bestTestPercentage === null ? <span className="text-slate-500">—</span> : <ScorePill score={row.original.bestTestPercentage} />),
  },
  {
    id: 'count',
    header: 'Interviews',
    cell: ({ row }) => (row.original.interviewCount > 1 ? <Badge>{row.original.interviewCount}</Badge> : <span className="tabular-nums text-slate-700">1</span>),
  },
];

/**
 * The campaign's candidates by overall score: those with a ready report first, the others (report pending,
 * interview not finished) after them, unranked.
 */
export function CampaignRankingCard({ campaignId, className }: { campaignId: string; className?: string }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const ranking = trpc.dashboard.campaignRanking.useQuery({ campaignId, page, pageSize }, { placeholderData: keepPreviousData });
  return (
    <Card className={className}>
      <CardHeader
        title="Candidate ranking"
        description="By overall score of each candidate’s best completed interview with a ready report (a recruiter’s review before the AI’s score); the others follow, by progress."
      />
      {ranking.isError ? (
        <ErrorState message={contractError(ranking.error).message} requestId={contractError(ranking.error).requestId} onRetry={() => ranking.refetch()} />
      ) : (
        <>
          {ranking.data?.pagination.total === 0 ? (
            <EmptyState icon={Trophy} title="No candidates yet" description="Candidates appear here once they are invited to an interview of this campaign." />
          ) : (
            <DataTable
              columns={columns}
              data={ranking.data?.items ?? EMPTY}
              getRowId={(r) => r.candidate.id}
              hideOnPhone={['recommendation', 'decision', 'test', 'count']}
              caption="Candidates ranked by overall score"
              rowHref={(r) => `/interviews/${r.interviewId}`}
              loading={ranking.isFetching}
            />
          )}
          {ranking.data && ranking.data.pagination.total > 0 ? (
            <PaginationBar
              {...ranking.data.pagination}
              noun="candidates"
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
