import type { CandidateLanguage } from '@/server/i18n/candidate-locale';
import { withEnglishFallback } from '@/server/i18n/languages';

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

export const SELF_IDENTIFICATION_COPY: Record<CandidateLanguage, SelfIdentificationCopy> = withEnglishFallback<SelfIdentificationCopy>({
  en: {
    title: 'Two optional questions',
    why: (org) => `${org} checks that its interviews treat every group fairly. To measure it, it asks candidates, once their interview is over, how they describe themselves.`,
    never: 'Your answers are never shown to the people who review your interview, and never used to score it: the AI never sees them.',
    apart: (org) => `They are stored apart from your application, only counted in anonymous totals, included if you ask ${org} for a copy of your data, and deleted when you ask for your data to be deleted.`,
    optional: 'Answering is entirely up to you. You can choose “Prefer not to say” or skip both questions.',
    sexLegend: 'Sex',
    raceLegend: 'Race or ethnicity',
    sex: { female: 'Female', male: 'Male' },
    race: {
      hispanic_latino: 'Hispanic or Latino',
      white: 'White',
      black_african_american: 'Black or African American',
      native_hawaiian_pacific_islander: 'Native Hawaiian or Pacific Islander',
      asian: 'Asian',
      american_indian_alaska_native: 'American Indian or Alaska Native',
      two_or_more: 'Two or more races',
    },
    declined: 'Prefer not to say',
    submit: 'Send my answers',
    skip: 'Skip these questions',
    saving: 'Sending…',
    thanks: 'Thank you: your answers were recorded. You can close this page.',
    skipped: 'No answers were recorded. You can close this page.',
    error: 'Your answers could not be sent. Please try again.',
  },
  fr: {
    title: 'Deux questions facultatives',
    why: (org) => `${org} vérifie que ses entretiens traitent chaque groupe équitablement. Pour le mesurer, elle demande aux candidats, une fois l’entretien terminé, comment ils se décrivent.`,
    never: 'Vos réponses ne sont jamais montrées aux personnes qui examinent votre entretien et ne servent jamais à le noter : l’IA ne les voit pas.',
    apart: (org) => `Elles sont conservées à part de votre candidature, comptées uniquement dans des totaux anonymes, incluses si vous demandez à ${org} une copie de vos données, et supprimées si vous demandez la suppression de vos données.`,
    optional: 'Répondre est entièrement libre. Vous pouvez choisir « Je préfère ne pas répondre » ou passer les deux questions.',
    sexLegend: 'Sexe',
    raceLegend: 'Origine ethnique',
    sex: { female: 'Femme', male: 'Homme' },
    race: {
      hispanic_latino: 'Hispanique ou latino',
      white: 'Blanc',
      black_african_american: 'Noir ou afro-américain',
      native_hawaiian_pacific_islander: 'Hawaïen natif ou originaire des îles du Pacifique',
      asian: 'Asiatique',
      american_indian_alaska_native: 'Amérindien ou autochtone de l’Alaska',
      two_or_more: 'Plusieurs origines',
    },
    declined: 'Je préfère ne pas répondre',
    submit: 'Envoyer mes réponses',
    skip: 'Passer ces questions',
    saving: 'Envoi…',
    thanks: 'Merci : vos réponses ont été enregistrées. Vous pouvez fermer cette page.',
    skipped: 'Aucune réponse n’a été enregistrée. Vous pouvez fermer cette page.',
    error: 'Vos réponses n’ont pas pu être envoyées. Veuillez réessayer.',
  },
});
