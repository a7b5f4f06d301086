import type { DbExecutor } from '@/db/client';
import { getEnv } from '@/server/env';
import { resolveProviderConfigs } from '../providers/resolve-provider';
import type { ProviderPresence } from './answer-modes';

/**
 * How the candidate's page will have them answer, so that the email, the landing page and the notice promise only
 * that: `external` (an agent platform's voice call, AGENT_DISPATCH_URL), `recorded` (the built-in interviewer with
 * speech-to-text, the organization's or the operator's: out loud or in writing), `written` (in writing only).
 * `live` (CONTRACT §13) is offered by the session and the relay, but the page's live view is not built yet: until
 * it is, the page promises the recorded or written interview it holds.
 */
export type OfferedAnswerMode = 'external' | 'recorded' | 'written';

export function offeredAnswerMode(providers: Pick<ProviderPresence, 'stt'>): OfferedAnswerMode {
  if (getEnv().AGENT_DISPATCH_URL) return 'external';
  return providers.stt ? 'recorded' : 'written';
}

export async function offeredAnswerModeFor(db: DbExecutor, orgId: string): Promise<OfferedAnswerMode> {
  return offeredAnswerMode(await resolveProviderConfigs(db, orgId));
}
