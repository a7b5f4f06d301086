import { Flag, LoaderCircle, TriangleAlert } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { RecommendationBadge } from '../badges';
import { formatOverallScore, humanize } from '../format';
import { ExplanationDownloads } from './explanation-downloads';
import type { InterviewView } from './use-live-transcript';

function scoreTone(score: number, max: number) {
  const ratio = score / max;
  return ratio >= 0.7 ? 'bg-emerald-500' : ratio >= 0.5 ? 'bg-amber-500' : 'bg-red-500';
}

function TurnLinks({ turns, label }: { turns: number[]; label: string }) {
  if (turns.length === 0) return <span className="text-xs text-slate-600">No evidence cited</span>;
  return (
    <span className="flex flex-wrap items-center gap-1 text-xs text-slate-600">
      Evidence:
      {turns.map((n) => (
        <a key={n} href={`#turn-${n}`} className="rounded bg-slate-100 px-1.5 py-0.5 font-medium text-brand-700 hover:bg-brand-50 hover:underline" aria-label={`${label}: turn ${n}`}>
          #{n}
        </a>
      ))}
    </span>
  );
}

/**
 * Who scored it (issue 23, provenance): the models, providers and prompt versions that scored the answers, the
 * rubric's version, the model that wrote the summary and the one that drafted the questions; a report from before provenance was kept shows its
 * generator only.
 */
function ScoredBy({ report }: { report: InterviewView['report'] }) {
  if (!report) return null;
  const p = report.provenance;
  if (!p) return report.generator ? <p className="text-xs text-slate-600">Scored by {report.generator === 'rules' ? 'rules' : report.generator.replace(/^llm:/, '')}</p> : null;
  const scorers = p.scoring.evaluators.map((e) => `${e.model} at ${e.provider} (prompt ${e.promptVersion.slice(0, 8)}, ${e.answers} answer${e.answers === 1 ? '' : 's'})`);
  return (
    <p className="text-xs text-slate-600" data-testid="scored-by">
      Scored by {scorers.length ? scorers.join(', ') : 'no model'} · rubric {p.scoring.rubricVersion.slice(0, 8)} · summary by{' '}
      {p.summary ? `${p.summary.model} at ${p.summary.provider} (prompt ${p.summary.promptVersion.slice(0, 8)}, temperature ${p.summary.parameters.temperature})` : 'rules'}
      {p.questionSet
        ? ` · questions drafted by ${p.questionSet.model} at ${p.questionSet.provider} (prompt ${p.questionSet.promptVersion.slice(0, 8)}${p.questionSet.editedByHuman ? ', then edited by your team' : ''})`
        : null}
    </p>
  );
}

/** The report's scorecard: overall score and recommendation, each criterion with the turns it rests on, flags. */
export function Scorecard({ view }: { view: InterviewView }) {
  const evaluation = view.evaluation;
  if (!evaluation) {
    return (
      <EmptyState
        title="No scorecard"
        description={view.status === 'COMPLETED' ? 'No report was requested when this interview was finalized.' : 'The scorecard is generated when the interview is completed.'}
        className="py-8"
      />
    );
  }
  if (evaluation.status === 'PENDING') {
    return (
      <div role="status" className="flex items-center gap-3 px-5 py-8 text-sm text-slate-700">
        <LoaderCircle className="size-5 animate-spin text-brand-600" aria-hidden /> Generating the report… this page updates by itself.
      </div>
    );
  }
  if (evaluation.status === 'FAILED') {
    return (
      <div role="alert" className="flex items-start gap-3 px-5 py-6 text-sm text-red-800">
        <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden /> The report could not be generated. The transcript is complete: regenerate the report with the button at the top of the page.
      </div>
    );
  }
  const coverage = view.report?.coverage;
  return (
    <div className="grid gap-5 px-5 py-4">
      <div className="flex items-center gap-4">
        <div className="flex size-20 shrink-0 flex-col items-center justify-center rounded-full border-4 border-brand-100 bg-brand-50" aria-label={evaluation.overallScore === null ? 'No overall score' : `Overall score ${formatOverallScore(evaluation.overallScore)} out of 100`} role="img" data-testid="score-ring">
          <span className="text-2xl font-semibold tabular-nums text-brand-800">{formatOverallScore(evaluation.overallScore)}</span>
          <span className="text-[10px] font-medium uppercase tracking-wide text-brand-700">/ 100</span>
        </div>
        <div className="grid justify-items-start gap-1.5">
          <RecommendationBadge value={evaluation.recommendation} advice />
          {coverage ? (
            <p className="text-xs text-slate-600">
              {coverage.scoredTurns} of {coverage.candidateTurns} candidate answers scored
            </p>
          ) : null}
          <ScoredBy report={view.report} />
        </div>
      </div>
      {view.report?.provenance?.campaign?.notice ? (
        <p role="note" data-testid="provenance-notice" className="flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden /> {view.report.provenance.campaign.notice}
        </p>
      ) : null}
      {evaluation.summary ? <p className="text-sm leading-6 text-slate-800">{evaluation.summary}</p> : null}
      {evaluation.criteria.length > 0 ? (
        <div>
          <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-600">Criteria</h3>
          <ul className="grid gap-4">
            {evaluation.criteria.map((c) => (
              <li key={c.key} className="grid gap-1.5">
                <div className="flex items-baseline justify-between gap-2 text-sm">
                  <span className="font-medium text-slate-900">
                    {c.label} <span className="text-xs font-normal text-slate-600">× {c.weight}</span>
                  </span>
                  <span className="font-semibold tabular-nums text-slate-900">{c.score === null ? '—' : `${c.score}/10`}</span>
                </div>
                {/* A plain progress bar with the roles and values Radix Progress gave it: no JavaScript needed. */}
                <div
                  role="progressbar"
                  aria-valuemin={0}
                  aria-valuemax={10}
                  aria-valuenow={c.score ?? 0}
                  aria-valuetext={`${Math.round(((c.score ?? 0) / 10) * 100)}%`}
                  aria-label={`${c.label} score`}
                  className="h-1.5 overflow-hidden rounded-full bg-slate-100"
                >
                  <div className={`h-full rounded-full ${c.score === null ? '' : scoreTone(c.score, 10)}`} style={{ width: `${((c.score ?? 0) / 10) * 100}%` }} />
                </div>
                <TurnLinks turns={c.evidenceTurns} label={c.label} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {evaluation.flags.length > 0 ? (
        <div>
          <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-600">Flags</h3>
          <ul className="grid gap-1.5">
            {evaluation.flags.map((f, i) => (
              <li key={`${f.code}-${f.turnNumber}-${i}`} className="flex items-center justify-between gap-2 rounded-md bg-red-50 px-2.5 py-1.5 text-sm text-red-900">
                <span className="flex items-center gap-2">
                  <Flag className="size-3.5" aria-hidden /> {humanize(f.code)}
                </span>
                <a href={`#turn-${f.turnNumber}`} className="text-xs font-medium text-red-800 hover:underline">
                  Turn {f.turnNumber}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ExplanationDownloads interviewId={view.id} />
    </div>
  );
}
