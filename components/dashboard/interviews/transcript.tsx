'use client';

import { Bot, Flag, MessageSquareText, Play, UserRound } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { humanize } from '../format';
import { badgeVariants } from '@/components/ui/badge';
import { Time } from '../time';
import { TurnAudio, usePlayback } from './interview-audio';
import { formatOffset } from './recording-positions';
import { questionWrittenBy, readEvaluation } from './turn-evaluation';
import type { Turn } from './use-live-transcript';

function TurnItem({ turn, speaker, criterionLabels }: { turn: Turn; speaker: string; criterionLabels: Map<string, string> }) {
  const isAgent = turn.role === 'agent';
  const evaluation = readEvaluation(turn.evaluation);
  const writtenBy = isAgent ? questionWrittenBy(turn.evaluation) : null;
  const { playingTurn, seek } = usePlayback();
  const playing = playingTurn === turn.turnNumber;
  return (
    <li
      id={`turn-${turn.turnNumber}`}
      className={cn(
        'group scroll-mt-24 rounded-lg px-3 py-3 transition-colors target:bg-brand-50 target:ring-2 target:ring-brand-200 animate-fade-in',
        playing && 'bg-amber-50 ring-2 ring-amber-300',
      )}
      data-turn={turn.turnNumber}
      data-playing={playing || undefined}
      aria-current={playing || undefined}
    >
      <div className="flex gap-3">
        <span
          className={cn('flex size-8 shrink-0 items-center justify-center rounded-full', isAgent ? 'bg-brand-100 text-brand-700' : 'bg-emerald-100 text-emerald-800')}
          aria-hidden
        >
          {isAgent ? <Bot className="size-4" /> : <UserRound className="size-4" />}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <span className="text-sm font-semibold text-slate-900">{speaker}</span>
            <a href={`#turn-${turn.turnNumber}`} className="text-xs text-slate-600 hover:text-brand-700 hover:underline">
              Turn {turn.turnNumber}
            </a>
            <Time value={turn.createdAt} className="text-xs text-slate-600" />
            {turn.isPendingQuestion ? <span className={badgeVariants({ tone: 'amber' })}>Waiting for the answer</span> : null}
            {seek && turn.offsetMs !== null ? (
              <button
                type="button"
                className="inline-flex items-center gap-1 rounded px-1 text-xs text-brand-700 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500"
                onClick={() => seek(turn.offsetMs!)}
                aria-label={`Play the recording from turn ${turn.turnNumber}, at ${formatOffset(turn.offsetMs)}`}
                data-testid={`seek-turn-${turn.turnNumber}`}
              >
                <Play className="size-3" aria-hidden /> {formatOffset(turn.offsetMs)}
                {turn.durationMs ? <span className="text-slate-600">({(turn.durationMs / 1000).toFixed(1)} s)</span> : null}
              </button>
            ) : null}
          </div>
          {turn.content ? (
            <p className="mt-1 whitespace-pre-wrap break-words text-sm leading-6 text-slate-800">{turn.content}</p>
          ) : (
            <p className="mt-1 text-sm italic text-slate-600">Transcribing…</p>
          )}
          {writtenBy ? (
            <p className="mt-1 text-xs text-slate-600" data-testid={`written-by-${turn.turnNumber}`}>
              {writtenBy}
            </p>
          ) : null}
          <TurnAudio turn={turn} label={`Audio of turn ${turn.turnNumber} (${speaker})`} />
          {evaluation ? (
            <div className="mt-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2" aria-label={`Evaluation of turn ${turn.turnNumber}`} role="group">
              <div className="flex flex-wrap items-center gap-1.5">
                {evaluation.scores.map(([key, score]) => (
                  <span key={key} className={badgeVariants({ tone: 'brand' })}>
                    {criterionLabels.get(key) ?? humanize(key)} <span className="font-semibold tabular-nums">{score}/10</span>
                  </span>
                ))}
                {evaluation.flags.map((flag) => (
                  <span key={flag} className={badgeVariants({ tone: 'red' })}>
                    <Flag aria-hidden /> {humanize(flag)}
                  </span>
                ))}
              </div>
              {evaluation.comment ? <p className="mt-1.5 text-xs leading-5 text-slate-700">{evaluation.comment}</p> : null}
              {evaluation.scoredBy ? (
                <p className="mt-1 text-xs text-slate-600" data-testid={`scored-by-${turn.turnNumber}`}>
                  {evaluation.scoredBy}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
    </li>
  );
}

export function Transcript({ turns, candidateName, criterionLabels, waiting }: { turns: Turn[]; candidateName: string; criterionLabels: Map<string, string>; waiting: boolean }) {
  if (turns.length === 0) {
    // EmptyState's markup, inline: its module (and its default icon) would be this page's only client use of it.
    return (
      <div className="flex flex-col items-center justify-center gap-3 px-6 py-12 text-center">
        <div className="flex size-11 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <MessageSquareText className="size-5" aria-hidden />
        </div>
        <div className="grid gap-1">
          <p className="text-sm font-semibold text-slate-900">{waiting ? 'No conversation yet' : 'No transcript'}</p>
          <p className="max-w-sm text-sm text-slate-600">
            {waiting ? 'Turns appear here live as soon as the candidate starts the interview.' : 'This interview has no recorded turns.'}
          </p>
        </div>
      </div>
    );
  }
  return (
    <ol className="grid gap-1" aria-label="Transcript">
      {turns.map((turn) => (
        <TurnItem key={turn.turnNumber} turn={turn} speaker={turn.role === 'agent' ? 'Interviewer' : candidateName} criterionLabels={criterionLabels} />
      ))}
    </ol>
  );
}
