import { resolveCandidateLocale, type CandidateLocale } from '@/server/i18n/candidate-locale';
import { CANDIDATE_LANGUAGES, isCandidateLanguage, type CandidateLanguage } from '@/server/i18n/languages';

/**
 * The explanation document's languages (issue 23: in the candidate's language): every candidate language. Its words
 * are the `explanation` catalogues (server/i18n/messages/explanation/<lang>.json, ICU MessageFormat).
 */
export const EXPLANATION_LANGUAGES = CANDIDATE_LANGUAGES;
export type ExplanationLanguage = CandidateLanguage;

/**
 * The document's locale: the language asked for (a recruiter's explicit choice) when there is one; else the
 * candidate's own, resolved as their interview and emails were (`fr-CA` → French with Canadian dates); else, for
 * a candidate erased since (no locale left), English.
 */
export function explanationLocaleOf(requested: string | null | undefined, candidateLocale: string | null | undefined): CandidateLocale {
  if (requested && isCandidateLanguage(requested)) {
    // The candidate's own conventions when the asked language is theirs (fr asked for an fr-CA candidate).
    const own = candidateLocale ? resolveCandidateLocale(candidateLocale) : null;
    return own?.language === requested ? own : { language: requested, intlLocale: requested };
  }
  if (candidateLocale) return resolveCandidateLocale(candidateLocale);
  return { language: 'en', intlLocale: 'en' };
}
