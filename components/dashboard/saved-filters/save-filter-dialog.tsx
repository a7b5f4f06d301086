'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import type { Api } from '@/components/trpc/api-client';
import { useApiAction } from '@/components/trpc/use-api-action';

const NameFormSchema = z.object({ name: z.string().trim().min(1, 'Give the filter a name').max(60, 'Must be at most 60 characters') });
type NameForm = z.infer<typeof NameFormSchema>;

const createFilter = (api: Api, input: { list: 'interviews' | 'candidates'; name: string; query: string }) => api.savedFilters.create.mutate(input);

/**
 * "Save this filter": its form (react-hook-form, zod) loads when first opened (saved-filters-bar.tsx). Once saved,
 * the list page is rendered again on the server, with the new link above it.
 */
export default function SaveFilterDialog({ list, query, open, onOpenChange }: { list: 'interviews' | 'candidates'; query: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const form = useForm<NameForm>({ resolver: zodResolver(NameFormSchema), defaultValues: { name: '' } });
  const create = useApiAction(createFilter, {
    onSuccess: (filter) => {
      toast.success(`Saved “${filter.name}”`);
      onOpenChange(false);
      form.reset();
    },
    onError: (failure) => form.setError('name', { message: failure.message }),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader title="Save this filter" description="The current filters and sort, as a link above this list. Only you see it." />
        <Form className="grid gap-4" onSubmit={form.handleSubmit((values) => void create.run({ list, name: values.name, query }))} aria-label="Save filter">
          <Field label="Name" error={form.formState.errors.name?.message}>
            <Input {...form.register('name')} autoComplete="off" maxLength={60} />
          </Field>
          <DialogFooter>
            <Button type="submit" disabled={create.pending}>
              Save
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
