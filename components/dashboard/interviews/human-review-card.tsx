import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { formatScore } from '../format';
import { Time } from '../time';
import { HumanReviewForm } from './interview-review-form';
import type { ReviewCriterion } from './interview-review-form';
import type { InterviewView } from './use-live-transcript';

/**
 * The recruiter's own scores, criterion by criterion, beside the AI's. Once saved, the human overall score ranks
 * the candidate in the campaign and leads the exports; the AI's report stays as it was generated. Rendered on the
 * server; the form is a client island.
 */
export function HumanReviewCard({ view, canEdit }: { view: InterviewView; canEdit: boolean }) {
  const evaluation = view.evaluation;
  const criteria = evaluation?.status === 'READY' ? evaluation.criteria : [];
  const review = view.humanReview;
  if (criteria.length === 0) return null;
  // A viewer reads a review someone saved, and has no form to fill.
  if (!canEdit && !review) return null;
  const formCriteria: ReviewCriterion[] = criteria.map((c) => {
    const mine = review?.criteria.find((r) => r.key === c.key);
    return {
      key: c.key,
      label: c.label,
      // Review before AI: the AI's score is not sent to the browser until the reviewer has saved theirs.
      aiScore: view.aiWithheld ? undefined : c.score,
      score: mine ? String(mine.score) : '',
      note: mine?.note ?? '',
    };
  });

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
          <HumanReviewForm
            // A saved review (here or elsewhere) arrives with the refreshed page: the form starts again from it.
            key={review?.reviewedAt ?? 'none'}
            interviewId={view.id}
            saved={Boolean(review)}
            criteria={formCriteria}
          />
        )}
      </CardContent>
    </Card>
  );
}
