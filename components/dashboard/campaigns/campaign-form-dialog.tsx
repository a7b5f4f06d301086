'use client';

import { LoaderCircle } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiAction } from '@/components/trpc/use-api-action';
import { fieldErrors } from '@/components/trpc/errors';
import { FormAlert } from '../form-errors';
import { useApiRead } from '../catalog/use-api-read';
import { toast } from '@/components/ui/toast';
import { Form } from '@/components/ui/form';

type Props = {
  trigger: ReactNode;
  /** Edit this campaign's name (its job is fixed: its interviews were made for that job). */
  campaign?: { id: string; name: string; jobTitle: string };
  /** Create for this job, without asking. */
  jobId?: string;
  /** That job's title, when the caller has it (otherwise it is read when the dialog opens). */
  jobTitle?: string;
  /** Open at once (the campaign page loads the dialog on the first press of its button). */
  initialOpen?: boolean;
};

/**
 * Creates a campaign for a job posting (then opens it), or renames one. Reads and saves through the API loaded on
 * first use (no data layer needed around it); a rename renders the page's server data again.
 */
export function CampaignFormDialog({ trigger, campaign, jobId: fixedJobId, jobTitle, initialOpen = false }: Props) {
  const [open, setOpen] = useState(initialOpen);
  const [jobId, setJobId] = useState(fixedJobId ?? '');
  const router = useRouter();
  const jobs = useApiRead(open && !campaign && !fixedJobId ? 'jobs' : null, (api) => api.jobs.list.query({ pageSize: 100 }));
  const create = useApiAction((api, input: { jobId: string; name: string }) => api.campaigns.create.mutate(input), {
    refresh: false,
    onSuccess: (created) => {
      toast.success('Campaign created');
      setOpen(false);
      router.push(`/campaigns/${created.id}`);
    },
  });
  const update = useApiAction((api, input: { id: string; name: string }) => api.campaigns.update.mutate(input), {
    onSuccess: () => {
      toast.success('Campaign saved');
      setOpen(false);
    },
  });
  const mutation = campaign ? update : create;
  const [localError, setLocalError] = useState<string | undefined>();
  const errors = fieldErrors(mutation.error);
  if (localError) errors.jobId = localError;
  const title = campaign ? 'Rename the campaign' : 'New campaign';
  const fixedJob = useApiRead(open && fixedJobId && jobTitle === undefined ? `job:${fixedJobId}` : null, (api) => api.jobs.get.query({ id: fixedJobId ?? '' }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '');
    if (campaign) return void update.run({ id: campaign.id, name });
    if (!jobId) return setLocalError('Choose the job posting this campaign hires for.');
    setLocalError(undefined);
    void create.run({ jobId, name });
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
              Job posting: <span className="font-medium text-slate-900">{jobTitle ?? fixedJob.data?.title ?? '…'}</span>
            </p>
          ) : jobs.pending || (!jobs.data && !jobs.error) ? (
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
            <Field label="Job posting" error={errors.jobId ?? (jobs.error ? `Could not load the job postings: ${jobs.error.message}` : undefined)}>
              {(control) => (
                <NativeSelect {...control} value={jobId} onChange={(e) => setJobId(e.target.value)}>
                  <option value="" disabled>
                    Choose a job posting
                  </option>
                  {(jobs.data?.items ?? []).map((job) => (
                    <option key={job.id} value={job.id}>
                      {job.title}
                    </option>
                  ))}
                </NativeSelect>
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
            <Button type="submit" disabled={mutation.pending}>
              {mutation.pending ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
              {campaign ? 'Save' : 'Create campaign'}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
