import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { audioRecordingParts, audioRecordings, candidates, interviews, type AudioRecordingLayout } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { newId } from '@/server/ids';
import { getObjectStore } from '../storage/get-object-store';
import { deleteStoredRecordings } from './erase-interview-audio';
import { setSessionRecording } from './store-session-audio';
import { WAV_HEADER_BYTES } from './wav';

/**
 * The live conversation's recording: one PCM16 24 kHz mono WAV per interview, stored as its session recording
 * (the interview's `audioUrl`, the same for the whole conversation). Object stores cannot append, and rewriting the
 * whole recording on every write made each write cost the interview's length so far (a 30-minute interview, 86 MB,
 * rewritten every 30 s): so each write stores only what it adds, as a part, and the WAV is assembled from the parts
 * when it is read (read-recording.ts). A conversation that reconnects, on this instance or another, continues the
 * same timeline after what is stored.
 */

export const LIVE_SAMPLE_RATE = 24_000;
export const BYTES_PER_MS = (LIVE_SAMPLE_RATE * 2) / 1000;

type StoredSession = { id: string; storageKey: string; contentType: string; byteSize: number; layout: AudioRecordingLayout };

async function latestSession(db: DbExecutor, target: { orgId: string; interviewId: string }): Promise<StoredSession | null> {
  const [row] = await db
    .select({ id: audioRecordings.id, storageKey: audioRecordings.storageKey, contentType: audioRecordings.contentType, byteSize: audioRecordings.byteSize, layout: audioRecordings.layout })
    .from(audioRecordings)
    .where(and(eq(audioRecordings.orgId, target.orgId), eq(audioRecordings.interviewId, target.interviewId), eq(audioRecordings.kind, 'session')))
    .orderBy(desc(audioRecordings.createdAt))
    .limit(1);
  return row ?? null;
}

/** How long the interview's stored live recording is (ms), 0 when there is none or it is not one of ours. */
export async function storedLiveRecordingMs(db: DbExecutor, target: { orgId: string; interviewId: string }): Promise<number> {
  const stored = await latestSession(db, target);
  if (!stored || stored.contentType !== 'audio/wav') return 0;
  return Math.max(0, Math.floor((stored.byteSize - WAV_HEADER_BYTES) / BYTES_PER_MS));
}

/**
 * The interview's live recording (a `parts` session recording), created on the first write: the interview's
 * `audioUrl` names it from then on and never changes while the conversation grows. A live WAV stored whole by an
 * earlier version becomes its first part; any other session recording (a browser upload) is replaced.
 */
async function liveRecording(db: DbExecutor, target: { orgId: string; interviewId: string }): Promise<{ id: string; storageKey: string }> {
  const { orgId, interviewId } = target;
  const existing = await partsRecording(db, target);
  if (existing) return existing;
  const stored = await latestSession(db, target);
  if (stored && stored.contentType === 'audio/wav' && stored.byteSize > WAV_HEADER_BYTES) {
    const [converted] = await db
      .update(audioRecordings)
      .set({ layout: 'parts' })
      .where(and(eq(audioRecordings.id, stored.id), eq(audioRecordings.orgId, orgId), eq(audioRecordings.layout, 'object')))
      .returning({ id: audioRecordings.id, storageKey: audioRecordings.storageKey });
    if (converted) {
      await db.insert(audioRecordingParts).values({ id: newId('audioPart'), recordingId: stored.id, orgId, atByte: 0, byteSize: stored.byteSize - WAV_HEADER_BYTES, storageKey: stored.storageKey, sourceOffset: WAV_HEADER_BYTES });
      return converted;
    }
  }
  const id = newId('audio');
  const storageKey = `orgs/${orgId}/interviews/${interviewId}/session-${id}`;
  const [created] = await db
    .insert(audioRecordings)
    .values({ id, orgId, interviewId, kind: 'session', turnNumber: null, storageKey, contentType: 'audio/wav', byteSize: WAV_HEADER_BYTES, durationMs: 0, layout: 'parts' })
    .onConflictDoNothing()
    .returning({ id: audioRecordings.id, storageKey: audioRecordings.storageKey });
  if (created) {
    await setSessionRecording(db, { orgId, interviewId, audioId: id });
    return created;
  }
  // Another instance created (or converted) it first: append to that one.
  const theirs = await partsRecording(db, target);
  if (!theirs) throw new Error(`the live recording of ${interviewId} could be neither created nor found`);
  return theirs;
}

