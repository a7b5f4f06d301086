import type { Database } from '@/db/client';
import { hasScope } from '@/server/auth/principal';
import { AppError } from '@/server/errors';
import { getSessionPrincipal } from '@/server/services/auth/get-session-principal';
import { getAudioRecording, unsafeGetAudioRecordingBySignedId, type AudioRecordingRef } from '@/server/services/audio/get-audio-recording';
import { checkAudioSignature, isAudioId } from '@/server/services/storage/audio-urls';
import { parseByteRange } from '@/server/services/storage/byte-range';
import { readRecording, recordingSize } from '@/server/services/audio/read-recording';
import { apiKeyFromHeaders, authenticateV1Request } from './authenticate-v1-request';
import { defineRoute, type DoorRoute } from './define-route';
import { readSessionToken } from './session-cookie';
import type { DoorRequest } from './door-request';

/**
 * GET|HEAD /api/audio/:audioId, on the door: a recording the service stores, with Range support (206) so players can seek.
 * Who may fetch it:
 * - anyone holding a signed URL that a permitted read presented (REST v1 with interviews:read, the dashboard),
 *   until it expires (expired or tampered → 403);
 * - without a signature, a recruiter of the interview's organization (session cookie) or an API key of it with
 *   interviews:read; another organization's recruiter or key gets the same 404 as a missing recording.
 */
const audioRoute = (method: 'GET' | 'HEAD'): DoorRoute =>
  defineRoute({
    method,
    path: '/api/audio/:audioId',
    kind: 'audio',
    // Its own check below: a signed URL needs no caller, an unsigned read needs a key or a recruiter.
    auth: 'public',
    handle: async ({ req, url, db, params, headers, setOrg }) => {
      const { audioId } = params;
      if (!isAudioId(audioId)) throw new AppError('NOT_FOUND', 'Audio not found');
      const check = checkAudioSignature(audioId, url.searchParams);
      let recording: AudioRecordingRef;
      if (check === 'valid') {
        recording = await unsafeGetAudioRecordingBySignedId(db, audioId);
      } else if (check === 'expired') {
        throw new AppError('FORBIDDEN', 'This audio link has expired: reload the interview for a new one');
      } else if (check === 'invalid') {
        throw new AppError('FORBIDDEN', 'This audio link is not valid');
      } else {
        recording = await getAudioRecording(db, { orgId: await orgOfCaller(db, req, headers), audioId });
      }
      setOrg(recording.orgId);
      return serveRecording(db, req, recording, headers);
    },
  });

export const AUDIO_ROUTES: DoorRoute[] = [audioRoute('GET'), audioRoute('HEAD')];

async function orgOfCaller(db: Database, req: DoorRequest, headers: Headers): Promise<string> {
  if (apiKeyFromHeaders(req.headers)) return (await authenticateV1Request(db, req, headers, 'interviews:read')).orgId;
  const recruiter = await getSessionPrincipal(db, readSessionToken(req.headers));
  if (recruiter && hasScope(recruiter, 'interviews:read')) return recruiter.orgId;
  throw new AppError('UNAUTHORIZED', 'Sign in, send an API key with interviews:read, or use a signed audio URL');
}

/** The file name's extension a download gets, by the stored type (audio-limits.ts's accepted types). */
const AUDIO_EXTENSIONS: Record<string, string> = { 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'm4a', 'audio/mpeg': 'mp3', 'audio/wav': 'wav' };

async function serveRecording(db: Database, req: DoorRequest, recording: AudioRecordingRef, headers: Headers): Promise<Response> {
  const size = await recordingSize(recording);
  if (size === null) throw new AppError('NOT_FOUND', 'Audio not found');
  headers.set('Content-Type', recording.contentType);
  headers.set('Accept-Ranges', 'bytes');
  // A signed URL is a credential: private caching only, and never past the signature's life.
  headers.set('Cache-Control', 'private, max-age=300');
  headers.set('Referrer-Policy', 'no-referrer');
  headers.set('X-Content-Type-Options', 'nosniff');
  // The bytes are the candidate's upload, checked only for a container's first magic numbers: a file that starts as
  // audio and goes on as HTML must never run as a page of this origin, even opened directly in a tab. A download
  // (attachment) and a sandbox without any source; <audio> elements ignore Content-Disposition and still play and seek.
  headers.set('Content-Disposition', `attachment; filename="${recording.id}.${AUDIO_EXTENSIONS[recording.contentType] ?? 'audio'}"`);
  headers.set('Content-Security-Policy', "sandbox; default-src 'none'");
  const range = parseByteRange(req.headers.get('range'), size);
  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  const head = req.method === 'HEAD';
  if (range) {
    headers.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    headers.set('Content-Length', String(range.end - range.start + 1));
    const body = head ? null : await readRecording(db, recording, range);
    return new Response(body, { status: 206, headers });
  }
  headers.set('Content-Length', String(size));
  const body = head ? null : await readRecording(db, recording);
  return new Response(body, { status: 200, headers });
}
