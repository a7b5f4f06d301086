import OpenAI, { toFile } from 'openai';

/** The organization's STT provider as resolveProviderConfig(db, orgId, 'stt') gives it. */
export type SttConfig = { baseURL: string; apiKey: string | undefined; model: string; timeoutMs: number; fetch?: typeof fetch };

export type Transcription = { text: string; durationMs: number | null };

const EXTENSIONS: Record<string, string> = { 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'm4a', 'audio/mpeg': 'mp3', 'audio/wav': 'wav' };

export function audioExtension(contentType: string): string {
  return EXTENSIONS[contentType] ?? 'bin';
}

/**
 * Speech to text through any OpenAI-compatible `/audio/transcriptions` endpoint (OpenAI, a self-hosted
 * faster-whisper server, …) with the `openai` SDK: the interview's language, a timeout and the SDK's retries.
 * Asks for `verbose_json` to learn the speech's duration (which tells a poor transcript from a short answer);
 * servers that answer plain JSON give the text alone.
 */
export async function transcribeAudio(config: SttConfig, input: { audio: Uint8Array; contentType: string; language: string }): Promise<Transcription> {
  const client = new OpenAI({ baseURL: config.baseURL, apiKey: config.apiKey ?? 'no-key', timeout: config.timeoutMs, maxRetries: 2, ...(config.fetch ? { fetch: config.fetch } : {}) });
  const file = await toFile(input.audio, `answer.${audioExtension(input.contentType)}`, { type: input.contentType });
  const result = (await client.audio.transcriptions.create({
    file,
    model: config.model,
    language: input.language,
    response_format: 'verbose_json',
  })) as unknown as { text?: unknown; duration?: unknown };
  const text = typeof result.text === 'string' ? result.text.trim() : '';
  const duration = typeof result.duration === 'number' && Number.isFinite(result.duration) && result.duration >= 0 ? Math.round(result.duration * 1000) : null;
  return { text, durationMs: duration };
}
