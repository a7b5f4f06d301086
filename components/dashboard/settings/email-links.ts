/** An http(s) URL in plain text, without the punctuation that usually follows one in a sentence. */
export const URL_PATTERN = /https?:\/\/[^\s<>"'()]+[^\s<>"'().,;:!?]/g;

/** The http(s) links of a plain-text email, in order. */
export function linksIn(text: string): string[] {
  return text.match(URL_PATTERN) ?? [];
}

/** Text cut into plain parts and link parts, in order, for rendering links without rendering markup. */
export function splitLinks(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const at = match.index ?? 0;
    if (at > last) parts.push({ text: text.slice(last, at) });
    parts.push({ text: match[0], href: match[0] });
    last = at + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The candidate's link (`<APP_URL>/i/<token>`) of an invitation or reminder email. */
export function isInvitationLink(href: string): boolean {
  try {
    return new URL(href).pathname.startsWith('/i/');
  } catch {
    return false;
  }
}
