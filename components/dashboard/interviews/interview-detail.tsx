'use client';

import { ArrowLeft, AudioLines, EyeOff, Radio, UserRound } from 'lucide-react';
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { trpc } from '@/components/trpc/react';
import { DemoBadge, StatusBadge } from '../badges';
import { candidateName } from '../format';
import { PageHeader } from '../page-header';
import { Time } from '../time';
import { PlaybackProvider, WholeInterviewPlayer } from './interview-audio';
import { NotesCard } from '../notes/notes-card';
import { WatchButton } from '../notifications/watch-button';
import { DecisionCard } from './decision-card';
import { HumanReviewCard } from './human-review-card';
import { IntegrityCard } from './integrity-card';
import { ActionFeedbackBanner, InterviewActions, type ActionFeedback } from './interview-actions';
import { Scorecard } from './scorecard';
import { StatusTimeline } from './status-timeline';
import { Transcript } from './transcript';
import { useLiveTranscript, type InterviewView, type LiveState } from './use-live-transcript';
import { RecruiterOnly } from '@/components/dashboard/role-context';
import { InterviewSource } from '../integrations/interview-source';

function LiveIndicator({ state, status }: { state: LiveState; status: InterviewView['status'] }) {
  if (state === 'off') return null;
  // Watched, but nobody is talking yet: a draft or an invitation is not live.
  if (status === 'DRAFT' || status === 'INVITED') return <Badge tone="neutral">Waiting for the candidate</Badge>;
  if (state === 'live') {
    return (
      <Badge tone="red" aria-label="Live: new turns appear automatically">
        <Radio className="animate-live" aria-hidden /> Live
      </Badge>
    );
  }
  return <Badge tone="neutral">{state === 'error' ? 'Reconnecting…' : 'Connecting…'}</Badge>;
}

const ANSWER_MODE_LABELS: Record<NonNullable<InterviewView['answerMode']>, string> = {
  live: 'Live spoken conversation',
  recorded: 'Recorded spoken answers',
  written: 'Written answers',
};

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[6.5rem_1fr] gap-2 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

