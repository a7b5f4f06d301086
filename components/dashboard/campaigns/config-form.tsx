'use client';

import { ArrowDown, ArrowLeft, ArrowUp, CircleCheck, LoaderCircle, Plus, Trash2 } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import type { ContractError } from '@/components/trpc/errors';
import type { RouterOutputs } from '@/components/trpc/react';
import { useApiAction } from '@/components/trpc/use-api-action';
import { FormAlert, issuesByPath } from '../form-errors';
import { PageHeader } from '../page-header';
import { Form } from '@/components/ui/form';
import { READ_ONLY_REASON, useRole } from '@/components/dashboard/role-context';
import { uniqueCriterionKeys } from '@/server/services/interview-configs/criterion-keys';

type Config = RouterOutputs['interviewConfigs']['get'];
type CriterionDraft = { uid: number; key: string; label: string; weight: string; keyTouched: boolean; low: string; mid: string; high: string };
type QuestionDraft = { uid: number; id: string; text: string; criterion: string };

let nextUid = 1;
const uid = () => nextUid++;

/** The languages an interview can be held in (the candidate pages' and emails' languages). */
export const INTERVIEW_LANGUAGES = [
  ['en', 'English'],
  ['fr', 'Français'],
  ['de', 'Deutsch'],
  ['es', 'Español'],
  ['it', 'Italiano'],
  ['nl', 'Nederlands'],
  ['pt', 'Português'],
] as const;
export type InterviewLanguage = (typeof INTERVIEW_LANGUAGES)[number][0];

/** A criterion key from its label, unique among the other criteria's keys ("Technical depth" → technical_depth). */
function keyFor(label: string, others: CriterionDraft[]): string {
  return uniqueCriterionKeys([label], new Set(others.map((c) => c.key)))[0];
}

/** What the form saves (create, update, or the new-job wizard's one step). */
export type ConfigBody = {
  name: string;
  locale: string;
  /** Other languages the candidate may switch the interview to on its page. */
  extraLocales?: InterviewLanguage[];
  generateReport: boolean;
  criteria: { key: string; label: string; weight: number; anchors?: { low?: string; mid?: string; high?: string } }[];
  questions: { id: string; text: string; criterion?: string }[];
  draftToken?: string;
};

/** A starting point that is not saved yet: a template or a generated draft. */
export type ConfigDraft = Omit<ConfigBody, 'generateReport' | 'draftToken'> & { draftToken?: string | null; generatedBy?: { provider: string; model: string } | null };

/** The next free question id of the form q1, q2…: existing ids are kept, so edits do not renumber questions. */
function nextQuestionId(questions: QuestionDraft[]): string {
  const used = new Set(questions.map((q) => q.id));
  let n = questions.length + 1;
  while (used.has(`q${n}`)) n++;
  return `q${n}`;
}

function move<T>(items: T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= items.length) return items;
  const next = [...items];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** Creates an interview configuration, or edits `initial`: questions, weighted criteria, language, report default. */
