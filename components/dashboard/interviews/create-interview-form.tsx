'use client';

import { LoaderCircle, Mail, NotebookPen } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useState, type FormEvent, type ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useApiAction } from '@/components/trpc/use-api-action';
import { CatalogField } from '../catalog/catalog-field';
import { fieldErrors } from '@/components/trpc/errors';
import type { ServerCatalogOptions } from '../catalog/list-catalog';
import { CandidatePicker } from './candidate-picker';
import { Form } from '@/components/ui/form';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A `datetime-local` value (the browser's local time, minute precision). */
function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

type CreateInterviewFormProps = {
  initialCandidateId?: string;
  /** Read on the server with the page: the candidate of `?candidateId=`, the jobs and the configurations. */
  initialCandidate?: ComponentProps<typeof CandidatePicker>['initialCandidate'];
  jobs: ServerCatalogOptions;
  configs: ServerCatalogOptions;
};

export function CreateInterviewForm({ initialCandidateId, initialCandidate, jobs, configs }: CreateInterviewFormProps) {
  const router = useRouter();
  const [candidateId, setCandidateId] = useState(initialCandidateId ?? '');
  const [jobId, setJobId] = useState('');
  const [campaignId, setCampaignId] = useState('');
  const [stageId, setStageId] = useState('');
  const [configId, setConfigId] = useState('');
  // Local times depend on the browser's clock and time zone: set after mounting, so server HTML and hydration agree.
  const [expiresAt, setExpiresAt] = useState('');
  const [minExpiry, setMinExpiry] = useState<string | undefined>(undefined);
  useEffect(() => {
    setExpiresAt((current) => current || toLocalInput(new Date(Date.now() + 7 * DAY_MS)));
    setMinExpiry(toLocalInput(new Date()));
  }, []);
  const [sendInvite, setSendInvite] = useState(true);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const create = useApiAction((api, input: Parameters<typeof api.interviews.create.mutate>[0]) => api.interviews.create.mutate(input), {
    refresh: false,
    onSuccess: (interview) => router.push(`/interviews/${interview.id}`),
  });
  const serverErrors = fieldErrors(create.error);
  const errors = { ...serverErrors, ...localErrors };
  const failure = create.error;
  const campaignInput = useMemo(() => (jobId ? { jobId } : undefined), [jobId]);
  const stageInput = useMemo(() => (campaignId ? { campaignId } : undefined), [campaignId]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!candidateId) missing.candidateId = 'Choose a candidate.';
    if (!jobId) missing.jobId = 'Choose the job posting.';
    const expiry = new Date(expiresAt);
    if (!expiresAt || Number.isNaN(expiry.getTime())) missing.expiresAt = 'Enter a date and time.';
    setLocalErrors(missing);
    if (Object.keys(missing).length > 0) return;
    void create.run({
      candidateId,
      jobId,
      campaignId: campaignId || undefined,
      stageId: stageId || undefined,
      configId: configId || undefined,
      expiresAt: expiry.toISOString(),
      sendInvite,
    });
  };

  return (
    <Card>
      <Form onSubmit={onSubmit} noValidate aria-label="New interview">
        <CardContent className="grid gap-6 py-6">
          {failure && failure.code !== 'VALIDATION_ERROR' ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {failure.message}
            </p>
          ) : Object.keys(errors).length > 0 ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              The interview was not created: check the highlighted fields.
            </p>
          ) : null}
          <Field label="Candidate" error={errors.candidateId}>
            {(control) => <CandidatePicker value={candidateId} onChange={setCandidateId} initialCandidate={initialCandidate} {...control} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <CatalogField
              kind="jobs"
              catalog={jobs}
              label="Job posting"
              idPrefix="job_"
              value={jobId}
              error={errors.jobId}
              onChange={(v) => {
                setJobId(v);
                setCampaignId('');
                setStageId('');
              }}
              placeholder="Choose a job"
            />
            <CatalogField
              kind="campaigns"
              label="Campaign (optional)"
              idPrefix="cmp_"
              value={campaignId}
              input={campaignInput}
              disabled={!jobId}
              emptyLabel="No campaign"
              error={errors.campaignId}
              onChange={(v) => {
                setCampaignId(v);
                setStageId('');
              }}
            />
            <CatalogField
              kind="stages"
              label="Stage (optional)"
              idPrefix="stg_"
              value={stageId}
              input={stageInput}
              disabled={!campaignId}
              emptyLabel="No stage"
              error={errors.stageId}
              onChange={setStageId}
            />
            <CatalogField kind="interviewConfigs" catalog={configs} label="Interview configuration (optional)" idPrefix="cfg_" value={configId} emptyLabel="Default" error={errors.configId} onChange={setConfigId} />
          </div>
          <Field label="Invitation link expires" error={errors.expiresAt} hint="In your time zone. The default is 7 days from now." className="sm:max-w-xs">
            <Input type="datetime-local" value={expiresAt} onChange={(e) => setExpiresAt(e.target.value)} min={minExpiry} />
          </Field>
          <fieldset className="grid gap-2">
            <legend className="mb-1.5 text-sm font-medium text-slate-800">Invitation</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {[
                { value: true, title: 'Send the invitation now', description: 'The candidate receives the link by email.', icon: Mail },
                { value: false, title: 'Save as a draft', description: 'Send the invitation later.', icon: NotebookPen },
              ].map((option) => (
                <label
                  key={String(option.value)}
                  className={cn(
                    'flex cursor-pointer gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                    sendInvite === option.value ? 'border-brand-600 bg-brand-50' : 'border-slate-200 hover:bg-slate-50',
                  )}
                >
                  <input type="radio" name="sendInvite" checked={sendInvite === option.value} onChange={() => setSendInvite(option.value)} className="sr-only" />
                  <option.icon className={cn('mt-0.5 size-4 shrink-0', sendInvite === option.value ? 'text-brand-700' : 'text-slate-500')} aria-hidden />
                  <span>
                    <span className="block text-sm font-medium text-slate-900">{option.title}</span>
                    <span className="block text-xs text-slate-600">{option.description}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </CardContent>
        <div className="flex justify-end gap-2 border-t border-slate-100 px-5 py-4">
          <Button asChild variant="outline">
            <Link href="/interviews">Cancel</Link>
          </Button>
          <Button type="submit" disabled={create.pending}>
            {create.pending ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
            {sendInvite ? 'Create and send' : 'Create draft'}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
