import { estimateInterviewMinutes, formatCandidateDateTime, type CandidateLanguage, type CandidateLocale } from '@/server/i18n/candidate-locale';
import type { OfferedAnswerMode } from '../invitations/offered-answer-mode';
import { accentOf, brandHeaderHtml, escapeHtml, safeHref, singleLine, type EmailBrand } from './html';

/**
 * The candidate emails, rendered from code: a subject, an HTML part and a plain-text part, in the candidate's
 * language. Every value that comes from data is escaped for HTML; the text part carries it as is.
 */
export type InvitationEmailKind = 'invitation' | 'reminder';

export type InvitationEmailData = {
  locale: CandidateLocale;
  candidateFirstName: string | null;
  organizationName: string;
  jobTitle: string;
  expiresAt: Date;
  /** `${APP_URL}/i/<token>` */
  link: string;
  questionCount: number | null;
  /** How the candidate will answer: the email promises only that (no microphone for a written interview). */
  answerMode: OfferedAnswerMode;
  /** The employer's brand (logo, accent colour); absent: the service's look. */
  brand?: EmailBrand;
};

export type RenderedEmail = { subject: string; html: string; text: string };

type Copy = {
  subject: (d: Vars) => string;
  greeting: (name: string | null) => string;
  lead: (d: Vars, mode: OfferedAnswerMode) => string;
  expect: (minutes: number | null, questions: number | null, mode: OfferedAnswerMode) => string;
  button: string;
  expiry: (date: string) => string;
  fallback: string;
  footer: string;
};
type Vars = { org: string; job: string; date: string };

const plural = (n: number, s = 's') => (n > 1 ? s : '');

/** What the interview is called, per mode: only a voice call is a "voice interview". */
const INTERVIEW_NAME: Record<CandidateLanguage, Record<OfferedAnswerMode, string>> = {
  fr: { external: 'entretien vocal', live: 'entretien oral en direct', recorded: 'entretien', written: 'entretien écrit' },
  en: { external: 'voice interview', live: 'live spoken interview', recorded: 'interview', written: 'written interview' },
};

/** Where and with what: a microphone only when the candidate will (or may) speak. */
const SETTING: Record<CandidateLanguage, (minutes: number | null, mode: OfferedAnswerMode) => string> = {
  fr: (minutes, mode) => {
    const time = minutes ? `environ ${minutes} minutes` : 'un moment';
    if (mode === 'external') return `Prévoyez ${time} dans un endroit calme, avec un micro.`;
    if (mode === 'live') return `Prévoyez ${time} dans un endroit calme, avec un micro et des écouteurs ou un haut-parleur.`;
    if (mode === 'recorded') return `Prévoyez ${time} dans un endroit calme, avec un micro si vous voulez répondre à voix haute.`;
    return `Prévoyez ${time} au calme, sur un ordinateur ou un téléphone.`;
  },
  en: (minutes, mode) => {
    const time = minutes ? `about ${minutes} minutes` : 'a little time';
    if (mode === 'external') return `Allow ${time} in a quiet place, with a microphone.`;
    if (mode === 'live') return `Allow ${time} in a quiet place, with a microphone and headphones or speakers.`;
    if (mode === 'recorded') return `Allow ${time} in a quiet place, with a microphone if you want to answer out loud.`;
    return `Allow ${time} somewhere quiet, on a computer or a phone.`;
  },
};

