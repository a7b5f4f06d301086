import { getEnv, type Env } from '@/server/env';

/**
 * How the candidate will actually answer, so that the email, the landing page and the notice promise only that:
 * `external` (an agent platform's voice call, AGENT_DISPATCH_URL), `recorded` (the built-in interviewer with
 * speech-to-text: out loud or in writing), `written` (nothing configured: in writing only). The live conversation
 * (`live`, CONTRACT §13) and providers per organization extend this one function; every surface reads it.
 */
export type OfferedAnswerMode = 'external' | 'recorded' | 'written';

export function offeredAnswerMode(env: Pick<Env, 'AGENT_DISPATCH_URL' | 'STT_BASE_URL'> = getEnv()): OfferedAnswerMode {
  if (env.AGENT_DISPATCH_URL) return 'external';
  return env.STT_BASE_URL ? 'recorded' : 'written';
}
