import { estimateInterviewMinutes, formatCandidateDateTime, type CandidateLanguage, type CandidateLocale } from '@/server/i18n/candidate-locale';
import { escapeHtml, safeHref, singleLine } from './html';

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
};

export type RenderedEmail = { subject: string; html: string; text: string };

type Copy = {
  subject: (d: Vars) => string;
  greeting: (name: string | null) => string;
  lead: (d: Vars) => string;
  expect: (minutes: number | null, questions: number | null) => string;
  button: string;
  expiry: (date: string) => string;
  fallback: string;
  footer: string;
};
type Vars = { org: string; job: string; date: string };

const COPY: Record<InvitationEmailKind, Record<CandidateLanguage, Copy>> = {
  invitation: {
    fr: {
      subject: (d) => `Invitation à un entretien : ${d.job} chez ${d.org}`,
      greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
      lead: (d) => `${d.org} vous invite à un entretien vocal pour le poste de ${d.job}.`,
      expect: (minutes, questions) =>
        `L'entretien est mené par un assistant vocal${questions ? ` et comporte ${questions} question${questions > 1 ? 's' : ''}` : ''}. ` +
        `Prévoyez ${minutes ? `environ ${minutes} minutes` : 'un moment'} dans un endroit calme, avec un micro.`,
      button: "Commencer l'entretien",
      expiry: (date) => `Ce lien est valable jusqu'au ${date}.`,
      fallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
      footer: "Ce lien vous est personnel : ne le transférez pas. Si vous n'attendiez pas cet e-mail, vous pouvez l'ignorer.",
    },
    en: {
      subject: (d) => `Interview invitation: ${d.job} at ${d.org}`,
      greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
      lead: (d) => `${d.org} invites you to a voice interview for the ${d.job} position.`,
      expect: (minutes, questions) =>
        `A voice assistant conducts the interview${questions ? `, which has ${questions} question${questions > 1 ? 's' : ''}` : ''}. ` +
        `Allow ${minutes ? `about ${minutes} minutes` : 'a little time'} in a quiet place, with a microphone.`,
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
      lead: (d) => `Vous n'avez pas encore passé votre entretien vocal pour le poste de ${d.job} chez ${d.org}. Votre lien expire le ${d.date}.`,
      expect: (minutes) => `Prévoyez ${minutes ? `environ ${minutes} minutes` : 'un moment'} dans un endroit calme, avec un micro.`,
      button: "Commencer l'entretien",
      expiry: (date) => `Après le ${date}, ce lien ne fonctionnera plus.`,
      fallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
      footer: "Ce lien vous est personnel : ne le transférez pas. Si vous n'attendiez pas cet e-mail, vous pouvez l'ignorer.",
    },
    en: {
      subject: (d) => `Reminder: your interview for the ${d.job} position expires soon`,
      greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
      lead: (d) => `You haven't taken your voice interview for the ${d.job} position at ${d.org} yet. Your link expires on ${d.date}.`,
      expect: (minutes) => `Allow ${minutes ? `about ${minutes} minutes` : 'a little time'} in a quiet place, with a microphone.`,
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
  const paragraphs = [copy.greeting(name), copy.lead(vars), copy.expect(minutes, data.questionCount)];
  const href = safeHref(data.link);

  const html = `<!doctype html>
<html lang="${data.locale.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(copy.subject(vars))}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#18181b;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:24px 0;"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;padding:32px;">
<tr><td>
<p style="margin:0 0 8px;font-size:13px;color:#71717a;">${escapeHtml(vars.org)}</p>
${paragraphs.map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:24px 0;"><a href="${href}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px;">${escapeHtml(copy.button)}</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;">${escapeHtml(copy.expiry(date))}</p>
<p style="margin:0 0 4px;font-size:13px;color:#52525b;">${escapeHtml(copy.fallback)}</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all;"><a href="${href}" style="color:#1d4ed8;">${href}</a></p>
<p style="margin:0;font-size:12px;color:#71717a;">${escapeHtml(copy.footer)}</p>
</td></tr></table>
</td></tr></table>
</body>
</html>
`;
  const text = [...paragraphs, `${copy.button}: ${data.link}`, copy.expiry(date), copy.footer].join('\n\n') + '\n';
  return { subject: singleLine(copy.subject(vars)), html, text };
}
