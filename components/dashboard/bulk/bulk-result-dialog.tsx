'use client';

import { useEffect, useRef } from 'react';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogClose } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { trpc, type RouterOutputs } from '@/components/trpc/react';

export type BulkOperation = RouterOutputs['bulk']['get'];

const OUTCOME = { ok: { label: 'Done', tone: 'green' }, skipped: { label: 'Skipped', tone: 'amber' }, failed: { label: 'Failed', tone: 'red' } } as const;

/**
 * The outcome of a bulk action, row by row. A background operation (over the inline limit) is polled every
 * second until it completes; `onSettled` runs once, when it has.
 */
export function BulkResultDialog({ title, operation, onClose, onSettled }: { title: string; operation: BulkOperation | null; onClose: () => void; onSettled?: () => void }) {
  const running = operation !== null && operation.status !== 'completed';
  const live = trpc.bulk.get.useQuery({ id: operation?.id ?? '' }, { enabled: running, refetchInterval: (query) => (query.state.data?.status === 'completed' ? false : 1000) });
  const current = live.data && live.data.id === operation?.id ? live.data : operation;
  const completed = current?.status === 'completed';
  const settledId = useRef<string | null>(null);
  useEffect(() => {
    // Once per operation, when it has completed.
    if (completed && current && settledId.current !== current.id) {
      settledId.current = current.id;
      onSettled?.();
    }
  }, [completed, current, onSettled]);
  const notOk = current?.results.filter((r) => r.outcome !== 'ok') ?? [];
  return (
    <Dialog open={operation !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader title={title} description={completed ? 'Finished. Each row’s outcome is listed below.' : 'Running in the background: you may close this dialog, the work goes on.'} />
        {current ? (
          <div className="grid gap-4" data-testid="bulk-result" data-status={current.status}>
            <div className="grid gap-1.5">
              <div
                role="progressbar"
                aria-label="Rows done"
                aria-valuemin={0}
                aria-valuemax={current.total}
                aria-valuenow={current.done}
                className="h-2 overflow-hidden rounded-full bg-slate-100"
              >
                <div className="h-full bg-brand-600 transition-all" style={{ width: `${current.total ? (100 * current.done) / current.total : 0}%` }} />
              </div>
              <p className="text-sm text-slate-700" aria-live="polite" data-testid="bulk-summary">
                {current.done} of {current.total} rows: <strong>{current.ok} done</strong>, {current.skipped} skipped, {current.failed} failed
              </p>
            </div>
            {notOk.length > 0 ? (
              // Focusable, so that a keyboard can scroll a long list of failures.
              <div role="region" aria-label="Rows not done" tabIndex={0} className="max-h-72 overflow-y-auto rounded-md border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Rows not done</caption>
                  <thead className="bg-slate-50 text-xs uppercase text-slate-600">
                    <tr>
                      <th scope="col" className="px-3 py-2">Row</th>
                      <th scope="col" className="px-3 py-2">Outcome</th>
                      <th scope="col" className="px-3 py-2">Reason</th>
                    </tr>
                  </thead>
                  <tbody>
                    {notOk.map((row) => (
                      <tr key={row.position} className="border-t border-slate-100" data-testid="bulk-row" data-outcome={row.outcome ?? 'pending'}>
                        <td className="px-3 py-2 text-slate-900">{row.label ?? <span className="font-mono text-xs">{row.targetId}</span>}</td>
                        <td className="px-3 py-2">{row.outcome ? <Badge tone={OUTCOME[row.outcome].tone}>{OUTCOME[row.outcome].label}</Badge> : <span className="text-slate-600">Waiting</span>}</td>
                        <td className="px-3 py-2 text-slate-700">{row.reason ?? '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
          </div>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
