'use client';

import { CircleAlert, LoaderCircle } from 'lucide-react';
import { useActionState } from 'react';
import { joinTeamAction, type JoinState } from '@/app/join/[token]/actions';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useIsClient } from '@/components/ui/use-is-client';
import { PASSWORD_MIN_LENGTH } from '@/server/services/users/user-schemas';

/** Name and password of an invited teammate; disabled until hydrated, like every form of the dashboard. */
export function JoinTeamForm({ token, email }: { token: string; email: string }) {
  const [state, action, pending] = useActionState<JoinState, FormData>(joinTeamAction.bind(null, token), {});
  const hydrated = useIsClient();
  return (
    <form action={action} className="grid gap-4" noValidate>
      {state.error ? (
        <div className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{state.error}</span>
        </div>
      ) : null}
      <Field label="Email">
        <Input name="email" type="email" autoComplete="username" value={email} readOnly />
      </Field>
      <Field label="Your name" error={state.fieldErrors?.name}>
        <Input name="name" autoComplete="name" required defaultValue={state.name} maxLength={200} />
      </Field>
      <Field label="Password" hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} error={state.fieldErrors?.password}>
        <Input name="password" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN_LENGTH} />
      </Field>
      <Field label="Repeat the password">
        <Input name="confirm" type="password" autoComplete="new-password" required />
      </Field>
      <Button type="submit" size="lg" disabled={!hydrated || pending} className="mt-1 w-full">
        {pending ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
        {pending ? 'Joining…' : 'Join and sign in'}
      </Button>
    </form>
  );
}
