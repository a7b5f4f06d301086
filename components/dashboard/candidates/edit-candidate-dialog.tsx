'use client';

import { LoaderCircle } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTransition, type FormEvent, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { contractError, fieldErrors } from '@/components/trpc/errors';
import { Providers } from '@/components/trpc/providers';
import { trpc, type RouterOutputs } from '@/components/trpc/react';
import { FormAlert } from '../form-errors';
import { CandidateFields, readCandidateForm } from './candidate-fields';
import { toast } from '@/components/ui/toast';
import { Form } from '@/components/ui/form';

type Candidate = RouterOutputs['candidates']['get'];
type Props = { candidate: Candidate; open: boolean; onOpenChange: (open: boolean) => void; returnFocus?: RefObject<HTMLButtonElement | null> };

/** Loaded on the first press of "Edit" (candidate-actions.tsx): the dialog brings its own data layer. */
export default function EditCandidateDialogWithData(props: Props) {
  return (
    <Providers>
      <EditCandidateDialog {...props} />
    </Providers>
  );
}

/**
 * Edits a candidate with the create rules. An emptied field is cleared (null; tags []), except the language,
 * which keeps its value when left empty since every candidate has one.
 */
function EditCandidateDialog({ candidate, open, onOpenChange: setOpen, returnFocus }: Props) {
  const router = useRouter();
  const [refreshing, startTransition] = useTransition();
  const utils = trpc.useUtils();
  const update = trpc.candidates.update.useMutation({
    onSuccess: async () => {
      toast.success('Candidate saved');
      // The profile is rendered on the server: it is read again there; lists cached in this tab are stale.
      startTransition(() => router.refresh());
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
      <DialogContent
        className="max-w-xl"
        onCloseAutoFocus={(event) => {
          // No Radix trigger (the button lives in the page's first load): focus goes back to it by hand.
          if (returnFocus?.current) {
            event.preventDefault();
            returnFocus.current.focus();
          }
        }}
      >
        <DialogHeader title="Edit the candidate" description="The email must stay unique in your organization. Empty fields are cleared." />
        <Form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Edit the candidate">
          <FormAlert error={conflictId ? null : update.error} fieldCount={Object.keys(errors).length} what="The changes were not saved" />
          <CandidateFields key={candidate.updatedAt} errors={errors} conflictId={conflictId} initial={candidate} />
          <DialogFooter className="mt-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending || refreshing}>
              {update.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
              Save changes
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
