import { describe, expect, it } from 'vitest';
import { isInvitationLink, linksIn, splitLinks } from './email-links';

describe('email links', () => {
  const text = 'Hello Grace,\n\nStart the interview: http://localhost:3000/i/AbC123xyz.\nQuestions? See https://help.example.com/faq?q=1, or (https://example.org/a).';

  it('finds http(s) URLs without the punctuation that ends the sentence', () => {
    expect(linksIn(text)).toEqual(['http://localhost:3000/i/AbC123xyz', 'https://help.example.com/faq?q=1', 'https://example.org/a']);
    expect(linksIn('no links here, javascript:alert(1) nor ftp://x.example')).toEqual([]);
  });

  it('splits the text into parts that join back to the original', () => {
    const parts = splitLinks(text);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts.filter((p) => p.href).map((p) => p.href)).toEqual(linksIn(text));
    expect(splitLinks('')).toEqual([]);
  });

  it('recognises the candidate invitation link by its path', () => {
    expect(isInvitationLink('http://localhost:3000/i/AbC123xyz')).toBe(true);
    expect(isInvitationLink('https://help.example.com/faq')).toBe(false);
    expect(isInvitationLink('https://example.com/x/i/abc')).toBe(false);
    expect(isInvitationLink('not a url')).toBe(false);
  });
});
