import fc from 'fast-check';

/**
 * Generators of hostile input for the property suites: what a careless or malicious client sends. Each one mixes
 * plausible values (so that requests get past validation and reach the database) with the values that break
 * naive code: SQL and LIKE metacharacters, JSON prototype keys, NUL, unpaired surrogates, bidi controls, emoji,
 * huge strings and numbers.
 */

export const NASTY_STRINGS: string[] = [
  "' OR 1=1 --",
  "'; DROP TABLE candidates; --",
  '" OR ""="',
  "1' UNION SELECT null, key_hash FROM api_keys --",
  '%',
  '_',
  '\\',
  '%_\\',
  '\\%',
  '50%_off',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDBFFy',
  '\u202Eevil\u202C',
  '\u200B\u200D\uFEFF',
  'Ω≈ç√∫',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈',
  'مرحبا بالعالم',
  'שָׁלוֹם',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̗̻',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '0x10',
  '1e308',
  '',
  ' ',
  '\t\n\r',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  '../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  '=HYPERLINK("http://x")',
  '@SUM(1+1)',
];

/** Any string, weighted toward the nasty ones; occasionally huge. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...NASTY_STRINGS), fc.string({ maxLength: 8 })).map(([a, b]) => `${b}${a}${b}`) },
  { weight: 1, arbitrary: fc.integer({ min: 101, max: 40_000 }).map((n) => 'é'.repeat(n)) },
);

/** Numbers that a range check, an integer check or JSON may get wrong. */
export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 1.5, 0.1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 2 ** 53, -0, 5e-324),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A JSON object made by JSON.parse, so that `__proto__` is an own key as it is on the server. */
export const prototypePollution: fc.Arbitrary<Record<string, unknown>> = fc.constantFrom(
  JSON.parse('{"__proto__":{"polluted":true,"isAdmin":true}}'),
  JSON.parse('{"constructor":{"prototype":{"polluted":true}}}'),
  JSON.parse('{"prototype":{"polluted":true}}'),
);

/** Any JSON value, weighted toward nasty strings. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: nastyString },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, nastyString, { maxKeys: 3 }) },
  { weight: 1, arbitrary: prototypePollution },
);

/** Each field hostile one time in ten: enough inputs get past validation to exercise what is stored. */
export const MOSTLY_GOOD = { absent: 3, good: 6, nasty: 1 };

/** Addresses a strict validator accepts (fc.emailAddress() is RFC 5322-wide, which few validators are), sometimes exotic. */
export const emailAddress: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.stringMatching(/^[a-z0-9]([a-z0-9._+-]{0,18}[a-z0-9])?$/),
        fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/),
        fc.constantFrom('com', 'fr', 'io', 'co.uk'),
      )
      .filter(([local]) => !local.includes('..'))
      .map(([local, domain, tld]) => `${local}@${domain}.${tld}`),
  },
  { weight: 1, arbitrary: fc.emailAddress() },
);

/** Sometimes absent (undefined), sometimes the good value, sometimes a hostile one. */
export function maybe<T>(good: fc.Arbitrary<T>, weights = { absent: 2, good: 3, nasty: 2 }): fc.Arbitrary<T | unknown | undefined> {
  return fc.oneof(
    { weight: weights.absent, arbitrary: fc.constant(undefined) },
    { weight: weights.good, arbitrary: good },
    { weight: weights.nasty, arbitrary: nastyValue },
  );
}

/** Extra fields a strict body must refuse. */
export const extraFields: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  { weight: 12, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('id', 'orgId', 'status', 'createdAt', 'isAdmin', 'extra', ''), nastyValue, { minKeys: 1, maxKeys: 2 }) },
  { weight: 1, arbitrary: prototypePollution },
);

/** Drops undefined members, as JSON.stringify would. */
export function compact(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
}

/** A JSON text that merges `extra` into `object` by raw text, so `__proto__` stays an own key on the wire. */
export function jsonWithExtra(object: Record<string, unknown>, extra: Record<string, unknown>): string {
  const entries = [...Object.entries(object), ...Object.entries(extra)];
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;
}

export type BodyVariant = { kind: 'json'; text: string } | { kind: 'bytes'; bytes: Uint8Array } | { kind: 'stream'; size: number } | { kind: 'none' };

