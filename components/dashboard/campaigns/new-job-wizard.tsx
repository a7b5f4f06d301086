'use client';

import { ArrowLeft, FileText, LoaderCircle, Sparkles } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import type { RouterOutputs } from '@/components/trpc/react';
import { useApiAction } from '@/components/trpc/use-api-action';
import { fieldErrors } from '@/components/trpc/errors';
import { PageHeader } from '../page-header';
import { ConfigForm, INTERVIEW_LANGUAGES, type ConfigBody, type ConfigDraft } from './config-form';

type Language = (typeof INTERVIEW_LANGUAGES)[number][0];
type Availability = RouterOutputs['interviewConfigs']['generationAvailability'];
type Template = RouterOutputs['interviewConfigs']['templates'][number];
type GenerateInput = { jobTitle: string; jobDescription: string; locale: Language };
type SetUpInput = { title: string; description: string | null; questionSet: ConfigBody };

/**
 * "New job": a title and the job description, then a question set (generated from the description when the
 * organization has a language model, or a ready template), reviewed and edited, then one click creates the job,
 * the question set and a campaign that uses it, and opens the campaign page where "Invite candidates" is.
 * `defaultLocale` (the organization's language) is the interview language until the recruiter picks another.
 * Whether a model is configured and the templates are read on the server with the page; generating and creating go
 * through the API loaded on first use (no data layer on the page).
 */
export function NewJobWizard({ defaultLocale = 'en', availability, templates }: { defaultLocale?: Language; availability: Availability; templates: Template[] }) {
  const router = useRouter();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [locale, setLocale] = useState<Language>(defaultLocale);
  const [draft, setDraft] = useState<{ key: number; value: ConfigDraft } | null>(null);
  const generate = useApiAction((api, input: GenerateInput) => api.interviewConfigs.generate.mutate(input), {
    refresh: false,
    onSuccess: (result) => setDraft({ key: Date.now(), value: { ...result, name: result.name } }),
  });
  const setUp = useApiAction((api, input: SetUpInput) => api.campaigns.setUpJob.mutate(input), {
    refresh: false,
    onSuccess: ({ campaignId }) => {
      toast.success('Job, question set and campaign created');
      router.push(`/campaigns/${campaignId}`);
    },
  });
  const generateErrors = fieldErrors(generate.error);
  const setUpErrors = fieldErrors(setUp.error);
  const shown = templates.filter((t) => t.locale === (locale === 'fr' ? 'fr' : 'en'));
  const titleMissing = title.trim() === '';

  const pickTemplate = (id: string) => {
    const t = templates.find((x) => x.id === id);
    if (!t) return;
    setDraft({ key: Date.now(), value: { name: title.trim() ? `${title.trim()} · ${t.name}` : t.name, locale, criteria: t.criteria, questions: t.questions } });
  };

  const save = (body: ConfigBody) =>
    void setUp.run({ title: title.trim(), description: description.trim() || null, questionSet: { ...body, name: body.name || title.trim() } });

  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <PageHeader
        eyebrow={
          <Link href="/campaigns" className="inline-flex items-center gap-1 hover:text-brand-700 hover:underline">
            <ArrowLeft className="size-3.5" aria-hidden /> Campaigns
          </Link>
        }
        title="New job"
        description="Describe the job, get a question set, check it, and start inviting candidates."
      />
      <Card>
        <CardHeader title="1. The job" />
        <CardContent className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
            <Field label="Job title" error={setUpErrors.title ?? generateErrors.jobTitle}>
              <Input value={title} onChange={(e) => setTitle(e.target.value)} autoComplete="off" maxLength={200} placeholder="Customer support agent" />
            </Field>
            <Field label="Interview language">
              {(control) => (
                <NativeSelect {...control} value={locale} onChange={(e) => setLocale(e.target.value as Language)}>
                  {INTERVIEW_LANGUAGES.map(([code, label]) => (
                    <option key={code} value={code}>
                      {label}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          </div>
          <Field label="Job description" error={setUpErrors.description ?? generateErrors.jobDescription} hint="Paste the posting: the questions are drafted from it.">
            <Textarea value={description} onChange={(e) => setDescription(e.target.value)} rows={8} maxLength={20_000} />
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader title="2. The questions" description="Generate them from the description, or start from a ready template. You review everything before anything is saved." />
        <CardContent className="grid gap-4">
          <div className="grid gap-2">
            <Button
              type="button"
              className="justify-self-start"
              data-testid="generate-question-set"
              disabled={!availability.available || generate.pending || titleMissing || description.trim().length < 30}
              onClick={() => void generate.run({ jobTitle: title.trim(), jobDescription: description.trim(), locale })}
            >
              {generate.pending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Sparkles aria-hidden />}
              Generate from job description
            </Button>
            <p className="text-xs text-slate-600" role="status">
              {!availability.available
                  ? 'No language model is configured for your organization (Settings → AI providers): start from a template below.'
                  : titleMissing || description.trim().length < 30
                  ? `Enter the title and paste the description (a few sentences) to generate with ${availability.model}.`
                  : `Drafted by ${availability.model}; nothing is saved until you create the job.`}
            </p>
            {generate.error ? <p className="text-sm font-medium text-red-700">{generate.error.message}</p> : null}
          </div>
          <div className="grid gap-2">
            <h3 className="text-sm font-medium text-slate-900">Templates{locale === 'fr' ? '' : locale === 'en' ? '' : ' (in English: translate as needed)'}</h3>
            <ul className="grid gap-2 sm:grid-cols-2" aria-label="Templates">
              {shown.map((t) => (
                <li key={t.id}>
                  <button
                    type="button"
                    onClick={() => pickTemplate(t.id)}
                    className="flex w-full items-start gap-2 rounded-lg border border-slate-200 bg-white p-3 text-left hover:border-brand-400 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    <FileText className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
                    <span>
                      <span className="block text-sm font-medium text-slate-900">{t.name}</span>
                      <span className="block text-xs text-slate-600">
                        {t.description} {t.criteria.length} criteria, {t.questions.length} questions.
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </CardContent>
      </Card>

      {draft ? (
        <section aria-labelledby="review-heading" className="grid gap-3">
          <h2 id="review-heading" className="text-base font-semibold text-slate-900">
            3. Review and create
          </h2>
          {titleMissing ? <p className="text-sm font-medium text-red-700">Enter the job title above before creating.</p> : null}
          <ConfigForm
            key={draft.key}
            draft={draft.value}
            embedded={{ onSave: save, saveLabel: 'Create job and campaign', pending: setUp.pending, error: setUp.error }}
          />
        </section>
      ) : null}
    </div>
  );
}
