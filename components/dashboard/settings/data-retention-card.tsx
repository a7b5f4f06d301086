'use client';

import { ArrowRight, ScrollText } from 'lucide-react';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { contractError } from '@/components/trpc/errors';
import { trpc, type RouterOutputs } from '@/components/trpc/react';
import { Form } from '@/components/ui/form';
import { Time } from '../time';

type Retention = RouterOutputs['settings']['retention'];

const DAY_MS = 24 * 3600 * 1000;

/** Erasure requests still open, each with its 30-day clock (days left, or overdue), oldest first. */
function ErasureRequests() {
  const requests = trpc.settings.erasureRequests.useQuery().data ?? [];
  const open = requests.filter((r) => r.completedAt === null);
  return (
    <div className="grid gap-1.5" data-testid="erasure-requests">
      <h3 className="text-sm font-medium text-slate-900">Erasure requests</h3>
      {open.length === 0 ? (
        <p className="text-sm text-slate-600">No open request. A request recorded through the API starts a 30-day clock; erasing the candidate completes it.</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {open.map((r) => {
            const daysLeft = Math.ceil((new Date(r.dueAt).getTime() - Date.now()) / DAY_MS);
            return (
              <li key={r.id} className={daysLeft < 0 ? 'text-red-800' : daysLeft <= 7 ? 'text-amber-800' : 'text-slate-800'}>
                <Link href={`/candidates/${r.candidateId}`} className="font-medium hover:underline">
                  {r.candidateId}
                </Link>{' '}
                · received <Time value={r.receivedAt} withTime={false} /> · {daysLeft < 0 ? `${-daysLeft} days overdue` : `${daysLeft} of 30 days left`}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** The organization's retention period (shortening it erases more at the next daily run) and the audit log. */
export function DataRetentionCard({ initial }: { initial: Retention }) {
  const utils = trpc.useUtils();
  const retention = trpc.settings.retention.useQuery(undefined, { initialData: initial }).data ?? initial;
  const [days, setDays] = useState(String(initial.retentionDays));
  const [saved, setSaved] = useState(false);
  const update = trpc.settings.updateRetention.useMutation({
    onMutate: () => setSaved(false),
    onSuccess: async () => {
      setSaved(true);
      await utils.settings.retention.invalidate();
    },
  });
  const error = update.error ? (contractError(update.error).issues?.[0]?.message ?? contractError(update.error).message) : undefined;
  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate({ retentionDays: Number(days) });
  }
  return (
    <Card>
      <CardHeader
        title="Data retention"
        description={`Candidates are erased automatically ${retention.retentionDays} days after their last activity (profile change, interview, test), by a daily job, exactly as the Erase action does.`}
      />
      <CardContent className="grid gap-4">
        <Form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
          <Field label="Retention period (days)" error={error} hint={`From ${retention.minDays} to ${retention.maxDays} days; the default is ${retention.defaultDays} (two years).`} className="w-64">
            <Input type="number" inputMode="numeric" min={retention.minDays} max={retention.maxDays} value={days} onChange={(e) => setDays(e.target.value)} />
          </Field>
          <Button type="submit" disabled={update.isPending}>
            Save
          </Button>
          {saved ? (
            <p role="status" className="text-sm text-green-700">
              Saved.
            </p>
          ) : null}
        </Form>
        <ErasureRequests />
        <Button asChild variant="outline" className="justify-self-start">
          <Link href="/settings/audit">
            <ScrollText aria-hidden /> Audit log <ArrowRight aria-hidden />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
