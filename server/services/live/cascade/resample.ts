import { pcm16Wav, readPcm16Wav } from '../../audio/wav';
/**
 * PCM16 mono resampling for the cascaded pipeline: the page and the Realtime protocol speak 24 kHz, Silero VAD and
 * speech-to-text models take 16 kHz. Linear interpolation; going down, each output sample is the mean of the input
 * samples it spans, which is a low-pass good enough for voice detection and transcription (the content a
 * transcription model uses sits far below the 8 kHz Nyquist frequency of 16 kHz audio).
 */

/** The whole of `input` at `fromRate` → `toRate`. */
export function resamplePcm16(input: Int16Array, fromRate: number, toRate: number): Int16Array {
  if (fromRate === toRate) return input.slice();
  const outputLength = Math.floor((input.length * toRate) / fromRate);
  const output = new Int16Array(outputLength);
  const step = fromRate / toRate;
  for (let i = 0; i < outputLength; i++) {
    const at = i * step;
    if (step > 1) {
      // Down: the mean of the input samples [at, at + step).
      const from = Math.floor(at);
      const to = Math.min(input.length, Math.max(from + 1, Math.floor(at + step)));
      let sum = 0;
      for (let j = from; j < to; j++) sum += input[j];
      output[i] = Math.round(sum / (to - from));
    } else {
      const j = Math.floor(at);
      const k = Math.min(input.length - 1, j + 1);
      output[i] = Math.round(input[j] + (input[k] - input[j]) * (at - j));
    }
  }
  return output;
}

/**
 * 24 kHz → 16 kHz for a stream of chunks of any size (a page's frames): every 3 input samples give 2 output
 * samples (the first as is, the second the mean of the other two, at position 1.5); up to 2 samples wait for the
 * next chunk, and an odd byte too.
 */
export class Downsampler24To16 {
  private carry = Buffer.alloc(0);

  push(bytes: Buffer): Int16Array {
    const all = this.carry.length ? Buffer.concat([this.carry, bytes]) : bytes;
    const samples = Math.floor(all.length / 2);
    const groups = Math.floor(samples / 3);
    const output = new Int16Array(groups * 2);
    for (let g = 0; g < groups; g++) {
      const at = g * 6;
      output[g * 2] = all.readInt16LE(at);
      output[g * 2 + 1] = (all.readInt16LE(at + 2) + all.readInt16LE(at + 4)) >> 1;
    }
    this.carry = Buffer.from(all.subarray(groups * 6));
    return output;
  }

  reset(): void {
    this.carry = Buffer.alloc(0);
  }
}

export function int16ToBuffer(samples: Int16Array): Buffer {
  return Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
}

export function bufferToInt16(bytes: Buffer): Int16Array {
  const even = bytes.length - (bytes.length % 2);
  // A copy: the Buffer may be a view at an odd offset in a pooled slab.
  const out = new Int16Array(even / 2);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readInt16LE(i * 2);
  return out;
}

/** A WAV file (RIFF, PCM16 mono) around `samples`, for the transcription upload. */
export function wavFile(samples: Int16Array, rate: number): Buffer {
  return pcm16Wav(int16ToBuffer(samples), rate);
}

/** The PCM16 samples and rate of a mono PCM16 WAV (chunks other than `data` skipped). */
export function readWav(wav: Buffer): { samples: Int16Array; rate: number } {
  const read = readPcm16Wav(wav);
  if (!read) throw new Error('Not a mono PCM16 WAV');
  return { samples: bufferToInt16(read.pcm), rate: read.rate };
}