export function ConfigForm({
  initial,
  justCreated = false,
  draft,
  embedded,
  defaultLocale = 'fr',
}: {
  initial?: Config;
  justCreated?: boolean;
  /** Pre-filled, unsaved (templates, generation). */
  draft?: ConfigDraft;
  /** Inside the new-job wizard: no page header, and saving hands the body to `onSave`. */
  embedded?: { onSave: (body: ConfigBody) => void; saveLabel: string; pending: boolean; error: ContractError | null };
  /** A new configuration's language: the organization's. */
  defaultLocale?: InterviewLanguage;
}) {
  const start = initial ?? draft;
  const { canEdit } = useRole();
  const router = useRouter();
  const [name, setName] = useState(start?.name ?? '');
  const [locale, setLocale] = useState<string>(start?.locale ?? defaultLocale);
  const [extraLocales, setExtraLocales] = useState<InterviewLanguage[]>((initial?.extraLocales ?? []) as InterviewLanguage[]);
  const [generateReport, setGenerateReport] = useState(initial?.generateReport ?? true);
  const [criteria, setCriteria] = useState<CriterionDraft[]>(
    () =>
      start?.criteria.map((c) => ({ uid: uid(), key: c.key, label: c.label, weight: String(c.weight), keyTouched: Boolean(initial), low: c.anchors?.low ?? '', mid: c.anchors?.mid ?? '', high: c.anchors?.high ?? '' })) ?? [],
  );
  const [questions, setQuestions] = useState<QuestionDraft[]>(() => start?.questions.map((q) => ({ uid: uid(), id: q.id, text: q.text, criterion: q.criterion ?? '' })) ?? []);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(justCreated ? 'Configuration created' : null);

  // Through the API loaded on first use (no data layer on the page); the lists are rendered by the server, fresh
  // when opened. The edit page is not refreshed after a save: its form holds what was saved.
  const create = useApiAction((api, body: ConfigBody) => api.interviewConfigs.create.mutate(body), {
    refresh: false,
    onSuccess: (created) => router.push(`/campaigns/configurations/${created.id}?created=1`),
  });
  const update = useApiAction((api, body: Parameters<typeof api.interviewConfigs.update.mutate>[0]) => api.interviewConfigs.update.mutate(body), {
    refresh: false,
    onSuccess: () => setSaved('Changes saved'),
  });
  const mutation = initial ? update : create;
  const mutationError = embedded ? embedded.error : mutation.error;
  const pending = embedded ? embedded.pending : mutation.pending;
  const errors = { ...issuesByPath(mutationError), ...localErrors };
  const criterionKeys = criteria.map((c) => c.key.trim()).filter(Boolean);

  const setCriterion = (index: number, patch: Partial<CriterionDraft>) =>
    setCriteria((all) =>
      all.map((c, i) => {
        if (i !== index) return c;
        const next = { ...c, ...patch };
        // The key follows the label (unique among the others) until someone types a key of their own; the
        // questions that named the old key follow it.
        if (patch.label !== undefined && !c.keyTouched) {
          next.key = keyFor(patch.label, all.filter((_, j) => j !== index));
          if (c.key && next.key !== c.key) setQuestions((qs) => qs.map((q) => (q.criterion === c.key ? { ...q, criterion: next.key } : q)));
        }
        return next;
      }),
    );
  const setQuestion = (index: number, patch: Partial<QuestionDraft>) => setQuestions((all) => all.map((q, i) => (i === index ? { ...q, ...patch } : q)));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const local: Record<string, string> = {};
    const weights = criteria.map((c, i) => {
      const weight = Number(c.weight.replace(',', '.'));
      if (c.weight.trim() === '' || !Number.isFinite(weight)) local[`criteria.${i}.weight`] = 'Enter a number greater than 0';
      return weight;
    });
    setLocalErrors(local);
    if (Object.keys(local).length > 0) return;
    const body: ConfigBody = {
      name,
      locale,
      extraLocales: extraLocales.filter((l) => l !== locale),
      generateReport,
      criteria: criteria.map((c, i) => {
        const anchors = Object.fromEntries((['low', 'mid', 'high'] as const).filter((k) => c[k].trim() !== '').map((k) => [k, c[k].trim()]));
        return { key: c.key, label: c.label, weight: weights[i], ...(Object.keys(anchors).length > 0 ? { anchors } : {}) };
      }),
      questions: questions.map((q) => ({ id: q.id, text: q.text, ...(q.criterion ? { criterion: q.criterion } : {}) })),
      ...(draft?.draftToken ? { draftToken: draft.draftToken } : {}),
    };
    if (embedded) embedded.onSave(body);
    else if (initial) void update.run({ id: initial.id, name: body.name, locale: body.locale, extraLocales: body.extraLocales, generateReport: body.generateReport, criteria: body.criteria, questions: body.questions });
    else void create.run(body);
  };

  const title = initial ? initial.name : 'New interview configuration';
  const provenance = initial?.provenance ?? null;
  return (
    <div className="mx-auto max-w-4xl">
      {embedded ? null : <PageHeader
        eyebrow={
          <Link href="/campaigns/configurations" className="inline-flex items-center gap-1 hover:text-brand-700 hover:underline">
            <ArrowLeft className="size-3.5" aria-hidden /> Interview configurations
          </Link>
        }
        title={title}
        description="The agent asks the questions in order; each answer is scored on the criteria, weighted into the overall score."
      />}
      {provenance || draft?.generatedBy ? (
        <p className="mb-4 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="config-provenance">
          {provenance
            ? `Drafted by ${provenance.model} (${provenance.provider}) on ${provenance.generatedAt.slice(0, 10)}${provenance.editedByHuman ? ', then edited by your team' : ', saved as generated'}.`
            : `Drafted by ${draft!.generatedBy!.model}: review every criterion and question before saving.`}
        </p>
      ) : null}
      {!canEdit ? (
        <p className="mb-4 text-sm text-slate-600" data-testid="config-read-only">
          {READ_ONLY_REASON}
        </p>
      ) : null}
      <Form readOnly={!canEdit} onSubmit={onSubmit} noValidate aria-label={embedded ? 'Question set' : initial ? 'Edit the interview configuration' : 'New interview configuration'} className="grid gap-6">
        <FormAlert error={mutationError} fieldCount={Object.keys(errors).length} what="The configuration was not saved" />
        <Card>
          <CardHeader title="General" />
          <CardContent className="grid gap-4 sm:grid-cols-[2fr_1fr]">
            <Field label="Name" error={errors.name}>
              <Input value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" maxLength={200} />
            </Field>
            <Field label="Language" error={errors.locale} hint="The interview, its email and its page are in this language.">
              {(control) => (
                <NativeSelect {...control} value={locale} onChange={(e) => setLocale(e.target.value)}>
                  {INTERVIEW_LANGUAGES.some(([code]) => code === locale) ? null : <option value={locale}>{locale}</option>}
                  {INTERVIEW_LANGUAGES.map(([code, label]) => (
                    <option key={code} value={code}>
                      {label}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <fieldset className="sm:col-span-2" data-testid="config-extra-locales">
              <legend className="text-sm font-medium text-slate-900">Candidates may also choose</legend>
              <p className="mb-2 text-xs text-slate-600">The page then offers these languages too: the interviewer speaks the chosen one, your questions are asked as written.</p>
              <div className="flex flex-wrap gap-x-4 gap-y-2">
                {INTERVIEW_LANGUAGES.filter(([code]) => code !== locale).map(([code, label]) => (
                  <label key={code} className="flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-600"
                      checked={extraLocales.includes(code)}
                      onChange={(e) => setExtraLocales((all) => (e.target.checked ? [...all, code] : all.filter((l) => l !== code)))}
                    />
                    {label}
                  </label>
                ))}
              </div>
              {errors.extraLocales ? <p className="mt-1 text-xs text-red-700">{errors.extraLocales}</p> : null}
            </fieldset>
            <label className="flex items-start gap-3 sm:col-span-2">
              <input type="checkbox" checked={generateReport} onChange={(e) => setGenerateReport(e.target.checked)} className="mt-0.5 size-4 accent-brand-600" />
              <span>
                <span className="block text-sm font-medium text-slate-900">Generate a report</span>
                <span className="block text-xs text-slate-600">For interviews without a stage; a stage’s own setting wins.</span>
              </span>
            </label>
          </CardContent>
        </Card>

        <Card>
          <CardHeader
            title="Criteria"
            description="What answers are scored on (0–10 each). A weight of 2 counts twice as much as a weight of 1."
            action={
              <Button
                variant="outline"
                size="sm"
                onClick={() => setCriteria((all) => [...all, { uid: uid(), key: '', label: '', weight: '1', keyTouched: false, low: '', mid: '', high: '' }])}
              >
                <Plus aria-hidden /> Add a criterion
              </Button>
            }
          />
          <CardContent className="grid gap-3">
            {errors.criteria ? <p className="text-xs font-medium text-red-700">{errors.criteria}</p> : null}
            {criteria.length === 0 ? <p className="text-sm text-slate-600">No criteria: interviews get a summary but no weighted score.</p> : null}
            <ol className="grid gap-3" aria-label="Criteria">
              {criteria.map((c, i) => (
                <li key={c.uid} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[4fr_1fr_auto] sm:items-start">
                  <Field label={<>Label<span className="sr-only"> of criterion {i + 1}</span></>} error={errors[`criteria.${i}.label`]}>
                    <Input value={c.label} onChange={(e) => setCriterion(i, { label: e.target.value })} autoComplete="off" placeholder="Technical depth" />
                  </Field>
                  <Field label={<>Weight<span className="sr-only"> of criterion {i + 1}</span></>} error={errors[`criteria.${i}.weight`]}>
                    <Input value={c.weight} onChange={(e) => setCriterion(i, { weight: e.target.value })} inputMode="decimal" autoComplete="off" />
                  </Field>
                  <Button variant="ghost" size="icon" className="sm:mt-6" onClick={() => setCriteria((all) => all.filter((_, j) => j !== i))}>
                    <Trash2 aria-hidden />
                    <span className="sr-only">Remove criterion {i + 1}</span>
                  </Button>
                  <fieldset className="grid gap-2 sm:col-span-3 sm:grid-cols-3">
                    <legend className="mb-1 text-xs font-medium text-slate-700">Rating scale (optional): what an answer looks like at…</legend>
                    {(
                      [
                        ['low', '2 / 10'],
                        ['mid', '5 / 10'],
                        ['high', '8 / 10'],
                      ] as const
                    ).map(([level, score]) => (
                      <Field key={level} label={<>{score}<span className="sr-only"> for criterion {i + 1}</span></>} error={errors[`criteria.${i}.anchors.${level}`]}>
                        <Textarea value={c[level]} onChange={(e) => setCriterion(i, { [level]: e.target.value })} rows={2} maxLength={500} />
                      </Field>
                    ))}
                  </fieldset>
                  <details className="text-xs text-slate-600 sm:col-span-3" open={Boolean(errors[`criteria.${i}.key`])}>
                    <summary className="cursor-pointer select-none">Advanced: key in reports and exports ({c.key || 'from the label'})</summary>
                    <Field className="mt-2 max-w-sm" label={<>Key<span className="sr-only"> of criterion {i + 1}</span></>} error={errors[`criteria.${i}.key`]} hint="Derived from the label. Change it only if an integration expects a given key.">
                      <Input
                        value={c.key}
                        onChange={(e) => setCriterion(i, { key: e.target.value, keyTouched: true })}
                        autoComplete="off"
                        spellCheck={false}
                        className="font-mono"
                        placeholder="technical_depth"
                      />
                    </Field>
                  </details>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>

        <Card>
          <CardHeader
            title="Questions"
            description="In the order the agent asks them. A question may name the criterion its answer evidences."
            action={
              <Button variant="outline" size="sm" onClick={() => setQuestions((all) => [...all, { uid: uid(), id: nextQuestionId(all), text: '', criterion: '' }])}>
                <Plus aria-hidden /> Add a question
              </Button>
            }
          />
          <CardContent className="grid gap-3">
            {errors.questions ? <p className="text-xs font-medium text-red-700">{errors.questions}</p> : null}
            {questions.length === 0 ? <p className="text-sm text-slate-600">No questions: the agent conducts a general interview.</p> : null}
            <ol className="grid gap-3" aria-label="Questions">
              {questions.map((q, i) => (
                <li key={q.uid} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[3fr_1.4fr_auto] sm:items-start">
                  <Field label={`Question ${i + 1}`} error={errors[`questions.${i}.text`] ?? errors[`questions.${i}.id`]}>
                    <Textarea value={q.text} onChange={(e) => setQuestion(i, { text: e.target.value })} rows={2} placeholder="Tell me about a hard bug you fixed." />
                  </Field>
                  <Field label={<>Criterion<span className="sr-only"> of question {i + 1}</span></>} error={errors[`questions.${i}.criterion`]}>
                    {(control) => (
                      <NativeSelect {...control} value={q.criterion} onChange={(e) => setQuestion(i, { criterion: e.target.value })}>
                        <option value="">None</option>
                        {q.criterion && !criterionKeys.includes(q.criterion) ? <option value={q.criterion}>{q.criterion}</option> : null}
                        {criteria
                          .filter((c) => c.key.trim())
                          .map((c) => (
                            <option key={c.uid} value={c.key.trim()}>
                              {c.label || c.key}
                            </option>
                          ))}
                      </NativeSelect>
                    )}
                  </Field>
                  <div className="flex gap-1 sm:mt-6">
                    <Button variant="ghost" size="icon" disabled={i === 0} onClick={() => setQuestions((all) => move(all, i, -1))}>
                      <ArrowUp aria-hidden />
                      <span className="sr-only">Move question {i + 1} up</span>
                    </Button>
                    <Button variant="ghost" size="icon" disabled={i === questions.length - 1} onClick={() => setQuestions((all) => move(all, i, 1))}>
                      <ArrowDown aria-hidden />
                      <span className="sr-only">Move question {i + 1} down</span>
                    </Button>
                    <Button variant="ghost" size="icon" onClick={() => setQuestions((all) => all.filter((_, j) => j !== i))}>
                      <Trash2 aria-hidden />
                      <span className="sr-only">Remove question {i + 1}</span>
                    </Button>
                  </div>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>

        <div className="flex flex-wrap items-center justify-end gap-3">
          <p role="status" className="mr-auto inline-flex items-center gap-1.5 text-sm text-emerald-800">
            {saved ? (
              <>
                <CircleCheck className="size-4" aria-hidden /> {saved}
              </>
            ) : null}
          </p>
          {embedded ? null : (
            <Button asChild variant="outline">
              <Link href="/campaigns/configurations">{initial ? 'Back' : 'Cancel'}</Link>
            </Button>
          )}
          {canEdit ? (
            <Button type="submit" disabled={pending}>
              {pending ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
              {embedded ? embedded.saveLabel : initial ? 'Save changes' : 'Create configuration'}
            </Button>
          ) : null}
        </div>
      </Form>
    </div>
  );
}
