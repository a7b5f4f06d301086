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

export type AudioUrlKind =
  /** Not the service's: kept as given, never signed. */
  | { own: false }
  /** Under the service's own `/api/audio/` (`audioId` null when what follows is no recording id). */
  | { own: true; audioId: string | null };

const EXTERNAL: AudioUrlKind = { own: false };

/**
 * Whether a URL is the service's own recording, in any form the service itself would serve as one: APP_URL's
 * origin (the URL parser lowercases the host and drops a default port) and, under APP_URL's path, `/api/audio/`
 * then one segment (dot segments resolved, backslashes read as slashes, tabs and newlines dropped, percent-escapes
 * decoded, as the parser and the audio route do), with or without a query (a signed URL) or a trailing slash.
 * Anything else is someone else's URL. The id is not checked against the database here: see `presentAudioUrl`
 * and `services/audio/agent-audio-url.ts`.
 */
export function classifyAudioUrl(url: string): AudioUrlKind {
  // Cheap first: a URL can only be ours if its text says "audio" (the parser may drop tabs and newlines inside
  // the word, and a path's escapes are decoded below, so those are parsed too). A benchmarked turn's external URL
  // stops here.
  if (!url.includes('audio') && !/[%\t\n\r]/.test(url)) return EXTERNAL;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return EXTERNAL;
  }
  const app = appOrigin();
  if (parsed.origin !== app.origin) return EXTERNAL;
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    path = parsed.pathname;
  }
  const prefix = `${app.basePath}${AUDIO_PATH_PREFIX}`;
  if (!path.startsWith(prefix)) return EXTERNAL;
  const id = path.slice(prefix.length).replace(/\/$/, '');
  return { own: true, audioId: isAudioId(id) ? id : null };
}

let cachedOrigin: { appUrl: string; origin: string; basePath: string } | undefined;
function appOrigin(): { origin: string; basePath: string } {
  const appUrl = getEnv().APP_URL;
  if (cachedOrigin?.appUrl !== appUrl) {
    const parsed = new URL(appUrl);
    cachedOrigin = { appUrl, origin: parsed.origin, basePath: parsed.pathname.replace(/\/$/, '') };
  }
  return cachedOrigin;
}

/** The audio id of a URL the service issued (signed or not), or null for any other URL. */
export function audioIdFromServiceUrl(url: string): string | null {
  const kind = classifyAudioUrl(url);
  return kind.own ? kind.audioId : null;
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

/**
 * What a read shows for a stored audioUrl: another service's URL as given, never signed; the service's own
 * recording signed only when it is a recording of the interview being read, which the read's own query tells
 * (`ownedRecordingId`: the recording of that interview the stored URL names, see `services/audio/owned-recording.ts`);
 * anything else under our `/api/audio/` (another interview's or organization's recording, one since deleted, a
 * malformed id) is shown as null: neither signed nor a link to someone else's recording.
 */
export function presentAudioUrl(url: string | null, ownedRecordingId: string | null): string | null {
  if (!url) return null;
  const kind = classifyAudioUrl(url);
  if (!kind.own) return url;
  return kind.audioId !== null && kind.audioId === ownedRecordingId ? signedAudioUrl(kind.audioId) : null;
}

/**
 * The same choice for a read that may not hand out playable links (a report, read with reports:read, whose key
 * could not fetch the audio unsigned): the interview's own recording as its plain URL (a signature stored with it
 * dropped), another service's URL as given, anything else under our `/api/audio/` as null.
 */
export function presentPlainAudioUrl(url: string | null, ownedRecordingId: string | null): string | null {
  if (!url) return null;
  const kind = classifyAudioUrl(url);
  if (!kind.own) return url;
  return kind.audioId !== null && kind.audioId === ownedRecordingId ? audioServiceUrl(kind.audioId) : null;
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
