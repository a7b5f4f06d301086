import { getEnv } from '@/server/env';
import { formatDateTimeInZone } from './format-date';

import { CANDIDATE_LANGUAGES, DEFAULT_CANDIDATE_LANGUAGE, type CandidateLanguage } from './languages';

export { CANDIDATE_LANGUAGES, DEFAULT_CANDIDATE_LANGUAGE, type CandidateLanguage } from './languages';

export type CandidateLocale = {
  /** Which copy to use. */
  language: CandidateLanguage;
  /** Which conventions to format dates with: the candidate's own tag when it is of that language (fr-CA, en-GB). */
  intlLocale: string;
};

/** `fr-CA` → fr with Canadian formatting, `de-AT` → de with Austrian formatting, `pt-BR` → pt, `ja` or garbage → fr. */
export function resolveCandidateLocale(tag: string | null | undefined): CandidateLocale {
  let canonical: string | undefined;
  try {
    canonical = tag ? Intl.getCanonicalLocales(tag)[0] : undefined;
  } catch {
    canonical = undefined;
  }
  const primary = canonical?.split('-')[0].toLowerCase();
  const language = (CANDIDATE_LANGUAGES as readonly string[]).includes(primary ?? '') ? (primary as CandidateLanguage) : DEFAULT_CANDIDATE_LANGUAGE;
  const supported = canonical && primary === language && Intl.DateTimeFormat.supportedLocalesOf([canonical]).length > 0;
  return { language, intlLocale: supported ? canonical! : language };
}

/** A date and time the candidate cannot misread: their conventions, the configured zone, and the zone's name. */
export function formatCandidateDateTime(date: Date, locale: CandidateLocale, timeZone = getEnv().DISPLAY_TIME_ZONE): string {
  return formatDateTimeInZone(date, locale.intlLocale, timeZone);
}

/**
 * What the candidate should plan for: about three minutes per question plus a few for the introduction and the
 * close, rounded up to five minutes. Null when the interview has no configured questions.
 */
export function estimateInterviewMinutes(questionCount: number | null): number | null {
  if (!questionCount || questionCount <= 0) return null;
  return Math.max(5, Math.ceil((questionCount * 3 + 2) / 5) * 5);
}
