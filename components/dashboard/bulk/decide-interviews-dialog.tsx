'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { Gavel } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Textarea } from '@/components/ui/input';
import { contractError } from '@/components/trpc/errors';
import { trpc } from '@/components/trpc/react';
import { DECISION_LABELS, type DecisionStatus } from '../interviews/decision-badge';
import type { BulkOperation } from './bulk-result-dialog';
import type { InterviewSelectionInput } from './selection-input';

const ReasonFormSchema = z.object({ reason: z.string().trim().max(2000, 'Must be at most 2000 characters') });
type ReasonForm = z.infer<typeof ReasonFormSchema>;

/** The same decision, by the signed-in recruiter, on each selected completed interview (others are skipped). */
export function DecideInterviewsDialog({ selection, count, onDone }: { selection: () => InterviewSelectionInput; count: number; onDone: (operation: BulkOperation) => void }) {
  const [open, setOpen] = useState(false);
  const [notify, setNotify] = useState(false);
  const form = useForm<ReasonForm>({ resolver: zodResolver(ReasonFormSchema), defaultValues: { reason: '' } });
  const decide = trpc.bulk.decideInterviews.useMutation({
    onSuccess: (operation) => {
      setOpen(false);
      form.reset();
      onDone(operation);
    },
    onError: (error) => toast.error(`No decision was saved: ${contractError(error).message}`),
  });
  const submit = (status: DecisionStatus) => form.handleSubmit((values) => decide.mutate({ selection: selection(), status, reason: values.reason || null, notifyCandidate: notify }))();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <Gavel aria-hidden /> Decide
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader title={`Decide on ${count} interview${count === 1 ? '' : 's'}`} description="Recorded as your decision on each completed interview; the others are skipped. The AI's recommendation is advice." />
        <Form className="grid gap-4" onSubmit={(e) => e.preventDefault()} aria-label="Decide">
          <Field label="Reason (optional)" error={form.formState.errors.reason?.message}>
            <Textarea {...form.register('reason')} rows={3} maxLength={2000} />
          </Field>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" className="mt-0.5 size-4 accent-brand-600" checked={notify} onChange={(e) => setNotify(e.target.checked)} data-testid="notify-candidate" />
            <span>
              Email each candidate if I advance or reject
              <span className="block text-xs text-slate-600">Your organization&apos;s email (Settings), else the default, in the candidate&apos;s language. Never for a hold.</span>
            </span>
          </label>
          <DialogFooter>
            {(['ADVANCE', 'HOLD', 'REJECT'] as const).map((status) => (
              <Button key={status} variant={status === 'REJECT' ? 'destructive' : status === 'ADVANCE' ? 'primary' : 'outline'} disabled={decide.isPending} onClick={() => submit(status)}>
                {DECISION_LABELS[status]}
              </Button>
            ))}
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
