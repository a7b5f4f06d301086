import type { DbExecutor } from '@/db/client';
import { getEnv } from '@/server/env';
import { log } from '@/server/log';
import { checkProviderAddress, resolveProviderConfig, resolveProviderConfigs, type ProviderConfig, type ProviderKind } from '../providers/resolve-provider';
import { WebhookUrlError } from '../webhooks/check-webhook-url';

/**
 * Where the live conversation's voice comes from, in one of two shapes chosen by LIVE_PIPELINE (docs/INTERVIEWER.md):
 * - `realtime`: a speech-to-speech model over the OpenAI Realtime protocol, relayed (realtime-provider.ts);
 * - `cascade`: voice detection here and the OpenAI-compatible STT, language model and TTS servers chained
 *   (cascade/cascade-session.ts), which speaks the same protocol to the conversation.
 * The conversation itself (live-conversation.ts) reads only the common fields.
 */
export type RealtimeConfig = SpeechToSpeechConfig | CascadeConfig;

type CommonConfig = {
  voice: string;
  transcriptionModel: string;
  silenceMs: number;
};

export type SpeechToSpeechConfig = CommonConfig & {
  shape: 'realtime';
  baseUrl: string;
  apiKey: string;
  model: string;
  /**
   * For a base URL the organization chose: the address that passed the private-address check, which the socket
   * connects to (a name that resolves elsewhere later, DNS rebinding, is not followed). Null for the operator's URL.
   */
  pinnedAddress: { address: string; family: 4 | 6 } | null;
};

export type CascadeConfig = CommonConfig & {
  shape: 'cascade';
  /** Each resolved as every other call to that kind is (the organization's settings over STT_*, LLM_*, TTS_*). */
  stt: ProviderConfig;
  llm: ProviderConfig;
  tts: ProviderConfig;
};

export type LiveShape = RealtimeConfig['shape'];

/**
 * Whether live conversations are offered with these providers, and in which shape: with LIVE_PIPELINE=cascade when
 * speech-to-text, the language model and text-to-speech are all configured; otherwise when a realtime provider is.
 * Speech-to-text and speech alone never make live appear (they make the `recorded` mode).
 */
export function liveShape(providers: Partial<Record<ProviderKind, unknown>>): LiveShape | null {
  if (getEnv().LIVE_PIPELINE === 'cascade') return providers.stt && providers.llm && providers.tts ? 'cascade' : null;
  return providers.realtime ? 'realtime' : null;
}

export async function liveShapeFor(db: DbExecutor, orgId: string): Promise<LiveShape | null> {
  return liveShape(await resolveProviderConfigs(db, orgId));
}

/**
 * The live pipeline for an organization's interview (its own settings over the operator's environment, CONTRACT
 * §16), or null when live mode is not available, including when an organization's base URL is refused now.
 */
export async function resolveRealtimeConfig(db: DbExecutor, orgId: string): Promise<RealtimeConfig | null> {
  const env = getEnv();
  if (env.LIVE_PIPELINE === 'cascade') return resolveCascadeConfig(db, orgId);
  const provider = await resolveProviderConfig(db, orgId, 'realtime');
  if (!provider) return null;
  let pinned;
  try {
    pinned = await checkProviderAddress(provider);
  } catch (error) {
    if (!(error instanceof WebhookUrlError)) throw error;
    log.warn({ orgId, reason: error.message }, "the organization's realtime base URL is refused; live mode unavailable");
    return null;
  }
  return {
    shape: 'realtime',
    baseUrl: provider.baseURL,
    apiKey: provider.apiKey ?? '',
    model: provider.model,
    voice: provider.voice ?? env.REALTIME_VOICE,
    transcriptionModel: env.REALTIME_TRANSCRIPTION_MODEL,
    silenceMs: env.REALTIME_SILENCE_MS,
    pinnedAddress: pinned ? { address: pinned.address, family: pinned.family } : null,
  };
}

async function resolveCascadeConfig(db: DbExecutor, orgId: string): Promise<CascadeConfig | null> {
  const env = getEnv();
  const providers = await resolveProviderConfigs(db, orgId);
  const { stt, llm, tts } = providers;
  if (!stt || !llm || !tts) return null;
  // The SDK's HTTP calls to an organization's own URL go through its pinned fetch (checked at each call); checking
  // here too refuses the conversation up front rather than at the candidate's first answer.
  for (const provider of [stt, llm, tts]) {
    try {
      await checkProviderAddress(provider);
    } catch (error) {
      if (!(error instanceof WebhookUrlError)) throw error;
      log.warn({ orgId, kind: provider.kind, reason: error.message }, "the organization's base URL is refused; live mode unavailable");
      return null;
    }
  }
  return {
    shape: 'cascade',
    stt,
    llm,
    tts,
    voice: tts.voice ?? env.TTS_VOICE,
    transcriptionModel: stt.model,
    silenceMs: env.REALTIME_SILENCE_MS,
  };
}
