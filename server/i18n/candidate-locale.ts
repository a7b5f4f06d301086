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

/**
 * The supported languages a browser's `Accept-Language` header asks for, most wanted first (RFC 9110 §12.5.4:
 * `de-CH, de;q=0.9, en;q=0.8`). Ranges we do not serve, `*` and `q=0` are dropped; ties keep the header's order.
 * Only for a page with no interview to take a language from (an unknown link).
 */
export function languagesFromAcceptLanguage(header: string | null | undefined): CandidateLanguage[] {
  if (!header) return [];
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [range, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { primary: range.trim().split('-')[0].toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.weight > 0 && (CANDIDATE_LANGUAGES as readonly string[]).includes(r.primary))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return [...new Set(ranked.map((r) => r.primary as CandidateLanguage))];
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
