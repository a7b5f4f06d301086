import type { AnswerMode } from '@/db/schema';
import { getEnv, type Env } from '@/server/env';
import { invalidField } from '@/server/errors';

/**
 * The answer modes the built-in interviewer offers here, best first (CONTRACT §13): `live` when a real-time provider
 * is configured (REALTIME_BASE_URL), `recorded` when speech to text is (STT_BASE_URL), and always `written` (an
 * accommodation, and all there is on a fresh clone). Providers per organization will extend this one function.
 */
export function availableAnswerModes(env: Pick<Env, 'REALTIME_BASE_URL' | 'STT_BASE_URL'> = getEnv()): AnswerMode[] {
  const modes: AnswerMode[] = [];
  if (env.REALTIME_BASE_URL) modes.push('live');
  if (env.STT_BASE_URL) modes.push('recorded');
  modes.push('written');
  return modes;
}

/**
 * The mode a start asks for, or the best available when it names none. A mode this service does not offer is a 400
 * naming `answerMode` (not a 409: nothing about the interview's state would make the same request succeed; the
 * session's `answerModes` says what is offered).
 */
export function chooseAnswerMode(requested: AnswerMode | undefined, available: readonly AnswerMode[] = availableAnswerModes()): AnswerMode {
  if (requested === undefined) return available[0];
  if (!available.includes(requested)) {
    throw invalidField('answerMode', `${requested} is not available here; offered: ${available.join(', ')}`);
  }
  return requested;
}
