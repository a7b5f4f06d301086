'use client';

import { keepPreviousData } from '@tanstack/react-query';
import { CircleAlert, KeyRound, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { contractError, type ContractError } from '@/components/trpc/errors';
import { trpc, type RouterOutputs } from '@/components/trpc/react';
import { ConfirmActionDialog } from '../confirm-action-dialog';
import { DataTable, type DataColumn } from '../data-table';
import { PaginationBar } from '../pagination-bar';
import { Time } from '../time';
import { CreateApiKeyDialog, type CreatedApiKey } from './create-api-key-dialog';
import { NewApiKeyDialog } from './new-api-key-dialog';

type Row = RouterOutputs['apiKeys']['list']['items'][number];
const EMPTY: Row[] = [];

/** The organization's API keys: list (revoked ones too), create with scopes (the plaintext shown once), revoke. */
export function ApiKeysCard() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<Row | null>(null);
  const [revokeError, setRevokeError] = useState<ContractError | null>(null);
  const utils = trpc.useUtils();
  const list = trpc.apiKeys.list.useQuery({ page, pageSize }, { placeholderData: keepPreviousData });
  const revoke = trpc.apiKeys.revoke.useMutation({
    onMutate: () => setRevokeError(null),
    onError: (error) => setRevokeError(contractError(error)),
    onSettled: async () => {
      setRevoking(null);
      await utils.apiKeys.list.invalidate();
    },
  });

  const columns = useMemo<DataColumn<Row>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        cell: ({ row }) => (
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{row.original.name}</p>
            <code className="font-mono text-xs text-slate-600" aria-label={`Key starting ${row.original.prefix}`}>
              {row.original.prefix}…
            </code>
          </div>
        ),
      },
      {
        id: 'scopes',
        header: 'Scopes',
        cell: ({ row }) => (
          <div className="flex max-w-72 flex-wrap gap-1">
            {row.original.scopes.map((s) => (
              <Badge key={s} tone="neutral" className="font-mono">
                {s}
              </Badge>
            ))}
          </div>
        ),
      },
      {
        id: 'lastUsedAt',
        header: 'Last used',
        cell: ({ row }) => (row.original.lastUsedAt ? <Time value={row.original.lastUsedAt} relative /> : <span className="text-slate-600">Never</span>),
      },
      { id: 'createdAt', header: 'Created', cell: ({ row }) => <Time value={row.original.createdAt} withTime={false} /> },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) =>
          row.original.revokedAt ? (
            <span className="grid gap-0.5">
              <Badge tone="red" className="justify-self-start">
                Revoked
              </Badge>
              <Time value={row.original.revokedAt} className="text-xs text-slate-600" />
            </span>
          ) : (
            <Badge tone="green">Active</Badge>
          ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) =>
          row.original.revokedAt ? null : (
            <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={() => setRevoking(row.original)} aria-label={`Revoke ${row.original.name} (${row.original.prefix}…)`}>
              Revoke
            </Button>
          ),
      },
    ],
    [],
  );

  const data = list.data;
  return (
    <Card>
      <CardHeader
        title="API keys"
        description="Keys give other systems access to the REST API (/api/v1) of this organization, limited by their scopes."
        action={<CreateApiKeyDialog onCreated={setCreated} />}
      />
      {revokeError ? (
        <div role="alert" className="mx-5 mt-4 flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p className="flex-1">
            Could not revoke the key: {revokeError.message}
            {revokeError.requestId ? <span className="ml-1 font-mono text-xs opacity-80">(reference {revokeError.requestId})</span> : null}
          </p>
          <button type="button" onClick={() => setRevokeError(null)} aria-label="Dismiss" className="rounded p-0.5 opacity-70 hover:opacity-100">
            <X className="size-4" aria-hidden />
          </button>
        </div>
      ) : null}
      {list.isError && !data ? (
        <ErrorState title="The API keys could not be loaded" message={contractError(list.error).message} requestId={contractError(list.error).requestId} onRetry={() => list.refetch()} />
      ) : data && data.pagination.total === 0 ? (
        // Outside the table, so that on a phone it is not cut by the table's sideways scrolling.
        <EmptyState icon={KeyRound} title="No API keys yet" description="Create one for each system that calls the REST API." />
      ) : (
        <>
          <DataTable
            columns={columns}
            data={data?.items ?? EMPTY}
            caption="API keys of the organization"
            getRowId={(row) => row.id}
            loading={list.isFetching}
          />
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
              noun="keys"
            />
          ) : null}
        </>
      )}
      <NewApiKeyDialog apiKey={created} onClose={() => setCreated(null)} />
      <ConfirmActionDialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? undefined : setRevoking(null))}
        title="Revoke this API key?"
        description={
          revoking ? (
            <>
              <strong className="font-medium text-slate-900">{revoking.name}</strong> (<code className="font-mono text-xs">{revoking.prefix}…</code>) stops working at once: every
              request made with it gets 401. This cannot be undone.
            </>
          ) : null
        }
        confirmLabel="Revoke key"
        destructive
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
      />
    </Card>
  );
}
