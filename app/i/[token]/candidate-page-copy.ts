import { CANDIDATE_LANGUAGES, type CandidateLanguage } from '@/server/i18n/languages';
import { pageMessages } from '@/server/i18n/messages/page';
import { createTranslator } from '@/server/i18n/translator';
import type { OfferedAnswerMode } from '@/server/services/invitations/offered-answer-mode';

/** Every string of the candidate's invitation page, per language. Values from data are inserted as plain text. */
export type CandidatePageCopy = {
  documentTitle: (job: string, mode: OfferedAnswerMode) => string;
  eyebrow: (mode: OfferedAnswerMode) => string;
  heading: (job: string) => string;
  greeting: (name: string | null) => string;
  intro: (org: string, job: string, mode: OfferedAnswerMode) => string;
  expectTitle: string;
  expectQuestions: (n: number, mode: OfferedAnswerMode) => string;
  expectDuration: (minutes: number | null) => string;
  expectSetting: (mode: OfferedAnswerMode) => string;
  expectAgent: (mode: OfferedAnswerMode) => string;
  expiry: (date: string) => string;
  start: string;
  starting: string;
  joinCall: string;
  inProgress: string;
  turnCount: (n: number) => string;
  finishedTitle: string;
  finishedBody: string;
  errorUnavailable: string;
  errorGone: string;
  errorConflict: string;
  errorGeneric: string;
  completedTitle: string;
  completedBody: (org: string) => string;
  cancelledTitle: string;
  cancelledBody: (org: string) => string;
  expiredTitle: string;
  expiredBody: (date: string, org: string) => string;
  unknownTitle: string;
  unknownBody: string;
  timeZone: (zone: string) => string;
  languageLabel: string;
};

/** The page's copy in one language, from the `page` catalogue (server/i18n/messages/page). */
export function candidatePageCopy(language: CandidateLanguage): CandidatePageCopy {
  const t = createTranslator(pageMessages, language);
  const eyebrow = (mode: OfferedAnswerMode) => t('eyebrow', { mode });
  return {
    documentTitle: (job, mode) => t('documentTitle', { eyebrow: eyebrow(mode), job }),
    eyebrow,
    heading: (job) => job,
    greeting: (name) => (name ? t('greeting', { name }) : t('greetingNoName')),
    intro: (org, job, mode) => t('intro', { org, job, mode }),
    expectTitle: t('expectTitle'),
    expectQuestions: (count, mode) => t('expectQuestions', { count, mode }),
    expectDuration: (minutes) => t('expectDuration', { minutes: minutes ?? 0 }),
    expectSetting: (mode) => t('expectSetting', { mode }),
    expectAgent: (mode) => t('expectAgent', { mode }),
    expiry: (date) => t('expiry', { date }),
    start: t('start'),
    starting: t('starting'),
    joinCall: t('joinCall'),
    inProgress: t('inProgress'),
    turnCount: (count) => t('turnCount', { count }),
    finishedTitle: t('finishedTitle'),
    finishedBody: t('finishedBody'),
    errorUnavailable: t('errorUnavailable'),
    errorGone: t('errorGone'),
    errorConflict: t('errorConflict'),
    errorGeneric: t('errorGeneric'),
    completedTitle: t('completedTitle'),
    completedBody: (org) => t('completedBody', { org }),
    cancelledTitle: t('cancelledTitle'),
    cancelledBody: (org) => t('cancelledBody', { org }),
    expiredTitle: t('expiredTitle'),
    expiredBody: (date, org) => t('expiredBody', { date, org }),
    unknownTitle: t('unknownTitle'),
    unknownBody: t('unknownBody'),
    timeZone: (zone) => t('timeZone', { zone }),
    languageLabel: t('languageLabel'),
  };
}

export const CANDIDATE_PAGE_COPY = Object.fromEntries(CANDIDATE_LANGUAGES.map((l) => [l, candidatePageCopy(l)])) as Record<CandidateLanguage, CandidatePageCopy>;
