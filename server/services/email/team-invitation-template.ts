import type { UserRole } from '@/db/schema';
import { formatDateTimeInZone } from '@/server/i18n/format-date';
import { escapeHtml, safeHref, singleLine } from './html';
import type { RenderedEmail } from './templates';

const ROLE_PHRASES: Record<UserRole, string> = {
  admin: 'an admin (team, API keys, settings, and everything recruiters do)',
  recruiter: 'a recruiter (candidates, interviews, decisions)',
  viewer: 'a viewer (reads everything, changes nothing)',
};

/**
 * The email that invites a teammate to an organization's dashboard (English: the dashboard is in English). The
 * expiry is given in the organization's zone and names it, as every email does (docs/DECISIONS.md, time zones).
 */
export function renderTeamInvitationEmail(data: { organizationName: string; inviter: string | null; role: UserRole; expiresAt: Date; timeZone: string; link: string }): RenderedEmail {
  const org = singleLine(data.organizationName);
  const inviter = data.inviter ? singleLine(data.inviter) : null;
  const subject = `Join ${org} on Interview screening`;
  const date = formatDateTimeInZone(data.expiresAt, 'en-GB', data.timeZone);
  const paragraphs = [
    'Hello,',
    `${inviter ?? 'An admin'} invites you to join ${org} on Interview screening as ${ROLE_PHRASES[data.role]}.`,
    'Open the link to choose your name and password; you will be signed in right away.',
    `This link is valid until ${date} and works once.`,
  ];
  const href = safeHref(data.link);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#18181b;">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px;">
${paragraphs.map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:24px 0;"><a href="${href}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px;">Join ${escapeHtml(org)}</a></p>
<p style="margin:0 0 4px;font-size:13px;color:#52525b;">If the button doesn't work, copy this link into your browser:</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all;"><a href="${href}" style="color:#1d4ed8;">${href}</a></p>
<p style="margin:0;font-size:12px;color:#71717a;">If you weren't expecting this email, you can ignore it.</p>
</div>
</body>
</html>
`;
  const text = [...paragraphs, `Join ${org}: ${data.link}`, "If you weren't expecting this email, you can ignore it."].join('\n\n') + '\n';
  return { subject: singleLine(subject), html, text };
}
