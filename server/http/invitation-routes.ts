import { notFound } from '@/server/errors';
import { acceptedAudioType, audioTooLarge, MAX_ANSWER_AUDIO_BYTES, MAX_SESSION_AUDIO_BYTES } from '@/server/services/audio/audio-limits';
import { recordCandidateSelfIdentification } from '@/server/services/fairness/record-candidate-self-identification';
import { SelfIdentificationAnswersSchema } from '@/server/services/fairness/self-identification-schemas';
import { IntegrityReportInputSchema } from '@/server/services/integrity/integrity-schemas';
import { recordIntegrityEvents } from '@/server/services/integrity/record-integrity-events';
import { CandidateAnswerInputSchema } from '@/server/services/invitations/candidate-session-schemas';
import { getCandidateSession } from '@/server/services/invitations/get-candidate-session';
import { CandidateFeedbackInputSchema, recordCandidateFeedback } from '@/server/services/invitations/record-candidate-feedback';
import { getCandidateSpeech } from '@/server/services/invitations/get-candidate-speech';
import { getInvitationProgress } from '@/server/services/invitations/get-invitation-by-token';
import { startCandidateInterview } from '@/server/services/invitations/start-candidate-interview';
import { submitCandidateAnswer } from '@/server/services/invitations/submit-candidate-answer';
import { uploadCandidateAudio } from '@/server/services/invitations/upload-candidate-audio';
import { uploadSessionRecording } from '@/server/services/invitations/upload-session-recording';
import { defineRoute, type DoorRoute, type RawBody, type RawBodySpec } from './define-route';
import { checkTurnNumber, turnNumberParam } from './path-params';
import { readJsonBody } from './read-json-body';

/**
 * The candidate-facing routes under /api/invitations/:token/… (the link's token is the credential: the door's
 * `invitation` authentication keeps it out of logs and error messages, sends `Referrer-Policy: no-referrer` and no
 * caching, and throttles unknown links). The services resolve the token: unknown 404, expired or cancelled 410.
 */

const BASE = '/api/invitations/:token';

/** A raw recording: audio/webm, ogg, mp4, mpeg or wav (415 otherwise), at most `maxBytes` (413), nothing stored before. */
function audioBody(maxBytes: number): RawBodySpec {
  return { raw: { contentType: acceptedAudioType, maxBytes, tooLarge: () => audioTooLarge(maxBytes) } };
}

