import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, secretsEqual } from './crypto';

describe('secretsEqual', () => {
  const secret = 'agent-secret-0123456789abcdef';

  it('is true for the same secret only', () => {
    expect(secretsEqual(secret, secret)).toBe(true);
    expect(secretsEqual(`${secret.slice(0, -1)}F`, secret)).toBe(false);
    expect(secretsEqual(secret.toUpperCase(), secret)).toBe(false);
  });

  it('tells apart a prefix, an extension and an empty value', () => {
    expect(secretsEqual(secret.slice(0, -1), secret)).toBe(false);
    expect(secretsEqual(`${secret}x`, secret)).toBe(false);
    expect(secretsEqual(`${secret}\u0000`, secret)).toBe(false);
    expect(secretsEqual('', secret)).toBe(false);
    expect(secretsEqual(secret, '')).toBe(false);
  });

  it('compares the UTF-8 bytes of secrets that are not ASCII', () => {
    expect(secretsEqual('clé-ünïcode-€', 'clé-ünïcode-€')).toBe(true);
    // The same number of characters, other bytes; and a character cut by the expected length.
    expect(secretsEqual('cle-ünïcode-€', 'clé-ünïcode-€')).toBe(false);
    expect(secretsEqual('clé-ünïcode-', 'clé-ünïcode-€')).toBe(false);
    expect(secretsEqual('€€', 'aaaaa')).toBe(false);
  });

  it('keeps answering right when the expected secret changes', () => {
    expect(secretsEqual('first-secret-value', 'first-secret-value')).toBe(true);
    expect(secretsEqual('first-secret-value', 'second-secret-value')).toBe(false);
    expect(secretsEqual('second-secret-value', 'second-secret-value')).toBe(true);
  });
});

describe('encryptSecret / decryptSecret', () => {
  const secret = 'a-provider-key-secret-of-at-least-32-chars';
  it('round-trips, with a fresh IV each time, and never holds the plain text', () => {
    const a = encryptSecret('sk-plain-key-123456', secret, 'org_a:llm');
    const b = encryptSecret('sk-plain-key-123456', secret, 'org_a:llm');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\./);
    expect(a).not.toContain('sk-plain');
    expect(decryptSecret(a, secret, 'org_a:llm')).toBe('sk-plain-key-123456');
  });
  it('refuses another context, another secret, and a tampered value', () => {
    const stored = encryptSecret('sk-plain-key-123456', secret, 'org_a:llm');
    expect(decryptSecret(stored, secret, 'org_b:llm')).toBeNull();
    expect(decryptSecret(stored, `${secret}!`, 'org_a:llm')).toBeNull();
    const parts = stored.split('.');
    parts[3] = Buffer.from('x'.repeat(19)).toString('base64url');
    expect(decryptSecret(parts.join('.'), secret, 'org_a:llm')).toBeNull();
    expect(decryptSecret('garbage', secret, 'org_a:llm')).toBeNull();
  });
});
