import { MEDIA_TOKEN_AUDIENCE, MEDIA_TOKEN_LIFETIME_SECONDS } from '@/server/auth/media-token';
import { getEnv } from '@/server/env';
import { AGENT_ROUTE_CATALOG } from '../interviews/agent-route-catalog';
import { isLocalMailboxEnabled } from '../email/local-mailbox';
import { DISPATCH_SIGNATURE_HEADER, DISPATCH_TIMESTAMP_HEADER } from '../invitations/dispatch-agent';
import type { IntegrationSettings } from './integration-schemas';

/** The internal routes a voice agent calls, as the HTTP door serves them. */
export const AGENT_ROUTES: IntegrationSettings['agent']['routes'] = AGENT_ROUTE_CATALOG.map(({ method, path, description }) => ({ method, path, description }));

/** Without query and credentials: an agent platform may put a token there, and this is shown in a browser. */
function displayUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/**
 * The organization-independent integration state of this deployment, for the recruiter's Settings page: which
 * secrets are set (never their values), where a started interview is dispatched, how email and reports go out.
 */
export function getIntegrationSettings(): IntegrationSettings {
  const env = getEnv();
  return {
    appUrl: env.APP_URL,
    agent: { secretConfigured: Boolean(env.AGENT_SECRET), routes: AGENT_ROUTES },
    mediaToken: {
      secretConfigured: Boolean(env.MEDIA_TOKEN_SECRET),
      algorithm: 'HS256',
      audience: MEDIA_TOKEN_AUDIENCE,
      lifetimeSeconds: MEDIA_TOKEN_LIFETIME_SECONDS,
    },
    // The same condition dispatchAgent decides on.
    dispatch:
      env.AGENT_DISPATCH_URL && env.AGENT_DISPATCH_SECRET
        ? { mode: 'webhook', url: displayUrl(env.AGENT_DISPATCH_URL), timeoutMs: env.AGENT_DISPATCH_TIMEOUT_MS, signatureHeaders: [DISPATCH_TIMESTAMP_HEADER, DISPATCH_SIGNATURE_HEADER] }
        : {
            mode: 'interviewer',
            transcription: env.STT_BASE_URL ? { model: env.STT_MODEL } : null,
            speech: env.TTS_BASE_URL ? { model: env.TTS_MODEL, voice: env.TTS_VOICE } : null,
            evaluation: env.LLM_BASE_URL ? { model: env.LLM_MODEL } : null,
            followUps: env.INTERVIEWER_FOLLOW_UPS && Boolean(env.LLM_BASE_URL),
            storage: env.S3_BUCKET ? 's3' : 'local',
            answerTimeLimitSeconds: env.ANSWER_TIME_LIMIT_SECONDS,
          },
    email: { transport: isLocalMailboxEnabled() ? 'mailbox' : 'resend', from: env.EMAIL_FROM },
    reports: env.LLM_BASE_URL ? { generator: 'llm', model: env.LLM_MODEL } : { generator: 'rules', model: null },
  };
}
