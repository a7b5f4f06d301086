export type Difference = { path: string; reason: string };

/**
 * Where two JSON values first differ, walking `expected` in its own key order, as a readable accessor path
 * (`paths["/candidates"].get.responses["201"]`). Key order counts: the committed document is compared as text.
 */
export function firstDifference(expected: unknown, actual: unknown, path = '$'): Difference | null {
  if (Array.isArray(expected) || Array.isArray(actual)) {
    if (!Array.isArray(expected) || !Array.isArray(actual)) return { path, reason: 'different value' };
    for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
      if (i >= actual.length) return { path: `${path}[${i}]`, reason: 'missing' };
      if (i >= expected.length) return { path: `${path}[${i}]`, reason: 'unexpected' };
      const difference = firstDifference(expected[i], actual[i], `${path}[${i}]`);
      if (difference) return difference;
    }
    return null;
  }
  if (isObject(expected) && isObject(actual)) {
    for (const key of Object.keys(expected)) {
      if (!(key in actual)) return { path: childPath(path, key), reason: 'missing' };
      const difference = firstDifference(expected[key], actual[key], childPath(path, key));
      if (difference) return difference;
    }
    const extra = Object.keys(actual).find((key) => !(key in expected));
    if (extra !== undefined) return { path: childPath(path, extra), reason: 'unexpected' };
    const expectedKeys = Object.keys(expected);
    const actualKeys = Object.keys(actual);
    const at = expectedKeys.findIndex((key, i) => actualKeys[i] !== key);
    if (at >= 0) return { path: childPath(path, expectedKeys[at]), reason: 'key order differs' };
    return null;
  }
  return Object.is(expected, actual) ? null : { path, reason: 'different value' };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function childPath(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}
