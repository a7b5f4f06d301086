'use client';

import { ArrowLeft, Pencil } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { trpc, type RouterOutputs } from '@/components/trpc/react';
import { ScorePill } from '../badges';
import { PageHeader } from '../page-header';
import { WatchButton } from '../notifications/watch-button';
import { CampaignFormDialog } from './campaign-form-dialog';
import { CampaignRankingCard } from './campaign-ranking-card';
import { ExportCard } from './export-card';
import { InviteCandidatesDialog } from './invite-candidates-dialog';
import { QuestionSetCard } from './question-set-card';
import { RecordTestDialog } from './record-test-dialog';
import { StagesCard } from './stages-card';
import { TestResultsCard } from './test-results-card';
import { RecruiterOnly } from '@/components/dashboard/role-context';

type CampaignView = RouterOutputs['dashboard']['campaign'];

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 px-4 py-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums text-slate-900">{children}</dd>
    </div>
  );
}

/** One campaign: its candidates ranked, its pipeline, its technical tests, and its results to export. */
export function CampaignPage({ initial }: { initial: CampaignView }) {
  const campaign = trpc.dashboard.campaign.useQuery({ id: initial.id }, { initialData: initial }).data ?? initial;
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
          <WatchButton targetType="campaign" targetId={campaign.id} />
          <RecruiterOnly>
            <InviteCandidatesDialog campaignId={campaign.id} stages={campaign.stages} questionSet={campaign.config?.name ?? null} />
            <CampaignFormDialog
              campaign={{ id: campaign.id, name: campaign.name, jobTitle: campaign.job.title }}
              trigger={
                <Button variant="outline">
                  <Pencil aria-hidden /> Rename
                </Button>
              }
            />
          </RecruiterOnly>
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
        <CampaignRankingCard campaignId={campaign.id} className="min-w-0 lg:col-span-3" />
        <TestResultsCard of={{ campaignId: campaign.id }} action={<RecruiterOnly><RecordTestDialog campaignId={campaign.id} /></RecruiterOnly>} className="min-w-0 lg:col-span-2 lg:self-start" />
        <div className="grid content-start gap-6">
          <QuestionSetCard campaignId={campaign.id} config={campaign.config} />
          <ExportCard campaignId={campaign.id} expected={{ interviews: counts.exportableInterviews, tests: counts.tests }} />
          <StagesCard campaignId={campaign.id} stages={campaign.stages} />
        </div>
      </div>
    </>
  );
}
