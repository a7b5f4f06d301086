'use client';

import { LoaderCircle } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import type { RouterOutputs } from '@/components/trpc/react';
import { useApiAction } from '@/components/trpc/use-api-action';
import { fieldErrors } from '@/components/trpc/errors';
import { FormAlert } from '../form-errors';
import { toast } from '@/components/ui/toast';
import { Form } from '@/components/ui/form';

type Job = RouterOutputs['jobs']['get'];

/**
 * Creates a job posting, or edits `job` when given. Saved through the API loaded on first use; the page's server
 * data (the list) is then rendered again. `initialOpen`: the list loads this dialog on the first press of its button.
 */
export function JobFormDialog({ job, trigger, onSaved, initialOpen = false }: { job?: Job; trigger: ReactNode; onSaved?: (job: Job) => void; initialOpen?: boolean }) {
  const [open, setOpen] = useState(initialOpen);
  const done = (saved: Job) => {
    setOpen(false);
    onSaved?.(saved);
  };
  const create = useApiAction((api, fields: { title: string; description: string }) => api.jobs.create.mutate(fields), {
    onSuccess: (saved) => {
      toast.success('Job posting created');
      done(saved);
    },
  });
  const update = useApiAction((api, fields: { id: string; title: string; description: string }) => api.jobs.update.mutate(fields), {
    onSuccess: (saved) => {
      toast.success('Job posting saved');
      done(saved);
    },
  });
  const mutation = job ? update : create;
  const errors = fieldErrors(mutation.error);
  const title = job ? 'Edit the job posting' : 'New job posting';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const fields = { title: String(form.get('title') ?? ''), description: String(form.get('description') ?? '') };
    if (job) void update.run({ id: job.id, ...fields });
    else void create.run(fields);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) mutation.reset();
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader title={title} description="Campaigns hire for a job posting; interviews name it to the candidate." />
        <Form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={title}>
          <FormAlert error={mutation.error} fieldCount={Object.keys(errors).length} what="The job posting was not saved" />
          <Field label="Title" error={errors.title}>
            <Input name="title" defaultValue={job?.title} autoComplete="off" required maxLength={200} />
          </Field>
          <Field label="Description (optional)" error={errors.description} hint="What the role is about; up to 20,000 characters.">
            <Textarea name="description" defaultValue={job?.description ?? ''} rows={6} />
          </Field>
          <DialogFooter className="mt-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={mutation.pending}>
              {mutation.pending ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
              {job ? 'Save changes' : 'Create job posting'}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
