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
import { Form } from '@/components/ui/form';

type Row = RouterOutputs['auditEvents']['list']['items'][number];
const EMPTY: Row[] = [];
const DAY_MS = 24 * 3600 * 1000;

const ACTOR_LABELS: Record<Row['actor']['type'], string> = { user: 'User', api_key: 'API key', agent: 'Voice agent', system: 'System' };

const columns: DataColumn<Row>[] = [
  { id: 'createdAt', header: 'When', cell: ({ row }) => <Time value={row.original.createdAt} className="whitespace-nowrap text-slate-700" /> },
  {
    id: 'actor',
    header: 'Who',
    cell: ({ row }) => (
      <div className="min-w-0">
        <p className="text-slate-900">{ACTOR_LABELS[row.original.actor.type]}</p>
        <code className="break-all font-mono text-xs text-slate-600">{row.original.actor.id}</code>
      </div>
    ),
  },
  { id: 'action', header: 'Action', cell: ({ row }) => <code className="break-all font-mono text-xs text-slate-900">{row.original.action}</code> },
  {
    id: 'target',
    header: 'Record',
    cell: ({ row }) => (
      <div className="min-w-0">
        <p className="text-slate-700">{row.original.targetType}</p>
        {row.original.targetId ? <code className="break-all font-mono text-xs text-slate-600">{row.original.targetId}</code> : null}
      </div>
    ),
  },
  {
    id: 'details',
    header: 'Details',
    cell: ({ row }) => <code className="block max-w-64 break-all font-mono text-xs text-slate-600">{JSON.stringify(row.original.details)}</code>,
  },
  { id: 'requestId', header: 'Request', cell: ({ row }) => <code className="break-all font-mono text-xs text-slate-600">{row.original.requestId ?? '—'}</code> },
];

/** A yyyy-mm-dd date input as the start of that day in UTC (ISO 8601), or undefined. */
function dayStart(value: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : undefined;
}

/** The organization's audit log: filters, pages, and the CSV download of what the filters select. */
export function AuditLogPage() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [action, setAction] = useState('');
  const [targetId, setTargetId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filter = useMemo(() => {
    const until = dayStart(to);
    return {
      ...(action ? { action: action as (typeof AUDIT_ACTIONS)[number] } : {}),
      ...(targetId.trim() ? { targetId: targetId.trim() } : {}),
      ...(dayStart(from) ? { since: dayStart(from) } : {}),
      // The "to" day is included: events before the start of the next day.
      ...(until ? { until: new Date(Date.parse(until) + DAY_MS).toISOString() } : {}),
    };
  }, [action, targetId, from, to]);
  const list = trpc.auditEvents.list.useQuery({ page, pageSize, ...filter }, { placeholderData: keepPreviousData });
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
        description="Who did what to which record, when, and from which request. Entries cannot be changed or deleted and never contain candidates' personal data."
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
                  {a}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Record id">
            <Input value={targetId} placeholder="cnd_…, itv_…, key_…" onChange={(e) => change(setTargetId)(e.target.value)} />
          </Field>
          <Field label="From (UTC)">
            <Input type="date" value={from} onChange={(e) => change(setFrom)(e.target.value)} />
          </Field>
          <Field label="To (UTC, included)">
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
