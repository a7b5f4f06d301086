/**
 * Whether a transcript is too poor to score: empty, or far shorter than the speech it came from. People speak
 * about two words a second; a transcript with fewer than one word per four seconds of a recording of eight
 * seconds or more lost most of what was said (a bad microphone, noise, the wrong language), and scoring it would
 * judge the candidate on what the recognizer missed.
 */
export const POOR_TRANSCRIPT_FLAG = 'POOR_TRANSCRIPT';
/** A written answer left empty. */
export const NO_ANSWER_FLAG = 'NO_ANSWER';
/** The language model could not evaluate the answer (down, timed out, or answered something invalid). */
export const EVALUATION_UNAVAILABLE_FLAG = 'EVALUATION_UNAVAILABLE';

const MIN_SECONDS_FOR_RATIO = 8;
const MIN_WORDS_PER_SECOND = 0.25;

export function countWords(text: string): number {
  return text.trim().split(/\s+/u).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

export function isPoorTranscript(text: string | null, speechDurationMs: number | null): boolean {
  if (text === null) return false;
  const words = countWords(text);
  if (words === 0) return true;
  if (speechDurationMs === null || speechDurationMs < MIN_SECONDS_FOR_RATIO * 1000) return false;
  return words < (speechDurationMs / 1000) * MIN_WORDS_PER_SECOND;
}
