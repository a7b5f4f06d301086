import { describe, expect, it } from 'vitest';
import { mixPcm } from './pcm-mix';
import { pcm16Wav, readPcm16Wav } from './wav';

const pcm = (...values: number[]) => {
  const b = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => b.writeInt16LE(v, i * 2));
  return b;
};
const values = (b: Buffer) => Array.from({ length: b.length / 2 }, (_, i) => b.readInt16LE(i * 2));

describe('PCM16 mixing and WAV', () => {
  it('mixes at a position, clipping, also from unaligned buffers', () => {
    const target = pcm(0, 100, 30000, -30000);
    mixPcm(target, 2, pcm(1, 5000, -5000, 7));
    expect(values(target)).toEqual([0, 101, 32767, -32768]);
    const unaligned = Buffer.concat([Buffer.alloc(1), pcm(0, 0, 0)]).subarray(1);
    mixPcm(unaligned, 0, Buffer.concat([Buffer.alloc(1), pcm(3, 4)]).subarray(1));
    expect(values(unaligned)).toEqual([3, 4, 0]);
  });
  it('reads back the WAV it writes, and nothing else', () => {
    const read = readPcm16Wav(pcm16Wav(pcm(1, -2, 3), 24_000));
    expect(read && { rate: read.rate, samples: values(read.pcm) }).toEqual({ rate: 24_000, samples: [1, -2, 3] });
    expect(readPcm16Wav(Buffer.from('OggS not a wav at all, really not one'))).toBeNull();
  });
});
