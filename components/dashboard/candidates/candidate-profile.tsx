'use client';

import { keepPreviousData } from '@tanstack/react-query';
import { ArrowLeft, ExternalLink, Mic, Plus } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { contractError } from '@/components/trpc/errors';
import { trpc, type RouterOutputs } from '@/components/trpc/react';
import { RecommendationBadge, ScorePill, StatusBadge } from '../badges';
import { DataTable, type DataColumn } from '../data-table';
import { candidateName } from '../format';
import { PageHeader } from '../page-header';
import { PaginationBar } from '../pagination-bar';
import { TestResultsCard } from '../campaigns/test-results-card';
import { Time } from '../time';
import { DownloadCandidateDataButton, EraseCandidateButton } from './candidate-data-rights';
import { EditCandidateDialog } from './edit-candidate-dialog';
import { AdminOnly, RecruiterOnly } from '@/components/dashboard/role-context';
import { NotesCard } from '../notes/notes-card';

type Candidate = RouterOutputs['candidates']['get'];
type Row = RouterOutputs['dashboard']['interviews']['items'][number];
const EMPTY: Row[] = [];

const columns: DataColumn<Row>[] = [
  {
    id: 'job',
    header: 'Job · campaign',
    cell: ({ row }) => (
      <div className="min-w-0 max-w-32 sm:max-w-none">
        <Link href={`/interviews/${row.original.id}`} className="block truncate font-medium text-slate-900 hover:text-brand-700 hover:underline">
          {row.original.jobTitle ?? row.original.jobId}
        </Link>
        <p className="truncate text-xs text-slate-600">{row.original.campaignName ?? 'No campaign'}</p>
      </div>
    ),
  },
  { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  { id: 'score', header: 'Score', cell: ({ row }) => <ScorePill score={row.original.overallScore} /> },
  { id: 'recommendation', header: 'AI advice', cell: ({ row }) => <RecommendationBadge value={row.original.recommendation} /> },
  { id: 'createdAt', header: 'Created', cell: ({ row }) => <Time value={row.original.createdAt} className="whitespace-nowrap text-slate-700" /> },
];

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export function CandidateProfile({ initial }: { initial: Candidate }) {
  const candidate = trpc.candidates.get.useQuery({ id: initial.id }, { initialData: initial }).data ?? initial;
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const interviews = trpc.dashboard.interviews.useQuery({ candidateId: candidate.id, page, pageSize }, { placeholderData: keepPreviousData });
  const name = candidateName(candidate);
  const newInterviewHref = `/interviews/new?candidateId=${encodeURIComponent(candidate.id)}`;

  return (
    <>
      <PageHeader
        eyebrow={
          <Link href="/candidates" className="inline-flex items-center gap-1 hover:text-brand-700 hover:underline">
            <ArrowLeft className="size-3.5" aria-hidden /> Candidates
          </Link>
        }
        title={name}
        description={candidate.email}
        actions={
          <>
            <RecruiterOnly>
              <EditCandidateDialog candidate={candidate} />
            </RecruiterOnly>
            <DownloadCandidateDataButton candidateId={candidate.id} />
            <AdminOnly>
              <EraseCandidateButton candidateId={candidate.id} name={name} />
            </AdminOnly>
            <RecruiterOnly>
              <Button asChild>
                <Link href={newInterviewHref}>
                  <Plus aria-hidden /> New interview
                </Link>
              </Button>
            </RecruiterOnly>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:self-start">
          <CardHeader title="Profile" />
          <CardContent>
            <dl className="grid gap-4">
              <Detail label="Email">
                <a href={`mailto:${candidate.email}`} className="text-brand-700 hover:underline">
                  {candidate.email}
                </a>
              </Detail>
              <Detail label="Phone">{candidate.phone ?? '—'}</Detail>
              <Detail label="Language">{candidate.locale}</Detail>
              <Detail label="CV">
                {candidate.cvUrl ? (
                  <a href={candidate.cvUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-brand-700 hover:underline">
                    Open the CV <ExternalLink className="size-3.5" aria-hidden />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                ) : (
                  '—'
                )}
              </Detail>
              <Detail label="Source">{candidate.source ?? '—'}</Detail>
              <Detail label="Tags">
                {candidate.tags.length === 0 ? (
                  '—'
                ) : (
                  <span className="mt-1 flex flex-wrap gap-1">
                    {candidate.tags.map((tag) => (
                      <Link key={tag} href={`/candidates?tags=${encodeURIComponent(tag)}`}>
                        <Badge>{tag}</Badge>
                      </Link>
                    ))}
                  </span>
                )}
              </Detail>
              <Detail label="Added">
                <Time value={candidate.createdAt} />
              </Detail>
              <Detail label="Candidate id">
                <code className="font-mono text-xs">{candidate.id}</code>
              </Detail>
            </dl>
          </CardContent>
        </Card>
        <div className="grid min-w-0 content-start gap-6 lg:col-span-2">
          <Card className="min-w-0">
            <CardHeader title="Interviews" description={interviews.data ? `${interviews.data.pagination.total} in all` : undefined} />
            {interviews.isError ? (
              <ErrorState message={contractError(interviews.error).message} onRetry={() => interviews.refetch()} />
            ) : (
              <>
                <DataTable
                  columns={columns}
                  data={interviews.data?.items ?? EMPTY}
                  getRowId={(r) => r.id}
                  hideOnPhone={['recommendation', 'createdAt']}
              caption={`Interviews of ${name}`}
                  rowHref={(r) => `/interviews/${r.id}`}
                  loading={interviews.isFetching}
                  empty={
                    <EmptyState
                      icon={Mic}
                      title="No interviews yet"
                      description={`Invite ${name} to a voice interview.`}
                      action={
                        <RecruiterOnly>
                          <Button asChild size="sm">
                            <Link href={newInterviewHref}>
                              <Plus aria-hidden /> New interview
                            </Link>
                          </Button>
                        </RecruiterOnly>
                      }
                    />
                  }
                />
                {interviews.data && interviews.data.pagination.total > pageSize ? (
                  <PaginationBar
                    {...interviews.data.pagination}
                    noun="interviews"
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
          <TestResultsCard of={{ candidateId: candidate.id }} className="min-w-0" />
          <NotesCard subjectType="candidate" subjectId={candidate.id} className="min-w-0" />
        </div>
      </div>
    </>
  );
}
