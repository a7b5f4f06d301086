/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A header line (the subject) must not carry line breaks: they would start a new header. */
export function singleLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').replace(/\s{2,}/g, ' ').trim();
}

/** Only http(s) links are written into an email; anything else is a bug upstream, not a link to render. */
export function safeHref(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`Refusing to render a ${parsed.protocol} link`);
  return escapeHtml(parsed.toString());
}

/** The employer's brand in a candidate email: its name (already in the data), accent colour and absolute logo URL. */
export type EmailBrand = { accentColor: string; logoUrl: string | null };

/** The service's own colour when an organization has no brand. */
export const EMAIL_DEFAULT_ACCENT = '#1d4ed8';

/**
 * The email's header: the logo (an absolute https/http URL, shown at most 48 px high; its alt text is the
 * organization's name, as images are often blocked) above the organization's name.
 */
export function brandHeaderHtml(organizationName: string, brand: EmailBrand | undefined): string {
  const logo = brand?.logoUrl
    ? `<p style="margin:0 0 12px;"><img src="${safeHref(brand.logoUrl)}" alt="${escapeHtml(organizationName)}" height="48" style="display:block;max-height:48px;max-width:200px;border:0;"></p>\n`
    : '';
  return `${logo}<p style="margin:0 0 8px;font-size:13px;color:#71717a;">${escapeHtml(organizationName)}</p>`;
}

/** The accent colour for buttons and links: the brand's (checked `#rrggbb`), else the service's. */
export function accentOf(brand: EmailBrand | undefined): string {
  return brand && /^#[0-9a-f]{6}$/.test(brand.accentColor) ? brand.accentColor : EMAIL_DEFAULT_ACCENT;
}
