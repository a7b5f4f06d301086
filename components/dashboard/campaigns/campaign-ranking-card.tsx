import { Trophy } from 'lucide-react';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { RouterOutputs } from '@/components/trpc/react';
import { RecommendationBadge, ScorePill, StatusBadge } from '../badges';
import { DetailTable, type DetailColumn } from '../detail/detail-table';
import { PageLinks } from '../detail/page-links';
import { candidateName, formatOverallScore, STATUS_LABELS } from '../format';
import { DecisionBadge } from '../interviews/decision-badge';
import { CopyInvitationLink } from './copy-invitation-link';

type Ranking = RouterOutputs['dashboard']['campaignRanking'];
type Row = Ranking['items'][number];

const REPORT_NOTE = { PENDING: 'Report pending', FAILED: 'Report failed' } as const;

const columns = (canEdit: boolean): DetailColumn<Row>[] => [
  {
    id: 'position',
    header: (
      <>
        <span aria-hidden>#</span>
        <span className="sr-only">Rank</span>
      </>
    ),
    cell: (row) =>
      row.ranked ? (
        <span className="font-semibold tabular-nums text-slate-900">{row.position}</span>
      ) : (
        <span className="text-slate-500">
          —<span className="sr-only">not ranked yet</span>
        </span>
      ),
  },
  {
    id: 'candidate',
    header: 'Candidate',
    cell: (row) => (
      // Narrow on a phone, so that the score shows without scrolling sideways; the email is cut short there.
      <div className="min-w-0 max-w-32 sm:max-w-none">
        <Link href={`/candidates/${row.candidate.id}`} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
          {candidateName(row.candidate)}
        </Link>
        <p className="truncate text-xs text-slate-600">{row.candidate.email}</p>
      </div>
    ),
  },
  {
    id: 'score',
    header: 'Score (source)',
    cell: (row) => (
      <div className="grid justify-items-start gap-0.5">
        <ScorePill score={row.overallScore} />
        {row.scoreSource === 'human' ? (
          <span className="text-xs text-slate-600" data-testid="score-source">
            Your review{row.aiOverallScore === null ? '' : ` · AI ${formatOverallScore(row.aiOverallScore)}`}
          </span>
        ) : row.scoreSource === 'ai' ? (
          <span className="text-xs text-slate-600" data-testid="score-source">
            AI
          </span>
        ) : null}
      </div>
    ),
  },
  { id: 'recommendation', header: 'AI advice', cell: (row) => <RecommendationBadge value={row.recommendation} /> },
  { id: 'decision', header: 'Decision', cell: (row) => <DecisionBadge status={row.decision} /> },
  {
    id: 'interview',
    header: 'Interview',
    cell: (row) => (
      <div className="grid justify-items-start gap-1">
        <Link href={`/interviews/${row.interviewId}`} className="rounded-full" aria-label={`${STATUS_LABELS[row.status]}: open the interview of ${candidateName(row.candidate)}`}>
          <StatusBadge status={row.status} />
        </Link>
        {row.reportStatus === 'PENDING' || row.reportStatus === 'FAILED' ? (
          <span className="text-xs text-slate-600">{REPORT_NOTE[row.reportStatus]}</span>
        ) : null}
        {row.stageName ? <span className="text-xs text-slate-600">{row.stageName}</span> : null}
        {row.status === 'INVITED' && canEdit ? <CopyInvitationLink interviewId={row.interviewId} candidate={candidateName(row.candidate)} /> : null}
      </div>
    ),
  },
  {
    id: 'test',
    header: 'Best test',
    cell: (row) => (row.bestTestPercentage === null ? <span className="text-slate-500">—</span> : <ScorePill score={row.bestTestPercentage} />),
  },
  {
    id: 'count',
    header: 'Interviews',
    cell: (row) => (row.interviewCount > 1 ? <Badge>{row.interviewCount}</Badge> : <span className="tabular-nums text-slate-700">1</span>),
  },
];

/**
 * The campaign's candidates by overall score: those with a ready report first, the others (report pending,
 * interview not finished) after them, unranked. Rendered on the server from the page's read; its pages are links.
 */
export function CampaignRankingCard({ ranking, canEdit, hrefFor, className }: { ranking: Ranking; canEdit: boolean; hrefFor: (page: number) => string; className?: string }) {
  return (
    <Card className={className}>
      <CardHeader
        title="Candidate ranking"
        description="By overall score of each candidate’s best completed interview with a ready report (a recruiter’s review before the AI’s score); the others follow, by progress."
      />
      {ranking.pagination.total === 0 ? (
        <EmptyState icon={Trophy} title="No candidates yet" description="Candidates appear here once they are invited to an interview of this campaign." />
      ) : (
        <DetailTable
          columns={columns(canEdit)}
          rows={ranking.items}
          getRowId={(r) => r.candidate.id}
          hideOnPhone={['recommendation', 'decision', 'test', 'count']}
          caption="Candidates ranked by overall score"
          rowHref={(r) => `/interviews/${r.interviewId}`}
        />
      )}
      {ranking.pagination.total > 0 ? <PageLinks pagination={ranking.pagination} noun="candidates" hrefFor={hrefFor} /> : null}
    </Card>
  );
}
