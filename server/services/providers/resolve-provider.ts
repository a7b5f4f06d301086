import { and, eq } from 'drizzle-orm';
import OpenAI from 'openai';
import { organizationProviders, PROVIDER_KINDS, type ProviderKind } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { decryptSecret } from '@/server/crypto';
import { getEnv, type Env } from '@/server/env';
import { log } from '@/server/log';
import { resolveWebhookUrl, type ResolvedWebhookUrl } from '../webhooks/check-webhook-url';
import { pinnedFetch } from './pinned-fetch';

export { PROVIDER_KINDS, type ProviderKind };

/** Where an organization that pasted a key and nothing else is sent (the operator set no base URL for that kind). */
export const DEFAULT_PROVIDER_BASE_URL = 'https://api.openai.com/v1';
const REALTIME_TIMEOUT_MS = 30_000;

/**
 * What one provider call needs, the organization's settings over the operator's environment field by field. The
 * live relay reads `resolveProviderConfig(db, orgId, 'realtime')`: an OpenAI-Realtime-compatible endpoint
 * (`baseURL` ends in /v1, the WebSocket is `wss://…/v1/realtime?model=<model>`), `voice` its voice. Before each
 * connection to a URL the organization chose (`baseUrlSource === 'organization'`), call checkProviderAddress and
 * connect to the address it returns (pinnedLookup), as `fetch` does for the SDK's HTTP calls.
 */
export type ProviderConfig = {
  kind: ProviderKind;
  baseURL: string;
  /** Never logged, returned or stored in plain; undefined: the server needs none (a local model server). */
  apiKey: string | undefined;
  model: string;
  /** tts and realtime; null for llm and stt. */
  voice: string | null;
  timeoutMs: number;
  /** Whose base URL: the organization's (checked at every call), the operator's, or OpenAI's for a pasted key alone. */
  baseUrlSource: 'organization' | 'environment' | 'default';
  /** Set when the base URL is the organization's: give it to the openai SDK (openAiClient does). */
  fetch: typeof fetch | undefined;
};

type ProviderRow = typeof organizationProviders.$inferSelect;

function environmentDefaults(env: Env, kind: ProviderKind) {
  switch (kind) {
    case 'llm':
      return { baseURL: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL, voice: null, timeoutMs: env.LLM_TIMEOUT_MS };
    case 'stt':
      return { baseURL: env.STT_BASE_URL, apiKey: env.STT_API_KEY, model: env.STT_MODEL, voice: null, timeoutMs: env.STT_TIMEOUT_MS };
    case 'tts':
      return { baseURL: env.TTS_BASE_URL, apiKey: env.TTS_API_KEY, model: env.TTS_MODEL, voice: env.TTS_VOICE, timeoutMs: env.TTS_TIMEOUT_MS };
    case 'realtime':
      return { baseURL: env.REALTIME_BASE_URL, apiKey: env.REALTIME_API_KEY, model: env.REALTIME_MODEL, voice: env.REALTIME_VOICE, timeoutMs: REALTIME_TIMEOUT_MS };
  }
}

/** Whether a kind has a voice setting. */
export const hasVoice = (kind: ProviderKind) => kind === 'tts' || kind === 'realtime';

/** The AES-GCM context a stored key is bound to: another organization's or kind's row does not decrypt it. */
export const keyContext = (orgId: string, kind: ProviderKind) => `organization-provider:${orgId}:${kind}`;

/** The organization's stored key in plain, null when there is none, 'unreadable' when PROVIDER_KEY_SECRET changed. */
export function storedKey(row: Pick<ProviderRow, 'orgId' | 'kind' | 'apiKeyEncrypted'>, env = getEnv()): string | null | 'unreadable' {
  if (!row.apiKeyEncrypted) return null;
  const plain = env.PROVIDER_KEY_SECRET ? decryptSecret(row.apiKeyEncrypted, env.PROVIDER_KEY_SECRET, keyContext(row.orgId, row.kind)) : null;
  return plain ?? 'unreadable';
}