async function partsRecording(db: DbExecutor, target: { orgId: string; interviewId: string }): Promise<{ id: string; storageKey: string } | undefined> {
  const [row] = await db
    .select({ id: audioRecordings.id, storageKey: audioRecordings.storageKey })
    .from(audioRecordings)
    .where(and(eq(audioRecordings.orgId, target.orgId), eq(audioRecordings.interviewId, target.interviewId), eq(audioRecordings.kind, 'session'), eq(audioRecordings.layout, 'parts')));
  return row;
}

/**
 * Adds `pcm` to the interview's recording at `atMs` (ms from the recording's start), and makes the recording at
 * least `coverMs` long (silence where nothing was said). Appended as a part, never rewriting what is stored: a
 * write costs what it adds. Audio already stored at those positions (two instances briefly holding the same
 * interview) is kept: overlapping parts are mixed when the recording is read.
 */
export async function appendToLiveRecording(
  db: DbExecutor,
  input: { orgId: string; interviewId: string; atMs: number; pcm: Buffer; coverMs?: number },
): Promise<{ durationMs: number } | null> {
  if (!(await recordingAllowed(db, input))) return null;
  const { orgId } = input;
  const recording = await liveRecording(db, input);
  const atByte = Math.max(0, Math.round(input.atMs)) * BYTES_PER_MS;
  const pcm = input.pcm.subarray(0, input.pcm.length - (input.pcm.length % 2));
  if (pcm.length > 0) {
    const id = newId('audioPart');
    const storageKey = `${recording.storageKey}/${String(atByte).padStart(12, '0')}-${id}.pcm`;
    await getObjectStore().put(storageKey, pcm, 'audio/L16');
    await db.insert(audioRecordingParts).values({ id, recordingId: recording.id, orgId, atByte, byteSize: pcm.length, storageKey });
  }
  const samplesEnd = Math.max(atByte + pcm.length, Math.max(0, Math.round(input.coverMs ?? 0)) * BYTES_PER_MS);
  const [grown] = await db
    .update(audioRecordings)
    .set({
      byteSize: sql`greatest(${audioRecordings.byteSize}, ${WAV_HEADER_BYTES + samplesEnd})`,
      durationMs: sql`greatest(${audioRecordings.durationMs}, ${Math.floor(samplesEnd / BYTES_PER_MS)})`,
    })
    .where(and(eq(audioRecordings.id, recording.id), eq(audioRecordings.orgId, orgId)))
    .returning({ durationMs: audioRecordings.durationMs });
  // Erased or cancelled while this was being written (an erasure's erase-audio job may have run already, and this
  // write may have created the recording again): the recording goes, as a rewrite of the whole used to.
  if (!grown || !(await recordingAllowed(db, input))) {
    await deleteStoredRecordings(db, orgId, eq(audioRecordings.id, recording.id));
    return null;
  }
  return { durationMs: grown.durationMs ?? 0 };
}

/**
 * Whether the conversation may still be recorded: the interview is in progress or just completed (the last words
 * are written after the finalization) and its candidate has not been erased (an erasure cancels the interview or
 * deletes the candidate, and deletes the recordings in a job that must not be outrun by a late write).
 */
async function recordingAllowed(db: DbExecutor, target: { orgId: string; interviewId: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: interviews.id })
    .from(interviews)
    .innerJoin(candidates, and(eq(candidates.id, interviews.candidateId), eq(candidates.orgId, interviews.orgId)))
    .where(and(eq(interviews.id, target.interviewId), eq(interviews.orgId, target.orgId), inArray(interviews.status, ['IN_PROGRESS', 'COMPLETED'])));
  return Boolean(row);
}
