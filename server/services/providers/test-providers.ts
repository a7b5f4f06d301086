import { APIError } from 'openai';
import { toFile } from 'openai';
import WebSocket from 'ws';
import type { DbExecutor } from '@/db/client';
import { PROVIDER_KINDS, type ProviderKind } from '@/db/schema';
import { WebhookUrlError } from '../webhooks/check-webhook-url';
import type { ProviderTestResult } from './provider-schemas';
import { pinnedLookup } from './pinned-fetch';
import { checkProviderAddress, openAiClient, resolveProviderConfigs, type ProviderConfig } from './resolve-provider';
import { pcm16Wav } from '../audio/wav';

/** A test call waits at most this long: the admin is looking at a spinner. */
const TEST_TIMEOUT_MS = 15_000;

/** Half a second of 16 kHz mono silence: a transcription a real server accepts (it answers empty text). */
function silentWav(): Buffer {
  return pcm16Wav(Buffer.alloc(16_000), 16_000);
}

/**
 * The provider's own words for what went wrong, without the key: the key itself and anything masked the way
 * OpenAI echoes keys ("sk-abc*****wxyz") are cut out, and the message is bounded.
 */
export function describeProviderError(error: unknown, apiKey: string | undefined): string {
  let message: string;
  if (error instanceof WebhookUrlError) message = `Base URL refused: ${error.message}`;
  else if (error instanceof APIError && error.status !== undefined) message = `HTTP ${error.status}: ${error.message.replace(/^\d{3}\s+/, '')}`;
  else if (error instanceof APIError && error.cause instanceof WebhookUrlError) message = `Base URL refused: ${error.cause.message}`;
  else if (error instanceof Error) message = error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
  else message = 'Unknown error';
  if (apiKey) message = message.split(apiKey).join('[key]');
  message = message.replace(/\S*\*{3,}\S*/g, '[key]');
  return message.length > 400 ? `${message.slice(0, 400)}…` : message;
}

async function callProvider(config: ProviderConfig): Promise<string> {
  const client = openAiClient(config, { maxRetries: 0, timeoutMs: Math.min(config.timeoutMs, TEST_TIMEOUT_MS) });
  switch (config.kind) {
    case 'llm': {
      const completion = await client.chat.completions.create({ model: config.model, max_completion_tokens: 8, messages: [{ role: 'user', content: 'Say OK.' }] });
      if (!Array.isArray(completion.choices)) throw new Error('The answer is not a chat completion');
      return `Chat completion with ${config.model} works`;
    }
    case 'stt': {
      const file = await toFile(silentWav(), 'test.wav', { type: 'audio/wav' });
      const result = await client.audio.transcriptions.create({ file, model: config.model });
      if (typeof (result as { text?: unknown }).text !== 'string') throw new Error('The answer is not a transcription');
      return `Transcription with ${config.model} works`;
    }
    case 'tts': {
      const response = await client.audio.speech.create({ model: config.model, voice: (config.voice ?? 'alloy') as 'alloy', input: 'Test.', response_format: 'mp3' });
      const bytes = (await response.arrayBuffer()).byteLength;
      if (bytes === 0) throw new Error('The speech is empty');
      return `Speech with ${config.model} (voice ${config.voice}) works: ${bytes} bytes of audio`;
    }
    case 'realtime':
      return openRealtimeSession(config);
  }
}

/** Opens the realtime WebSocket as the live relay will, waits for `session.created`, and closes it. */
async function openRealtimeSession(config: ProviderConfig): Promise<string> {
  const target = await checkProviderAddress(config);
  const url = new URL(`${config.baseURL.replace(/\/+$/, '')}/realtime`);
  url.protocol = url.protocol === 'http:' ? 'ws:' : 'wss:';
  url.searchParams.set('model', config.model);
  return new Promise<string>((resolve, reject) => {
    const socket = new WebSocket(url, {
      headers: config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {},
      handshakeTimeout: TEST_TIMEOUT_MS,
      ...(target ? { lookup: pinnedLookup(target) } : {}),
    });
    const timer = setTimeout(() => finish(new Error(`No session.created within ${TEST_TIMEOUT_MS / 1000} s`)), TEST_TIMEOUT_MS);
    const finish = (outcome: Error | string) => {
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on('error', () => {});
      if (socket.readyState === WebSocket.OPEN) socket.close(1000);
      else socket.terminate();
      if (typeof outcome === 'string') resolve(outcome);
      else reject(outcome);
    };
    socket.on('unexpected-response', (_request, response) => finish(new Error(`HTTP ${response.statusCode} on opening the realtime session`)));
    socket.on('error', (error) => finish(error));
    socket.on('close', (code) => finish(new Error(`The provider closed the session (code ${code})`)));
    socket.on('message', (data) => {
      let event: { type?: string; error?: { message?: string } };
      try {
        event = JSON.parse(String(data));
      } catch {
        return finish(new Error('The provider sent something that is not a realtime event'));
      }
      if (event.type === 'session.created') finish(`Realtime session with ${config.model} opened`);
      else if (event.type === 'error') finish(new Error(event.error?.message ?? 'The provider sent an error event'));
    });
  });
}

/**
 * One real call per kind with the organization's effective settings (what interviews would use now): a short chat
 * completion, the transcription of half a second of silence, a one-word speech, a realtime session opened and
 * closed. Says what works and, for what does not, the provider's error without the key. Nothing is stored.
 */
export async function testProviders(db: DbExecutor, input: { orgId: string; kinds?: ProviderKind[] }): Promise<{ results: ProviderTestResult[] }> {
  const configs = await resolveProviderConfigs(db, input.orgId);
  const kinds = PROVIDER_KINDS.filter((kind) => !input.kinds || input.kinds.includes(kind));
  const results = await Promise.all(
    kinds.map(async (kind): Promise<ProviderTestResult> => {
      const config = configs[kind];
      if (!config) return { kind, configured: false, ok: false, message: 'Not configured (no base URL or key, here or from the operator)', model: null, durationMs: null };
      const started = performance.now();
      try {
        const message = await callProvider(config);
        return { kind, configured: true, ok: true, message, model: config.model, durationMs: Math.round(performance.now() - started) };
      } catch (error) {
        return { kind, configured: true, ok: false, message: describeProviderError(error, config.apiKey), model: config.model, durationMs: Math.round(performance.now() - started) };
      }
    }),
  );
  return { results };
}
