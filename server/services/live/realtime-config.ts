import type { DbExecutor } from '@/db/client';
import { getEnv } from '@/server/env';
import { log } from '@/server/log';
import { checkProviderAddress, resolveProviderConfig } from '../providers/resolve-provider';
import { WebhookUrlError } from '../webhooks/check-webhook-url';

/** Where the live conversation's speech-to-speech model is, as the relay needs it. */
export type RealtimeConfig = {
  baseUrl: string;
  apiKey: string;
  model: string;
  voice: string;
  transcriptionModel: string;
  silenceMs: number;
  /**
   * For a base URL the organization chose: the address that passed the private-address check, which the socket
   * connects to (a name that resolves elsewhere later, DNS rebinding, is not followed). Null for the operator's URL.
   */
  pinnedAddress: { address: string; family: 4 | 6 } | null;
};

/**
 * The realtime provider for an organization's interview (its own settings over the operator's REALTIME_*, CONTRACT
 * §16), or null when live mode is not available, including when the organization's base URL is refused now.
 */
export async function resolveRealtimeConfig(db: DbExecutor, orgId: string): Promise<RealtimeConfig | null> {
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
  const env = getEnv();
  return {
    baseUrl: provider.baseURL,
    apiKey: provider.apiKey ?? '',
    model: provider.model,
    voice: provider.voice ?? env.REALTIME_VOICE,
    transcriptionModel: env.REALTIME_TRANSCRIPTION_MODEL,
    silenceMs: env.REALTIME_SILENCE_MS,
    pinnedAddress: pinned ? { address: pinned.address, family: pinned.family } : null,
  };
}
