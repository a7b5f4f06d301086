import { ArrowLeft, ExternalLink, Mic, Plus } from 'lucide-react';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { RouterOutputs } from '@/components/trpc/react';
import type { UserRole } from '@/db/schema/users';
import { RecommendationBadge, ScorePill, StatusBadge } from '../badges';
import { DetailTable, type DetailColumn } from '../detail/detail-table';
import { PageLinks } from '../detail/page-links';
import { candidateName } from '../format';
import { PageHeader } from '../page-header';
import { TestResultsCard } from '../campaigns/test-results-card';
import { Time } from '../time';
import { DownloadCandidateDataButton, EditCandidateButton, EraseCandidateButton } from './candidate-actions';
import { NotesCard } from '../notes/notes-card';

type Candidate = RouterOutputs['candidates']['get'];
type Interviews = RouterOutputs['dashboard']['interviews'];
type TestResults = RouterOutputs['dashboard']['testResults'];
type Row = Interviews['items'][number];

const columns: DetailColumn<Row>[] = [
  {
    id: 'job',
    header: 'Job · campaign',
    cell: (row) => (
      <div className="min-w-0 max-w-32 sm:max-w-none">
        <Link href={`/interviews/${row.id}`} className="block truncate font-medium text-slate-900 hover:text-brand-700 hover:underline">
          {row.jobTitle ?? row.jobId}
        </Link>
        <p className="truncate text-xs text-slate-600">{row.campaignName ?? 'No campaign'}</p>
      </div>
    ),
  },
  { id: 'status', header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
  { id: 'score', header: 'Score', cell: (row) => <ScorePill score={row.overallScore} /> },
  { id: 'recommendation', header: 'AI advice', cell: (row) => <RecommendationBadge value={row.recommendation} /> },
  { id: 'createdAt', header: 'Created', cell: (row) => <Time value={row.createdAt} className="whitespace-nowrap text-slate-700" /> },
];

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

type ProfileProps = {
  candidate: Candidate;
  interviews: Interviews;
  testResults: TestResults;
  /** The candidate's notes, the signed-in user and the teammates to @mention, read by the page. */
  notes: { notes: RouterOutputs['notes']['list']; meId: string; teammates: RouterOutputs['notes']['mentionable'] };
  role: UserRole;
  /** The address of a page of a card's table (`?interviews=N`, `?tests=N`), the page's other params kept. */
  hrefFor: (table: 'interviews' | 'tests', page: number) => string;
};

/**
 * A candidate's profile, rendered on the server from the page's reads: the details, their interviews and test
 * results (pages are links), and the buttons that change them as small client islands (their dialogs load on
 * first use). Controls a role cannot use are not rendered (the API refuses them anyway).
 */
export function CandidateProfile({ candidate, interviews, testResults, notes, role, hrefFor }: ProfileProps) {
  const canEdit = role !== 'viewer';
  const isAdmin = role === 'admin';
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
            {canEdit ? <EditCandidateButton candidate={candidate} /> : null}
            <DownloadCandidateDataButton candidateId={candidate.id} />
            {isAdmin ? <EraseCandidateButton candidateId={candidate.id} name={name} /> : null}
            {canEdit ? (
              <Button asChild>
                <Link href={newInterviewHref}>
                  <Plus aria-hidden /> New interview
                </Link>
              </Button>
            ) : null}
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
            <CardHeader title="Interviews" description={`${interviews.pagination.total} in all`} />
            <DetailTable
              columns={columns}
              rows={interviews.items}
              getRowId={(r) => r.id}
              hideOnPhone={['recommendation', 'createdAt']}
              caption={`Interviews of ${name}`}
              rowHref={(r) => `/interviews/${r.id}`}
              empty={
                <EmptyState
                  icon={Mic}
                  title="No interviews yet"
                  description={`Invite ${name} to a voice interview.`}
                  action={
                    canEdit ? (
                      <Button asChild size="sm">
                        <Link href={newInterviewHref}>
                          <Plus aria-hidden /> New interview
                        </Link>
                      </Button>
                    ) : null
                  }
                />
              }
            />
            {interviews.pagination.total > interviews.pagination.pageSize ? (
              <PageLinks pagination={interviews.pagination} noun="interviews" hrefFor={(page) => hrefFor('interviews', page)} />
            ) : null}
          </Card>
          <TestResultsCard results={testResults} byCampaign={false} hrefFor={(page) => hrefFor('tests', page)} className="min-w-0" />
          <NotesCard subjectType="candidate" subjectId={candidate.id} notes={notes.notes} meId={notes.meId} teammates={notes.teammates} canEdit={canEdit} className="min-w-0" />
        </div>
      </div>
    </>
  );
}
