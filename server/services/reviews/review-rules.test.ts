import { describe, expect, it } from 'vitest';
import { DecideInterviewInputSchema } from '../decisions/decision-schemas';
import { checkDecisionReason, DECISION_REASON_MAX_LENGTH } from '../decisions/decision-reason';
import { SaveHumanReviewInputSchema } from './human-review-schemas';
import { checkReviewNote, checkReviewScore, REVIEW_NOTE_MAX_LENGTH } from './review-rules';

const criterion = SaveHumanReviewInputSchema.shape.criteria.element.shape;
const reason = DecideInterviewInputSchema.shape.reason;

type Check<T> = { success: true; data: T } | { success: false; message: string };
function expectAgreement<T>(server: ReturnType<typeof reason.safeParse> | { success: boolean; data?: unknown; error?: { issues: { message: string }[] } }, dashboard: Check<T>) {
  expect(dashboard.success).toBe(server.success);
  if (server.success && dashboard.success) expect(dashboard.data).toBe(server.data);
  if (!server.success && !dashboard.success) expect(dashboard.message).toBe(server.error?.issues[0]?.message);
}

describe("the interview page's review and decision forms: the dashboard's checks and the API's schemas", () => {
  it.each(['0', '10', '7.5', '-0.5', '10.5', 'abc', '1e1'])('agree on the score %j (as the number the form sends)', (text) => {
    const dashboard = checkReviewScore(text);
    expectAgreement(criterion.score.safeParse(Number(text)), dashboard);
  });

  it.each(['', '  Clear answer.  ', 'x'.repeat(REVIEW_NOTE_MAX_LENGTH), ` ${'x'.repeat(REVIEW_NOTE_MAX_LENGTH)} `, 'x'.repeat(REVIEW_NOTE_MAX_LENGTH + 1)])(
    'agree on a review note of %#',
    (text) => expectAgreement(criterion.note.safeParse(text), checkReviewNote(text)),
  );

  it.each(['', '  Strong on SQL.  ', 'x'.repeat(DECISION_REASON_MAX_LENGTH), 'x'.repeat(DECISION_REASON_MAX_LENGTH + 1)])('agree on a decision reason of %#', (text) =>
    expectAgreement(reason.safeParse(text), checkDecisionReason(text)),
  );
});
