import { createHmac, hkdfSync } from 'node:crypto';
import { secretsEqual } from '@/server/crypto';
import { getEnv } from '@/server/env';

/**
 * Audio the service stores is served by the service at `/api/audio/:audioId`. Turns and interviews store that
 * plain URL; reads that are allowed to see the interview (REST v1 with interviews:read, the dashboard) present it
 * signed: `?expires=<unix seconds>&signature=<HMAC-SHA256(audioId.expires)>`, valid for AUDIO_URL_TTL_SECONDS.
 * The signature is the credential a media element needs (it cannot send an API key); an expired one is a 403.
 * The key is derived from MEDIA_TOKEN_SECRET (HKDF), so rotating that secret voids every signed URL.
 */
export const AUDIO_PATH_PREFIX = '/api/audio/';
const AUDIO_ID = /^rec_[0-9A-Za-z]{8,64}$/;
const HKDF_INFO = 'interview-screening/audio-url/v1';

export function audioServiceUrl(audioId: string): string {
  return `${getEnv().APP_URL}${AUDIO_PATH_PREFIX}${audioId}`;
}

export function isAudioId(value: string): boolean {
  return AUDIO_ID.test(value);
}

/** The audio id of a URL the service issued (signed or not), or null for any other URL. */
export function audioIdFromServiceUrl(url: string): string | null {
  const prefix = `${getEnv().APP_URL}${AUDIO_PATH_PREFIX}`;
  if (!url.startsWith(prefix)) return null;
  const id = url.slice(prefix.length).split(/[?#]/)[0];
  return isAudioId(id) ? id : null;
}

function signingKey(): Buffer {
  const secret = getEnv().MEDIA_TOKEN_SECRET;
  if (!secret) throw new Error('MEDIA_TOKEN_SECRET is not configured: audio URLs cannot be signed');
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), HKDF_INFO, 32));
}

export function audioSignature(audioId: string, expires: number): string {
  return createHmac('sha256', signingKey()).update(`${audioId}.${expires}`).digest('base64url');
}

export function signedAudioUrl(audioId: string, expiresAt: Date = new Date(Date.now() + getEnv().AUDIO_URL_TTL_SECONDS * 1000)): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${audioServiceUrl(audioId)}?expires=${expires}&signature=${audioSignature(audioId, expires)}`;
}

/** What a read shows for a stored audioUrl: the service's own audio signed, any other URL as given. */
export function presentAudioUrl(url: string | null): string | null {
  if (!url) return url;
  const id = audioIdFromServiceUrl(url);
  return id ? signedAudioUrl(id) : url;
}

export type AudioSignatureCheck = 'valid' | 'expired' | 'invalid' | 'absent';

export function checkAudioSignature(audioId: string, params: URLSearchParams, now = Date.now()): AudioSignatureCheck {
  const expires = params.get('expires');
  const signature = params.get('signature');
  if (expires === null && signature === null) return 'absent';
  if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return 'invalid';
  if (!secretsEqual(signature, audioSignature(audioId, Number(expires)))) return 'invalid';
  return Number(expires) * 1000 > now ? 'valid' : 'expired';
}
