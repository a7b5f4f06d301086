'use client';

import { LoaderCircle } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { fieldErrors } from '@/components/trpc/errors';
import { trpc } from '@/components/trpc/react';
import { FormAlert } from '../form-errors';
import { toast } from '@/components/ui/toast';
import { Form } from '@/components/ui/form';

type Props = {
  trigger: ReactNode;
  /** Edit this campaign's name (its job is fixed: its interviews were made for that job). */
  campaign?: { id: string; name: string; jobTitle: string };
  /** Create for this job, without asking. */
  jobId?: string;
  /** Open at once (the campaign page loads the dialog on the first press of its button). */
  initialOpen?: boolean;
};

/** Creates a campaign for a job posting (then opens it), or renames one. */
export function CampaignFormDialog({ trigger, campaign, jobId: fixedJobId, initialOpen = false }: Props) {
  const [open, setOpen] = useState(initialOpen);
  const [jobId, setJobId] = useState(fixedJobId ?? '');
  const router = useRouter();
  const utils = trpc.useUtils();
  const jobs = trpc.jobs.list.useQuery({ pageSize: 100 }, { enabled: open && !campaign && !fixedJobId });
  const create = trpc.campaigns.create.useMutation({
    onSuccess: async (created) => {
      toast.success('Campaign created');
      await utils.dashboard.campaigns.invalidate();
      setOpen(false);
      router.push(`/campaigns/${created.id}`);
    },
  });
  const update = trpc.campaigns.update.useMutation({
    onSuccess: async () => {
      toast.success('Campaign saved');
      await Promise.all([utils.dashboard.campaign.invalidate(), utils.dashboard.campaigns.invalidate()]);
      setOpen(false);
      router.refresh();
    },
  });
  const mutation = campaign ? update : create;
  const [localError, setLocalError] = useState<string | undefined>();
  const errors = mutation.error ? fieldErrors(mutation.error) : {};
  if (localError) errors.jobId = localError;
  const title = campaign ? 'Rename the campaign' : 'New campaign';
  const fixedJob = trpc.jobs.get.useQuery({ id: fixedJobId ?? '' }, { enabled: open && Boolean(fixedJobId) });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '');
    if (campaign) return update.mutate({ id: campaign.id, name });
    if (!jobId) return setLocalError('Choose the job posting this campaign hires for.');
    setLocalError(undefined);
    create.mutate({ jobId, name });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          mutation.reset();
          setLocalError(undefined);
        }
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader
          title={title}
          description={campaign ? `For ${campaign.jobTitle}. The job posting of a campaign does not change.` : 'A hiring process for one job posting, with its pipeline stages.'}
        />
        <Form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={title}>
          <FormAlert error={mutation.error} fieldCount={Object.keys(errors).length} what="The campaign was not saved" />
          {campaign ? null : fixedJobId ? (
            <p className="text-sm text-slate-700">
              Job posting: <span className="font-medium text-slate-900">{fixedJob.data?.title ?? '…'}</span>
            </p>
          ) : jobs.isPending ? (
            <Skeleton className="h-14 w-full" />
          ) : jobs.data && jobs.data.items.length === 0 ? (
            <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              There is no job posting yet.{' '}
              <Link href="/campaigns/jobs" className="font-medium underline">
                Create one first
              </Link>
              .
            </p>
          ) : (
            <Field label="Job posting" error={errors.jobId}>
              {(control) => (
                <Select value={jobId} onValueChange={setJobId}>
                  <SelectTrigger {...control}>
                    <SelectValue placeholder="Choose a job posting" />
                  </SelectTrigger>
                  <SelectContent>
                    {(jobs.data?.items ?? []).map((job) => (
                      <SelectItem key={job.id} value={job.id}>
                        {job.title}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </Field>
          )}
          <Field label="Name" error={errors.name} hint={campaign ? undefined : 'For example “Spring 2026 · Backend”.'}>
            <Input name="name" defaultValue={campaign?.name} autoComplete="off" required maxLength={200} />
          </Field>
          <DialogFooter className="mt-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
              {campaign ? 'Save' : 'Create campaign'}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
