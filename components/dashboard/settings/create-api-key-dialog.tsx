'use client';

import { KeyRound, LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { Api } from '@/components/trpc/api-client';
import type { RouterOutputs } from '@/components/trpc/react';
import { useApiAction } from '@/components/trpc/use-api-action';
import { SCOPE_DESCRIPTIONS, SCOPES, type Scope } from '@/server/auth/scopes';
import { Form } from '@/components/ui/form';

export type CreatedApiKey = RouterOutputs['apiKeys']['create'];
const createKey = (api: Api, input: { name?: string; scopes: Scope[] }) => api.apiKeys.create.mutate(input);

/**
 * Name and scopes of a new key; the created key (with its plaintext) goes to `onCreated`, which shows it once. Loaded
 * on the first press of "New API key" (api-keys-card.tsx), which holds `open`.
 */
export function CreateApiKeyDialog({ open, onOpenChange: setOpen, onCreated }: { open: boolean; onOpenChange: (open: boolean) => void; onCreated: (key: CreatedApiKey) => void }) {
  const [scopes, setScopes] = useState<Scope[]>([]);
  const [scopeError, setScopeError] = useState<string | null>(null);
  const scopesErrorId = useId();
  const create = useApiAction(createKey, {
    onSuccess: (key) => {
      setOpen(false);
      onCreated(key);
    },
  });
  const failure = create.error;
  const errors: Record<string, string> = {};
  for (const issue of failure?.issues ?? []) errors[issue.path.split('.')[0]] ??= issue.message;
  const formError = failure && failure.code !== 'VALIDATION_ERROR' ? failure.message : null;
  const scopesMessage = scopeError ?? errors.scopes;

  const reset = () => {
    setScopes([]);
    setScopeError(null);
    create.reset();
  };
  const toggle = (scope: Scope, checked: boolean) => {
    setScopeError(null);
    setScopes((current) => (checked ? SCOPES.filter((s) => s === scope || current.includes(s)) : current.filter((s) => s !== scope)));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (scopes.length === 0) {
      setScopeError('Choose at least one scope.');
      return;
    }
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    void create.run({ name: name || undefined, scopes });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogContent className="max-w-lg">
        <DialogHeader title="New API key" description="The key can do what its scopes allow, in this organization only. Give it the fewest scopes that do the job." />
        <Form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="New API key">
          {formError ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {formError}
            </p>
          ) : null}
          <Field label="Name" error={errors.name} hint="To recognise the key later, e.g. the system that uses it.">
            <Input name="name" autoComplete="off" maxLength={100} placeholder="ATS integration" />
          </Field>
          <fieldset className="grid gap-2" aria-describedby={scopesMessage ? scopesErrorId : undefined} aria-invalid={scopesMessage ? true : undefined}>
            <legend className="mb-1 text-sm font-medium text-slate-800">Scopes</legend>
            {SCOPES.map((scope) => (
              <label key={scope} className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 px-3 py-2 hover:bg-slate-50 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                <input
                  type="checkbox"
                  name="scopes"
                  value={scope}
                  checked={scopes.includes(scope)}
                  onChange={(e) => toggle(scope, e.target.checked)}
                  className="mt-0.5 size-4 shrink-0 accent-brand-600"
                />
                <span className="grid gap-0.5">
                  <code className="font-mono text-xs font-semibold text-slate-900">{scope}</code>
                  <span className="text-xs text-slate-600">{SCOPE_DESCRIPTIONS[scope]}</span>
                </span>
              </label>
            ))}
            {scopesMessage ? (
              <p id={scopesErrorId} className="text-xs font-medium text-red-700">
                {scopesMessage}
              </p>
            ) : null}
          </fieldset>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Back
            </Button>
            <Button type="submit" disabled={create.pending}>
              {create.pending ? <LoaderCircle className="animate-spin" aria-hidden /> : <KeyRound aria-hidden />}
              Create key
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
