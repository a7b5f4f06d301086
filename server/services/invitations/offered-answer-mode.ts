import type { DbExecutor } from '@/db/client';
import { getEnv } from '@/server/env';
import { resolveProviderConfigs } from '../providers/resolve-provider';
import { availableAnswerModes, type ProviderPresence } from './answer-modes';

/**
 * How the candidate's page will have them answer, so that the email, the landing page and the notice promise only
 * that: `external` (an agent platform's voice call, AGENT_DISPATCH_URL), `live` (a real-time spoken conversation
 * with the built-in interviewer: a realtime provider, or the cascaded pipeline; writing stays possible),
 * `recorded` (the built-in interviewer with speech-to-text: out loud or in writing), `written` (in writing only).
 * The same order as the session's `answerModes` (answer-modes.ts): the page starts with the first.
 */
export type OfferedAnswerMode = 'external' | 'live' | 'recorded' | 'written';

export function offeredAnswerMode(providers: ProviderPresence): OfferedAnswerMode {
  if (getEnv().AGENT_DISPATCH_URL) return 'external';
  // The best of what the page will offer: the promise and the page never disagree.
  return availableAnswerModes(providers)[0];
}

export async function offeredAnswerModeFor(db: DbExecutor, orgId: string): Promise<OfferedAnswerMode> {
  return offeredAnswerMode(await resolveProviderConfigs(db, orgId));
}
