import OpenAI from 'openai';

/** The organization's TTS provider as resolveProviderConfig(db, orgId, 'tts') gives it. */
export type TtsConfig = { baseURL: string; apiKey: string | undefined; model: string; voice: string | null; timeoutMs: number; fetch?: typeof fetch };

/** A question spoken by any OpenAI-compatible `/audio/speech` endpoint, as MP3 bytes. */
export async function synthesizeSpeech(config: TtsConfig, text: string): Promise<Uint8Array> {
  const client = new OpenAI({ baseURL: config.baseURL, apiKey: config.apiKey ?? 'no-key', timeout: config.timeoutMs, maxRetries: 2, ...(config.fetch ? { fetch: config.fetch } : {}) });
  const response = await client.audio.speech.create({ model: config.model, voice: (config.voice ?? 'alloy') as 'alloy', input: text.slice(0, 4096), response_format: 'mp3' });
  return new Uint8Array(await response.arrayBuffer());
}
