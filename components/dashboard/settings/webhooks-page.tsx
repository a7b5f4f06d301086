'use client';

import { KeyRound, Plus, Power, Send, Trash2, Webhook } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { Api } from '@/components/trpc/api-client';
import type { RouterOutputs } from '@/components/trpc/react';
import { useApiAction } from '@/components/trpc/use-api-action';
import { PageHeader } from '../page-header';
import { Time } from '../time';
import { WebhookDeliveries } from './webhook-deliveries';
import { useLazyDialog } from '@/components/ui/use-lazy-dialog';

/** The dialogs load on first use, not with the page. */
const CreateWebhookDialog = dynamic(() => import('./create-webhook-dialog').then((m) => m.CreateWebhookDialog), { ssr: false });
const WebhookSecretDialog = dynamic(() => import('./webhook-secret-dialog').then((m) => m.WebhookSecretDialog), { ssr: false });
const ConfirmActionDialog = dynamic(() => import('../confirm-action-dialog').then((m) => m.ConfirmActionDialog), { ssr: false });

type Endpoint = RouterOutputs['webhooks']['list']['items'][number];
type Deliveries = RouterOutputs['webhooks']['deliveries'];

const updateEndpoint = (api: Api, input: { id: string; enabled: boolean }) => api.webhooks.update.mutate(input);
const deleteEndpoint = (api: Api, input: { id: string }) => api.webhooks.delete.mutate(input);
const rotateSecret = (api: Api, input: { id: string }) => api.webhooks.rotateSecret.mutate(input);
const sendTest = (api: Api, input: { id: string }) => api.webhooks.test.mutate(input);
type Pending = { kind: 'delete' | 'rotate'; endpoint: Endpoint } | null;

/**
 * Settings → Webhooks: the organization's endpoints, their delivery logs, test events, replay, rotation. The server
 * reads the endpoints and the first page of each log; a change re-renders the page.
 */
export function WebhooksPage({ endpoints, deliveries }: { endpoints: Endpoint[]; deliveries: Record<string, Deliveries> }) {
  const [secret, setSecret] = useState<{ url: string; secret: string; rotated: boolean } | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useLazyDialog();
  const [confirmWanted, setConfirmWanted] = useState(false);
  // The deliveries' logs look again at once after a test event (their own polling does the rest).
  const [tested, setTested] = useState(0);
  const onError = (error: { message: string }) => setFailure(error.message);
  const update = useApiAction(updateEndpoint, { onError });
  const remove = useApiAction(deleteEndpoint, { onError: (error) => (onError(error), setPending(null)), onSuccess: () => setPending(null) });
  const rotate = useApiAction(rotateSecret, {
    refresh: false,
    onError: (error) => (onError(error), setPending(null)),
    onSuccess: (out) => {
      setPending(null);
      setSecret({ url: out.url, secret: out.secret, rotated: true });
    },
  });
  const test = useApiAction(sendTest, {
    onError,
    onSuccess: (out) => {
      setNotice(`Test event ${out.eventId} queued.`);
      setTested((n) => n + 1);
    },
  });
  const ask = (next: NonNullable<Pending>) => {
    setConfirmWanted(true);
    setPending(next);
  };

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
          action={
            <Button
              size="sm"
              aria-haspopup="dialog"
              onClick={create.show}
            >
              <Plus aria-hidden /> New endpoint
            </Button>
          }
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
        {endpoints.length === 0 ? (
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
              <Button variant="outline" size="sm" disabled={update.pending} onClick={() => void update.run({ id: endpoint.id, enabled: !endpoint.enabled })}>
                <Power aria-hidden /> {endpoint.enabled ? 'Disable' : 'Enable'}
              </Button>
              <Button variant="outline" size="sm" disabled={!endpoint.enabled || test.pending} onClick={() => void test.run({ id: endpoint.id })}>
                <Send aria-hidden /> Send test event
              </Button>
              <Button variant="outline" size="sm" onClick={() => ask({ kind: 'rotate', endpoint })}>
                <KeyRound aria-hidden /> Rotate secret
              </Button>
              <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={() => ask({ kind: 'delete', endpoint })}>
                <Trash2 aria-hidden /> Delete
              </Button>
            </div>
          </CardContent>
          <WebhookDeliveries endpointId={endpoint.id} enabled={endpoint.enabled} initial={deliveries[endpoint.id]} reload={tested} />
        </Card>
      ))}
      {create.mounted ? (
        <CreateWebhookDialog open={create.open} onOpenChange={create.setOpen} onCreated={(created) => setSecret({ url: created.url, secret: created.secret, rotated: false })} />
      ) : null}
      {secret ? <WebhookSecretDialog shown={secret} onClose={() => setSecret(null)} /> : null}
      {confirmWanted ? (
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
        pending={remove.pending || rotate.pending}
        onConfirm={() => {
          if (!pending) return;
          setFailure(null);
          if (pending.kind === 'delete') void remove.run({ id: pending.endpoint.id });
          else void rotate.run({ id: pending.endpoint.id });
        }}
      />
      ) : null}
    </div>
  );
}
