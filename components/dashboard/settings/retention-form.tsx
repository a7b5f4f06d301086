'use client';

import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import type { Api } from '@/components/trpc/api-client';
import type { RouterOutputs } from '@/components/trpc/react';
import { useApiAction } from '@/components/trpc/use-api-action';
import { SavedNote } from './saved-note';

type Retention = RouterOutputs['settings']['retention'];
const updateRetention = (api: Api, input: { retentionDays: number }) => api.settings.updateRetention.mutate(input);

/** The retention period's form: the server checks the bounds and its message shows under the field. */
export function RetentionForm({ retention }: { retention: Retention }) {
  const [days, setDays] = useState(String(retention.retentionDays));
  const [saved, setSaved] = useState(false);
  const update = useApiAction(updateRetention, { onSuccess: () => setSaved(true) });
  const error = update.error ? (update.error.issues?.[0]?.message ?? update.error.message) : undefined;
  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    void update.run({ retentionDays: Number(days) });
  }
  return (
    <Form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
      <Field label="Retention period (days)" error={error} hint={`From ${retention.minDays} to ${retention.maxDays} days; the default is ${retention.defaultDays} (two years).`} className="w-64">
        <Input type="number" inputMode="numeric" min={retention.minDays} max={retention.maxDays} value={days} onChange={(e) => setDays(e.target.value)} />
      </Field>
      <Button type="submit" disabled={update.pending}>
        Save
      </Button>
      <SavedNote shown={saved} />
    </Form>
  );
}
