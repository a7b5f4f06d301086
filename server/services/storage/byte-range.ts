import type { ByteRange } from './object-store';

/**
 * One `Range: bytes=…` of an object of `size` bytes (RFC 9110 §14.1.2): `a-b`, `a-`, `-n`. Null when the header
 * is absent, malformed or asks for several ranges (the whole object is sent then, which the RFC allows);
 * 'unsatisfiable' when it starts past the end (416).
 */
export function parseByteRange(header: string | null, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}
