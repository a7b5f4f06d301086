/**
 * WAV files of PCM16 mono audio, the one format the service writes itself (the live recording, the cascade's
 * transcription uploads, the providers' test call): the canonical 44-byte RIFF header, and a reader that skips
 * chunks it does not need and refuses anything else.
 */

/** The canonical header's size: what pcm16Wav writes before the samples. */
export const WAV_HEADER_BYTES = 44;

export function pcm16Wav(pcm: Buffer, sampleRate: number): Buffer {
  return Buffer.concat([pcm16WavHeader(pcm.length, sampleRate), pcm]);
}

/** The canonical header of a PCM16 mono WAV whose samples are `dataBytes` long. */
export function pcm16WavHeader(dataBytes: number, sampleRate: number): Buffer {
  const header = Buffer.alloc(WAV_HEADER_BYTES);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** The PCM16 samples (an even number of bytes) and rate of a mono PCM16 WAV; null for anything else. */
export function readPcm16Wav(wav: Buffer): { pcm: Buffer; rate: number } | null {
  if (wav.length < WAV_HEADER_BYTES || wav.toString('latin1', 0, 4) !== 'RIFF' || wav.toString('latin1', 8, 12) !== 'WAVE') return null;
  let offset = 12;
  let format: { channels: number; rate: number; bits: number; tag: number } | null = null;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('latin1', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'fmt ') format = { tag: wav.readUInt16LE(offset + 8), channels: wav.readUInt16LE(offset + 10), rate: wav.readUInt32LE(offset + 12), bits: wav.readUInt16LE(offset + 22) };
    if (id === 'data') {
      if (!format || format.tag !== 1 || format.channels !== 1 || format.bits !== 16) return null;
      // espeak-ng writes 0x7fffffff as the size when it streams: the data runs to the end of the file.
      const end = Math.min(wav.length, offset + 8 + size);
      return { pcm: wav.subarray(offset + 8, end - ((end - offset - 8) % 2)), rate: format.rate };
    }
    offset += 8 + size + (size % 2);
  }
  return null;
}