export const INVITATION_ROUTES: DoorRoute[] = [
  // What the invitation page polls: `{ status, turnCount }`, nothing of the conversation itself.
  defineRoute({
    method: 'GET',
    path: `${BASE}/status`,
    kind: 'invitation',
    auth: 'invitation',
    handle: async ({ db, caller }) => {
      const progress = await getInvitationProgress(db, caller.token);
      if (!progress) throw notFound('Invitation');
      return { status: 200, body: progress };
    },
  }),
  // → 200 CandidateSession (expired and cancelled links included, so the page can say so).
  defineRoute({
    method: 'GET',
    path: `${BASE}/session`,
    kind: 'invitation',
    auth: 'invitation',
    handle: async ({ db, caller }) => ({ status: 200, body: await getCandidateSession(db, caller.token) }),
  }),
  // `{ "consent": true }` → 200 CandidateSession. The body is the service's to check, after the link's own checks.
  defineRoute({
    method: 'POST',
    path: `${BASE}/start`,
    kind: 'invitation',
    auth: 'invitation',
    handle: async ({ req, db, caller }) => ({ status: 200, body: await startCandidateInterview(db, caller.token, await readJsonBody(req, 4096)) }),
  }),
  // `{ text, audioId? }` → 200 CandidateSession (idempotent).
  defineRoute({
    method: 'POST',
    path: `${BASE}/answers/:turnNumber`,
    kind: 'invitation',
    auth: 'invitation',
    checkParams: checkTurnNumber,
    body: { schema: CandidateAnswerInputSchema, maxBytes: 256 * 1024, requiredField: 'text' },
    handle: async ({ db, caller, params, body }) => ({ status: 200, body: await submitCandidateAnswer(db, caller.token, turnNumberParam(params.turnNumber), body) }),
  }),
  // Raw audio (≤ 10 MiB) → 200 { audioId, transcript, poor }. An optional `X-Audio-Duration-Ms` header gives the
  // recording's length when the transcription endpoint does not.
  defineRoute<'invitation', RawBody>({
    method: 'POST',
    path: `${BASE}/answers/:turnNumber/audio`,
    kind: 'invitation',
    auth: 'invitation',
    checkParams: checkTurnNumber,
    body: audioBody(MAX_ANSWER_AUDIO_BYTES),
    handle: async ({ req, db, caller, params, body }) => {
      const declared = Number(req.headers.get('x-audio-duration-ms'));
      const clientDurationMs = Number.isInteger(declared) && declared > 0 && declared < 3_600_000 ? declared : null;
      const upload = { contentType: body.contentType, audio: body.bytes, clientDurationMs };
      return { status: 200, body: await uploadCandidateAudio(db, caller.token, turnNumberParam(params.turnNumber), upload) };
    },
  }),
  // Raw audio (≤ 60 MiB) → 200 { audioId }: the whole conversation's recording.
  defineRoute<'invitation', RawBody>({
    method: 'POST',
    path: `${BASE}/recording`,
    kind: 'invitation',
    auth: 'invitation',
    body: audioBody(MAX_SESSION_AUDIO_BYTES),
    handle: async ({ db, caller, body }) => ({ status: 200, body: await uploadSessionRecording(db, caller.token, { contentType: body.contentType, audio: body.bytes }) }),
  }),
  // `{ sex?, raceEthnicity? }` (CONTRACT §14 values, "declined" or null) → 200 CandidateSession; after the interview only.
  defineRoute({
    method: 'PUT',
    path: `${BASE}/self-identification`,
    kind: 'invitation',
    auth: 'invitation',
    body: { schema: SelfIdentificationAnswersSchema, maxBytes: 4096 },
    handle: async ({ db, caller, body }) => ({ status: 200, body: await recordCandidateSelfIdentification(db, caller.token, body) }),
  }),
  // `{ score: 1–5, comment? }` → 200 `{ score, comment }`; the optional rating after the interview only (issue 25).
  defineRoute({
    method: 'PUT',
    path: `${BASE}/feedback`,
    kind: 'invitation',
    auth: 'invitation',
    body: { schema: CandidateFeedbackInputSchema, maxBytes: 8192 },
    handle: async ({ db, caller, body }) => ({ status: 200, body: await recordCandidateFeedback(db, caller.token, body) }),
  }),
  // `{ events: [{ id, kind: "page_away", at, durationMs } | { id, kind: "paste", at, turnNumber, characters }] }`
  // → 200 { accepted }: what the page observed (integrity signals, facts only); a retried event is stored once.
  defineRoute({
    method: 'POST',
    path: `${BASE}/integrity`,
    kind: 'invitation',
    auth: 'invitation',
    body: { schema: IntegrityReportInputSchema, maxBytes: 32 * 1024, requiredField: 'events' },
    handle: async ({ db, caller, body }) => ({ status: 200, body: await recordIntegrityEvents(db, caller.token, body) }),
  }),
  // → audio/mpeg of that agent turn; 404 when TTS is not configured.
  defineRoute({
    method: 'GET',
    path: `${BASE}/speech/:turnNumber`,
    kind: 'invitation',
    auth: 'invitation',
    handle: async ({ db, caller, params, headers }) => {
      const audio = await getCandidateSpeech(db, caller.token, turnNumberParam(params.turnNumber));
      headers.set('Content-Type', 'audio/mpeg');
      headers.set('Content-Length', String(audio.byteLength));
      return new Response(Buffer.from(audio), { status: 200, headers });
    },
  }),
];
