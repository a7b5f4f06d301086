import { and, eq, isNull, like, ne, or } from 'drizzle-orm';
import { audioRecordings, interviews } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError } from '@/server/errors';
import { newId } from '@/server/ids';
import { log } from '@/server/log';
import { audioExtension } from '../speech/transcribe-audio';
import { AUDIO_PATH_PREFIX, audioServiceUrl } from '../storage/audio-urls';
import { getObjectStore } from '../storage/get-object-store';
import { looksLikeAudio } from './audio-limits';
import { deleteStoredRecordings } from './erase-interview-audio';

/**
 * The whole conversation's recording, when the candidate's browser made one: stored, and set as the interview's
 * `audioUrl` unless an agent already gave its own. A second upload replaces the first.
 */
export async function storeSessionAudio(
  db: DbExecutor,
  input: { orgId: string; interviewId: string; contentType: string; audio: Uint8Array; durationMs?: number | null },
): Promise<{ audioId: string }> {
  if (input.audio.byteLength === 0 || !looksLikeAudio(input.audio, input.contentType)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `The body is not ${input.contentType} audio`);
  }
  const { orgId, interviewId } = input;
  const id = newId('audio');
  const storageKey = `orgs/${orgId}/interviews/${interviewId}/session-${id}.${audioExtension(input.contentType)}`;
  const store = getObjectStore();
  await store.put(storageKey, input.audio, input.contentType);
  await db.insert(audioRecordings).values({ id, orgId, interviewId, kind: 'session', turnNumber: null, storageKey, contentType: input.contentType, byteSize: input.audio.byteLength, durationMs: input.durationMs ?? null });
  await setSessionRecording(db, { orgId, interviewId, audioId: id });
  return { audioId: id };
}

/**
 * Makes `audioId` the interview's whole-conversation recording: its `audioUrl` (unless an agent gave its own) and
 * the only session recording kept (the ones it replaces are deleted with what they stored).
 */
export async function setSessionRecording(db: DbExecutor, input: { orgId: string; interviewId: string; audioId: string }): Promise<void> {
  const { orgId, interviewId, audioId } = input;
  await db
    .update(interviews)
    .set({ audioUrl: audioServiceUrl(audioId) })
    .where(and(eq(interviews.id, interviewId), eq(interviews.orgId, orgId), or(isNull(interviews.audioUrl), like(interviews.audioUrl, `%${AUDIO_PATH_PREFIX}rec_%`))));
  await deleteStoredRecordings(db, orgId, and(eq(audioRecordings.interviewId, interviewId), eq(audioRecordings.kind, 'session'), ne(audioRecordings.id, audioId))).catch((error) =>
    log.warn({ err: error }, 'could not delete a replaced session recording'),
  );
}
