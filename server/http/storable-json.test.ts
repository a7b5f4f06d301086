import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { assertStorableJson, assertStorableQuery, MAX_JSON_DEPTH, unstorableTextProblem } from './storable-json';

function issueOf(run: () => void): { message: string; issues?: { path: string; message: string }[] } | null {
  try {
    run();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    expect(appError.appCode).toBe('VALIDATION_ERROR');
    return { message: appError.message, issues: appError.issues };
  }
}

describe('unstorableTextProblem', () => {
  it('accepts any well-formed text, emoji and RTL included', () => {
    for (const text of ['', 'plain', '👩‍👩‍👧‍👦', 'مرحبا', '\u202Eevil', "' OR 1=1 --", '%_\\', '\uD83D\uDE00']) expect(unstorableTextProblem(text)).toBeNull();
  });
  it('refuses NUL and unpaired surrogates, which PostgreSQL cannot store as given', () => {
    expect(unstorableTextProblem('a\u0000b')).toMatch(/NUL/);
    for (const text of ['\uD800', 'x\uDBFFy', '\uDFFF', 'a\uDC00\uD800b']) expect(unstorableTextProblem(text)).toMatch(/surrogate/);
  });
});

describe('assertStorableJson', () => {
  it('names the field holding the bad text, keys included', () => {
    expect(issueOf(() => assertStorableJson({ a: { b: ['ok', 'x\u0000'] } }))?.issues).toEqual([{ path: 'a.b.1', message: 'Must not contain the NUL character' }]);
    expect(issueOf(() => assertStorableJson({ ['k\uD800']: 1 }))?.issues?.[0].path).toBe('k\\ud800');
    expect(issueOf(() => assertStorableJson('\uDFFF'))?.issues?.[0].path).toBe('(root)');
  });
  it('refuses a __proto__ key anywhere (it would vanish when copied), and passes constructor or prototype through', () => {
    expect(issueOf(() => assertStorableJson(JSON.parse('{"evaluation":{"__proto__":{"x":1}}}')))?.issues).toEqual([
      { path: 'evaluation.__proto__', message: 'The key __proto__ is not allowed' },
    ]);
    expect(issueOf(() => assertStorableJson(JSON.parse('{"constructor":{"prototype":{"x":1}}}')))).toBeNull();
  });
  it('bounds nesting without recursion, however deep the body', () => {
    const nested = (depth: number) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    expect(issueOf(() => assertStorableJson(nested(MAX_JSON_DEPTH)))).toBeNull();
    expect(issueOf(() => assertStorableJson(nested(MAX_JSON_DEPTH + 2)))?.message).toMatch(/nest deeper/);
    expect(issueOf(() => assertStorableJson(nested(100_000)))?.message).toMatch(/nest deeper/);
  });
});

describe('assertStorableQuery', () => {
  it('names the parameter holding a NUL', () => {
    expect(issueOf(() => assertStorableQuery(new URLSearchParams('search=a%00b')))?.issues?.[0].path).toBe('search');
    expect(issueOf(() => assertStorableQuery(new URLSearchParams('search=%25_%5C&tags=a,b')))).toBeNull();
  });
});
