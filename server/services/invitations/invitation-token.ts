import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { sha256Hex } from '@/server/crypto';
import { getEnv } from '@/server/env';

/**
 * The invitation link's token: 32 random bytes, base64url (43 characters). The database keeps only its SHA-256
 * (interviews.invite_token_hash), so a leaked database or backup opens no interview.
 *
 * The email job still needs the plaintext to write the link. It travels in the job's payload sealed with
 * AES-256-GCM under a key derived (HKDF-SHA256) from MEDIA_TOKEN_SECRET, bound to the interview id as associated
 * data: the queue's tables hold ciphertext only, and a sealed token copied onto another interview's job does not
 * open. Rotating MEDIA_TOKEN_SECRET makes queued, unsent invitations unreadable: they are logged and dropped, and
 * the recruiter resends.
 */
export const INVITATION_TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const SEAL_VERSION = 'v1';
const HKDF_INFO = 'interview-screening/invitation-token-seal/v1';

export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(INVITATION_TOKEN_BYTES).toString('base64url');
  return { token, hash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return sha256Hex(token);
}

/** Anything that is not a token we could have issued is unknown without a database query. */
export function isInvitationTokenShape(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

function sealingKey(): Buffer {
  const secret = getEnv().MEDIA_TOKEN_SECRET;
  if (!secret) throw new Error('MEDIA_TOKEN_SECRET is not configured: invitation links cannot be issued');
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), HKDF_INFO, 32));
}

export function sealInvitationToken(token: string, interviewId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(), iv);
  cipher.setAAD(Buffer.from(interviewId));
  const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [SEAL_VERSION, iv.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** The plaintext token, or null when the seal is malformed, tampered with, for another interview or another key. */
export function openInvitationToken(sealed: string, interviewId: string): string | null {
  const parts = sealed.split('.');
  if (parts.length !== 4 || parts[0] !== SEAL_VERSION) return null;
  const key = sealingKey();
  try {
    const [, iv, ciphertext, tag] = parts.map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(interviewId));
    decipher.setAuthTag(tag);
    const token = Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    return isInvitationTokenShape(token) ? token : null;
  } catch {
    return null;
  }
}
