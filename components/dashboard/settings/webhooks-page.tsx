'use client';

import { KeyRound, Power, Send, Trash2, Webhook } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { contractError } from '@/components/trpc/errors';
import { trpc, type RouterOutputs } from '@/components/trpc/react';
import { ConfirmActionDialog } from '../confirm-action-dialog';
import { PageHeader } from '../page-header';
import { Time } from '../time';
import { CreateWebhookDialog } from './create-webhook-dialog';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookSecretDialog } from './webhook-secret-dialog';

type Endpoint = RouterOutputs['webhooks']['list']['items'][number];
type Pending = { kind: 'delete' | 'rotate'; endpoint: Endpoint } | null;

/** Settings → Webhooks: the organization's endpoints, their delivery logs, test events, replay, rotation. */
export function WebhooksPage() {
  const [secret, setSecret] = useState<{ url: string; secret: string; rotated: boolean } | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const list = trpc.webhooks.list.useQuery({ page: 1, pageSize: 100 });
  const onError = (error: unknown) => setFailure(contractError(error).message);
  const refresh = () => utils.webhooks.invalidate();
  const update = trpc.webhooks.update.useMutation({ onError, onSuccess: refresh });
  const remove = trpc.webhooks.delete.useMutation({ onError, onSettled: () => setPending(null), onSuccess: refresh });
  const rotate = trpc.webhooks.rotateSecret.useMutation({
    onError,
    onSettled: () => setPending(null),
    onSuccess: (out) => setSecret({ url: out.url, secret: out.secret, rotated: true }),
  });
  const test = trpc.webhooks.test.useMutation({ onError, onSuccess: (out) => setNotice(`Test event ${out.eventId} queued.`), onSettled: refresh });

  const endpoints = list.data?.items ?? [];
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <PageHeader
        title="Webhooks"
        description="Signed events (Standard Webhooks) pushed to your systems when interviews, candidates, reports and tests change."
      />
      <Card>
        <CardHeader
          title="Endpoints"
          description="Each delivery carries webhook-id, webhook-timestamp and webhook-signature headers; failed ones are retried for about a day."
          action={<CreateWebhookDialog onCreated={(created) => setSecret({ url: created.url, secret: created.secret, rotated: false })} />}
        />
        {notice ? (
          <p role="status" className="mx-5 mt-4 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
            {notice}
          </p>
        ) : null}
        {failure ? (
          <p role="alert" className="mx-5 mt-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {failure}
          </p>
        ) : null}
        {list.isError && !list.data ? (
          <ErrorState title="The endpoints could not be loaded" message={contractError(list.error).message} requestId={contractError(list.error).requestId} onRetry={() => list.refetch()} />
        ) : list.data && endpoints.length === 0 ? (
          <EmptyState icon={Webhook} title="No webhook endpoints yet" description="Add the URL of the system that should hear about changes." />
        ) : null}
      </Card>
      {endpoints.map((endpoint) => (
        <Card key={endpoint.id}>
          <CardHeader
            titleAs="h3"
            title={<span className="break-all font-mono text-sm">{endpoint.url}</span>}
            description={endpoint.description ?? undefined}
            action={endpoint.enabled ? <Badge tone="green">Enabled</Badge> : <Badge tone="red">Disabled</Badge>}
          />
          <CardContent className="grid gap-3 text-sm text-slate-700">
            <p className="flex flex-wrap items-center gap-1">
              <span className="mr-1 text-slate-600">Events:</span>
              {endpoint.eventTypes.map((type) => (
                <Badge key={type} tone="neutral" className="font-mono">
                  {type === '*' ? 'all events' : type}
                </Badge>
              ))}
            </p>
            <p className="text-xs text-slate-600">
              <code className="font-mono">{endpoint.id}</code> · created <Time value={endpoint.createdAt} withTime={false} />
            </p>
            {endpoint.disabledReason ? <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">{endpoint.disabledReason}</p> : null}
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" disabled={update.isPending} onClick={() => update.mutate({ id: endpoint.id, enabled: !endpoint.enabled })}>
                <Power aria-hidden /> {endpoint.enabled ? 'Disable' : 'Enable'}
              </Button>
              <Button variant="outline" size="sm" disabled={!endpoint.enabled || test.isPending} onClick={() => test.mutate({ id: endpoint.id })}>
                <Send aria-hidden /> Send test event
              </Button>
              <Button variant="outline" size="sm" onClick={() => setPending({ kind: 'rotate', endpoint })}>
                <KeyRound aria-hidden /> Rotate secret
              </Button>
              <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={() => setPending({ kind: 'delete', endpoint })}>
                <Trash2 aria-hidden /> Delete
              </Button>
            </div>
          </CardContent>
          <WebhookDeliveries endpointId={endpoint.id} enabled={endpoint.enabled} />
        </Card>
      ))}
      <WebhookSecretDialog shown={secret} onClose={() => setSecret(null)} />
      <ConfirmActionDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title={pending?.kind === 'delete' ? 'Delete this endpoint?' : 'Rotate the signing secret?'}
        description={
          pending?.kind === 'delete'
            ? `${pending.endpoint.url} stops receiving events at once, and its delivery log is deleted.`
            : 'A new secret signs every delivery from now on; the current one stops verifying. Update your receiver right after.'
        }
        confirmLabel={pending?.kind === 'delete' ? 'Delete endpoint' : 'Rotate secret'}
        destructive={pending?.kind === 'delete'}
        pending={remove.isPending || rotate.isPending}
        onConfirm={() => {
          if (!pending) return;
          setFailure(null);
          if (pending.kind === 'delete') remove.mutate({ id: pending.endpoint.id });
          else rotate.mutate({ id: pending.endpoint.id });
        }}
      />
    </div>
  );
}
