import { describe, expect, it } from 'vitest';
import { SIGN_IN_HOME, signInPageFor, signInTarget } from './sign-in-target';

const ORIGIN = 'https://app.example';

describe('signInTarget', () => {
  it('keeps a path of this site, with its query and fragment', () => {
    expect(signInTarget('/interviews/int_1', ORIGIN)).toBe('/interviews/int_1');
    expect(signInTarget('/candidates?status=invited&page=2#top', ORIGIN)).toBe('/candidates?status=invited&page=2#top');
    expect(signInTarget('/a/../settings', ORIGIN)).toBe('/settings');
    expect(signInTarget('https://app.example/settings', ORIGIN)).toBe('/settings');
    expect(signInTarget('/overview', `${ORIGIN}/`)).toBe('/overview');
  });

  it.each([
    ['a tab', '/\t/evil.example'],
    ['a newline', '/\n/evil.example'],
    ['a carriage return', '/\r/evil.example'],
    ['NUL', '/\u0000/evil.example'],
    ['a C1 control', '/\u0085/evil.example'],
    ['a no-break space', '/\u00a0/evil.example'],
    ['an ideographic space', '/\u3000/evil.example'],
    ['a line separator', '/\u2028/evil.example'],
    ['a zero-width space', '/\u200b/evil.example'],
    ['a bidi override', '/\u202e/evil.example'],
    ['a leading space', ' /overview'],
    ['a backslash', '/\\evil.example'],
    ['a backslash later', '/x\\y'],
    ['two slashes', '//evil.example'],
    ['a path that resolves to two slashes', '/.//evil.example'],
    ['an encoded second slash', '/%2Fevil.example'],
    ['an encoded tab', '/%09/evil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['another origin', 'https://evil.example/overview'],
    ['another port', 'https://app.example:444/overview'],
    ['another scheme of the same host', 'http://app.example/overview'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['an empty value', ''],
    ['a very long value', `/${'a'.repeat(5000)}`],
  ])('refuses %s', (_label, next) => {
    expect(signInTarget(next, ORIGIN)).toBe(SIGN_IN_HOME);
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, ['/overview'], { toString: () => '/overview' }]) expect(signInTarget(value, ORIGIN)).toBe(SIGN_IN_HOME);
  });

  it('never answers anything but one leading slash and no unsafe character, whatever it is given', () => {
    const samples = ['/ok', '//x', '/\\x', '\\\\x', 'x', '?q=1', '#f', '/%00', '/%E0%A4%A', 'https:/evil.example', 'https:evil.example', '/..//x'];
    for (const next of samples) {
      const target = signInTarget(next, ORIGIN);
      expect(target.startsWith('/') && !target.startsWith('//')).toBe(true);
      expect(target).not.toMatch(/[\s\\\p{Cc}]/u);
      expect(new URL(target, ORIGIN).origin).toBe(ORIGIN);
    }
  });
});

describe('signInPageFor', () => {
  it('carries a safe path and drops an unsafe one', () => {
    expect(signInPageFor('/candidates?q=a%20b', ORIGIN)).toBe(`/login?next=${encodeURIComponent('/candidates?q=a%20b')}`);
    expect(signInPageFor('//evil.example', ORIGIN)).toBe('/login');
  });
});
