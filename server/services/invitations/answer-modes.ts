import type { AnswerMode } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { getEnv } from '@/server/env';
import { invalidField } from '@/server/errors';
import { liveShape } from '../live/realtime-config';
import { resolveProviderConfigs } from '../providers/resolve-provider';

/** Which providers an organization has (its own or the operator's, CONTRACT §16): all the modes depend on. */
export type ProviderPresence = { realtime: unknown; stt: unknown; llm?: unknown; tts?: unknown };

/**
 * The answer modes the built-in interviewer offers, best first (CONTRACT §13): `live` when a real-time provider is
 * configured (or, with LIVE_PIPELINE=cascade, speech-to-text, the language model and speech: realtime-config.ts), `recorded` when speech to text is, and always `written` (an accommodation, and all there is on a
 * fresh clone). Empty with an external agent platform, which conducts the conversation its own way.
 */
export function availableAnswerModes(providers: ProviderPresence): AnswerMode[] {
  if (getEnv().AGENT_DISPATCH_URL) return [];
  const modes: AnswerMode[] = [];
  if (liveShape(providers)) modes.push('live');
  if (providers.stt) modes.push('recorded');
  modes.push('written');
  return modes;
}

export async function availableAnswerModesFor(db: DbExecutor, orgId: string): Promise<AnswerMode[]> {
  return availableAnswerModes(await resolveProviderConfigs(db, orgId));
}

/**
 * The mode a start asks for, or the best available when it names none. A mode this service does not offer is a 400
 * naming `answerMode` (not a 409: nothing about the interview's state would make the same request succeed; the
 * session's `answerModes` says what is offered).
 */
export function chooseAnswerMode(requested: AnswerMode | undefined, available: readonly AnswerMode[]): AnswerMode {
  if (requested === undefined) return available[0];
  if (!available.includes(requested)) {
    throw invalidField('answerMode', `${requested} is not available here; offered: ${available.join(', ')}`);
  }
  return requested;
}
