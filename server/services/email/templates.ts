import { estimateInterviewMinutes, formatCandidateDateTime, type CandidateLocale } from '@/server/i18n/candidate-locale';
import { emailMessages } from '@/server/i18n/messages/email';
import { createTranslator } from '@/server/i18n/translator';
import type { OfferedAnswerMode } from '../invitations/offered-answer-mode';
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
  /** How the candidate will answer: the email promises only that (no microphone for a written interview). */
  answerMode: OfferedAnswerMode;
};

export type RenderedEmail = { subject: string; html: string; text: string };

export function renderInvitationEmail(kind: InvitationEmailKind, data: InvitationEmailData): RenderedEmail {
  const t = createTranslator(emailMessages, data.locale);
  const date = formatCandidateDateTime(data.expiresAt, data.locale);
  const vars = { org: singleLine(data.organizationName), job: singleLine(data.jobTitle), date, mode: data.answerMode };
  const minutes = estimateInterviewMinutes(data.questionCount) ?? 0;
  const questions = data.questionCount ?? 0;
  const name = data.candidateFirstName ? singleLine(data.candidateFirstName) : null;
  const greeting = name ? t('greeting', { name }) : t('greetingNoName');
  const setting = t('setting', { mode: data.answerMode, minutes });
  const paragraphs =
    kind === 'invitation'
      ? [greeting, t('invitationLead', vars), `${t('invitationWho', { mode: data.answerMode, questions })} ${setting}`]
      : [greeting, t('reminderLead', vars), setting];
  const subject = kind === 'invitation' ? t('invitationSubject', vars) : t('reminderSubject', vars);
  const expiry = kind === 'invitation' ? t('invitationExpiry', { date }) : t('reminderExpiry', { date });
  const copy = { button: t('button'), fallback: t('fallback'), footer: t('footer') };
  const href = safeHref(data.link);

  const html = `<!doctype html>
<html lang="${data.locale.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#18181b;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:24px 0;"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;padding:32px;">
<tr><td>
<p style="margin:0 0 8px;font-size:13px;color:#71717a;">${escapeHtml(vars.org)}</p>
${paragraphs.map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:24px 0;"><a href="${href}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px;">${escapeHtml(copy.button)}</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;">${escapeHtml(expiry)}</p>
<p style="margin:0 0 4px;font-size:13px;color:#52525b;">${escapeHtml(copy.fallback)}</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all;"><a href="${href}" style="color:#1d4ed8;">${href}</a></p>
<p style="margin:0;font-size:12px;color:#71717a;">${escapeHtml(copy.footer)}</p>
</td></tr></table>
</td></tr></table>
</body>
</html>
`;
  const text = [...paragraphs, `${copy.button}: ${data.link}`, expiry, copy.footer].join('\n\n') + '\n';
  return { subject: singleLine(subject), html, text };
}
