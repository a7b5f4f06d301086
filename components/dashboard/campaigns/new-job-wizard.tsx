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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { contractError, fieldErrors } from '@/components/trpc/errors';
import { trpc } from '@/components/trpc/react';
import { PageHeader } from '../page-header';
import { ConfigForm, INTERVIEW_LANGUAGES, type ConfigBody, type ConfigDraft } from './config-form';

type Language = (typeof INTERVIEW_LANGUAGES)[number][0];

/**
 * "New job": a title and the job description, then a question set (generated from the description when the
 * organization has a language model, or a ready template), reviewed and edited, then one click creates the job,
 * the question set and a campaign that uses it, and opens the campaign page where "Invite candidates" is.
 * `defaultLocale` (the organization's language) is the interview language until the recruiter picks another.
 */
export function NewJobWizard({ defaultLocale = 'en' }: { defaultLocale?: Language }) {
  const router = useRouter();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [locale, setLocale] = useState<Language>(defaultLocale);
  const [draft, setDraft] = useState<{ key: number; value: ConfigDraft } | null>(null);
  const availability = trpc.interviewConfigs.generationAvailability.useQuery();
  const templates = trpc.interviewConfigs.templates.useQuery({});
  const generate = trpc.interviewConfigs.generate.useMutation({
    onSuccess: (result) => setDraft({ key: Date.now(), value: { ...result, name: result.name } }),
  });
  const setUp = trpc.campaigns.setUpJob.useMutation({
    onSuccess: ({ campaignId }) => {
      toast.success('Job, question set and campaign created');
      router.push(`/campaigns/${campaignId}`);
    },
  });
  const generateErrors = generate.error ? fieldErrors(generate.error) : {};
  const setUpErrors = setUp.error ? fieldErrors(setUp.error) : {};
  const shown = (templates.data ?? []).filter((t) => t.locale === (locale === 'fr' ? 'fr' : 'en'));
  const titleMissing = title.trim() === '';

  const pickTemplate = (id: string) => {
    const t = templates.data?.find((x) => x.id === id);
    if (!t) return;
    setDraft({ key: Date.now(), value: { name: title.trim() ? `${title.trim()} · ${t.name}` : t.name, locale, criteria: t.criteria, questions: t.questions } });
  };

  const save = (body: ConfigBody) =>
    setUp.mutate({ title: title.trim(), description: description.trim() || null, questionSet: { ...body, name: body.name || title.trim() } });

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
                <Select value={locale} onValueChange={(v) => setLocale(v as Language)}>
                  <SelectTrigger {...control}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {INTERVIEW_LANGUAGES.map(([code, label]) => (
                      <SelectItem key={code} value={code}>
                        {label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
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
              disabled={!availability.data?.available || generate.isPending || titleMissing || description.trim().length < 30}
              onClick={() => generate.mutate({ jobTitle: title.trim(), jobDescription: description.trim(), locale })}
            >
              {generate.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Sparkles aria-hidden />}
              Generate from job description
            </Button>
            <p className="text-xs text-slate-600" role="status">
              {availability.isPending
                ? 'Checking for a language model…'
                : !availability.data?.available
                  ? 'No language model is configured for your organization (Settings → AI providers): start from a template below.'
                  : titleMissing || description.trim().length < 30
                    ? `Enter the title and paste the description (a few sentences) to generate with ${availability.data.model}.`
                    : `Drafted by ${availability.data.model}; nothing is saved until you create the job.`}
            </p>
            {generate.error ? <p className="text-sm font-medium text-red-700">{contractError(generate.error).message}</p> : null}
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
            embedded={{ onSave: save, saveLabel: 'Create job and campaign', pending: setUp.isPending, error: setUp.error }}
          />
        </section>
      ) : null}
    </div>
  );
}
