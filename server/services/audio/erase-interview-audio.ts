import { and, eq, inArray } from 'drizzle-orm';
import { audioRecordings } from '@/db/schema';
import type { Database } from '@/db/client';
import { getObjectStore } from '../storage/get-object-store';

/**
 * Deletes every stored recording of these interviews (answers, the whole conversation, spoken questions) from the
 * configured store, then their rows. Object stores are not transactional, so this runs as a job after the
 * erasure commits and is safe to run again: deleting an object that is already gone succeeds, and the rows go
 * only once their objects have.
 */
export async function eraseInterviewAudio(db: Database, input: { orgId: string; interviewIds: string[] }): Promise<number> {
  if (input.interviewIds.length === 0) return 0;
  const mine = and(eq(audioRecordings.orgId, input.orgId), inArray(audioRecordings.interviewId, input.interviewIds));
  const recordings = await db.select({ id: audioRecordings.id, storageKey: audioRecordings.storageKey }).from(audioRecordings).where(mine);
  const store = getObjectStore();
  for (const recording of recordings) await store.delete(recording.storageKey);
  if (recordings.length > 0) await db.delete(audioRecordings).where(and(mine, inArray(audioRecordings.id, recordings.map((r) => r.id))));
  return recordings.length;
}
