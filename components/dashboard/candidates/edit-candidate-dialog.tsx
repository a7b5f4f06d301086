'use client';

import { LoaderCircle, Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTrigger } from '@/components/ui/dialog';
import { contractError, fieldErrors } from '@/components/trpc/errors';
import { trpc, type RouterOutputs } from '@/components/trpc/react';
import { FormAlert } from '../form-errors';
import { CandidateFields, readCandidateForm } from './candidate-fields';
import { toast } from '@/components/ui/toast';
import { Form } from '@/components/ui/form';

type Candidate = RouterOutputs['candidates']['get'];

/**
 * Edits a candidate with the create rules. An emptied field is cleared (null; tags []), except the language,
 * which keeps its value when left empty since every candidate has one.
 */
export function EditCandidateDialog({ candidate }: { candidate: Candidate }) {
  const [open, setOpen] = useState(false);
  const utils = trpc.useUtils();
  const update = trpc.candidates.update.useMutation({
    onSuccess: async (saved) => {
      toast.success('Candidate saved');
      utils.candidates.get.setData({ id: saved.id }, saved);
      await Promise.all([utils.candidates.list.invalidate(), utils.dashboard.candidates.invalidate(), utils.dashboard.interviews.invalidate()]);
      setOpen(false);
    },
  });
  const errors = update.error ? fieldErrors(update.error) : {};
  const failure = update.error ? contractError(update.error) : null;
  const conflictId = failure?.code === 'CONFLICT' ? failure.existingId : undefined;
  if (conflictId) errors.email = 'Another candidate already has this email.';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = readCandidateForm(new FormData(event.currentTarget));
    update.mutate({
      id: candidate.id,
      email: fields.email,
      firstName: fields.firstName ?? null,
      lastName: fields.lastName ?? null,
      phone: fields.phone ?? null,
      locale: fields.locale,
      cvUrl: fields.cvUrl ?? null,
      tags: fields.tags,
      source: fields.source ?? null,
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) update.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <Pencil aria-hidden /> Edit
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader title="Edit the candidate" description="The email must stay unique in your organization. Empty fields are cleared." />
        <Form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Edit the candidate">
          <FormAlert error={conflictId ? null : update.error} fieldCount={Object.keys(errors).length} what="The changes were not saved" />
          <CandidateFields key={candidate.updatedAt} errors={errors} conflictId={conflictId} initial={candidate} />
          <DialogFooter className="mt-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
              Save changes
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
