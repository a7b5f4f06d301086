'use client';

import { useFieldArray, useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { contractError } from '@/components/trpc/errors';
import { trpc } from '@/components/trpc/react';
import { checkReviewNote, checkReviewScore, REVIEW_NOTE_MAX_LENGTH, REVIEW_SCORE_MAX, REVIEW_SCORE_MIN } from '@/server/services/reviews/review-rules';
import { formatScore } from '../format';
import { Time } from '../time';
import type { InterviewView } from './use-live-transcript';
import { Form } from '@/components/ui/form';
import { useRole } from '@/components/dashboard/role-context';

/** The form's fields as typed; review-rules.ts checks them as the API would, without zod on the page. */
type ReviewFormInput = { criteria: { key: string; score: string; note: string }[] };
const messageOf = (check: { success: true } | { success: false; message: string }) => (check.success ? true : check.message);

/**
 * The recruiter's own scores, criterion by criterion, beside the AI's. Once saved, the human overall score ranks
 * the candidate in the campaign and leads the exports; the AI's report stays as it was generated.
 */
export function HumanReviewCard({ view }: { view: InterviewView }) {
  const utils = trpc.useUtils();
  const { canEdit } = useRole();
  const evaluation = view.evaluation;
  const criteria = evaluation?.status === 'READY' ? evaluation.criteria : [];
  const review = view.humanReview;
  const form = useForm<ReviewFormInput>({
    values: {
      criteria: criteria.map((c) => {
        const mine = review?.criteria.find((r) => r.key === c.key);
        return { key: c.key, score: mine ? String(mine.score) : '', note: mine?.note ?? '' };
      }),
    },
  });
  const { fields } = useFieldArray({ control: form.control, name: 'criteria' });
  const save = trpc.reports.saveHumanReview.useMutation({
    onSuccess: async (data) => {
      toast.success(`Review saved: ${formatScore(data.overallScore, 1)} / 100`);
      await Promise.all([utils.dashboard.interview.invalidate({ id: view.id }), utils.dashboard.campaignRanking.invalidate()]);
    },
    onError: (error) => {
      toast.error(`The review was not saved: ${contractError(error).message}`);
    },
  });
  if (criteria.length === 0) return null;
  // A viewer reads a review someone saved, and has no form to fill.
  if (!canEdit && !review) return null;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate({
      interviewId: view.id,
      criteria: values.criteria.map((c) => {
        const note = c.note.trim();
        return { key: c.key, score: Number(c.score), note: note ? note : null };
      }),
    }),
  );

  return (
    <Card aria-labelledby="review-title">
      <CardHeader
        title={<span id="review-title">Your review</span>}
        description={
          review ? (
            <>
              Overall <strong data-testid="human-overall">{formatScore(review.overallScore, 1)}</strong> / 100, saved <Time value={review.reviewedAt} />. It ranks this
              candidate instead of the AI&apos;s score.
            </>
          ) : (
            'Score each criterion yourself (0–10). Your review ranks the candidate instead of the AI’s score.'
          )
        }
      />
      <CardContent>
        {!canEdit && review ? (
          <dl className="grid gap-2 text-sm" data-testid="human-review-read-only">
            {criteria.map((c) => {
              const mine = review.criteria.find((r) => r.key === c.key);
              return (
                <div key={c.key} className="grid gap-0.5">
                  <dt className="font-medium text-slate-900">{c.label}</dt>
                  <dd className="text-slate-700">
                    {mine ? `${formatScore(mine.score, 1)}/10` : '—'}
                    {mine?.note ? ` · ${mine.note}` : ''}
                  </dd>
                </div>
              );
            })}
          </dl>
        ) : (
        <Form className="grid gap-4" onSubmit={onSubmit} noValidate>
          {fields.map((field, index) => {
            const c = criteria[index];
            return (
              <fieldset key={field.id} className="grid gap-2 sm:grid-cols-[7rem_1fr]">
                <legend className="mb-1 text-sm font-medium text-slate-900">
                  {c.label}{' '}
                  {view.aiWithheld ? null : <span className="text-xs font-normal text-slate-600">(AI advice: {c.score === null ? '—' : `${formatScore(c.score, 1)}/10`})</span>}
                </legend>
                <Field label={`${c.label} score`} error={form.formState.errors.criteria?.[index]?.score?.message}>
                  <Input type="number" inputMode="decimal" min={REVIEW_SCORE_MIN} max={REVIEW_SCORE_MAX} step={0.5} {...form.register(`criteria.${index}.score`, { validate: (text) => messageOf(checkReviewScore(text)) })} />
                </Field>
                <Field label={`${c.label} note`} error={form.formState.errors.criteria?.[index]?.note?.message}>
                  <Input {...form.register(`criteria.${index}.note`, { validate: (text) => messageOf(checkReviewNote(text)) })} maxLength={REVIEW_NOTE_MAX_LENGTH} />
                </Field>
              </fieldset>
            );
          })}
          <div>
            <Button type="submit" disabled={save.isPending}>
              {review ? 'Update review' : 'Save review'}
            </Button>
          </div>
        </Form>
        )}
      </CardContent>
    </Card>
  );
}
