import { formatCandidateDateTime, languagesFromAcceptLanguage, type CandidateLanguage } from '@/server/i18n/candidate-locale';
import { brandCss } from '@/components/candidate/brand-style';
import { escapeHtml } from '@/server/services/email/html';
import { CANDIDATE_PAGE_COPY } from './candidate-page-copy';
import { CANDIDATE_PAGE_CSS } from './candidate-page-style';
import type { InvitationView } from '@/server/services/invitations/get-invitation-by-token';

export type ClosedInvitationPage = { status: number; lang: string; title: string; bodyHtml: string };

/**
 * The page of a link that can no longer start an interview, with its HTTP status: completed 200 (a thank-you,
 * the link did its job), cancelled and expired 410 Gone (permanently unusable), unknown 404 (never issued or
 * replaced by a resend: with no interview to take a language from, it is shown in the browser's preferred language
 * and English, or French and English when the browser asks for none we serve).
 * Returns null for a link that is open or in progress: those are the interactive page's; and for a completed one
 * whose page still asks the bias audit's optional questions (the candidate left before answering them).
 */
export function renderClosedInvitation(view: InvitationView | null, acceptLanguage?: string | null): ClosedInvitationPage | null {
  if (!view) {
    const languages = unknownLinkLanguages(acceptLanguage);
    const sections = languages.map((language) => {
      const copy = CANDIDATE_PAGE_COPY[language];
      return `<section class="cp-lang" lang="${language}"><h1>${escapeHtml(copy.unknownTitle)}</h1><p>${escapeHtml(copy.unknownBody)}</p></section>`;
    });
    const title = languages.map((language) => CANDIDATE_PAGE_COPY[language].unknownTitle).join(' · ');
    return { status: 404, lang: languages[0], title, bodyHtml: card(sections.join('')) };
  }
  const copy = CANDIDATE_PAGE_COPY[view.locale.language];
  const org = view.organizationName;
  // The employer's brand as on the open page: the logo (decorative, the name is beside it) and the accent colour.
  const logo = view.brand.logoPath ? `<img src="${escapeHtml(view.brand.logoPath)}" alt="" data-testid="brand-logo" height="48">` : '';
  const header = `<style>${brandCss(view.brand.accentColor)}</style><p class="cp-eyebrow">${escapeHtml(copy.eyebrow(view.answerMode))}</p><div class="cp-brand">${logo}<p class="cp-org" data-testid="organization">${escapeHtml(org)} · ${escapeHtml(view.jobTitle)}</p></div>`;
  const page = (status: number, title: string, body: string): ClosedInvitationPage => ({
    status,
    lang: view.locale.language,
    title,
    bodyHtml: card(`<section lang="${view.locale.language}">${header}<h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p></section>`),
  });
  switch (view.state) {
    case 'completed':
      return view.asksSelfIdentification ? null : page(200, copy.completedTitle, copy.completedBody(org));
    case 'cancelled':
      return page(410, copy.cancelledTitle, copy.cancelledBody(org));
    case 'expired':
      return page(410, copy.expiredTitle, copy.expiredBody(formatCandidateDateTime(view.expiresAt, view.locale), org));
    case 'open':
    case 'in_progress':
      return null;
  }
}

/** The browser's first language we serve, then English (French for an English reader); French and English by default. */
function unknownLinkLanguages(acceptLanguage: string | null | undefined): [CandidateLanguage, CandidateLanguage] {
  const preferred = languagesFromAcceptLanguage(acceptLanguage)[0] ?? 'fr';
  return [preferred, preferred === 'en' ? 'fr' : 'en'];
}

function card(inner: string): string {
  return `<div class="cp-root"><main class="cp-card cp-closed" data-testid="invitation-closed">${inner}</main></div>`;
}

/** A whole HTML document for the proxy, which answers closed links itself (a Next.js page cannot send 410). */
export function closedInvitationDocument(page: ClosedInvitationPage): string {
  return `<!doctype html>
<html lang="${page.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(page.title)}</title>
<style>${CANDIDATE_PAGE_CSS}</style>
</head>
<body>${page.bodyHtml}</body>
</html>
`;
}
