'use client';

import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { Api } from '@/components/trpc/api-client';
import type { RouterOutputs } from '@/components/trpc/react';
import { useApiAction } from '@/components/trpc/use-api-action';
import { Form } from '@/components/ui/form';
import { SavedNote } from './saved-note';

type CandidateContact = RouterOutputs['settings']['candidateContact'];
type ContactInput = { contactEmail: string; nextSteps: string };
const updateContact = (api: Api, input: ContactInput) => api.settings.updateCandidateContact.mutate(input);

/** The address candidates are told to write to (their data, an interview without AI); empty removes it. */
export function CandidateContactCard({ initial }: { initial: CandidateContact }) {
  const [email, setEmail] = useState(initial.contactEmail ?? '');
  const [nextSteps, setNextSteps] = useState(initial.nextSteps ?? '');
  const [saved, setSaved] = useState(false);
  const update = useApiAction(updateContact, {
    onSuccess: (result) => {
      setSaved(true);
      setEmail(result.contactEmail ?? '');
      setNextSteps(result.nextSteps ?? '');
    },
  });
  const error = update.error ? (update.error.issues?.[0]?.message ?? update.error.message) : undefined;
  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    void update.run({ contactEmail: email, nextSteps });
  }
  return (
    <Card>
      <CardHeader
        title="Candidate contact"
        description="Before starting, candidates are told to write to this address with questions about their data or to ask for an interview without AI. It is also the Reply-To of their invitation and reminder emails."
      />
      <CardContent>
        <Form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
          <Field label="Contact email" error={error} hint="Leave empty to remove it: candidates are then told to reply to the invitation email." className="w-80">
            <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="recruiting@example.com" />
          </Field>
          <Field
            label="What happens next (thank-you page)"
            hint="Shown to candidates when they finish: what happens now and when, in your words, in the language you write it in. Leave empty for the default text (a person reads the answers; an answer by email, usually within two weeks)."
            className="w-full max-w-xl"
          >
            <textarea
              className="min-h-20 w-full rounded-md border px-3 py-2 text-sm"
              maxLength={1000}
              value={nextSteps}
              onChange={(e) => setNextSteps(e.target.value)}
              data-testid="next-steps"
            />
          </Field>
          <Button type="submit" disabled={update.pending}>
            Save
          </Button>
          <SavedNote shown={saved} />
        </Form>
      </CardContent>
    </Card>
  );
}
