import { and, asc, eq } from 'drizzle-orm';
import { audioRecordingParts } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import type { ByteRange } from '../storage/object-store';
import { getObjectStore } from '../storage/get-object-store';
import type { AudioRecordingRef } from './get-audio-recording';
import { mixPcm } from './pcm-mix';
import { pcm16WavHeader, WAV_HEADER_BYTES } from './wav';

/** A `parts` recording is always the live conversation's format (live-session-recording.ts). */
const PARTS_SAMPLE_RATE = 24_000;
/** How much of an assembled recording is built at a time: memory per read stays this, whatever the recording's length. */
const WINDOW_BYTES = 512 * 1024;

/** The recording's size in bytes, or null when its object is gone. */
export async function recordingSize(recording: AudioRecordingRef): Promise<number | null> {
  if (recording.layout === 'parts') return recording.byteSize;
  return getObjectStore().size(recording.storageKey);
}

/**
 * The recording's bytes, or the inclusive `range` of them: the stored object itself, or for a `parts` recording
 * the WAV assembled from its parts as it is streamed (header, then the samples, silence where no part has any,
 * overlapping parts mixed). Null when the object is gone.
 */
export async function readRecording(db: DbExecutor, recording: AudioRecordingRef, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null> {
  if (recording.layout !== 'parts') return (await getObjectStore().get(recording.storageKey, range))?.body ?? null;
  const parts = await db
    .select({ atByte: audioRecordingParts.atByte, byteSize: audioRecordingParts.byteSize, storageKey: audioRecordingParts.storageKey, sourceOffset: audioRecordingParts.sourceOffset })
    .from(audioRecordingParts)
    .where(and(eq(audioRecordingParts.recordingId, recording.id), eq(audioRecordingParts.orgId, recording.orgId)))
    .orderBy(asc(audioRecordingParts.atByte));
  return assembleWav(parts, recording.byteSize, range ?? { start: 0, end: recording.byteSize - 1 }, async (key, from, to) => {
    const object = await getObjectStore().get(key, { start: from, end: to - 1 });
    if (!object) throw new Error(`a part of recording ${recording.id} is missing from the store`);
    return Buffer.from(await new Response(object.body).arrayBuffer());
  });
}

export type RecordingPart = { atByte: number; byteSize: number; storageKey: string; sourceOffset: number };

/**
 * Bytes `range` (inclusive) of the WAV of `size` bytes whose samples are the parts', produced window by window:
 * `readPart(key, from, to)` gives bytes [from, to) of a stored part.
 */
export function assembleWav(
  parts: RecordingPart[],
  size: number,
  range: ByteRange,
  readPart: (storageKey: string, from: number, to: number) => Promise<Buffer>,
): ReadableStream<Uint8Array> {
  let at = range.start;
  const end = range.end + 1;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (at >= end) return controller.close();
      if (at < WAV_HEADER_BYTES) {
        const header = pcm16WavHeader(size - WAV_HEADER_BYTES, PARTS_SAMPLE_RATE);
        controller.enqueue(header.subarray(at, Math.min(WAV_HEADER_BYTES, end)));
        at = Math.min(WAV_HEADER_BYTES, end);
        return;
      }
      // Samples [from, to) of the data, widened to whole samples for the mix and cut back to the bytes asked for.
      const from = at - WAV_HEADER_BYTES;
      const to = Math.min(end, at + WINDOW_BYTES) - WAV_HEADER_BYTES;
      const alignedFrom = from - (from % 2);
      const alignedTo = to + (to % 2);
      const window = Buffer.alloc(alignedTo - alignedFrom);
      for (const part of parts) {
        const partEnd = part.atByte + part.byteSize;
        if (part.atByte >= alignedTo || partEnd <= alignedFrom) continue;
        const overlapFrom = Math.max(alignedFrom, part.atByte);
        const overlapTo = Math.min(alignedTo, partEnd);
        const bytes = await readPart(part.storageKey, part.sourceOffset + overlapFrom - part.atByte, part.sourceOffset + overlapTo - part.atByte);
        mixPcm(window, overlapFrom - alignedFrom, bytes);
      }
      controller.enqueue(window.subarray(from - alignedFrom, to - alignedFrom));
      at = to + WAV_HEADER_BYTES;
    },
  });
}
