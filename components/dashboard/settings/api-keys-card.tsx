'use client';

import { CircleAlert, KeyRound, Plus, X } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { Api } from '@/components/trpc/api-client';
import type { RouterOutputs } from '@/components/trpc/react';
import { useApiAction } from '@/components/trpc/use-api-action';
import { DataTable, type DataColumn } from '../data-table';
import { PaginationBar } from '../pagination-bar';
import { Time } from '../time';
import { useSearchState } from '../use-search-state';
import type { CreatedApiKey } from './create-api-key-dialog';
import { useLazyDialog } from '@/components/ui/use-lazy-dialog';

/** The dialogs load on first use, not with the page. */
const CreateApiKeyDialog = dynamic(() => import('./create-api-key-dialog').then((m) => m.CreateApiKeyDialog), { ssr: false });
const NewApiKeyDialog = dynamic(() => import('./new-api-key-dialog').then((m) => m.NewApiKeyDialog), { ssr: false });
const ConfirmActionDialog = dynamic(() => import('../confirm-action-dialog').then((m) => m.ConfirmActionDialog), { ssr: false });

type List = RouterOutputs['apiKeys']['list'];
type Row = List['items'][number];
const revokeKey = (api: Api, input: { id: string }) => api.apiKeys.revoke.mutate(input);

/**
 * The organization's API keys: list (revoked ones too), create with scopes (the plaintext shown once), revoke. The
 * page reads the list on the server (its page in the URL: `keysPage`, `keysPageSize`); a change re-renders it.
 */
export function ApiKeysCard({ list, page, pageSize }: { list: List; page: number; pageSize: number }) {
  const { set } = useSearchState();
  const create = useLazyDialog();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<Row | null>(null);
  const [revokeWanted, setRevokeWanted] = useState(false);
  const revoke = useApiAction(revokeKey, { onSuccess: () => setRevoking(null), onError: () => setRevoking(null) });
  const revokeError = revoke.error;
  const askRevoke = (row: Row) => {
    setRevokeWanted(true);
    setRevoking(row);
  };

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
            <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={() => askRevoke(row.original)} aria-label={`Revoke ${row.original.name} (${row.original.prefix}…)`}>
              Revoke
            </Button>
          ),
      },
    ],
    [],
  );

  return (
    <Card>
      <CardHeader
        title="API keys"
        description="Keys give other systems access to the REST API (/api/v1) of this organization, limited by their scopes."
        action={
          <Button
            size="sm"
            aria-haspopup="dialog"
            onClick={create.show}
          >
            <Plus aria-hidden /> New API key
          </Button>
        }
      />
      {revokeError ? (
        <div role="alert" className="mx-5 mt-4 flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p className="flex-1">
            Could not revoke the key: {revokeError.message}
            {revokeError.requestId ? <span className="ml-1 font-mono text-xs opacity-80">(reference {revokeError.requestId})</span> : null}
          </p>
          <button type="button" onClick={() => revoke.reset()} aria-label="Dismiss" className="rounded p-0.5 opacity-70 hover:opacity-100">
            <X className="size-4" aria-hidden />
          </button>
        </div>
      ) : null}
      {list.pagination.total === 0 ? (
        // Outside the table, so that on a phone it is not cut by the table's sideways scrolling.
        <EmptyState icon={KeyRound} title="No API keys yet" description="Create one for each system that calls the REST API." />
      ) : (
        <>
          <DataTable columns={columns} data={list.items} caption="API keys of the organization" getRowId={(row) => row.id} />
          {list.pagination.total > pageSize ? (
            <PaginationBar
              page={page}
              pageSize={pageSize}
              total={list.pagination.total}
              totalPages={list.pagination.totalPages}
              onPage={(p) => set({ keysPage: p })}
              onPageSize={(size) => set({ keysPageSize: size === 10 ? null : size, keysPage: null })}
              noun="keys"
            />
          ) : null}
        </>
      )}
      {create.mounted ? <CreateApiKeyDialog open={create.open} onOpenChange={create.setOpen} onCreated={setCreated} /> : null}
      {created ? <NewApiKeyDialog apiKey={created} onClose={() => setCreated(null)} /> : null}
      {revokeWanted ? (
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
          pending={revoke.pending}
          onConfirm={() => revoking && void revoke.run({ id: revoking.id })}
        />
      ) : null}
    </Card>
  );
}
