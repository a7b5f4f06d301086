import { Fragment } from 'react';

const URL_PATTERN = /https?:\/\/[^\s<>"'()]+[^\s<>"'().,;:!?]/g;

/** The http(s) links of a plain-text email, in order. */
export function linksIn(text: string): string[] {
  return text.match(URL_PATTERN) ?? [];
}

/**
 * Plain text with its http(s) URLs as links (opened in a new tab, without the dashboard as referrer). The text is
 * rendered as text, never as markup.
 */
export function LinkifiedText({ text }: { text: string }) {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const at = match.index ?? 0;
    if (at > last) parts.push({ text: text.slice(last, at) });
    parts.push({ text: match[0], href: match[0] });
    last = at + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return (
    <>
      {parts.map((part, i) =>
        part.href ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer" className="break-all font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
            {part.text}
          </a>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
