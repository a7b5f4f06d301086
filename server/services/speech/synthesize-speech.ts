import OpenAI from 'openai';
import type { Env } from '@/server/env';

export type TtsConfig = { baseURL: string; apiKey: string | undefined; model: string; voice: string; timeoutMs: number };

export function ttsConfig(env: Env): TtsConfig | null {
  return env.TTS_BASE_URL ? { baseURL: env.TTS_BASE_URL, apiKey: env.TTS_API_KEY, model: env.TTS_MODEL, voice: env.TTS_VOICE, timeoutMs: env.TTS_TIMEOUT_MS } : null;
}

/** A question spoken by any OpenAI-compatible `/audio/speech` endpoint, as MP3 bytes. */
export async function synthesizeSpeech(config: TtsConfig, text: string): Promise<Uint8Array> {
  const client = new OpenAI({ baseURL: config.baseURL, apiKey: config.apiKey ?? 'no-key', timeout: config.timeoutMs, maxRetries: 2 });
  const response = await client.audio.speech.create({ model: config.model, voice: config.voice as 'alloy', input: text.slice(0, 4096), response_format: 'mp3' });
  return new Uint8Array(await response.arrayBuffer());
}
