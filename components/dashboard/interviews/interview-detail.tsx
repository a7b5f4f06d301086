import { ArrowLeft, AudioLines, EyeOff, UserRound } from 'lucide-react';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import type { RouterOutputs } from '@/components/trpc/react';
import { DemoBadge, StatusBadge } from '../badges';
import { candidateName } from '../format';
import { PageHeader } from '../page-header';
import { Time } from '../time';
import { PlaybackProvider, WholeInterviewPlayer } from './interview-audio';
import { DecisionCard } from './decision-card';
import { HumanReviewCard } from './human-review-card';
import { IntegrityCard } from './integrity-card';
import { ACTION_FEEDBACK_SLOT, availableActions } from './available-actions';
import type { ActionsView } from './interview-actions';
import { ActionsPlaceholder, WatchPlaceholder } from './interview-form-placeholders';
import { LazyInterviewActions, LazyWatchButton, RefreshWhilePending } from './interview-lazy-forms';
import { InterviewNotes } from './interview-notes';
import { TranscriptCard } from './interview-transcript-card';
import { Scorecard } from './scorecard';
import { StatusTimeline } from './status-timeline';
import type { InterviewView } from './use-live-transcript';

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

/** "Greenhouse" (and the test it ordered) when an ATS ordered the interview; "Dashboard or API" otherwise. */
function Source({ source }: { source: RouterOutputs['integrations']['interviewSource'] }) {
  if (!source) return <span data-testid="interview-source">Dashboard or API</span>;
  return (
    <span data-testid="interview-source">
      {source.label}
      {source.testName ? <span className="text-slate-600"> · {source.testName}</span> : null}
    </span>
  );
}

/** What the page read on the server (app/(dashboard)/interviews/[id]/page.tsx) for the interview's panels. */
export type InterviewPanels = {
  notes: RouterOutputs['notes']['list'];
  meId: string;
  teammates: RouterOutputs['notes']['mentionable'];
  watching: boolean;
  integrity: RouterOutputs['interviews']['integrity'];
  source: RouterOutputs['integrations']['interviewSource'];
  decisionHistory: RouterOutputs['interviews']['decisionHistory'] | null;
  canEdit: boolean;
};

/**
 * The interview page, rendered on the server with what the page read: the transcript, the scorecard, the report's
 * provenance, the timeline and the details are HTML. Client islands: the header's actions and the watch button,
 * the decision and review forms, the notes' forms, the audio players, and the transcript, which loads its live
 * feed (and the data layer) only while the interview can still change. Changes refresh the page from the server.
 */
export function InterviewDetail({ view, panels }: { view: InterviewView; panels: InterviewPanels }) {
  const { canEdit } = panels;
  const name = candidateName(view.candidate);
  // Labels of the criteria a turn is scored on: the configuration's, overridden by the report's once there is one.
  const criterionLabels = [...new Map([...(view.config?.criteria ?? []), ...(view.evaluation?.criteria ?? [])].map((c) => [c.key, c.label])).entries()];
  const context = [view.job.title, view.campaign?.name, view.stage?.name].filter(Boolean).join(' · ');
  const hasTurnAudio = view.turns.some((t) => t.audioUrl);
  const actionsView: ActionsView = { id: view.id, status: view.status, evaluation: view.evaluation, expiresAt: view.expiresAt, email: view.candidate?.email ?? null };
  // When the candidate acknowledged the notice on the invitation page (null: not, or an external agent's call).
  const consentedAt = 'consentedAt' in view && typeof view.consentedAt === 'string' ? view.consentedAt : null;

  return (
    <PlaybackProvider>
        {/* While the report is being generated, look again every few seconds. */}
        {view.evaluation?.status === 'PENDING' ? <RefreshWhilePending /> : null}
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
              {/* A completed interview with its report has no action: its page loads none. */}
              {canEdit ? (
                <LazyInterviewActions
                  view={actionsView}
                  wanted={Object.values(availableActions(actionsView)).some(Boolean)}
                  placeholder={<ActionsPlaceholder view={actionsView} />}
                />
              ) : null}
              {/* Keyed by the state read: a note written here makes its author a watcher, and the refreshed page says so. */}
              <LazyWatchButton key={String(panels.watching)} interviewId={view.id} initialWatching={panels.watching} placeholder={<WatchPlaceholder watching={panels.watching} />} />
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
      {/* The header actions' outcome (a status message or the refusal) is shown here by their island. */}
      <div id={ACTION_FEEDBACK_SLOT} />
      {/* On a phone the decision comes first, before the recording and the transcript (one column); on a wide
          screen it heads the side column (row 1 of column 3, the rest of the side column in row 2). */}
      <div className="grid gap-6 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
        <div className="grid content-start gap-6 lg:col-start-3 lg:row-start-1">
          <DecisionCard view={view} history={panels.decisionHistory} canEdit={canEdit} />
        </div>
        <div className="grid content-start gap-6 lg:col-span-2 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          {view.audioUrl || hasTurnAudio ? (
            <Card>
              <CardHeader title={view.audioUrl ? 'Full recording' : 'Recordings'} description={view.audioUrl ? undefined : 'The answers one after the other'} />
              <CardContent>
                <WholeInterviewPlayer audioUrl={view.audioUrl} turns={view.turns} />
              </CardContent>
            </Card>
          ) : null}
          <TranscriptCard interviewId={view.id} status={view.status} turns={view.turns} candidateName={name} criteria={criterionLabels} />
          <InterviewNotes interviewId={view.id} notes={panels.notes} meId={panels.meId} teammates={panels.teammates} canEdit={canEdit} />
        </div>
        <div className="grid content-start gap-6 lg:col-start-3 lg:row-start-2">
          {/* Without a language model there is no AI score to read: the recruiter's own review is the score. */}
          {view.aiScoringConfigured ? null : <HumanReviewCard view={view} canEdit={canEdit} />}
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
          {view.aiScoringConfigured ? <HumanReviewCard view={view} canEdit={canEdit} /> : null}
          <IntegrityCard signals={panels.integrity} />
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
                  <Source source={panels.source} />
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