/**
 * One kind's effective configuration from the organization's row (or none) and the environment; null when neither
 * gives a base URL nor the organization a key. The operator's key goes only to the operator's base URL: an
 * organization that sets its own base URL without a key calls it without one, never with the operator's.
 */
export function effectiveProviderConfig(kind: ProviderKind, row: ProviderRow | undefined, env = getEnv()): ProviderConfig | null {
  const fallback = environmentDefaults(env, kind);
  const key = row ? storedKey(row, env) : null;
  if (key === 'unreadable') {
    // The key was encrypted under another PROVIDER_KEY_SECRET: the admin must paste it again (Settings says so).
    log.warn({ orgId: row?.orgId, kind }, 'an organization provider key cannot be decrypted with PROVIDER_KEY_SECRET; ignoring it');
  }
  const orgKey = typeof key === 'string' && key !== 'unreadable' ? key : undefined;
  let baseURL: string;
  let baseUrlSource: ProviderConfig['baseUrlSource'];
  if (row?.baseUrl) [baseURL, baseUrlSource] = [row.baseUrl, 'organization'];
  else if (fallback.baseURL) [baseURL, baseUrlSource] = [fallback.baseURL, 'environment'];
  else if (orgKey) [baseURL, baseUrlSource] = [DEFAULT_PROVIDER_BASE_URL, 'default'];
  else return null;
  return {
    kind,
    baseURL,
    apiKey: orgKey ?? (baseUrlSource === 'environment' ? fallback.apiKey : undefined),
    model: row?.model ?? fallback.model,
    voice: hasVoice(kind) ? (row?.voice ?? fallback.voice) : null,
    timeoutMs: fallback.timeoutMs,
    baseUrlSource,
    fetch: baseUrlSource === 'organization' ? pinnedFetch({ allowPrivate: env.PROVIDER_ALLOW_PRIVATE_URLS }) : undefined,
  };
}

/**
 * The organization's provider of one kind, read at each use (one primary-key read next to a provider call that
 * takes 100 ms to seconds), so a change in Settings applies at once on every instance, without a restart or a
 * cache to invalidate. Null: no provider of this kind (the caller's fallback: rules, written answers, browser speech).
 */
export async function resolveProviderConfig(db: DbExecutor, orgId: string, kind: ProviderKind): Promise<ProviderConfig | null> {
  const [row] = await db
    .select()
    .from(organizationProviders)
    .where(and(eq(organizationProviders.orgId, orgId), eq(organizationProviders.kind, kind)));
  return effectiveProviderConfig(kind, row);
}

/** Every kind at once, in one read (the candidate's session says which of speech and transcription it gets). */
export async function resolveProviderConfigs(db: DbExecutor, orgId: string): Promise<Record<ProviderKind, ProviderConfig | null>> {
  const rows = await db.select().from(organizationProviders).where(eq(organizationProviders.orgId, orgId));
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  return Object.fromEntries(PROVIDER_KINDS.map((kind) => [kind, effectiveProviderConfig(kind, byKind.get(kind))])) as Record<ProviderKind, ProviderConfig | null>;
}

/** The `openai` SDK's client for a resolved provider (a local server often needs no key, but the SDK insists on one). */
export function openAiClient(config: ProviderConfig, options: { maxRetries?: number; timeoutMs?: number } = {}): OpenAI {
  return new OpenAI({
    baseURL: config.baseURL,
    apiKey: config.apiKey ?? 'no-key',
    timeout: options.timeoutMs ?? config.timeoutMs,
    maxRetries: options.maxRetries ?? 2,
    ...(config.fetch ? { fetch: config.fetch } : {}),
  });
}

/**
 * For a connection the SDK does not make (the realtime WebSocket): the checked address to connect to when the
 * organization chose the base URL, null when the operator did (trusted). Throws WebhookUrlError when refused.
 */
export async function checkProviderAddress(config: Pick<ProviderConfig, 'baseURL' | 'baseUrlSource'>, env = getEnv()): Promise<ResolvedWebhookUrl | null> {
  if (config.baseUrlSource !== 'organization') return null;
  return resolveWebhookUrl(config.baseURL, { allowPrivate: env.PROVIDER_ALLOW_PRIVATE_URLS });
}
