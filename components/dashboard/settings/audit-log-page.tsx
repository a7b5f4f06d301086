import { ArrowLeft, Download, ScrollText } from 'lucide-react';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { RouterOutputs } from '@/components/trpc/react';
import { AUDIT_ACTIONS } from '@/server/services/audit/audit-actions';
import type { Settled } from '@/server/http/dashboard-session';
import { DataTable, type DataColumn } from '../data-table';
import { ListBusy, ListNavigationProvider } from '../list-navigation';
import { PageHeader } from '../page-header';
import { UrlPaginationBar } from '../pagination-bar';
import { PartError } from '../part-error';
import { Time } from '../time';
import { ACTOR_LABELS, auditActionLabel, describeAuditDetails, TARGET_LABELS, words } from './audit-labels';
import { AuditFilters } from './audit-filters';
import type { AuditFilterState } from './audit-input';

type List = RouterOutputs['auditEvents']['listReadable'];
type Row = List['items'][number];

function Who({ row }: { row: Row }) {
  const { actor, actorName, actorEmail } = row;
  if (actor.type === 'agent' || actor.type === 'system') return <p className="text-slate-900">{ACTOR_LABELS[actor.type]}</p>;
  return (
    <div className="min-w-0">
      <p className="break-words text-slate-900">{actorName ?? (actor.type === 'user' ? 'A former teammate' : 'A deleted API key')}</p>
      <p className="break-all text-xs text-slate-600">{actor.type === 'api_key' ? 'API key' : actorEmail && actorEmail !== actorName ? actorEmail : null}</p>
    </div>
  );
}

function What({ row }: { row: Row }) {
  const kind = TARGET_LABELS[row.targetType] ?? words(row.targetType);
  return (
    <div className="min-w-0">
      <p className="text-slate-900">{auditActionLabel(row.action)}</p>
      <p className="break-words text-xs text-slate-600">
        {row.targetName ? (
          <>
            {kind}:{' '}
            {row.targetHref ? (
              <Link href={row.targetHref} className="text-brand-700 underline">
                {row.targetName}
              </Link>
            ) : (
              row.targetName
            )}
          </>
        ) : row.targetGone ? (
          `${kind}, since deleted or erased`
        ) : row.targetType === 'organization' ? null : (
          kind
        )}
      </p>
    </div>
  );
}

function Changes({ row }: { row: Row }) {
  const lines = describeAuditDetails(row.details);
  if (lines.length === 0) return <span className="text-slate-600">—</span>;
  return (
    <ul className="grid gap-0.5 text-xs text-slate-700">
      {lines.map((line, i) => (
        <li key={i} className="break-words">
          {line}
        </li>
      ))}
    </ul>
  );
}

const columns: DataColumn<Row>[] = [
  { id: 'createdAt', header: 'When', cell: ({ row }) => <Time value={row.original.createdAt} className="whitespace-nowrap text-slate-700" /> },
  { id: 'actor', header: 'Who', cell: ({ row }) => <Who row={row.original} /> },
  { id: 'action', header: 'What', cell: ({ row }) => <What row={row.original} /> },
  { id: 'details', header: 'What changed', cell: ({ row }) => <Changes row={row.original} /> },
  {
    id: 'requestId',
    header: 'Reference',
    cell: ({ row }) => (
      <details className="text-xs text-slate-600">
        <summary className="cursor-pointer">Ids</summary>
        <code className="block break-all font-mono">{row.original.targetId ?? '—'}</code>
        <code className="block break-all font-mono">{row.original.actor.id}</code>
        <code className="block break-all font-mono">{row.original.requestId ?? 'no request'}</code>
      </details>
    ),
  },
];

/**
 * The organization's audit log, rendered on the server from the URL (filters, page): the filters are the island; a
 * change of filter renders the entries again, the current ones dimmed meanwhile. The CSV download takes the filter.
 */
export function AuditLogPage({ list, state, filter, page, pageSize }: { list: Settled<List>; state: AuditFilterState; filter: Record<string, string>; page: number; pageSize: number }) {
  const csvHref = `/api/dashboard/audit-export?${new URLSearchParams(filter).toString()}`;
  const actions = AUDIT_ACTIONS.map((a) => ({ value: a, label: auditActionLabel(a) }));
  return (
    <ListNavigationProvider>
      <div className="mx-auto max-w-6xl">
        <PageHeader
          eyebrow={
            <Link href="/settings" className="inline-flex items-center gap-1 hover:text-brand-700 hover:underline">
              <ArrowLeft className="size-3.5" aria-hidden /> Settings
            </Link>
          }
          title="Audit log"
          description="Who did what to which record, and when. Entries cannot be changed or deleted; they keep ids only, and the names shown here are looked up as you read."
          actions={
            <Button asChild variant="outline">
              <a href={csvHref} download>
                <Download aria-hidden /> Export CSV
              </a>
            </Button>
          }
        />
        <Card className="min-w-0">
          <AuditFilters state={state} actions={actions} />
          {list.error ? (
            <PartError error={list.error} />
          ) : list.data.pagination.total === 0 ? (
            <EmptyState icon={ScrollText} title="No entries" description="Nothing recorded matches these filters." />
          ) : (
            <ListBusy>
              <DataTable columns={columns} data={list.data.items} caption="Audit log of the organization" getRowId={(row) => row.id} />
              <UrlPaginationBar page={page} pageSize={pageSize} total={list.data.pagination.total} totalPages={list.data.pagination.totalPages} noun="entries" />
            </ListBusy>
          )}
        </Card>
      </div>
    </ListNavigationProvider>
  );
}
