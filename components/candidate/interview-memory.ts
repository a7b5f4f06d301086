'use client';

/**
 * What the page keeps in the candidate's browser so that a reload, a closed tab or a lost network loses nothing:
 * the chosen answer mode, the questions already spoken aloud (a reload shows them, it does not read them again),
 * and the draft answer of the pending question (its text and uploaded recording). The server's session stays the
 * source of truth for which question is pending; a draft for any other question is dropped.
 */
export type AnswerDraft = { turnNumber: number; text: string; audioId: string | null; poor: boolean; untranscribed: boolean };
export type InterviewMemory = { mode: 'voice' | 'writing' | null; spoken: number[]; draft: AnswerDraft | null };

const EMPTY: InterviewMemory = { mode: null, spoken: [], draft: null };

/** The storage key: a hash of the link's token, so the token itself is not written to storage. */
function keyFor(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193) >>> 0;
  return `interview:${hash.toString(36)}`;
}

export function readMemory(token: string): InterviewMemory {
  try {
    const raw = window.localStorage.getItem(keyFor(token));
    if (!raw) return EMPTY;
    const parsed = JSON.parse(raw) as Partial<InterviewMemory>;
    return { mode: parsed.mode ?? null, spoken: Array.isArray(parsed.spoken) ? parsed.spoken : [], draft: parsed.draft ?? null };
  } catch {
    return EMPTY;
  }
}

export function writeMemory(token: string, update: Partial<InterviewMemory>): InterviewMemory {
  const next = { ...readMemory(token), ...update };
  try {
    window.localStorage.setItem(keyFor(token), JSON.stringify(next));
  } catch {
    // Private browsing or a full quota: the interview still works, only a reload would lose the draft.
  }
  return next;
}

export function forgetMemory(token: string): void {
  try {
    window.localStorage.removeItem(keyFor(token));
  } catch {
    // Nothing kept, nothing to forget.
  }
}
