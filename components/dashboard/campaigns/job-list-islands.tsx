'use client';

import { Pencil, Plus } from 'lucide-react';
import { cloneElement, useState, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import type { RouterOutputs } from '@/components/trpc/react';
import { SearchInput } from '../search-input';
import { useSearchState } from '../use-search-state';

type Job = RouterOutputs['jobs']['list']['items'][number];
type Dialogs = {
  JobFormDialog: typeof import('./job-form-dialog').JobFormDialog;
  CampaignFormDialog: typeof import('./campaign-form-dialog').CampaignFormDialog;
};

let loading: Promise<Dialogs> | null = null;
/** The job and campaign forms (dialogs) load on the first press of a button that opens one, not with the list. */
function loadDialogs(): Promise<Dialogs> {
  loading ??= Promise.all([import('./job-form-dialog'), import('./campaign-form-dialog')]).then(([job, campaign]) => ({
    JobFormDialog: job.JobFormDialog,
    CampaignFormDialog: campaign.CampaignFormDialog,
  }));
  loading.catch(() => (loading = null));
  return loading;
}

/** A button that loads its dialog on the first press and opens it; afterwards the dialog's own trigger. */
function LazyDialogButton({ trigger, render }: { trigger: ReactElement<{ onClick?: (event: MouseEvent) => void; disabled?: boolean }>; render: (dialogs: Dialogs, trigger: ReactNode) => ReactNode }) {
  const [dialogs, setDialogs] = useState<Dialogs | null>(null);
  const [busy, setBusy] = useState(false);
  if (dialogs) return render(dialogs, trigger);
  return cloneElement(trigger, {
    disabled: busy,
    onClick: () => {
      setBusy(true);
      loadDialogs().then(setDialogs, () => setBusy(false));
    },
  });
}

/** "New job posting" in the page header. */
export function NewJobPostingButton() {
  return (
    <LazyDialogButton
      trigger={
        <Button aria-haspopup="dialog">
          <Plus aria-hidden /> New job posting
        </Button>
      }
      render={({ JobFormDialog }, trigger) => <JobFormDialog trigger={trigger} initialOpen />}
    />
  );
}

/** A row's "Campaign" (a new campaign for this job) and "Edit". */
export function JobRowActions({ job }: { job: Job }) {
  return (
    <div className="flex justify-end gap-2">
      <LazyDialogButton
        trigger={
          <Button variant="outline" size="sm" aria-haspopup="dialog">
            <Plus aria-hidden /> Campaign<span className="sr-only"> for {job.title}</span>
          </Button>
        }
        render={({ CampaignFormDialog }, trigger) => <CampaignFormDialog jobId={job.id} jobTitle={job.title} trigger={trigger} initialOpen />}
      />
      <LazyDialogButton
        trigger={
          <Button variant="ghost" size="sm" aria-haspopup="dialog">
            <Pencil aria-hidden /> Edit<span className="sr-only"> {job.title}</span>
          </Button>
        }
        render={({ JobFormDialog }, trigger) => <JobFormDialog job={job} trigger={trigger} initialOpen />}
      />
    </div>
  );
}

/** The list's search, in the URL (the server renders the matching page). */
export function JobsSearch() {
  const { get, set } = useSearchState();
  return (
    <Field label="Search">
      {(control) => <SearchInput value={get('search')} onChange={(v) => set({ search: v }, { replace: true })} placeholder="Title" {...control} />}
    </Field>
  );
}