export function InterviewDetail({ initial }: { initial: InterviewView }) {
  const query = trpc.dashboard.interview.useQuery(
    { id: initial.id },
    {
      initialData: initial,
      // While the report is being generated, look again every few seconds.
      refetchInterval: (q) => (q.state.data?.evaluation?.status === 'PENDING' ? 3000 : false),
    },
  );
  const fetched = query.data ?? initial;
  const [feedback, setFeedback] = useState<ActionFeedback | null>(null);
  const { turns, live, announcement, status } = useLiveTranscript(fetched);
  const view = useMemo(() => (status === fetched.status ? fetched : { ...fetched, status }), [fetched, status]);
  const name = candidateName(view.candidate);
  // Labels of the criteria a turn is scored on: the configuration's, overridden by the report's once there is one.
  const criterionLabels = useMemo(
    () => new Map([...(view.config?.criteria ?? []), ...(view.evaluation?.criteria ?? [])].map((c) => [c.key, c.label])),
    [view.config, view.evaluation],
  );
  const context = [view.job.title, view.campaign?.name, view.stage?.name].filter(Boolean).join(' · ');
  const hasTurnAudio = turns.some((t) => t.audioUrl);
  // When the candidate acknowledged the notice on the invitation page (null: not, or an external agent's call).
  const consentedAt = 'consentedAt' in view && typeof view.consentedAt === 'string' ? view.consentedAt : null;

  return (
    <PlaybackProvider>
      <PageHeader
        eyebrow={
          <Link href="/interviews" className="inline-flex items-center gap-1 hover:text-brand-700 hover:underline">
            <ArrowLeft className="size-3.5" aria-hidden /> Interviews
          </Link>
        }
        title={
          <span className="flex items-center gap-3">
            {name} <StatusBadge status={view.status} />
            {view.isDemo ? <DemoBadge /> : null}
          </span>
        }
        description={context}
        actions={
          <>
            <RecruiterOnly>
              <InterviewActions view={view} onFeedback={setFeedback} />
            </RecruiterOnly>
            <WatchButton targetType="interview" targetId={view.id} />
            {view.candidate ? (
              <Button asChild variant="outline">
                <Link href={`/candidates/${view.candidate.id}`}>
                  <UserRound aria-hidden /> Candidate profile
                </Link>
              </Button>
            ) : null}
          </>
        }
      />
      <ActionFeedbackBanner feedback={feedback} onDismiss={() => setFeedback(null)} />
      {/* On a phone the decision comes first, before the recording and the transcript (one column); on a wide
          screen it heads the side column (row 1 of column 3, the rest of the side column in row 2). */}
      <div className="grid gap-6 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
        <div className="grid content-start gap-6 lg:col-start-3 lg:row-start-1">
          <DecisionCard view={view} />
        </div>
        <div className="grid content-start gap-6 lg:col-span-2 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          {view.audioUrl || hasTurnAudio ? (
            <Card>
              <CardHeader title={view.audioUrl ? 'Full recording' : 'Recordings'} description={view.audioUrl ? undefined : 'The answers one after the other'} />
              <CardContent>
                <WholeInterviewPlayer audioUrl={view.audioUrl} turns={turns} />
              </CardContent>
            </Card>
          ) : null}
          <Card>
            <CardHeader
              title="Transcript"
              description={`${turns.length} ${turns.length === 1 ? 'turn' : 'turns'}`}
              action={<LiveIndicator state={live} status={view.status} />}
            />
            <div className="px-2 py-2">
              <Transcript turns={turns} candidateName={name} criterionLabels={criterionLabels} waiting={live !== 'off'} />
            </div>
            <div aria-live="polite" className="sr-only">
              {announcement}
            </div>
          </Card>
          <NotesCard subjectType="interview" subjectId={view.id} />
        </div>
        <div className="grid content-start gap-6 lg:col-start-3 lg:row-start-2">
          {/* Without a language model there is no AI score to read: the recruiter's own review is the score. */}
          {view.aiScoringConfigured ? null : <HumanReviewCard view={view} />}
          <Card>
            <CardHeader title="AI scorecard" description="Advice for the recruiter, who decides." action={<AudioLines className="size-4 text-slate-400" aria-hidden />} />
            {!view.aiScoringConfigured ? (
              <div className="grid gap-2 px-5 py-4 text-sm text-slate-700" data-testid="ai-scoring-not-configured">
                <p className="font-medium text-slate-900">AI scoring is not configured.</p>
                <p>
                  Score the candidate in <a href="#review-title" className="text-brand-700 underline">Your review</a>: your score is the one rankings, the score distribution and
                  exports use (their score source reads &ldquo;your review&rdquo;). An administrator can add a language model in Settings.
                </p>
                {/* Withheld until the reviewer's own review (whatever scored it); else a report the rules scored, one in
                    progress or one that failed, but not an empty scorecard that reads as a failure. */}
                {view.aiWithheld ? (
                  <AiWithheld />
                ) : view.evaluation && !(view.evaluation.status === 'READY' && view.evaluation.overallScore === null) ? (
                  <Scorecard view={view} />
                ) : null}
              </div>
            ) : view.aiWithheld ? (
              <AiWithheld />
            ) : (
              <Scorecard view={view} />
            )}
          </Card>
          {view.aiScoringConfigured ? <HumanReviewCard view={view} /> : null}
          <IntegrityCard interviewId={view.id} />
          <Card>
            <CardHeader title="Timeline" />
            <StatusTimeline view={view} />
          </Card>
          <Card>
            <CardHeader title="Details" />
            <CardContent>
              <dl className="grid gap-2">
                <Detail label="Candidate">
                  {view.candidate ? (
                    <Link href={`/candidates/${view.candidate.id}`} className="break-all text-brand-700 hover:underline">
                      {view.candidate.email}
                    </Link>
                  ) : (
                    <span className="text-slate-600">Erased (personal data removed)</span>
                  )}
                </Detail>
                <Detail label="Source">
                  <InterviewSource interviewId={view.id} />
                </Detail>
                <Detail label="Job">{view.job.title}</Detail>
                <Detail label="Campaign">{view.campaign?.name ?? '—'}</Detail>
                <Detail label="Stage">{view.stage?.name ?? '—'}</Detail>
                <Detail label="Configuration">{view.config?.name ?? 'Default'}</Detail>
                <Detail label="Answer mode">
                  <span data-testid="answer-mode">{view.answerMode ? ANSWER_MODE_LABELS[view.answerMode] : 'Not started, or an external agent'}</span>
                </Detail>
                <Detail label="Notice accepted">
                  <span data-testid="consented-at">{consentedAt ? <Time value={consentedAt} /> : 'Not recorded'}</span>
                </Detail>
                <Detail label="Link expires">
                  <Time value={view.expiresAt} />
                </Detail>
                <Detail label="Interview id">
                  <code className="font-mono text-xs">{view.id}</code>
                </Detail>
              </dl>
            </CardContent>
          </Card>
        </div>
      </div>
    </PlaybackProvider>
  );
}

/** Review before AI (an organization setting): the scores stay hidden until this reviewer has saved their own. */
function AiWithheld() {
  return (
    <p className="flex items-start gap-3 px-5 py-6 text-sm text-slate-700" data-testid="ai-withheld">
      <EyeOff className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden />
      Your organization asks reviewers to score first: the AI&apos;s scores, summary and advice appear here once you have saved your own review.
    </p>
  );
}