/** Bodies that are not the well-formed JSON object a route expects. */
export const brokenBody: fc.Arbitrary<BodyVariant> = fc.oneof(
  fc.constantFrom<BodyVariant>(
    { kind: 'none' },
    { kind: 'json', text: '' },
    { kind: 'json', text: '   ' },
    { kind: 'json', text: '[]' },
    { kind: 'json', text: 'null' },
    { kind: 'json', text: '"a string"' },
    { kind: 'json', text: '42' },
    { kind: 'json', text: 'true' },
    { kind: 'json', text: '{' },
    { kind: 'json', text: '{"a":1,}' },
    { kind: 'json', text: "{'a':1}" },
    { kind: 'json', text: '{"a":NaN}' },
    { kind: 'json', text: '{"a":1e400}' },
    { kind: 'json', text: '{"a":1} trailing' },
    { kind: 'json', text: '\uFEFF{}' },
    { kind: 'json', text: '{"a":1,"a":2}' },
    { kind: 'json', text: '/* comment */ {}' },
    { kind: 'stream', size: 1_100_000 },
  ),
  fc.integer({ min: 65, max: 20_000 }).map((depth): BodyVariant => ({ kind: 'json', text: `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}` })),
  fc.integer({ min: 1_048_577, max: 1_200_000 }).map((n): BodyVariant => ({ kind: 'json', text: `{"a":"${'x'.repeat(n)}"}` })),
  fc.string({ unit: 'binary', maxLength: 40 }).map((text): BodyVariant => ({ kind: 'json', text })),
  fc.uint8Array({ maxLength: 64 }).map((bytes): BodyVariant => ({ kind: 'bytes', bytes })),
);

/** Content-Type values: JSON in its legal spellings, and what is not JSON. */
export const contentType: fc.Arbitrary<string | null> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom<string | null>(
      'application/json; charset=utf-8',
      'application/json;charset=ISO-8859-1',
      'APPLICATION/JSON',
      'application/problem+json',
      'application/json; charset="utf-8"; boundary=x',
      'text/plain',
      'text/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'application/jsonp',
      'application/json, text/html',
      '',
      null,
    ),
  },
);

/** A header value a fetch client can send (no CR, LF or NUL; Latin-1 only). */
export const headerValue: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0xa0, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 10 }),
  fc.integer({ min: 1000, max: 12_000 }).map((n) => 'A'.repeat(n)),
);

/** Headers a client may add that must change nothing: a spoofed request id, odd Accept, forwarded-for. */
export const noiseHeaders: fc.Arbitrary<[string, string][]> = fc.subarray(
  [
    ['x-request-id', 'req_spoofed'],
    ['accept', 'text/html'],
    ['accept', '*/*;q=0.1, application/xml'],
    ['x-forwarded-for', "127.0.0.1' OR 1=1"],
    ['accept-charset', 'latin1'],
    ['x-http-method-override', 'DELETE'],
    ['cookie', 'session=abc'],
    ['accept-encoding', 'gzip, br, zstd'],
  ] as [string, string][],
  { maxLength: 3 },
);

/** A URL path segment: the id itself when well-formed, else encoded or deliberately broken. */
export function pathSegment(good: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 12, arbitrary: good },
    { weight: 2, arbitrary: nastyString.map(encodeSegment) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%', '%zz', '%00', '%2F', 'a%2Fb', '%2e%2e', '..', '.', '%E0%A4%A', '%C0%AF', '%FF%FE', '%ED%A0%80', '%F0%9F%98%80'),
    },
    { weight: 1, arbitrary: fc.integer({ min: 200, max: 6000 }).map((n) => 'x'.repeat(n)) },
  );
}

export function encodeSegment(value: string): string {
  return encodeURIComponent(wellFormed(value));
}

