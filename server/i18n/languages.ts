/**
 * The languages candidates read the page, the notice, the emails and the interviewer's words in (issue 25). Pure:
 * imported by client components too. English is the catalogues' source (its keys are the type of every other
 * language's catalogue); an unknown or unsupported tag falls back to French (the product's first market).
 */
export const CANDIDATE_LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'nl', 'pt'] as const;
export type CandidateLanguage = (typeof CANDIDATE_LANGUAGES)[number];
export const DEFAULT_CANDIDATE_LANGUAGE: CandidateLanguage = 'fr';

/** Each language's name in itself, for the language switcher. */
export const LANGUAGE_NAMES: Record<CandidateLanguage, string> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands',
  pt: 'Português',
};

export function isCandidateLanguage(value: unknown): value is CandidateLanguage {
  return typeof value === 'string' && (CANDIDATE_LANGUAGES as readonly string[]).includes(value);
}

/**
 * Transitional: a per-language table written for French and English only, completed with English for the other
 * languages. Copy still in such tables is being moved into catalogues (server/i18n/messages); do not use for new copy.
 */
export function withEnglishFallback<T>(table: { en: T; fr: T } & Partial<Record<CandidateLanguage, T>>): Record<CandidateLanguage, T> {
  return Object.fromEntries(CANDIDATE_LANGUAGES.map((l) => [l, table[l] ?? table.en])) as Record<CandidateLanguage, T>;
}
