'use client';

import { ArrowDown, ArrowUp, LoaderCircle, Pencil, Plus, Trash2 } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Form } from '@/components/ui/form';
import type { Api } from '@/components/trpc/api-client';
import type { ContractError } from '@/components/trpc/errors';
import type { RouterOutputs } from '@/components/trpc/react';
import { useApiAction } from '@/components/trpc/use-api-action';
import { CatalogSelect } from '../catalog/catalog-select';
import type { ServerCatalogOptions } from '../catalog/list-catalog';

// Radix Dialog is loaded when a deletion is first asked for, not with the page.
const ConfirmActionDialog = dynamic(() => import('../confirm-action-dialog').then((m) => m.ConfirmActionDialog), { ssr: false });

type Stage = RouterOutputs['dashboard']['campaign']['stages'][number];

const updateStage = (api: Api, input: { id: string; name?: string; configId?: string | null; generateReport?: boolean }) => api.stages.update.mutate(input);
const reorderStages = (api: Api, input: { campaignId: string; stageIds: string[] }) => api.stages.reorder.mutate(input);
const deleteStage = (api: Api, id: string) => api.stages.delete.mutate({ id });
const createStage = (api: Api, input: { campaignId: string; name: string; generateReport: boolean }) => api.stages.create.mutate(input);

/** VALIDATION_ERROR issues keyed by field, for messages beside each input; the rest is the form's message. */
function issuesOf(error: ContractError | null): { fields: Record<string, string>; form: string | null } {
  const fields: Record<string, string> = {};
  for (const issue of error?.issues ?? []) fields[issue.path.split('.')[0]] ??= issue.message;
  return { fields, form: error && Object.keys(fields).length === 0 ? error.message : null };
}

/**
 * The campaign's pipeline: stages in order, each with its report default; add, rename, reorder, toggle. The stages
 * (and the configurations a stage may name) come from the server page; a change goes through the API and renders
 * the page again (router.refresh), which brings the new stages.
 */
export function StagesCard({ campaignId, stages, canEdit, catalog }: { campaignId: string; stages: Stage[]; canEdit: boolean; catalog: ServerCatalogOptions | null }) {
  // The checkbox follows the click at once, through this local value until the server's answer is read back
  // (new stages from the page; a refused change then shows the stored value again).
  const [reportOverride, setReportOverride] = useState<Record<string, boolean>>({});
  useEffect(() => setReportOverride({}), [stages]);
  const update = useApiAction(updateStage, { onError: () => setReportOverride({}) });
  const setGenerateReport = (stageId: string, generateReport: boolean) => {
    setReportOverride((all) => ({ ...all, [stageId]: generateReport }));
    void update.run({ id: stageId, generateReport });
  };
  const reorder = useApiAction(reorderStages);
  const [deleting, setDeleting] = useState<Stage | null>(null);
  const remove = useApiAction(deleteStage, {
    onSuccess: () => toast.success(`Stage “${deleting?.name}” deleted`),
  });
  const [editing, setEditing] = useState<string | null>(null);
  const busy = update.pending || reorder.pending || remove.pending;
  const failure = update.error ?? reorder.error ?? remove.error;

  const move = (index: number, by: -1 | 1) => {
    const ids = stages.map((s) => s.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    void reorder.run({ campaignId, stageIds: ids });
  };

  return (
    <Card className="lg:self-start">
      <CardHeader title="Pipeline stages" description="In order. An interview of a stage gets a report when its stage says so." />
      <CardContent className="grid gap-4">
        {failure && !editing ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {failure.message}
          </p>
        ) : null}
        {stages.length === 0 ? <p className="text-sm text-slate-600">No stages yet: interviews of this campaign can still be made without one.</p> : null}
        <ol className="grid gap-2" aria-label="Stages">
          {stages.map((stage, i) => (
            <li key={stage.id} className="rounded-lg border border-slate-200 px-3 py-2">
              {editing === stage.id ? (
                <RenameStageForm stage={stage} catalog={catalog} onDone={() => setEditing(null)} />
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
        {deleting ? (
          <ConfirmActionDialog
            open
            onOpenChange={(open) => (open ? undefined : setDeleting(null))}
            title={`Delete the stage “${deleting.name}”?`}
            description="Only a stage that no interview uses can be deleted; the others keep their order."
            confirmLabel="Delete stage"
            destructive
            pending={remove.pending}
            onConfirm={() => void remove.run(deleting.id).finally(() => setDeleting(null))}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

function RenameStageForm({ stage, catalog, onDone }: { stage: Stage; catalog: ServerCatalogOptions | null; onDone: () => void }) {
  const [configId, setConfigId] = useState(stage.configId ?? '');
  const update = useApiAction(updateStage, {
    onSuccess: () => {
      toast.success('Stage saved');
      onDone();
    },
  });
  const { fields, form } = issuesOf(update.error);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void update.run({ id: stage.id, name: String(new FormData(event.currentTarget).get('name') ?? ''), configId: configId || null });
  };
  return (
    <Form onSubmit={onSubmit} noValidate className="grid gap-2" aria-label={`Rename ${stage.name}`}>
      <Field label="Stage name" error={fields.name ?? form ?? undefined}>
        <Input name="name" defaultValue={stage.name} autoComplete="off" autoFocus maxLength={200} />
      </Field>
      {catalog ? <CatalogSelect label="Question set of this stage" idPrefix="cfg_" value={configId} emptyLabel="The campaign’s" catalog={catalog} onChange={setConfigId} /> : null}
      {fields.configId ? (
        <p role="alert" className="text-sm text-red-700">
          {fields.configId}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={update.pending}>
          {update.pending ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
          Save
        </Button>
      </div>
    </Form>
  );
}

function AddStageForm({ campaignId }: { campaignId: string }) {
  const [name, setName] = useState('');
  const [generateReport, setGenerateReport] = useState(true);
  const create = useApiAction(createStage, {
    onSuccess: () => {
      toast.success('Stage added');
      setName('');
      setGenerateReport(true);
    },
  });
  const { fields, form } = issuesOf(create.error);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void create.run({ campaignId, name, generateReport });
  };
  return (
    <Form onSubmit={onSubmit} noValidate className="grid gap-3 border-t border-slate-100 pt-4" aria-label="Add a stage">
      <Field label="New stage" error={fields.name ?? form ?? undefined}>
        <Input value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" placeholder="Technical interview" maxLength={200} />
      </Field>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={generateReport} onChange={(e) => setGenerateReport(e.target.checked)} className="size-4 accent-brand-600" />
          Generate reports
        </label>
        <Button type="submit" size="sm" variant="outline" disabled={create.pending}>
          {create.pending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Plus aria-hidden />}
          Add stage
        </Button>
      </div>
    </Form>
  );
}