/** encodeURIComponent throws on unpaired surrogates: replace them as a UTF-8 encoder would. */
export function wellFormed(value: string): string {
  return value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** Query pairs for a route's known parameters plus strays: repeated, bracketed, empty, hostile. */
export function queryPairs(known: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<[string, string][]> {
  const names = Object.keys(known);
  const knownPair = fc.constantFrom(...names).chain((name) =>
    fc.oneof({ weight: 3, arbitrary: known[name] }, { weight: 2, arbitrary: nastyQueryValue }).map((value): [string, string] => [name, value]),
  );
  const strayPair = fc.tuple(
    fc.oneof(
      fc.constantFrom(...names.map((n) => `${n}[]`), ...names.map((n) => `${n}[0]`), 'limit', 'offset', 'orgId', '__proto__', 'constructor', ''),
      nastyString,
    ),
    nastyQueryValue,
  );
  return fc.array(fc.oneof({ weight: 5, arbitrary: knownPair }, { weight: 1, arbitrary: strayPair }), { maxLength: 5 });
}

/** Values that a number or enum coercion may get wrong. */
export const nastyQueryValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', '0', '-1', '1.5', '1e308', '1e2', '0x10', 'NaN', 'Infinity', '-0', ' 1', '1 ', '1,2', '01', '99999999999999999999', '+1', 'true', 'null'),
  nastyString,
);

/** Serialises query pairs; `raw` leaves them unencoded (a client that forgot to), which URL parsing tolerates. */
export function queryString(pairs: [string, string][], raw = false): string {
  if (pairs.length === 0) return '';
  const enc = raw ? (s: string) => wellFormed(s).replace(/[#&=\s]/g, encodeURIComponent) : (s: string) => encodeURIComponent(wellFormed(s));
  return `?${pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&')}`;
}

/**
 * `next` values of the sign-in page and form (where to go after signing in): what an open redirect or a header
 * injection is made of. Raw (as the form field or the decoded query parameter holds them); `nextQuery` also sends
 * them encoded, double-encoded and unencoded in the sign-in page's address.
 */
export const HOSTILE_NEXT: string[] = [
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/\r/evil.example',
  '/\u0000/evil.example',
  '/\u000b/evil.example',
  '/\u000c/evil.example',
  '/\u001f/evil.example',
  '/\u007f/evil.example',
  '/\u0085/evil.example',
  '/%09/evil.example',
  '/%0A/evil.example',
  '/%0D%0A/evil.example',
  '/%2F/evil.example',
  '/%2f%2fevil.example',
  '/%5C/evil.example',
  '/%5cevil.example',
  '/%E2%80%A8/evil.example',
  '%2F%2Fevil.example',
  '//evil.example',
  '///evil.example',
  '////evil.example/x',
  '/\\evil.example',
  '/\\/evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/.//evil.example',
  '/..//evil.example',
  '/a/..//evil.example',
  '/./\\evil.example',
  '\t//evil.example',
  ' //evil.example',
  '\u00a0//evil.example',
  '/\u00a0/evil.example',
  '/\u1680/evil.example',
  '/\u2000/evil.example',
  '/\u200b/evil.example',
  '/\u2028/evil.example',
  '/\u2029/evil.example',
  '/\u202e/evil.example',
  '/\u3000/evil.example',
  '/\ufeff/evil.example',
  'https://evil.example/',
  'http://evil.example',
  'HTTPS://EVIL.EXAMPLE',
  'https:evil.example',
  'https:/evil.example',
  'https:\\\\evil.example',
  '//evil.example@localhost',
  'http://localhost:3999@evil.example/',
  'http://localhost:3999.evil.example/',
  'http://localhost:39990/',
  'https://localhost:3999/overview',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'mailto:someone@evil.example',
  '/overview\r\nSet-Cookie: iss_session=x',
  '/overview\nLocation: https://evil.example',
  '/overview?x=\n',
  '/overview#\t',
  '?next=//evil.example',
  '#//evil.example',
  '',
  ' ',
  '/',
  '/overview',
  '/candidates?status=invited',
  '/settings#keys',
  '/\uD800',
  '/👩‍👩‍👧‍👦',
];

export const hostileNext: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...HOSTILE_NEXT) },
  // A safe-looking path with a hostile character somewhere in it.
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.stringMatching(/^\/[a-z]{0,8}$/),
        fc.constantFrom('\t', '\n', '\r', '\u0000', '\\', '/', '\u00a0', '\u2028', '\u3000', '\u200b', '%09', '%0a', '%5c', '%2f', ' ', '@', ':'),
        fc.constantFrom('evil.example', '/evil.example', '', 'x'),
      )
      .map(([head, bad, tail]) => `${head}${bad}${tail}`),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }).map((s) => `/${s}`) },
  { weight: 1, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.integer({ min: 2_000, max: 12_000 }).map((n) => `/${'a'.repeat(n)}`) },
  { weight: 1, arbitrary: fc.integer({ min: 2, max: 400 }).map((n) => `${'/'.repeat(n)}evil.example`) },
);

/** The sign-in page's query string for a `next`: encoded, double-encoded, or left as it is (as a careless link would). */
export function nextQuery(next: string, encoding: 'encoded' | 'double' | 'raw'): string {
  const safe = wellFormed(next);
  if (encoding === 'encoded') return `?next=${encodeURIComponent(safe)}`;
  if (encoding === 'double') return `?next=${encodeURIComponent(encodeURIComponent(safe))}`;
  // What fetch can put on a request line unencoded: it encodes what it must (spaces, controls, non-ASCII) itself.
  return `?next=${safe.replace(/[#&]/g, encodeURIComponent)}`;
}
