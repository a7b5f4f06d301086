'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTrigger } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { contractError } from '@/components/trpc/errors';
import { trpc } from '@/components/trpc/react';
import { CatalogField } from '../catalog/catalog-field';
import type { BulkOperation } from './bulk-result-dialog';
import type { CandidateSelectionInput } from './selection-input';

const InviteFormSchema = z.object({
  campaignId: z.string().min(1, 'Pick a campaign'),
  stageId: z.string(),
  configId: z.string(),
});
type InviteForm = z.infer<typeof InviteFormSchema>;



/** Invites the selected candidates to a campaign (one interview each; a candidate with an open one is skipped). */
export function InviteToCampaignDialog({ selection, count, onDone }: { selection: () => CandidateSelectionInput; count: number; onDone: (operation: BulkOperation) => void }) {
  const [open, setOpen] = useState(false);
  const form = useForm<InviteForm>({ resolver: zodResolver(InviteFormSchema), defaultValues: { campaignId: '', stageId: '', configId: '' } });
  const campaignId = form.watch('campaignId');
  const invite = trpc.bulk.inviteCandidates.useMutation({
    onSuccess: (operation) => {
      setOpen(false);
      form.reset();
      onDone(operation);
    },
    onError: (error) => {
      const failure = contractError(error);
      const field = failure.issues?.[0]?.path;
      if (field === 'campaignId' || field === 'stageId' || field === 'configId') form.setError(field, { message: failure.issues![0].message });
      else toast.error(`Nothing was sent: ${failure.message}`);
    },
  });
  const submit = form.handleSubmit((values) =>
    invite.mutate({ selection: selection(), campaignId: values.campaignId, stageId: values.stageId || undefined, configId: values.configId || undefined }),
  );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Send aria-hidden /> Invite to campaign
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader title={`Invite ${count} candidate${count === 1 ? '' : 's'}`} description="One interview per candidate. A candidate who already has an open interview in the campaign is skipped." />
        <Form className="grid gap-4" onSubmit={(e) => { e.preventDefault(); void submit(); }} aria-label="Invite to a campaign">
          <Controller
            control={form.control}
            name="campaignId"
            render={({ field, fieldState }) => (
              <CatalogField kind="campaigns" label="Campaign" idPrefix="cmp_" value={field.value} error={fieldState.error?.message} placeholder="Choose a campaign" onChange={(v) => { field.onChange(v); form.setValue('stageId', ''); }} />
            )}
          />
          <Controller
            control={form.control}
            name="stageId"
            render={({ field, fieldState }) => (
              <CatalogField kind="stages" label="Stage" idPrefix="stg_" value={field.value} error={fieldState.error?.message} input={campaignId ? { campaignId } : undefined} disabled={!campaignId} emptyLabel="No stage" onChange={field.onChange} />
            )}
          />
          <Controller
            control={form.control}
            name="configId"
            render={({ field, fieldState }) => (
              <CatalogField kind="interviewConfigs" label="Question set" idPrefix="cfg_" value={field.value} error={fieldState.error?.message} emptyLabel="The campaign’s (or its stage’s)" hint="Leave it: every invitation uses the question set chosen on the campaign or stage." onChange={field.onChange} />
            )}
          />
          <DialogFooter>
            <Button type="submit" disabled={invite.isPending}>
              {invite.isPending ? 'Inviting…' : `Invite ${count}`}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
