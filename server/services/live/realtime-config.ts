import type { DbExecutor } from '@/db/client';
import { getEnv } from '@/server/env';

/** Where the live conversation's speech-to-speech model is, as the relay needs it. */
export type RealtimeConfig = {
  baseUrl: string;
  apiKey: string;
  model: string;
  voice: string;
  transcriptionModel: string;
  silenceMs: number;
};

/**
 * The realtime provider for an organization's interview, or null when live mode is not available. Today the
 * operator's environment (REALTIME_*); per-organization settings (CONTRACT §16) come in through
 * `resolveProviderConfig(db, orgId, 'realtime')`: swapping it in is this one function.
 */
export async function resolveRealtimeConfig(_db: DbExecutor, _orgId: string): Promise<RealtimeConfig | null> {
  // TODO(integrator): `return resolveProviderConfig(db, orgId, 'realtime')` mapped to this shape, once it lands.
  const env = getEnv();
  if (!env.REALTIME_BASE_URL) return null;
  return {
    baseUrl: env.REALTIME_BASE_URL,
    apiKey: env.REALTIME_API_KEY ?? '',
    model: env.REALTIME_MODEL,
    voice: env.REALTIME_VOICE,
    transcriptionModel: env.REALTIME_TRANSCRIPTION_MODEL,
    silenceMs: env.REALTIME_SILENCE_MS,
  };
}
