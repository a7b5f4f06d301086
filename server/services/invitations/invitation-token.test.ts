import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/server/env';
import { hashInvitationToken, isInvitationTokenShape, newInvitationToken, openInvitationToken, sealInvitationToken } from './invitation-token';

const saved = process.env.MEDIA_TOKEN_SECRET;
beforeAll(() => {
  process.env.MEDIA_TOKEN_SECRET = 'unit-test-media-token-secret-0123456789abcdef';
  resetEnvCache();
});
afterAll(() => {
  process.env.MEDIA_TOKEN_SECRET = saved;
  resetEnvCache();
});

describe('invitation tokens', () => {
  it('are 32 random bytes in base64url, stored as their SHA-256', () => {
    const { token, hash } = newInvitationToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hash).toBe(hashInvitationToken(token));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(newInvitationToken().token).not.toBe(token);
  });

  it('recognise their shape only', () => {
    expect(isInvitationTokenShape(newInvitationToken().token)).toBe(true);
    for (const bad of ['', 'abc', 'A'.repeat(42), 'A'.repeat(44), `${'A'.repeat(42)}=`, `${'A'.repeat(42)}/`]) expect(isInvitationTokenShape(bad)).toBe(false);
  });

  it('travel sealed: the seal opens for its own interview only, and not once altered or under another key', () => {
    const { token } = newInvitationToken();
    const sealed = sealInvitationToken(token, 'itv_one');
    expect(sealed).not.toContain(token);
    expect(sealInvitationToken(token, 'itv_one')).not.toBe(sealed);
    expect(openInvitationToken(sealed, 'itv_one')).toBe(token);
    expect(openInvitationToken(sealed, 'itv_two')).toBeNull();
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[2], 'base64url');
    flipped[0] ^= 1;
    expect(openInvitationToken([parts[0], parts[1], flipped.toString('base64url'), parts[3]].join('.'), 'itv_one')).toBeNull();
    expect(openInvitationToken('v2.a.b.c', 'itv_one')).toBeNull();
    expect(openInvitationToken('garbage', 'itv_one')).toBeNull();
    process.env.MEDIA_TOKEN_SECRET = 'another-media-token-secret-0123456789abcdefgh';
    resetEnvCache();
    expect(openInvitationToken(sealed, 'itv_one')).toBeNull();
  });
});
