'use client';

import { LoaderCircle, UserPlus } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTrigger } from '@/components/ui/dialog';
import { contractError, fieldErrors } from '@/components/trpc/errors';
import { trpc } from '@/components/trpc/react';
import { CandidateFields, readCandidateForm } from './candidate-fields';
import { toast } from '@/components/ui/toast';
import { Form } from '@/components/ui/form';

/** Empty optional fields are left out, so the server applies its defaults instead of rejecting "". */
function formInput(form: FormData) {
  const { tags, ...fields } = readCandidateForm(form);
  return { ...fields, tags: tags.length > 0 ? tags : undefined };
}

export function CreateCandidateDialog() {
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.candidates.create.useMutation({
    onSuccess: async (candidate) => {
      toast.success('Candidate created');
      await Promise.all([utils.candidates.list.invalidate(), utils.dashboard.candidates.invalidate()]);
      setOpen(false);
      router.push(`/candidates/${candidate.id}`);
    },
  });
  // The organization's language (that of its question sets): a candidate created with only an email prefers it.
  const defaults = trpc.candidates.defaults.useQuery(undefined, { staleTime: 60_000 });
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
          {/* Keyed by the language so the uncontrolled field takes it when it arrives after the dialog opened. */}
          <CandidateFields key={defaults.data?.locale ?? 'none'} errors={errors} conflictId={conflictId} defaultLocale={defaults.data?.locale} />
          <DialogFooter className="mt-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
              Create candidate
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
