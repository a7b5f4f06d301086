'use client';

import Link from 'next/link';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { RouterOutputs } from '@/components/trpc/react';

type Candidate = RouterOutputs['candidates']['get'];

/** The fields of a candidate, for the create and edit forms (uncontrolled: read with FormData on submit). */
export function CandidateFields({
  errors,
  conflictId,
  initial,
  defaultLocale,
}: {
  errors: Record<string, string>;
  conflictId?: string;
  initial?: Candidate;
  /** A new candidate's language before the recruiter changes it: the organization's (create form). */
  defaultLocale?: string;
}) {
  return (
    <>
      <Field label="Email" error={errors.email}>
        <Input name="email" type="email" autoComplete="off" required defaultValue={initial?.email} />
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
          <Input name="firstName" autoComplete="off" defaultValue={initial?.firstName ?? ''} />
        </Field>
        <Field label="Last name" error={errors.lastName}>
          <Input name="lastName" autoComplete="off" defaultValue={initial?.lastName ?? ''} />
        </Field>
        <Field label="Phone" error={errors.phone}>
          <Input name="phone" type="tel" autoComplete="off" placeholder="+33 6 12 34 56 78" defaultValue={initial?.phone ?? ''} />
        </Field>
        <Field
          label="Language"
          error={errors.locale}
          hint={
            initial
              ? 'A language tag such as fr or en-GB. The interview is in its question set’s language; this one is used when the question set allows it.'
              : 'A language tag such as fr or en-GB. Your organization’s language by default; the interview is in its question set’s language.'
          }
        >
          <Input name="locale" autoComplete="off" placeholder={defaultLocale ?? 'fr'} defaultValue={initial?.locale ?? defaultLocale} />
        </Field>
      </div>
      <Field label="CV link" error={errors.cvUrl}>
        <Input name="cvUrl" type="url" autoComplete="off" placeholder="https://…" defaultValue={initial?.cvUrl ?? ''} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Tags" error={errors.tags} hint="Separated by commas.">
          <Input name="tags" autoComplete="off" placeholder="backend, senior" defaultValue={initial?.tags.join(', ')} />
        </Field>
        <Field label="Source" error={errors.source}>
          <Input name="source" autoComplete="off" placeholder="LinkedIn, referral…" defaultValue={initial?.source ?? ''} />
        </Field>
      </div>
    </>
  );
}

/** The form's text fields, trimmed; empty ones as undefined. */
export function readCandidateForm(form: FormData) {
  const text = (name: string) => {
    const value = String(form.get(name) ?? '').trim();
    return value === '' ? undefined : value;
  };
  const tags = (text('tags') ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return {
    email: String(form.get('email') ?? ''),
    firstName: text('firstName'),
    lastName: text('lastName'),
    phone: text('phone'),
    locale: text('locale'),
    cvUrl: text('cvUrl'),
    tags,
    source: text('source'),
  };
}
