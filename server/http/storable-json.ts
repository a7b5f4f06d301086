import { AppError, invalidField } from '@/server/errors';

/** Deeper than any body of the API needs; bounds every recursive walk over a request body (hashing, zod, jsonb). */
export const MAX_JSON_DEPTH = 64;

const NUL = /\u0000/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNPRINTABLE = new RegExp(`\u0000|${LONE_SURROGATE.source}`, 'g');

/**
 * Why PostgreSQL could not store this text as given, or null. `text` and `jsonb` refuse U+0000 (a server error,
 * not a validation error, if it reaches them), and an unpaired surrogate is silently turned into U+FFFD by the
 * UTF-8 encoder, so the stored value would differ from the one accepted.
 */
export function unstorableTextProblem(value: string): string | null {
  if (NUL.test(value)) return 'Must not contain the NUL character';
  if (LONE_SURROGATE.test(value)) return 'Must be valid Unicode text (no unpaired surrogate)';
  return null;
}

/**
 * Checks a parsed JSON body before anything else reads it: nesting within MAX_JSON_DEPTH, no `__proto__` key,
 * and every string and key storable (see unstorableTextProblem). Iterative, so a hostile body cannot exhaust the stack here.
 * Throws VALIDATION_ERROR naming the field.
 */
export function assertStorableJson(root: unknown): void {
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (path.length > MAX_JSON_DEPTH) {
      throw new AppError('VALIDATION_ERROR', `The JSON body must not nest deeper than ${MAX_JSON_DEPTH} levels`, {
        issues: [{ path: fieldPath(path.slice(0, 1)), message: `Must not nest deeper than ${MAX_JSON_DEPTH} levels` }],
      });
    }
    if (typeof value === 'string') {
      const problem = unstorableTextProblem(value);
      if (problem) throw invalidField(fieldPath(path), problem);
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, path: [...path, String(i)] }));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        // JSON.parse makes `__proto__` an own key, but any copy into a plain object (zod's output included)
        // turns it into a prototype change and the data silently disappears: refuse it instead.
        const keyProblem = key === '__proto__' ? 'The key __proto__ is not allowed' : unstorableTextProblem(key);
        if (keyProblem) throw invalidField(fieldPath([...path, key]), keyProblem);
        stack.push({ value: item, path: [...path, key] });
      }
    }
  }
}

/** Query parameters reach SQL as text: the same rule, naming the parameter. */
export function assertStorableQuery(params: URLSearchParams): void {
  for (const [key, value] of params) {
    const problem = unstorableTextProblem(key) ?? unstorableTextProblem(value);
    if (problem) throw invalidField(safeName(key), problem);
  }
}

function fieldPath(path: string[]): string {
  return path.length > 0 ? path.map(safeName).join('.') : '(root)';
}

/** The name echoed in `issues` must itself be printable JSON text: NUL and lone surrogates are escaped. */
function safeName(name: string): string {
  return name.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
