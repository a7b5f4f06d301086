/**
 * The rule for a note's text, in a module with no imports: the API's schema (note-schemas.ts) states it with zod, and
 * the dashboard's composer checks it as the recruiter types without shipping zod and the shared field rules.
 */
export const NOTE_MAX_LENGTH = 5000;

export const NOTE_BODY_MESSAGES = {
  empty: 'Write something first',
  tooLong: `Must be at most ${NOTE_MAX_LENGTH} characters`,
} as const;

/** The text as the server stores it (trimmed), or the message the server would answer for it. */
export function checkNoteBody(text: string): { success: true; data: string } | { success: false; message: string } {
  const data = text.trim();
  if (data.length < 1) return { success: false, message: NOTE_BODY_MESSAGES.empty };
  if (data.length > NOTE_MAX_LENGTH) return { success: false, message: NOTE_BODY_MESSAGES.tooLong };
  return { success: true, data };
}
