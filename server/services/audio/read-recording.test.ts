import { describe, expect, it } from 'vitest';
import { assembleWav, type RecordingPart } from './read-recording';
import { pcm16Wav } from './wav';

const pcm = (...values: number[]) => {
  const b = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => b.writeInt16LE(v, i * 2));
  return b;
};

async function read(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

describe('a recording assembled from its parts', () => {
  // Part "a" at samples 0–2, a gap (silence) at 3, part "b" at 4–5 overlapping part "c" at 5–6 (mixed), and the
  // recording padded with silence to 8 samples; "w" is a whole WAV stored before parts existed (samples after 44 bytes).
  const stored: Record<string, Buffer> = { a: pcm(1, 2, 3), b: pcm(10, 20), c: pcm(300, 400), w: pcm16Wav(pcm(7, 8), 24_000) };
  const parts: RecordingPart[] = [
    { atByte: 0, byteSize: 6, storageKey: 'a', sourceOffset: 0 },
    { atByte: 8, byteSize: 4, storageKey: 'b', sourceOffset: 0 },
    { atByte: 10, byteSize: 4, storageKey: 'c', sourceOffset: 0 },
  ];
  const size = 44 + 16;
  const readPart = async (key: string, from: number, to: number) => stored[key].subarray(from, to);
  const expected = pcm16Wav(pcm(1, 2, 3, 0, 10, 320, 400, 0), 24_000);

  it('is the WAV of the parts laid out, gaps silent, overlaps mixed', async () => {
    expect((await read(assembleWav(parts, size, { start: 0, end: size - 1 }, readPart))).equals(expected)).toBe(true);
  });

  it('serves any byte range of it, odd bounds and header included', async () => {
    for (const [start, end] of [[0, 10], [43, 50], [45, 56], [47, 47], [50, 59]]) {
      const got = await read(assembleWav(parts, size, { start, end }, readPart));
      expect(got.equals(expected.subarray(start, end + 1)), `bytes ${start}-${end}`).toBe(true);
    }
  });

  it('reads a converted whole WAV past its header', async () => {
    const got = await read(assembleWav([{ atByte: 0, byteSize: 4, storageKey: 'w', sourceOffset: 44 }], 48, { start: 0, end: 47 }, readPart));
    expect(got.equals(pcm16Wav(pcm(7, 8), 24_000))).toBe(true);
  });
});
