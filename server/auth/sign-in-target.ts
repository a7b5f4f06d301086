/** Where a recruiter lands after signing in when `next` names nowhere acceptable. */
export const SIGN_IN_HOME = '/overview';

/**
 * Control characters (C0, C1), format characters (bidi overrides, zero-width), any Unicode whitespace, and the
 * backslash: URL parsers drop tabs and newlines and read `\` as `/`, so `/\t/evil.example` or `/\evil.example`
 * written in a Location header is resolved by the browser as `//evil.example`, another site.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\s\\]/u;

/**
 * The page to go to after signing in: `next` (a query parameter, a form field; a client sends anything) resolved
 * against the app's origin with the URL parser browsers use, and accepted only when it stays on that origin and
 * neither the raw value nor the resolved path holds a character a parser could read another way. The answer is
 * a path (and query, and fragment) of this site, never a URL: a Location with no scheme and one leading slash
 * cannot leave the origin. Anything else is the dashboard's home. Used wherever `next` is read or written.
 */
export function signInTarget(next: unknown, appOrigin: string): string {
  if (typeof next !== 'string' || next === '' || next.length > 2048 || UNSAFE.test(next)) return SIGN_IN_HOME;
  let url: URL;
  let origin: string;
  try {
    origin = new URL(appOrigin).origin;
    url = new URL(next, origin);
  } catch {
    return SIGN_IN_HOME;
  }
  if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return SIGN_IN_HOME;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `/.//evil.example` resolves to the path `//evil.example`: written as a Location, that is another host.
  // A router that decodes the path once must not find a tab, a backslash or a second leading slash either.
  const decoded = safeDecode(url.pathname);
  if (path.startsWith('//') || UNSAFE.test(path) || UNSAFE.test(decoded) || decoded.startsWith('//')) return SIGN_IN_HOME;
  return path;
}

/** The path as a router reading it would see it (`%09` is a tab, `%5C` a backslash); itself when undecodable. */
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The sign-in page's address that comes back to `path` afterwards (a session that ended mid-page). */
export function signInPageFor(path: string, appOrigin: string): string {
  const target = signInTarget(path, appOrigin);
  return target === SIGN_IN_HOME ? '/login' : `/login?next=${encodeURIComponent(target)}`;
}
