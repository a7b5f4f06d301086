import { and, desc, eq, inArray } from 'drizzle-orm';
import { audioRecordings, candidates, interviews } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { log } from '@/server/log';
import { getObjectStore } from '../storage/get-object-store';
import { storeSessionAudio } from './store-session-audio';
import { pcm16Wav, readPcm16Wav, WAV_HEADER_BYTES } from './wav';

/**
 * The live conversation's recording: one PCM16 24 kHz mono WAV per interview, stored as its session recording
 * (the interview's `audioUrl`). Object stores cannot append, so a write reads the stored recording back, mixes the
 * new audio in at its place on the interview's timeline and replaces the object (storeSessionAudio). A conversation
 * that reconnects, on this instance or another, continues the same timeline after what is stored.
 */

export const LIVE_SAMPLE_RATE = 24_000;
export const BYTES_PER_MS = (LIVE_SAMPLE_RATE * 2) / 1000;

export function pcmToWav(pcm: Buffer, sampleRate = LIVE_SAMPLE_RATE): Buffer {
  return pcm16Wav(pcm, sampleRate);
}

/** The PCM of a WAV this module wrote (PCM16, mono, 24 kHz), or null for anything else. */
export function wavToPcm(wav: Buffer): Buffer | null {
  const read = readPcm16Wav(wav);
  return read && read.rate === LIVE_SAMPLE_RATE ? read.pcm : null;
}

type StoredSession = { storageKey: string; contentType: string; byteSize: number };

async function latestSession(db: DbExecutor, target: { orgId: string; interviewId: string }): Promise<StoredSession | null> {
  const [row] = await db
    .select({ storageKey: audioRecordings.storageKey, contentType: audioRecordings.contentType, byteSize: audioRecordings.byteSize })
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

async function readStoredPcm(stored: StoredSession): Promise<Buffer | null> {
  if (stored.contentType !== 'audio/wav') return null;
  const object = await getObjectStore().get(stored.storageKey);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body as unknown as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
  return wavToPcm(Buffer.concat(chunks));
}

/**
 * Mixes `pcm` into the interview's recording starting at `atMs` (ms from the recording's start), padding with
 * silence up to there and up to `coverMs`, and stores the result as the interview's recording. Mixed, not
 * overwritten: another connection's audio already stored at those positions (two instances briefly holding the
 * same interview) is kept. A stored session recording that is not a live WAV (a browser upload) is replaced.
 */
export async function mixIntoLiveRecording(
  db: DbExecutor,
  input: { orgId: string; interviewId: string; atMs: number; pcm: Buffer; coverMs?: number },
): Promise<{ durationMs: number } | null> {
  if (!(await recordingAllowed(db, input))) return null;
  const stored = await latestSession(db, input);
  let base = stored ? await readStoredPcm(stored) : null;
  if (stored && !base) log.warn({ interviewId: input.interviewId }, 'the stored session recording is not a live WAV; the live recording replaces it');
  base ??= Buffer.alloc(0);
  const at = Math.max(0, Math.round(input.atMs)) * BYTES_PER_MS;
  const cover = Math.max(0, Math.round(input.coverMs ?? 0)) * BYTES_PER_MS;
  const length = Math.max(base.length, at + input.pcm.length, cover);
  const out = Buffer.alloc(length);
  base.copy(out, 0);
  mixPcm(out, at, input.pcm);
  const durationMs = Math.floor(length / BYTES_PER_MS);
  const { audioId } = await storeSessionAudio(db, { orgId: input.orgId, interviewId: input.interviewId, contentType: 'audio/wav', audio: pcmToWav(out), durationMs });
  // Erased while this was being written (its erase-audio job may have run already): what was just stored goes too.
  if (!(await recordingAllowed(db, input))) {
    const [row] = await db
      .delete(audioRecordings)
      .where(and(eq(audioRecordings.id, audioId), eq(audioRecordings.orgId, input.orgId)))
      .returning({ storageKey: audioRecordings.storageKey });
    if (row) await getObjectStore().delete(row.storageKey);
    return null;
  }
  return { durationMs };
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

/** Adds PCM16 `source` into `target` from byte `at` (clipped), through typed views (a 30 s mix stays under a millisecond). */
export function mixPcm(target: Buffer, at: number, source: Buffer): void {
  const samples = Math.max(0, Math.min(source.length, target.length - at) >> 1);
  if (samples === 0) return;
  const aligned = (b: Buffer) => (b.byteOffset % 2 === 0 ? b : Buffer.from(b));
  const t = aligned(target.subarray(at, at + samples * 2));
  const s = aligned(source.subarray(0, samples * 2));
  const tv = new Int16Array(t.buffer, t.byteOffset, samples);
  const sv = new Int16Array(s.buffer, s.byteOffset, samples);
  for (let i = 0; i < samples; i++) {
    const sum = tv[i] + sv[i];
    tv[i] = sum > 32767 ? 32767 : sum < -32768 ? -32768 : sum;
  }
  if (t.buffer !== target.buffer || t.byteOffset !== target.byteOffset + at) t.copy(target, at);
}
