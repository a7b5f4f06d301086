'use client';

import { keepPreviousData } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { contractError } from '@/components/trpc/errors';
import { trpc, type RouterOutputs } from '@/components/trpc/react';
import { DataTable, type DataColumn } from '../data-table';
import { PaginationBar } from '../pagination-bar';
import { Time } from '../time';

type Row = RouterOutputs['webhooks']['deliveries']['items'][number];
const EMPTY: Row[] = [];
const TONE = { SUCCEEDED: 'green', FAILED: 'red', PENDING: 'amber' } as const;

/** One endpoint's delivery log, newest first (refreshed every few seconds), with replay of any event in it. */
export function WebhookDeliveries({ endpointId, enabled }: { endpointId: string; enabled: boolean }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [replayed, setReplayed] = useState<string | null>(null);
  const list = trpc.webhooks.deliveries.useQuery({ id: endpointId, page, pageSize }, { placeholderData: keepPreviousData, refetchInterval: 5000 });
  const replay = trpc.webhooks.replay.useMutation({ onSuccess: (out) => setReplayed(out.eventId) });

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
            disabled={!enabled || replay.isPending}
            onClick={() => replay.mutate({ id: endpointId, eventId: row.original.eventId })}
            aria-label={`Replay ${row.original.eventType} ${row.original.eventId}`}
          >
            <RotateCcw aria-hidden /> Replay
          </Button>
        ),
      },
    ],
    [endpointId, enabled, replay],
  );

  const data = list.data;
  if (list.isError && !data) {
    return <ErrorState title="The delivery log could not be loaded" message={contractError(list.error).message} requestId={contractError(list.error).requestId} onRetry={() => list.refetch()} />;
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
          {contractError(replay.error).message}
        </p>
      ) : null}
      <DataTable columns={columns} data={data?.items ?? EMPTY} caption="Delivery attempts, newest first" getRowId={(row) => row.id} loading={list.isFetching} />
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