const COPY: Record<InvitationEmailKind, Record<CandidateLanguage, Copy>> = {
  invitation: {
    fr: {
      subject: (d) => `Invitation à un entretien : ${d.job} chez ${d.org}`,
      greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
      lead: (d, mode) => `${d.org} vous invite à un ${INTERVIEW_NAME.fr[mode]} pour le poste de ${d.job}.`,
      expect: (minutes, questions, mode) => {
        const count = questions ? ` et comporte ${questions} question${plural(questions)}` : '';
        const who =
          mode === 'external'
            ? `L'entretien est mené par un assistant vocal${count}.`
            : mode === 'live'
              ? `Un assistant (une IA) mène avec vous une conversation orale en direct${count} ; vous répondez à voix haute, ou par écrit si vous préférez.`
              : mode === 'recorded'
              ? `Un assistant (une IA) pose les questions par écrit${count} ; vous répondez à voix haute ou par écrit.`
              : `Un assistant (une IA) pose les questions par écrit${count} ; vous répondez par écrit.`;
        return `${who} ${SETTING.fr(minutes, mode)}`;
      },
      button: "Commencer l'entretien",
      expiry: (date) => `Ce lien est valable jusqu'au ${date}.`,
      fallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
      footer: "Ce lien vous est personnel : ne le transférez pas. Si vous n'attendiez pas cet e-mail, vous pouvez l'ignorer.",
    },
    en: {
      subject: (d) => `Interview invitation: ${d.job} at ${d.org}`,
      greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
      lead: (d, mode) => `${d.org} invites you to ${mode === 'recorded' ? 'an' : 'a'} ${INTERVIEW_NAME.en[mode]} for the ${d.job} position.`,
      expect: (minutes, questions, mode) => {
        const count = questions ? `, which has ${questions} question${plural(questions)}` : '';
        const who =
          mode === 'external'
            ? `A voice assistant conducts the interview${count}.`
            : mode === 'live'
              ? `An AI interviewer talks with you in a live spoken conversation${count}; you answer out loud, or in writing if you prefer.`
              : mode === 'recorded'
              ? `An AI interviewer asks the questions in writing${count}; you answer out loud or in writing.`
              : `An AI interviewer asks the questions in writing${count}; you answer in writing.`;
        return `${who} ${SETTING.en(minutes, mode)}`;
      },
      button: 'Start the interview',
      expiry: (date) => `This link is valid until ${date}.`,
      fallback: "If the button doesn't work, copy this link into your browser:",
      footer: "This link is personal to you: please don't forward it. If you weren't expecting this email, you can ignore it.",
    },
  },
  reminder: {
    fr: {
      subject: (d) => `Rappel : votre entretien pour le poste de ${d.job} expire bientôt`,
      greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
      lead: (d, mode) => `Vous n'avez pas encore passé votre ${INTERVIEW_NAME.fr[mode]} pour le poste de ${d.job} chez ${d.org}. Votre lien expire le ${d.date}.`,
      expect: (minutes, _questions, mode) => SETTING.fr(minutes, mode),
      button: "Commencer l'entretien",
      expiry: (date) => `Après le ${date}, ce lien ne fonctionnera plus.`,
      fallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
      footer: "Ce lien vous est personnel : ne le transférez pas. Si vous n'attendiez pas cet e-mail, vous pouvez l'ignorer.",
    },
    en: {
      subject: (d) => `Reminder: your interview for the ${d.job} position expires soon`,
      greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
      lead: (d, mode) => `You haven't taken your ${INTERVIEW_NAME.en[mode]} for the ${d.job} position at ${d.org} yet. Your link expires on ${d.date}.`,
      expect: (minutes, _questions, mode) => SETTING.en(minutes, mode),
      button: 'Start the interview',
      expiry: (date) => `After ${date}, this link will no longer work.`,
      fallback: "If the button doesn't work, copy this link into your browser:",
      footer: "This link is personal to you: please don't forward it. If you weren't expecting this email, you can ignore it.",
    },
  },
};

export function renderInvitationEmail(kind: InvitationEmailKind, data: InvitationEmailData): RenderedEmail {
  const copy = COPY[kind][data.locale.language];
  const date = formatCandidateDateTime(data.expiresAt, data.locale);
  const vars: Vars = { org: singleLine(data.organizationName), job: singleLine(data.jobTitle), date };
  const minutes = estimateInterviewMinutes(data.questionCount);
  const name = data.candidateFirstName ? singleLine(data.candidateFirstName) : null;
  const paragraphs = [copy.greeting(name), copy.lead(vars, data.answerMode), copy.expect(minutes, data.questionCount, data.answerMode)];
  const href = safeHref(data.link);

  const html = `<!doctype html>
<html lang="${data.locale.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(copy.subject(vars))}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#18181b;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:24px 0;"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;padding:32px;">
<tr><td>
${brandHeaderHtml(vars.org, data.brand)}
${paragraphs.map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:24px 0;"><a href="${href}" style="display:inline-block;background:${accentOf(data.brand)};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px;">${escapeHtml(copy.button)}</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;">${escapeHtml(copy.expiry(date))}</p>
<p style="margin:0 0 4px;font-size:13px;color:#52525b;">${escapeHtml(copy.fallback)}</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all;"><a href="${href}" style="color:${accentOf(data.brand)};">${href}</a></p>
<p style="margin:0;font-size:12px;color:#71717a;">${escapeHtml(copy.footer)}</p>
</td></tr></table>
</td></tr></table>
</body>
</html>
`;
  const text = [...paragraphs, `${copy.button}: ${data.link}`, copy.expiry(date), copy.footer].join('\n\n') + '\n';
  return { subject: singleLine(copy.subject(vars)), html, text };
}
