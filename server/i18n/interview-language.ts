import { resolveCandidateLocale, type CandidateLocale } from './candidate-locale';
import { isCandidateLanguage, type CandidateLanguage } from './languages';

/**
 * One interview, one language (issue 26): the interview configuration's language governs the invitation email,
 * the candidate's page and notice, and the interviewer's own words. Pure: the page, the emails, the interviewer's
 * context and the live conversation all resolve it here.
 *
 * - `languages`: what the configuration allows, its own `locale` first, then its `extraLocales` (supported ones
 *   only, without repeats). An interview without a configuration, or with one in a language the catalogues do not
 *   have, is in the candidate's language (the interviewer's default questions exist in every language).
 * - `language`: the one chosen at the start (the page's switcher) when the configuration allows it; else the
 *   candidate's own language when the configuration allows it; else the configuration's.
 * - The candidate's tag keeps its regional conventions (de-AT, en-GB) for dates when it is of that language.
 */
export type InterviewLanguageFacts = {
  /** The candidate's preferred locale (a BCP 47 tag; default fr at creation). */
  candidateLocale: string | null | undefined;
  /** The configuration's locale; null or undefined: the interview has no configuration. */
  configLocale: string | null | undefined;
  /** The configuration's other allowed languages. */
  extraLocales?: readonly string[] | null;
  /** The language recorded at the start (interviews.language), when there is one. */
  chosenLanguage?: string | null;
};

export type InterviewLanguage = {
  /** The interview's language and the conventions to format its dates with. */
  locale: CandidateLocale;
  language: CandidateLanguage;
  /** The languages the interview may be taken in, the configuration's own first. More than one: the page shows a switcher. */
  languages: CandidateLanguage[];
};

/** `en-US` → en, `ja` → null. */
export function supportedLanguageOf(tag: string | null | undefined): CandidateLanguage | null {
  const primary = tag?.trim().split(/[-_]/)[0]?.toLowerCase();
  return isCandidateLanguage(primary) ? primary : null;
}

export function allowedInterviewLanguages(facts: Pick<InterviewLanguageFacts, 'candidateLocale' | 'configLocale' | 'extraLocales'>): CandidateLanguage[] {
  const own = supportedLanguageOf(facts.configLocale);
  if (!own) return [resolveCandidateLocale(facts.candidateLocale).language];
  const languages: CandidateLanguage[] = [own];
  for (const tag of facts.extraLocales ?? []) {
    const language = supportedLanguageOf(tag);
    if (language && !languages.includes(language)) languages.push(language);
  }
  return languages;
}

export function resolveInterviewLanguage(facts: InterviewLanguageFacts): InterviewLanguage {
  const languages = allowedInterviewLanguages(facts);
  const candidate = resolveCandidateLocale(facts.candidateLocale);
  const chosen = supportedLanguageOf(facts.chosenLanguage);
  const language =
    chosen && languages.includes(chosen) ? chosen : languages.includes(candidate.language) ? candidate.language : languages[0];
  return { language, languages, locale: localeIn(language, facts.candidateLocale) };
}

/** The language with the candidate's own formatting conventions when their tag is of that language. */
export function localeIn(language: CandidateLanguage, candidateTag: string | null | undefined): CandidateLocale {
  const candidate = resolveCandidateLocale(candidateTag);
  return candidate.language === language ? candidate : { language, intlLocale: language };
}
