'use client';

import { RotateCcw } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { contractError, type ContractError } from '@/components/trpc/errors';
import type { Api } from '@/components/trpc/api-client';
import type { RouterOutputs } from '@/components/trpc/react';
import { loadApi, useApiAction } from '@/components/trpc/use-api-action';
import { DataTable, type DataColumn } from '../data-table';
import { PaginationBar } from '../pagination-bar';
import { Time } from '../time';

type Deliveries = RouterOutputs['webhooks']['deliveries'];
type Row = Deliveries['items'][number];
const EMPTY: Row[] = [];
const REFRESH_MS = 5000;
const replayEvent = (api: Api, input: { id: string; eventId: string }) => api.webhooks.replay.mutate(input);
const TONE = { SUCCEEDED: 'green', FAILED: 'red', PENDING: 'amber' } as const;

/**
 * One endpoint's delivery log, newest first, with replay of any event in it. The first page comes from the server;
 * the log then looks again every few seconds (and at once after a replay or a test event, `reload`) through the API
 * client, loaded then, not with the page.
 */
export function WebhookDeliveries({ endpointId, enabled, initial, reload = 0 }: { endpointId: string; enabled: boolean; initial?: Deliveries; reload?: number }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [replayed, setReplayed] = useState<string | null>(null);
  const [data, setData] = useState<Deliveries | undefined>(initial);
  const [loadError, setLoadError] = useState<ContractError | null>(null);
  const [fetching, setFetching] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const replay = useApiAction(replayEvent, { refresh: false, onSuccess: (out) => (setReplayed(out.eventId), setAttempt((n) => n + 1)) });
  useEffect(() => {
    let live = true;
    const read = async () => {
      setFetching(true);
      try {
        const next = await (await loadApi()).webhooks.deliveries.query({ id: endpointId, page, pageSize });
        if (live) {
          setData(next);
          setLoadError(null);
        }
      } catch (caught) {
        if (live) setLoadError(contractError(caught));
      } finally {
        if (live) setFetching(false);
      }
    };
    // Page 1 at the first render is the server's; any other page, a retry or a reload reads at once.
    if (page !== 1 || pageSize !== 10 || attempt > 0 || reload > 0 || !initial) void read();
    const timer = setInterval(() => void read(), REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
    // `initial` is the first render's data only: not a dependency.
  }, [endpointId, page, pageSize, attempt, reload]);

  const columns = useMemo<DataColumn<Row>[]>(
    () => [
      { id: 'createdAt', header: 'When', cell: ({ row }) => <Time value={row.original.createdAt} relative /> },
      {
        id: 'event',
        header: 'Event',
        cell: ({ row }) => (
          <div className="grid gap-0.5">
            <code className="font-mono text-xs text-slate-900">{row.original.eventType}</code>
            <code className="font-mono text-xs text-slate-600">{row.original.eventId}</code>
          </div>
        ),
      },
      { id: 'attempt', header: 'Attempt', cell: ({ row }) => row.original.attempt },
      { id: 'status', header: 'Status', cell: ({ row }) => <Badge tone={TONE[row.original.status]}>{row.original.status}</Badge> },
      {
        id: 'response',
        header: 'Response',
        cell: ({ row }) => (
          <span className="text-sm text-slate-700">
            {row.original.responseStatus ?? '—'}
            {row.original.durationMs !== null ? <span className="ml-1 text-xs text-slate-600">({row.original.durationMs} ms)</span> : null}
            {row.original.error ? <span className="block text-xs text-red-700">{row.original.error}</span> : null}
          </span>
        ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => (
          <Button
            variant="ghost"
            size="sm"
            disabled={!enabled || replay.pending}
            onClick={() => void replay.run({ id: endpointId, eventId: row.original.eventId })}
            aria-label={`Replay ${row.original.eventType} ${row.original.eventId}`}
          >
            <RotateCcw aria-hidden /> Replay
          </Button>
        ),
      },
    ],
    [endpointId, enabled, replay],
  );

  if (loadError && !data) {
    return <ErrorState title="The delivery log could not be loaded" message={loadError.message} requestId={loadError.requestId} onRetry={() => setAttempt((n) => n + 1)} />;
  }
  if (data && data.pagination.total === 0) return <EmptyState title="No deliveries yet" description="Send a test event, or wait for the next change." />;
  return (
    <div className="grid gap-2">
      {replayed ? (
        <p role="status" className="px-5 text-sm text-slate-700">
          <code className="font-mono text-xs">{replayed}</code> queued again, with the same webhook-id.
        </p>
      ) : null}
      {replay.error ? (
        <p role="alert" className="px-5 text-sm text-red-700">
          {replay.error.message}
        </p>
      ) : null}
      <DataTable columns={columns} data={data?.items ?? EMPTY} caption="Delivery attempts, newest first" getRowId={(row) => row.id} loading={fetching && !data} />
      {data && data.pagination.total > pageSize ? (
        <PaginationBar
          page={page}
          pageSize={pageSize}
          total={data.pagination.total}
          totalPages={data.pagination.totalPages}
          onPage={setPage}
          onPageSize={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          noun="attempts"
        />
      ) : null}
    </div>
  );
}
