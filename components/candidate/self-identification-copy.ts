import type { CandidateLanguage } from '@/server/i18n/candidate-locale';
import { CANDIDATE_LANGUAGES } from '@/server/i18n/languages';
import { selfIdentificationMessages } from '@/server/i18n/messages/selfId';
import { createTranslator } from '@/server/i18n/translator';

/** The voluntary self-identification questions after the interview, per language (CONTRACT §14's categories). */
export type SelfIdentificationCopy = {
  title: string;
  why: (org: string) => string;
  never: string;
  apart: (org: string) => string;
  optional: string;
  sexLegend: string;
  raceLegend: string;
  sex: Record<'female' | 'male', string>;
  race: Record<
    'hispanic_latino' | 'white' | 'black_african_american' | 'native_hawaiian_pacific_islander' | 'asian' | 'american_indian_alaska_native' | 'two_or_more',
    string
  >;
  declined: string;
  submit: string;
  skip: string;
  saving: string;
  thanks: string;
  skipped: string;
  error: string;
};

/** The questions' copy in one language, from the `selfId` catalogue (server/i18n/messages/selfId). */
export function selfIdentificationCopy(language: CandidateLanguage): SelfIdentificationCopy {
  const t = createTranslator(selfIdentificationMessages, language);
  return {
    title: t('title'),
    why: (org) => t('why', { org }),
    never: t('never'),
    apart: (org) => t('apart', { org }),
    optional: t('optional'),
    sexLegend: t('sexLegend'),
    raceLegend: t('raceLegend'),
    sex: { female: t('sexFemale'), male: t('sexMale') },
    race: {
      hispanic_latino: t('raceHispanicLatino'),
      white: t('raceWhite'),
      black_african_american: t('raceBlackAfricanAmerican'),
      native_hawaiian_pacific_islander: t('raceNativeHawaiianPacificIslander'),
      asian: t('raceAsian'),
      american_indian_alaska_native: t('raceAmericanIndianAlaskaNative'),
      two_or_more: t('raceTwoOrMore'),
    },
    declined: t('declined'),
    submit: t('submit'),
    skip: t('skip'),
    saving: t('saving'),
    thanks: t('thanks'),
    skipped: t('skipped'),
    error: t('error'),
  };
}

export const SELF_IDENTIFICATION_COPY = Object.fromEntries(CANDIDATE_LANGUAGES.map((l) => [l, selfIdentificationCopy(l)])) as Record<CandidateLanguage, SelfIdentificationCopy>;
