import { and, eq, type SQL } from 'drizzle-orm';
import { audioRecordings, candidates, interviews, type AudioRecordingLayout } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isAudioId } from '../storage/audio-urls';

export type AudioRecordingRef = { id: string; orgId: string; storageKey: string; contentType: string; layout: AudioRecordingLayout; byteSize: number };

const columns = { id: audioRecordings.id, orgId: audioRecordings.orgId, storageKey: audioRecordings.storageKey, contentType: audioRecordings.contentType, layout: audioRecordings.layout, byteSize: audioRecordings.byteSize };

/**
 * Recordings that may be served: their interview's candidate still exists. An erased candidate's recordings are
 * a 404 from the moment the erasure commits, not only once the `erase-audio` job has deleted them (a signed URL
 * handed out before the erasure must not keep serving the voice while the job waits or retries).
 */
async function servable(db: DbExecutor, where: SQL | undefined): Promise<AudioRecordingRef | undefined> {
  const [row] = await db
    .select(columns)
    .from(audioRecordings)
    .innerJoin(interviews, and(eq(interviews.id, audioRecordings.interviewId), eq(interviews.orgId, audioRecordings.orgId)))
    .innerJoin(candidates, and(eq(candidates.id, interviews.candidateId), eq(candidates.orgId, interviews.orgId)))
    .where(where);
  return row;
}

/** A recording of the organization, or NOT_FOUND (another organization's and an erased candidate's included). */
export async function getAudioRecording(db: DbExecutor, input: { orgId: string; audioId: string }): Promise<AudioRecordingRef> {
  if (!isAudioId(input.audioId)) throw notFound('Audio');
  const row = await servable(db, and(eq(audioRecordings.id, input.audioId), eq(audioRecordings.orgId, input.orgId)));
  if (!row) throw notFound('Audio');
  return row;
}

/**
 * A recording by id alone, for a request whose signed URL was checked: the signature, made by a read that was
 * allowed to see the interview, is the credential, so there is no organization to filter by.
 */
export async function unsafeGetAudioRecordingBySignedId(db: DbExecutor, audioId: string): Promise<AudioRecordingRef> {
  if (!isAudioId(audioId)) throw notFound('Audio');
  const row = await servable(db, eq(audioRecordings.id, audioId));
  if (!row) throw notFound('Audio');
  return row;
}
