/**
 * The rule for a decision's reason, in a module with no imports: the API's schema (decision-schemas.ts) states it
 * with zod, and the interview page's decision form checks it without shipping zod (as notes/note-body.ts does).
 */
export const DECISION_REASON_MAX_LENGTH = 2000;
export const DECISION_REASON_TOO_LONG = `Must be at most ${DECISION_REASON_MAX_LENGTH} characters`;

/** The reason as the server stores it (trimmed), or its message. */
export function checkDecisionReason(text: string): { success: true; data: string } | { success: false; message: string } {
  const data = text.trim();
  if (data.length > DECISION_REASON_MAX_LENGTH) return { success: false, message: DECISION_REASON_TOO_LONG };
  return { success: true, data };
}
