import type { CandidateLanguage } from '@/server/i18n/candidate-locale';
import { withEnglishFallback } from '@/server/i18n/languages';
import type { OfferedAnswerMode } from '@/server/services/invitations/offered-answer-mode';

/** What the interview is called: spoken only where it will be (an agent platform's call, the live conversation). */
const EYEBROW: Record<CandidateLanguage, Record<OfferedAnswerMode, string>> = withEnglishFallback({
  fr: { external: 'Entretien vocal', live: 'Entretien oral en direct', recorded: 'Entretien', written: 'Entretien écrit' },
  en: { external: 'Voice interview', live: 'Live spoken interview', recorded: 'Interview', written: 'Written interview' },
});

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
};

export const CANDIDATE_PAGE_COPY: Record<CandidateLanguage, CandidatePageCopy> = withEnglishFallback<CandidatePageCopy>({
  fr: {
    documentTitle: (job, mode) => `${EYEBROW.fr[mode]} : ${job}`,
    eyebrow: (mode) => EYEBROW.fr[mode],
    heading: (job) => job,
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    intro: (org, job, mode) => `${org} vous invite à un ${EYEBROW.fr[mode].toLowerCase()} pour le poste de ${job}.`,
    expectTitle: 'À quoi vous attendre',
    expectQuestions: (n, mode) => {
      const s = n > 1 ? 's' : '';
      if (mode === 'external') return `${n} question${s}, posée${s} à l'oral.`;
      if (mode === 'live') return `${n} question${s}, posée${s} à l'oral dans une conversation en direct ; vous répondez à voix haute, ou par écrit si vous préférez.`;
      return mode === 'recorded' ? `${n} question${s}, affichée${s} à l'écran ; vous répondez à voix haute ou par écrit.` : `${n} question${s}, affichée${s} à l'écran ; vous répondez par écrit.`;
    },
    expectDuration: (minutes) => (minutes ? `Environ ${minutes} minutes.` : 'Une conversation courte.'),
    expectSetting: (mode) =>
      mode === 'external'
        ? 'Installez-vous dans un endroit calme, avec un micro.'
        : mode === 'live'
          ? 'Installez-vous dans un endroit calme, avec un micro et des écouteurs ou un haut-parleur.'
          : mode === 'recorded'
          ? 'Installez-vous dans un endroit calme ; un micro si vous voulez répondre à voix haute.'
          : 'Installez-vous au calme, sur un ordinateur ou un téléphone.',
    expectAgent: (mode) =>
      mode === 'external'
        ? "Un assistant vocal mène l'entretien ; vos réponses sont transmises à l'équipe de recrutement."
        : "Un assistant (une IA) mène l'entretien ; vos réponses sont transmises à l'équipe de recrutement.",
    expiry: (date) => `Ce lien est valable jusqu'au ${date}.`,
    start: "Commencer l'entretien",
    starting: "L'entretien démarre…",
    joinCall: "Rejoindre l'appel",
    inProgress: 'Entretien en cours',
    turnCount: (n) => (n === 0 ? 'En attente du premier échange…' : `${n} échange${n > 1 ? 's' : ''} enregistré${n > 1 ? 's' : ''}`),
    finishedTitle: 'Merci !',
    finishedBody: "Votre entretien est terminé. L'équipe de recrutement reviendra vers vous.",
    errorUnavailable: "L'assistant vocal n'est pas disponible pour le moment. Réessayez dans un instant.",
    errorGone: "Ce lien n'est plus valable.",
    errorConflict: 'Cet entretien a déjà commencé ou est terminé.',
    errorGeneric: 'Une erreur est survenue. Réessayez dans un instant.',
    completedTitle: 'Entretien terminé',
    completedBody: (org) => `Vous avez déjà passé cet entretien. Merci ! ${org} reviendra vers vous.`,
    cancelledTitle: 'Entretien annulé',
    cancelledBody: (org) => `${org} a annulé cet entretien. Ce lien ne peut plus être utilisé.`,
    expiredTitle: 'Lien expiré',
    expiredBody: (date, org) => `Ce lien a expiré le ${date}. Si vous souhaitez toujours passer l'entretien, contactez ${org}.`,
    unknownTitle: 'Lien introuvable',
    unknownBody: "Ce lien d'invitation n'existe pas ou a été remplacé par un lien plus récent. Vérifiez le dernier e-mail reçu.",
  },
  en: {
    documentTitle: (job, mode) => `${EYEBROW.en[mode]}: ${job}`,
    eyebrow: (mode) => EYEBROW.en[mode],
    heading: (job) => job,
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    intro: (org, job, mode) => `${org} invites you to ${mode === 'recorded' ? 'an' : 'a'} ${EYEBROW.en[mode].toLowerCase()} for the ${job} position.`,
    expectTitle: 'What to expect',
    expectQuestions: (n, mode) => {
      const s = n > 1 ? 's' : '';
      if (mode === 'external') return `${n} question${s}, asked out loud.`;
      if (mode === 'live') return `${n} question${s}, asked out loud in a live conversation; you answer out loud, or in writing if you prefer.`;
      return mode === 'recorded' ? `${n} question${s}, shown on screen; you answer out loud or in writing.` : `${n} question${s}, shown on screen; you answer in writing.`;
    },
    expectDuration: (minutes) => (minutes ? `About ${minutes} minutes.` : 'A short conversation.'),
    expectSetting: (mode) =>
      mode === 'external'
        ? 'Find a quiet place and have a microphone ready.'
        : mode === 'live'
          ? 'Find a quiet place, with a microphone and headphones or speakers.'
          : mode === 'recorded'
          ? 'Find a quiet place; have a microphone ready if you want to answer out loud.'
          : 'Find a quiet moment, on a computer or a phone.',
    expectAgent: (mode) =>
      mode === 'external' ? 'A voice assistant conducts the interview; your answers go to the hiring team.' : 'An AI interviewer conducts the interview; your answers go to the hiring team.',
    expiry: (date) => `This link is valid until ${date}.`,
    start: 'Start the interview',
    starting: 'Your interview is starting…',
    joinCall: 'Join the call',
    inProgress: 'Interview in progress',
    turnCount: (n) => (n === 0 ? 'Waiting for the first exchange…' : `${n} exchange${n > 1 ? 's' : ''} recorded`),
    finishedTitle: 'Thank you!',
    finishedBody: 'Your interview is complete. The hiring team will get back to you.',
    errorUnavailable: 'The voice assistant is not available right now. Please try again in a moment.',
    errorGone: 'This link is no longer valid.',
    errorConflict: 'This interview has already started or is finished.',
    errorGeneric: 'Something went wrong. Please try again in a moment.',
    completedTitle: 'Interview completed',
    completedBody: (org) => `You have already taken this interview. Thank you! ${org} will get back to you.`,
    cancelledTitle: 'Interview cancelled',
    cancelledBody: (org) => `${org} cancelled this interview. This link can no longer be used.`,
    expiredTitle: 'Link expired',
    expiredBody: (date, org) => `This link expired on ${date}. If you would still like to take the interview, contact ${org}.`,
    unknownTitle: 'Link not found',
    unknownBody: 'This invitation link does not exist or was replaced by a newer one. Please check the latest email you received.',
  },
});
