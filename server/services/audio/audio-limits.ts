import { AppError } from '@/server/errors';

/** What an answer's recording may be: MediaRecorder's usual containers, at most 10 MiB (about ten minutes of Opus). */
export const ANSWER_AUDIO_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/mpeg', 'audio/wav'] as const;
export const MAX_ANSWER_AUDIO_BYTES = 10 * 1024 * 1024;
/** The whole conversation, when the browser recorded one: about an hour of Opus. */
export const MAX_SESSION_AUDIO_BYTES = 60 * 1024 * 1024;

/** The media type without parameters (`audio/webm;codecs=opus` → `audio/webm`), or a 415. */
export function acceptedAudioType(contentType: string | null): string {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  const normalized = type === 'audio/x-wav' || type === 'audio/wave' ? 'audio/wav' : type;
  if (!(ANSWER_AUDIO_TYPES as readonly string[]).includes(normalized)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `The recording must be one of ${ANSWER_AUDIO_TYPES.join(', ')}`);
  }
  return normalized;
}

export function audioTooLarge(maxBytes = MAX_ANSWER_AUDIO_BYTES): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `The recording must be at most ${maxBytes / 1024 / 1024} MiB`);
}

/**
 * Whether the bytes look like the container they claim to be (a few magic numbers), so a text file labelled
 * audio/webm is refused before it is stored or sent to the transcription endpoint.
 */
export function looksLikeAudio(bytes: Uint8Array, contentType: string): boolean {
  const ascii = (start: number, text: string) => Buffer.from(bytes.subarray(start, start + text.length)).toString('latin1') === text;
  switch (contentType) {
    case 'audio/webm':
      return bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3;
    case 'audio/ogg':
      return ascii(0, 'OggS');
    case 'audio/wav':
      return ascii(0, 'RIFF') && ascii(8, 'WAVE');
    case 'audio/mp4':
      return ascii(4, 'ftyp');
    case 'audio/mpeg':
      return ascii(0, 'ID3') || (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0);
    default:
      return false;
  }
}
