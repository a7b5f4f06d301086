'use client';

import { ArrowDown, ArrowUp, LoaderCircle, Pencil, Plus, Trash2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { contractError, fieldErrors } from '@/components/trpc/errors';
import { trpc, type RouterOutputs } from '@/components/trpc/react';
import { CatalogPicker } from '../catalog/catalog-picker';
import { ConfirmActionDialog } from '../confirm-action-dialog';
import { Form } from '@/components/ui/form';
import { useRole } from '@/components/dashboard/role-context';

type Stage = RouterOutputs['dashboard']['campaign']['stages'][number];

/** The campaign's pipeline: stages in order, each with its report default; add, rename, reorder, toggle. */
export function StagesCard({ campaignId, stages }: { campaignId: string; stages: Stage[] }) {
  const { canEdit } = useRole();
  const utils = trpc.useUtils();
  const router = useRouter();
  // The stages come from the server-rendered page: a change renders it again (router.refresh), which brings new props.
  const refresh = () => {
    router.refresh();
    return utils.dashboard.campaign.invalidate({ id: campaignId });
  };
  // The checkbox follows the click at once, through this local value until the server's answer is read back
  // (new stages from the page; a refused change then shows the stored value again).
  const [reportOverride, setReportOverride] = useState<Record<string, boolean>>({});
  useEffect(() => setReportOverride({}), [stages]);
  const update = trpc.stages.update.useMutation({
    onSettled: () => refresh(),
  });
  const setGenerateReport = (stageId: string, generateReport: boolean) => {
    setReportOverride((all) => ({ ...all, [stageId]: generateReport }));
    update.mutate({ id: stageId, generateReport });
  };
  const reorder = trpc.stages.reorder.useMutation({ onSuccess: refresh });
  const [deleting, setDeleting] = useState<Stage | null>(null);
  const remove = trpc.stages.delete.useMutation({
    onSuccess: async () => {
      toast.success(`Stage “${deleting?.name}” deleted`);
      await refresh();
    },
    onSettled: () => setDeleting(null),
  });
  const [editing, setEditing] = useState<string | null>(null);
  const busy = update.isPending || reorder.isPending || remove.isPending;
  const failure = update.error ?? reorder.error ?? remove.error;

  const move = (index: number, by: -1 | 1) => {
    const ids = stages.map((s) => s.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    reorder.mutate({ campaignId, stageIds: ids });
  };

  return (
    <Card className="lg:self-start">
      <CardHeader title="Pipeline stages" description="In order. An interview of a stage gets a report when its stage says so." />
      <CardContent className="grid gap-4">
        {failure && !editing ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {contractError(failure).message}
          </p>
        ) : null}
        {stages.length === 0 ? <p className="text-sm text-slate-600">No stages yet: interviews of this campaign can still be made without one.</p> : null}
        <ol className="grid gap-2" aria-label="Stages">
          {stages.map((stage, i) => (
            <li key={stage.id} className="rounded-lg border border-slate-200 px-3 py-2">
              {editing === stage.id ? (
                <RenameStageForm stage={stage} onDone={() => setEditing(null)} />
              ) : (
                <div className="grid gap-1.5">
                  <div className="flex items-start gap-2.5">
                    <span className="mt-px flex size-5 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold tabular-nums text-slate-700" aria-hidden>
                      {i + 1}
                    </span>
                    <span className="min-w-0 break-words text-sm font-medium text-slate-900">
                      <span className="sr-only">Stage {i + 1}: </span>
                      {stage.name}
                    </span>
                  </div>
                  <div className="flex items-center justify-between gap-2 pl-7">
                    {canEdit ? (
                      <>
                    <label className="flex items-center gap-1.5 text-xs text-slate-700" title="Finalizing an interview of this stage generates its report">
                      <input
                        type="checkbox"
                        checked={reportOverride[stage.id] ?? stage.generateReport}
                        disabled={busy}
                        onChange={(e) => setGenerateReport(stage.id, e.target.checked)}
                        className="size-4 accent-brand-600"
                      />
                      Report<span className="sr-only"> for {stage.name}</span>
                    </label>
                    <div className="flex gap-0.5">
                      <Button variant="ghost" size="icon" className="size-8" disabled={busy || i === 0} onClick={() => move(i, -1)}>
                        <ArrowUp aria-hidden />
                        <span className="sr-only">Move {stage.name} up</span>
                      </Button>
                      <Button variant="ghost" size="icon" className="size-8" disabled={busy || i === stages.length - 1} onClick={() => move(i, 1)}>
                        <ArrowDown aria-hidden />
                        <span className="sr-only">Move {stage.name} down</span>
                      </Button>
                      <Button variant="ghost" size="icon" className="size-8" disabled={busy} onClick={() => setEditing(stage.id)}>
                        <Pencil aria-hidden />
                        <span className="sr-only">Rename {stage.name}</span>
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        disabled={busy}
                        onClick={() => {
                          remove.reset();
                          setDeleting(stage);
                        }}
                      >
                        <Trash2 aria-hidden />
                        <span className="sr-only">Delete {stage.name}</span>
                      </Button>
                    </div>
                      </>
                    ) : null}
                  </div>
                </div>
              )}
            </li>
          ))}
        </ol>
        {canEdit ? <AddStageForm campaignId={campaignId} /> : null}
        <ConfirmActionDialog
          open={deleting !== null}
          onOpenChange={(open) => (open ? undefined : setDeleting(null))}
          title={`Delete the stage “${deleting?.name ?? ''}”?`}
          description="Only a stage that no interview uses can be deleted; the others keep their order."
          confirmLabel="Delete stage"
          destructive
          pending={remove.isPending}
          onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        />
      </CardContent>
    </Card>
  );
}

function RenameStageForm({ stage, onDone }: { stage: Stage; onDone: () => void }) {
  const utils = trpc.useUtils();
  const router = useRouter();
  const [configId, setConfigId] = useState(stage.configId ?? '');
  const update = trpc.stages.update.useMutation({
    onSuccess: async () => {
      toast.success('Stage saved');
      router.refresh();
      await utils.dashboard.campaign.invalidate({ id: stage.campaignId });
      onDone();
    },
  });
  const errors = update.error ? fieldErrors(update.error) : {};
  const formError = update.error && !errors.name ? contractError(update.error).message : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate({ id: stage.id, name: String(new FormData(event.currentTarget).get('name') ?? ''), configId: configId || null });
  };
  return (
    <Form onSubmit={onSubmit} noValidate className="grid gap-2" aria-label={`Rename ${stage.name}`}>
      <Field label="Stage name" error={errors.name ?? formError ?? undefined}>
        <Input name="name" defaultValue={stage.name} autoComplete="off" autoFocus maxLength={200} />
      </Field>
      <CatalogPicker kind="interviewConfigs" label="Question set of this stage" idPrefix="cfg_" value={configId} emptyLabel="The campaign’s" error={errors.configId} onChange={setConfigId} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={update.isPending}>
          {update.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
          Save
        </Button>
      </div>
    </Form>
  );
}

function AddStageForm({ campaignId }: { campaignId: string }) {
  const utils = trpc.useUtils();
  const router = useRouter();
  const [name, setName] = useState('');
  const [generateReport, setGenerateReport] = useState(true);
  const create = trpc.stages.create.useMutation({
    onSuccess: async () => {
      toast.success('Stage added');
      setName('');
      setGenerateReport(true);
      router.refresh();
      await Promise.all([utils.dashboard.campaign.invalidate({ id: campaignId }), utils.dashboard.campaigns.invalidate()]);
    },
  });
  const errors = create.error ? fieldErrors(create.error) : {};
  const formError = create.error && !errors.name ? contractError(create.error).message : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ campaignId, name, generateReport });
  };
  return (
    <Form onSubmit={onSubmit} noValidate className="grid gap-3 border-t border-slate-100 pt-4" aria-label="Add a stage">
      <Field label="New stage" error={errors.name ?? formError ?? undefined}>
        <Input value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" placeholder="Technical interview" maxLength={200} />
      </Field>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={generateReport} onChange={(e) => setGenerateReport(e.target.checked)} className="size-4 accent-brand-600" />
          Generate reports
        </label>
        <Button type="submit" size="sm" variant="outline" disabled={create.isPending}>
          {create.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Plus aria-hidden />}
          Add stage
        </Button>
      </div>
    </Form>
  );
}
