'use client';

import { LoaderCircle, Webhook } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { Api } from '@/components/trpc/api-client';
import type { RouterOutputs } from '@/components/trpc/react';
import { useApiAction } from '@/components/trpc/use-api-action';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@/server/services/webhooks/event-types';
import { Form } from '@/components/ui/form';

export type CreatedWebhookEndpoint = RouterOutputs['webhooks']['create'];
type CreateInput = Parameters<Api['webhooks']['create']['mutate']>[0];
const createEndpoint = (api: Api, input: CreateInput) => api.webhooks.create.mutate(input);

/**
 * URL, description and event types of a new endpoint; the created endpoint (with its secret) goes to `onCreated`.
 * Loaded on the first press of "New endpoint" (webhooks-page.tsx), which holds `open`.
 */
export function CreateWebhookDialog({ open, onOpenChange: setOpen, onCreated }: { open: boolean; onOpenChange: (open: boolean) => void; onCreated: (endpoint: CreatedWebhookEndpoint) => void }) {
  const [all, setAll] = useState(true);
  const [types, setTypes] = useState<WebhookEventType[]>([]);
  const create = useApiAction(createEndpoint, {
    onSuccess: (endpoint) => {
      setOpen(false);
      onCreated(endpoint);
    },
  });
  const failure = create.error;
  const errors: Record<string, string> = {};
  for (const issue of failure?.issues ?? []) errors[issue.path.split('.')[0]] ??= issue.message;
  const formError = failure && failure.code !== 'VALIDATION_ERROR' ? failure.message : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const description = String(form.get('description') ?? '').trim();
    void create.run({ url: String(form.get('url') ?? '').trim(), description: description || undefined, eventTypes: all ? ['*'] : types });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          create.reset();
          setAll(true);
          setTypes([]);
        }
      }}
    >
      <DialogContent className="max-w-lg">
        <DialogHeader title="New webhook endpoint" description="The service POSTs signed JSON events to this URL as they happen." />
        <Form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="New webhook endpoint">
          {formError ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {formError}
            </p>
          ) : null}
          <Field label="URL" error={errors.url} hint="https, reachable from the internet.">
            <Input name="url" type="url" required autoComplete="off" placeholder="https://ats.example.com/hooks/interviews" />
          </Field>
          <Field label="Description" error={errors.description}>
            <Input name="description" autoComplete="off" maxLength={500} placeholder="ATS integration" />
          </Field>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">Events</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} className="size-4 accent-brand-600" /> All events, including those
              added later
            </label>
            {all ? null : (
              <div className="grid gap-1 sm:grid-cols-2">
                {WEBHOOK_EVENT_TYPES.map((type) => (
                  <label key={type} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={types.includes(type)}
                      onChange={(e) => setTypes((current) => (e.target.checked ? [...current, type] : current.filter((t) => t !== type)))}
                      className="size-4 accent-brand-600"
                    />
                    <code className="font-mono text-xs">{type}</code>
                  </label>
                ))}
              </div>
            )}
            {errors.eventTypes ? <p className="text-xs font-medium text-red-700">{errors.eventTypes}</p> : null}
          </fieldset>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Back
            </Button>
            <Button type="submit" disabled={create.pending}>
              {create.pending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Webhook aria-hidden />}
              Create endpoint
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
