'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { Tags } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { contractError } from '@/components/trpc/errors';
import { trpc } from '@/components/trpc/react';
import type { BulkOperation } from './bulk-result-dialog';
import type { CandidateSelectionInput } from './selection-input';

const splitTags = (value: string) => [...new Set(value.split(',').map((t) => t.trim()).filter(Boolean))];
const TagList = z.string().refine((v) => splitTags(v).every((t) => t.length <= 50), 'Tags are at most 50 characters');
const TagFormSchema = z.object({ add: TagList, remove: TagList }).refine((v) => splitTags(v.add).length + splitTags(v.remove).length > 0, { message: 'Give a tag to add or remove', path: ['add'] });
type TagForm = z.infer<typeof TagFormSchema>;



/** Adds and removes tags on the selected candidates. */
export function TagCandidatesDialog({ selection, count, onDone }: { selection: () => CandidateSelectionInput; count: number; onDone: (operation: BulkOperation) => void }) {
  const [open, setOpen] = useState(false);
  const form = useForm<TagForm>({ resolver: zodResolver(TagFormSchema), defaultValues: { add: '', remove: '' } });
  const tag = trpc.bulk.tagCandidates.useMutation({
    onSuccess: (operation) => {
      setOpen(false);
      form.reset();
      onDone(operation);
    },
    onError: (error) => toast.error(`No tag was changed: ${contractError(error).message}`),
  });
  const submit = form.handleSubmit((values) => tag.mutate({ selection: selection(), add: splitTags(values.add), remove: splitTags(values.remove) }));
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <Tags aria-hidden /> Tags
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader title={`Tags of ${count} candidate${count === 1 ? '' : 's'}`} description="Comma-separated. Candidates that already have them are skipped." />
        <Form className="grid gap-4" onSubmit={(e) => { e.preventDefault(); void submit(); }} aria-label="Change tags">
          <Field label="Add tags" error={form.formState.errors.add?.message}>
            <Input {...form.register('add')} placeholder="shortlist, java" autoComplete="off" />
          </Field>
          <Field label="Remove tags" error={form.formState.errors.remove?.message}>
            <Input {...form.register('remove')} autoComplete="off" />
          </Field>
          <DialogFooter>
            <Button type="submit" disabled={tag.isPending}>
              {tag.isPending ? 'Saving…' : 'Apply'}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
