'use client';

import { LoaderCircle } from 'lucide-react';
import { useRouter } from 'next/navigation';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import type { Api } from '@/components/trpc/api-client';
import type { ContractError } from '@/components/trpc/errors';
import { useApiAction } from '@/components/trpc/use-api-action';
import { CandidateFields, readCandidateForm } from './candidate-fields';
import { toast } from '@/components/ui/toast';
import { Form } from '@/components/ui/form';

/** Empty optional fields are left out, so the server applies its defaults instead of rejecting "". */
function formInput(form: FormData) {
  const { tags, ...fields } = readCandidateForm(form);
  return { ...fields, tags: tags.length > 0 ? tags : undefined };
}

const createCandidate = (api: Api, input: ReturnType<typeof formInput>) => api.candidates.create.mutate(input);

/** VALIDATION_ERROR issues keyed by field, for the messages beside each input. */
function issuesByField(failure: ContractError | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of failure?.issues ?? []) out[issue.path.split('.')[0]] ??= issue.message;
  return out;
}

type Props = { open: boolean; onOpenChange: (open: boolean) => void; defaultLocale?: string };

/**
 * "New candidate": loaded on the first click of the candidates page's button (new-candidate-button.tsx), with the
 * organization's language read by the page on the server. Creating opens the new profile.
 */
export default function CreateCandidateDialog({ open, onOpenChange, defaultLocale }: Props) {
  const router = useRouter();
  const create = useApiAction(createCandidate, {
    refresh: false,
    onSuccess: (candidate) => {
      toast.success('Candidate created');
      onOpenChange(false);
      router.push(`/candidates/${candidate.id}`);
    },
  });
  const failure = create.error;
  const errors = issuesByField(failure);
  const conflictId = failure?.code === 'CONFLICT' ? failure.existingId : undefined;
  if (conflictId) errors.email = 'A candidate with this email already exists.';
  const formError = failure && failure.code !== 'VALIDATION_ERROR' && !conflictId ? failure.message : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void create.run(formInput(new FormData(event.currentTarget)));
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) create.reset();
      }}
    >
      <DialogContent className="max-w-xl">
        <DialogHeader title="New candidate" description="Only the email is required. It must be unique in your organization." />
        <Form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="New candidate">
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
          <CandidateFields errors={errors} conflictId={conflictId} defaultLocale={defaultLocale} />
          <DialogFooter className="mt-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.pending}>
              {create.pending ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
              Create candidate
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
