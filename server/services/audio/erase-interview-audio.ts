import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { audioRecordingParts, audioRecordings } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { getObjectStore } from '../storage/get-object-store';

/**
 * Deletes the recordings `where` selects (of one organization) and everything stored for them: their objects, or
 * the objects of their parts (a `parts` recording), then their rows (the parts' rows go with them). Object stores
 * are not transactional: objects go first, rows last, so a failure midway leaves rows to find on the next run, and
 * deleting an object that is already gone succeeds. Returns the recordings deleted.
 */
export async function deleteStoredRecordings(db: DbExecutor, orgId: string, where: SQL | undefined): Promise<{ id: string; storageKey: string }[]> {
  const mine = and(eq(audioRecordings.orgId, orgId), where);
  const recordings = await db.select({ id: audioRecordings.id, storageKey: audioRecordings.storageKey, layout: audioRecordings.layout }).from(audioRecordings).where(mine);
  if (recordings.length === 0) return [];
  const ids = recordings.map((r) => r.id);
  const parts = await db
    .select({ storageKey: audioRecordingParts.storageKey })
    .from(audioRecordingParts)
    .where(and(eq(audioRecordingParts.orgId, orgId), inArray(audioRecordingParts.recordingId, ids)));
  const store = getObjectStore();
  // A whole WAV converted into a first part is both the part's object and the recording's key: deleted once.
  const keys = new Set([...parts.map((p) => p.storageKey), ...recordings.filter((r) => r.layout === 'object').map((r) => r.storageKey)]);
  for (const key of keys) await store.delete(key);
  await db.delete(audioRecordings).where(and(mine, inArray(audioRecordings.id, ids)));
  return recordings;
}

/**
 * Deletes every stored recording of these interviews (answers, the whole conversation, spoken questions) from the
 * configured store, then their rows. Runs as a job after the erasure commits and is safe to run again.
 */
export async function eraseInterviewAudio(db: DbExecutor, input: { orgId: string; interviewIds: string[] }): Promise<number> {
  if (input.interviewIds.length === 0) return 0;
  return (await deleteStoredRecordings(db, input.orgId, inArray(audioRecordings.interviewId, input.interviewIds))).length;
}
