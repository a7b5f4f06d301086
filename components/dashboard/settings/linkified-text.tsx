import { Fragment } from 'react';
import { splitLinks } from './email-links';

/**
 * Plain text with its http(s) URLs as links (opened in a new tab, without the dashboard as referrer). The text is
 * rendered as text, never as markup.
 */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, i) =>
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
