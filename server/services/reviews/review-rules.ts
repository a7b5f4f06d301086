/**
 * The rules for a reviewer's criterion score and note, in a module with no imports: the API's schema
 * (human-review-schemas.ts) states them with zod, and the interview page's review form checks them as the recruiter
 * types without shipping zod (as notes/note-body.ts does for a note).
 */
export const REVIEW_SCORE_MIN = 0;
export const REVIEW_SCORE_MAX = 10;
export const REVIEW_NOTE_MAX_LENGTH = 2000;

export const REVIEW_MESSAGES = {
  notANumber: `Must be a number from ${REVIEW_SCORE_MIN} to ${REVIEW_SCORE_MAX}`,
  tooLow: `Must be at least ${REVIEW_SCORE_MIN}`,
  tooHigh: `Must be at most ${REVIEW_SCORE_MAX}`,
  noteTooLong: `Must be at most ${REVIEW_NOTE_MAX_LENGTH} characters`,
} as const;

/** A score typed in the form as the number the API takes (an empty field is 0, as Number('') is), or its message. */
export function checkReviewScore(text: string): { success: true; data: number } | { success: false; message: string } {
  const data = Number(text);
  if (!Number.isFinite(data)) return { success: false, message: REVIEW_MESSAGES.notANumber };
  if (data < REVIEW_SCORE_MIN) return { success: false, message: REVIEW_MESSAGES.tooLow };
  if (data > REVIEW_SCORE_MAX) return { success: false, message: REVIEW_MESSAGES.tooHigh };
  return { success: true, data };
}

/** A note as the server stores it (trimmed), or its message. */
export function checkReviewNote(text: string): { success: true; data: string } | { success: false; message: string } {
  const data = text.trim();
  if (data.length > REVIEW_NOTE_MAX_LENGTH) return { success: false, message: REVIEW_MESSAGES.noteTooLong };
  return { success: true, data };
}
