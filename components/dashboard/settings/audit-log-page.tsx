'use client';

import { keepPreviousData } from '@tanstack/react-query';
import { ArrowLeft, Download, ScrollText } from 'lucide-react';
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Field } from '@/components/ui/field';
import { Input, inputClasses } from '@/components/ui/input';
import { contractError } from '@/components/trpc/errors';
import { trpc, type RouterOutputs } from '@/components/trpc/react';
import { AUDIT_ACTIONS } from '@/server/services/audit/audit-actions';
import { DataTable, type DataColumn } from '../data-table';
import { PageHeader } from '../page-header';
import { PaginationBar } from '../pagination-bar';
import { Time } from '../time';
import { localDayStart } from '../format';
import { ACTOR_LABELS, auditActionLabel, describeAuditDetails, TARGET_LABELS, words } from './audit-labels';
import { Form } from '@/components/ui/form';

type Row = RouterOutputs['auditEvents']['listReadable']['items'][number];
const EMPTY: Row[] = [];

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

/** The organization's audit log: filters, pages, and the CSV download of what the filters select. */
export function AuditLogPage() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [action, setAction] = useState('');
  const [targetId, setTargetId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filter = useMemo(() => {
    const since = localDayStart(from);
    const until = localDayStart(to, true);
    return {
      ...(action ? { action: action as (typeof AUDIT_ACTIONS)[number] } : {}),
      ...(targetId.trim() ? { targetId: targetId.trim() } : {}),
      // Days in the viewer's time zone; the "to" day is included: events before the start of the next day.
      ...(since ? { since } : {}),
      ...(until ? { until } : {}),
    };
  }, [action, targetId, from, to]);
  const list = trpc.auditEvents.listReadable.useQuery({ page, pageSize, ...filter }, { placeholderData: keepPreviousData });
  const data = list.data;
  const csvHref = `/api/dashboard/audit-export?${new URLSearchParams(filter as Record<string, string>).toString()}`;
  const change = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };

  return (
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
        <Form className="grid gap-3 border-b border-slate-100 p-4 sm:grid-cols-4" onSubmit={(e) => e.preventDefault()}>
          <Field label="Action">
            <select className={inputClasses} value={action} onChange={(e) => change(setAction)(e.target.value)}>
              <option value="">All actions</option>
              {AUDIT_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {auditActionLabel(a)}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Record id">
            <Input value={targetId} placeholder="cnd_…, itv_…, key_…" onChange={(e) => change(setTargetId)(e.target.value)} />
          </Field>
          <Field label="From">
            <Input type="date" value={from} onChange={(e) => change(setFrom)(e.target.value)} />
          </Field>
          <Field label="To (included)">
            <Input type="date" value={to} onChange={(e) => change(setTo)(e.target.value)} />
          </Field>
        </Form>
        {list.isError && !data ? (
          <ErrorState title="The audit log could not be loaded" message={contractError(list.error).message} requestId={contractError(list.error).requestId} onRetry={() => list.refetch()} />
        ) : data && data.pagination.total === 0 ? (
          <EmptyState icon={ScrollText} title="No entries" description="Nothing recorded matches these filters." />
        ) : (
          <>
            <DataTable columns={columns} data={data?.items ?? EMPTY} caption="Audit log of the organization" getRowId={(row) => row.id} loading={list.isFetching} />
            {data ? (
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
                noun="entries"
              />
            ) : null}
          </>
        )}
      </Card>
    </div>
  );
}
