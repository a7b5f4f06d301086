import { describe, expect, it } from 'vitest';
import { mixPcm, pcmToWav, wavToPcm } from './live-session-recording';

const pcm = (...values: number[]) => {
  const b = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => b.writeInt16LE(v, i * 2));
  return b;
};
const values = (b: Buffer) => Array.from({ length: b.length / 2 }, (_, i) => b.readInt16LE(i * 2));

describe('live session recording', () => {
  it('mixes at a position, clipping, also from unaligned buffers', () => {
    const target = pcm(0, 100, 30000, -30000);
    mixPcm(target, 2, pcm(1, 5000, -5000, 7));
    expect(values(target)).toEqual([0, 101, 32767, -32768]);
    const unaligned = Buffer.concat([Buffer.alloc(1), pcm(0, 0, 0)]).subarray(1);
    mixPcm(unaligned, 0, Buffer.concat([Buffer.alloc(1), pcm(3, 4)]).subarray(1));
    expect(values(unaligned)).toEqual([3, 4, 0]);
  });
  it('reads back the WAV it writes, and nothing else', () => {
    const audio = pcm(1, -2, 3);
    expect(values(wavToPcm(pcmToWav(audio))!)).toEqual([1, -2, 3]);
    expect(wavToPcm(pcmToWav(audio, 16_000))).toBeNull();
    expect(wavToPcm(Buffer.from('OggS not a wav at all, really not one'))).toBeNull();
  });
});
