import { z } from 'zod';
import type { DbExecutor } from '@/db/client';
import { listAgreementPairs, type AgreementPair } from './agreement';
import { agreementFigures } from './agreement-statistics';
import type { AnalyticsFilterInput } from './analytics-filter';

/**
 * When a reviewer's scores match the AI's this often over this many pairs, the dashboard warns that they may be
 * copying the AI rather than judging (automation bias, EU AI Act Art. 14(4)(b)). Below `minPairs` a high share is
 * too likely by chance to say anything; 95 % exact agreement on an 11-point scale is far above what two
 * independent careful raters reach. Documented in docs/DECISIONS.md (Analytics); change them here only.
 */
export const AUTOMATION_BIAS_THRESHOLDS = { minPairs: 10, minExactAgreement: 0.95 } as const;

export const ReviewerAgreementSchema = z.object({
  reviewer: z.object({ type: z.enum(['user', 'api_key']), id: z.string(), name: z.string().nullable() }),
  pairs: z.number().int(),
  exactAgreement: z.number().nullable(),
  adjacentAgreement: z.number().nullable(),
  qwk: z.number().nullable(),
  /** True when the reviewer's exact agreement reaches AUTOMATION_BIAS_THRESHOLDS over enough pairs. */
  automationBiasSuspected: z.boolean(),
});

export const ReviewerAgreementListSchema = z.object({
  thresholds: z.object({ minPairs: z.number().int(), minExactAgreement: z.number() }),
  reviewers: z.array(ReviewerAgreementSchema),
});
export type ReviewerAgreementList = z.infer<typeof ReviewerAgreementListSchema>;

/** The agreement of each reviewer with the AI over all criteria in the filter, most pairs first (dashboard, admins). */
export async function listReviewerAgreement(db: DbExecutor, input: { orgId: string; filter: AnalyticsFilterInput }): Promise<ReviewerAgreementList> {
  const pairs = await listAgreementPairs(db, input);
  const byReviewer = new Map<string, AgreementPair[]>();
  for (const pair of pairs) {
    const key = `${pair.reviewer.type}:${pair.reviewer.id}`;
    byReviewer.set(key, [...(byReviewer.get(key) ?? []), pair]);
  }
  const reviewers = [...byReviewer.values()].map((list) => {
    const figures = agreementFigures(list);
    return {
      reviewer: list[0].reviewer,
      pairs: figures.pairs,
      exactAgreement: figures.exactAgreement,
      adjacentAgreement: figures.adjacentAgreement,
      qwk: figures.qwk,
      automationBiasSuspected: suspectsAutomationBias(figures.pairs, figures.exactAgreement),
    };
  });
  reviewers.sort((a, b) => b.pairs - a.pairs || a.reviewer.id.localeCompare(b.reviewer.id));
  return { thresholds: { ...AUTOMATION_BIAS_THRESHOLDS }, reviewers };
}

export function suspectsAutomationBias(pairs: number, exactAgreement: number | null): boolean {
  return pairs >= AUTOMATION_BIAS_THRESHOLDS.minPairs && exactAgreement !== null && exactAgreement >= AUTOMATION_BIAS_THRESHOLDS.minExactAgreement;
}
