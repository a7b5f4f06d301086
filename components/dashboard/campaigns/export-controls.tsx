'use client';

import { CircleCheck, Download, LoaderCircle, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import type { ContractError } from '@/components/trpc/errors';
import type { ExportFormat, ExportProgress, ExportType } from './download-export';
import { formatBytes } from './format-bytes';

type State =
  | { kind: 'idle' }
  | { kind: 'running'; format: ExportFormat; progress: ExportProgress }
  | { kind: 'done'; fileName: string; progress: ExportProgress }
  | { kind: 'failed'; error: ContractError };

const TYPE_LABELS: Record<ExportType, string> = { all: 'Interviews and tests', interviews: 'Interviews only', tests: 'Tests only' };
const nf = new Intl.NumberFormat('en-GB');

/**
 * The export card's controls (its frame is rendered on the server, export-card.tsx): the campaign's results as a file (the v1 export, through the dashboard's session route): CSV or JSON, with the
 * interviews, the tests or both. The download streams in with its progress shown; `expected` (what the campaign
 * holds now) makes the bar determinate.
 */
export function ExportControls({ campaignId, expected }: { campaignId: string; expected: { interviews: number; tests: number } }) {
  const [type, setType] = useState<ExportType>('all');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const labelId = useId();
  const selectId = useId();
  useEffect(() => () => abort.current?.abort(), []);
  const total = type === 'all' ? expected.interviews + expected.tests : type === 'interviews' ? expected.interviews : expected.tests;

  const start = async (format: ExportFormat) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'running', format, progress: { bytes: 0, records: 0 } });
    // The download code (streaming, counting, saving) loads on the first export, not with the campaign page.
    const { downloadExport, ExportFailed } = await import('./download-export');
    try {
      const result = await downloadExport({ campaignId, format, type }, { signal: controller.signal, onProgress: (progress) => setState({ kind: 'running', format, progress }) });
      setState({ kind: 'done', fileName: result.fileName, progress: result });
    } catch (error) {
      if (controller.signal.aborted) return setState({ kind: 'idle' });
      setState({ kind: 'failed', error: error instanceof ExportFailed ? error.error : { code: 'INTERNAL', message: 'The export failed. Try again.' } });
    }
  };

  const running = state.kind === 'running';
  const received = state.kind === 'running' || state.kind === 'done' ? state.progress : null;
  const percent = received && total > 0 ? Math.min(100, Math.round((received.records / total) * 100)) : state.kind === 'done' ? 100 : null;

  return (
    <>
        <div className="grid content-start gap-1.5">
          <label htmlFor={selectId} className="text-sm font-medium leading-none text-slate-800">
            Results
          </label>
          {/* A native select: the campaign page's first load carries no Radix Select (docs/DECISIONS.md). */}
          <select
            id={selectId}
            value={type}
            onChange={(event) => setType(event.target.value as ExportType)}
            disabled={running}
            className={inputClasses}
          >
            {(Object.keys(TYPE_LABELS) as ExportType[]).map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <p className="text-xs text-slate-600">
          {nf.format(total)} {total === 1 ? 'result' : 'results'} to export now.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => start('readable-csv')} disabled={running} title="Names, titles, dates in your time zone and plain words: for reading and sharing">
            {running && state.format === 'readable-csv' ? <LoaderCircle className="animate-spin" aria-hidden /> : <Download aria-hidden />} Export CSV for people
          </Button>
          <Button variant="outline" onClick={() => start('csv')} disabled={running} title="Ids, ISO dates and codes: for another program">
            {running && state.format === 'csv' ? <LoaderCircle className="animate-spin" aria-hidden /> : <Download aria-hidden />} Export CSV for programs
          </Button>
          <Button variant="outline" onClick={() => start('json')} disabled={running}>
            {running && state.format === 'json' ? <LoaderCircle className="animate-spin" aria-hidden /> : <Download aria-hidden />} Export JSON
          </Button>
          {running ? (
            <Button variant="ghost" onClick={() => abort.current?.abort()}>
              <X aria-hidden /> Cancel
            </Button>
          ) : null}
        </div>
        {received ? (
          <div className="grid gap-1.5">
            <div
              role="progressbar"
              aria-label="Export progress"
              aria-describedby={labelId}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent ?? undefined}
              className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
            >
              <div
                className={percent === null ? 'h-full w-1/3 animate-pulse rounded-full bg-brand-600' : 'h-full rounded-full bg-brand-600'}
                style={percent === null ? undefined : { width: `${percent}%` }}
              />
            </div>
            <p id={labelId} className="text-xs tabular-nums text-slate-700">
              {state.kind === 'done' ? 'Export finished' : `Receiving… ${nf.format(received.records)} of ${nf.format(total)} results · ${formatBytes(received.bytes)}`}
            </p>
            {/* Announced once, when the file is saved; the running count would flood a screen reader. */}
            <p role="status" className="text-xs tabular-nums text-emerald-800">
              {state.kind === 'done' ? (
                <span className="inline-flex items-center gap-1">
                  <CircleCheck className="size-3.5" aria-hidden /> Saved {state.fileName}: {nf.format(received.records)} {received.records === 1 ? 'result' : 'results'},{' '}
                  {formatBytes(received.bytes)}
                </span>
              ) : null}
            </p>
          </div>
        ) : null}
        {state.kind === 'failed' ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {state.error.code === 'UNAUTHORIZED' ? 'Your session has ended: sign in again to export.' : state.error.message}
            {state.error.requestId ? <span className="mt-0.5 block font-mono text-xs text-red-700">Reference {state.error.requestId}</span> : null}
          </p>
        ) : null}
    </>
  );
}
