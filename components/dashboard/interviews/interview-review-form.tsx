'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import type { Api } from '@/components/trpc/api-client';
import { useApiAction } from '@/components/trpc/use-api-action';
import { checkReviewNote, checkReviewScore, REVIEW_NOTE_MAX_LENGTH, REVIEW_SCORE_MAX, REVIEW_SCORE_MIN } from '@/server/services/reviews/review-rules';
import { formatScore } from '../format';

/** A criterion as the form shows it; aiScore is undefined while the AI's advice is withheld (review before AI). */
export type ReviewCriterion = { key: string; label: string; aiScore: number | null | undefined; score: string; note: string };
type Errors = { score?: string; note?: string }[];

type SaveInput = { interviewId: string; criteria: { key: string; score: number; note: string | null }[] };
const saveReview = (api: Api, input: SaveInput) => api.reports.saveHumanReview.mutate(input);

const messageOf = (check: { success: true } | { success: false; message: string }) => (check.success ? undefined : check.message);
const errorsOf = (values: ReviewCriterion[]): Errors => values.map((c) => ({ score: messageOf(checkReviewScore(c.score)), note: messageOf(checkReviewNote(c.note)) }));

/**
 * The review's form, checked by review-rules.ts as the API checks it (no form library, no zod on the page): on
 * submit, then on every change until the next submit.
 */
export function HumanReviewForm({ interviewId, saved, criteria }: { interviewId: string; saved: boolean; criteria: ReviewCriterion[] }) {
  const [values, setValues] = useState(criteria);
  const [errors, setErrors] = useState<Errors>([]);
  const [submitted, setSubmitted] = useState(false);
  const save = useApiAction(saveReview, {
    onSuccess: (data) => toast.success(`Review saved: ${formatScore(data.overallScore, 1)} / 100`),
    onError: (failure) => toast.error(`The review was not saved: ${failure.message}`),
  });

  const change = (index: number, field: 'score' | 'note', value: string) => {
    const next = values.map((c, i) => (i === index ? { ...c, [field]: value } : c));
    setValues(next);
    if (submitted) setErrors(errorsOf(next));
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = errorsOf(values);
    setErrors(found);
    if (found.some((e) => e.score || e.note)) return;
    void save.run({
      interviewId,
      criteria: values.map((c) => {
        const note = c.note.trim();
        return { key: c.key, score: Number(c.score), note: note ? note : null };
      }),
    });
  };

  return (
    <Form className="grid gap-4" onSubmit={onSubmit} noValidate>
      {values.map((c, index) => (
        <fieldset key={c.key} className="grid gap-2 sm:grid-cols-[7rem_1fr]">
          <legend className="mb-1 text-sm font-medium text-slate-900">
            {c.label}{' '}
            {c.aiScore === undefined ? null : <span className="text-xs font-normal text-slate-600">(AI advice: {c.aiScore === null ? '—' : `${formatScore(c.aiScore, 1)}/10`})</span>}
          </legend>
          <Field label={`${c.label} score`} error={errors[index]?.score}>
            <Input
              type="number"
              inputMode="decimal"
              min={REVIEW_SCORE_MIN}
              max={REVIEW_SCORE_MAX}
              step={0.5}
              name={`criteria.${index}.score`}
              value={c.score}
              onChange={(e) => change(index, 'score', e.target.value)}
            />
          </Field>
          <Field label={`${c.label} note`} error={errors[index]?.note}>
            <Input name={`criteria.${index}.note`} value={c.note} onChange={(e) => change(index, 'note', e.target.value)} maxLength={REVIEW_NOTE_MAX_LENGTH} />
          </Field>
        </fieldset>
      ))}
      <div>
        <Button type="submit" disabled={save.pending}>
          {saved ? 'Update review' : 'Save review'}
        </Button>
      </div>
    </Form>
  );
}
