import { ArrowLeft } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import type { RouterOutputs } from '@/components/trpc/react';
import type { UserRole } from '@/db/schema/users';
import type { ServerCatalogOptions } from '../catalog/list-catalog';
import { ScorePill } from '../badges';
import { PageHeader } from '../page-header';
import { WatchButton } from '../notifications/watch-button';
import { InviteCandidatesButton, RecordTestButton, RenameCampaignButton } from './campaign-actions';
import { CampaignRankingCard } from './campaign-ranking-card';
import { ExportCard } from './export-card';
import { QuestionSetCard } from './question-set-card';
import { StagesCard } from './stages-card';
import { TestResultsCard } from './test-results-card';

type CampaignView = RouterOutputs['dashboard']['campaign'];
type Ranking = RouterOutputs['dashboard']['campaignRanking'];
type TestResults = RouterOutputs['dashboard']['testResults'];

type CampaignPageProps = {
  campaign: CampaignView;
  ranking: Ranking;
  testResults: TestResults;
  watching: boolean;
  /** The configurations a recruiter may pick for the campaign or a stage (null for a viewer, who picks none). */
  configs: ServerCatalogOptions | null;
  role: UserRole;
  /** The address of a page of a card's table (`?ranking=N`, `?tests=N`), the page's other params kept. */
  hrefFor: (table: 'ranking' | 'tests', page: number) => string;
};

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 px-4 py-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * One campaign: its candidates ranked, its pipeline, its technical tests, and its results to export. Rendered on
 * the server from the page's reads (the question set and the stages with the configurations to pick from); what
 * changes it is a small client island (the dialogs load on first use, the export's controls after the page) that
 * renders the page again after a change.
 */
export function CampaignPage({ campaign, ranking, testResults, watching, configs, role, hrefFor }: CampaignPageProps) {
  const canEdit = role !== 'viewer';
  const { counts } = campaign;
  return (
    <>
      <PageHeader
        eyebrow={
          <Link href="/campaigns" className="inline-flex items-center gap-1 hover:text-brand-700 hover:underline">
            <ArrowLeft className="size-3.5" aria-hidden /> Campaigns
          </Link>
        }
        title={campaign.name}
        description={
          <>
            Hiring for <span className="font-medium text-slate-800">{campaign.job.title}</span> ·{' '}
            <Link href={`/interviews?campaignId=${campaign.id}`} className="text-brand-700 underline underline-offset-2 hover:text-brand-800">
              all its interviews
            </Link>
          </>
        }
        actions={
          <>
          <WatchButton targetType="campaign" targetId={campaign.id} watching={watching} />
          {canEdit ? (
            <>
              <InviteCandidatesButton campaignId={campaign.id} stages={campaign.stages.map(({ id, name }) => ({ id, name }))} questionSet={campaign.config?.name ?? null} />
              <RenameCampaignButton campaign={{ id: campaign.id, name: campaign.name, jobTitle: campaign.job.title }} />
            </>
          ) : null}
          </>
        }
      />
      <Card className="mb-6">
        <dl className="grid grid-cols-2 divide-slate-100 sm:grid-cols-3 lg:grid-cols-6 lg:divide-x">
          <Stat label="Candidates">{counts.candidates}</Stat>
          <Stat label="Completed">{counts.completed}</Stat>
          <Stat label="Reports ready">{counts.reportsReady}</Stat>
          <Stat label="In progress">{counts.inProgress}</Stat>
          <Stat label="Awaiting">{counts.awaiting}</Stat>
          <Stat label="Avg. score">
            <ScorePill score={campaign.averageScore} />
            <span className="mt-0.5 block text-xs font-normal text-slate-600">Reviews first, else AI</span>
          </Stat>
        </dl>
      </Card>
      <div className="grid gap-6 lg:grid-cols-3">
        <CampaignRankingCard ranking={ranking} canEdit={canEdit} hrefFor={(page) => hrefFor('ranking', page)} className="min-w-0 lg:col-span-3" />
        <TestResultsCard
          results={testResults}
          byCampaign
          hrefFor={(page) => hrefFor('tests', page)}
          action={canEdit ? <RecordTestButton campaignId={campaign.id} /> : undefined}
          className="min-w-0 lg:col-span-2 lg:self-start"
        />
        <div className="grid content-start gap-6">
          <QuestionSetCard campaignId={campaign.id} config={campaign.config} catalog={configs} />
          <ExportCard campaignId={campaign.id} expected={{ interviews: counts.exportableInterviews, tests: counts.tests }} />
          <StagesCard campaignId={campaign.id} stages={campaign.stages} canEdit={canEdit} catalog={configs} />
        </div>
      </div>
    </>
  );
}
