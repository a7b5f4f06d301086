'use client';

import { LoaderCircle, UserPlus } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { contractError, fieldErrors } from '@/components/trpc/errors';
import { trpc } from '@/components/trpc/react';

/** Empty optional fields are left out, so the server applies its defaults (locale fr) instead of rejecting "". */
function formInput(form: FormData) {
  const text = (name: string) => {
    const value = String(form.get(name) ?? '').trim();
    return value === '' ? undefined : value;
  };
  const tags = text('tags')
    ?.split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return {
    email: String(form.get('email') ?? ''),
    firstName: text('firstName'),
    lastName: text('lastName'),
    phone: text('phone'),
    locale: text('locale'),
    cvUrl: text('cvUrl'),
    tags: tags && tags.length > 0 ? tags : undefined,
    source: text('source'),
  };
}

export function CreateCandidateDialog() {
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.candidates.create.useMutation({
    onSuccess: async (candidate) => {
      await utils.candidates.list.invalidate();
      setOpen(false);
      router.push(`/candidates/${candidate.id}`);
    },
  });
  const errors = create.error ? fieldErrors(create.error) : {};
  const failure = create.error ? contractError(create.error) : null;
  const conflictId = failure?.code === 'CONFLICT' ? failure.existingId : undefined;
  if (conflictId) errors.email = 'A candidate with this email already exists.';
  const formError = failure && failure.code !== 'VALIDATION_ERROR' && !conflictId ? failure.message : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    create.mutate(formInput(new FormData(event.currentTarget)));
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) create.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden /> New candidate
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader title="New candidate" description="Only the email is required. It must be unique in your organization." />
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="New candidate">
          {formError ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {formError}
            </p>
          ) : null}
          {Object.keys(errors).length > 0 ? (
            <p role="alert" className="sr-only">
              The candidate was not created: check the highlighted fields.
            </p>
          ) : null}
          <Field label="Email" error={errors.email}>
            <Input name="email" type="email" autoComplete="off" required />
          </Field>
          {conflictId ? (
            <p className="-mt-2 text-xs">
              <Link href={`/candidates/${conflictId}`} className="font-medium text-brand-700 hover:underline">
                Open the existing profile
              </Link>
            </p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First name" error={errors.firstName}>
              <Input name="firstName" autoComplete="off" />
            </Field>
            <Field label="Last name" error={errors.lastName}>
              <Input name="lastName" autoComplete="off" />
            </Field>
            <Field label="Phone" error={errors.phone}>
              <Input name="phone" type="tel" autoComplete="off" placeholder="+33 6 12 34 56 78" />
            </Field>
            <Field label="Language" error={errors.locale} hint="A language tag such as fr or en-GB. Default fr.">
              <Input name="locale" autoComplete="off" placeholder="fr" />
            </Field>
          </div>
          <Field label="CV link" error={errors.cvUrl}>
            <Input name="cvUrl" type="url" autoComplete="off" placeholder="https://…" />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Tags" error={errors.tags} hint="Separated by commas.">
              <Input name="tags" autoComplete="off" placeholder="backend, senior" />
            </Field>
            <Field label="Source" error={errors.source}>
              <Input name="source" autoComplete="off" placeholder="LinkedIn, referral…" />
            </Field>
          </div>
          <DialogFooter className="mt-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
              Create candidate
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
