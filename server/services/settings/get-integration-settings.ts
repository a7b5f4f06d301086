import { MEDIA_TOKEN_AUDIENCE, MEDIA_TOKEN_LIFETIME_SECONDS } from '@/server/auth/media-token';
import { getEnv } from '@/server/env';
import { isLocalMailboxEnabled } from '../email/local-mailbox';
import { DISPATCH_SIGNATURE_HEADER, DISPATCH_TIMESTAMP_HEADER } from '../invitations/dispatch-agent';
import type { IntegrationSettings } from './integration-schemas';

/** The internal routes a voice agent calls (app/api/interviews/[id]/…), each open to X-Agent-Secret or a media token. */
export const AGENT_ROUTES: IntegrationSettings['agent']['routes'] = [
  { method: 'GET', path: '/api/interviews/:id/context', description: 'What the agent needs: candidate, job, questions, criteria' },
  { method: 'GET', path: '/api/interviews/:id/history', description: 'The turns so far and the pending question' },
  { method: 'POST', path: '/api/interviews/:id/turns', description: 'Record a turn (201; the same turn again: 200)' },
  { method: 'PATCH', path: '/api/interviews/:id/turns/:turnNumber', description: 'Correct a turn (content, audio, evaluation)' },
  { method: 'POST', path: '/api/interviews/:id/finalize', description: 'End the interview and request its report' },
];

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
        : { mode: 'demo', turnDelayMs: env.DEMO_AGENT_TURN_DELAY_MS },
    email: { transport: isLocalMailboxEnabled() ? 'mailbox' : 'resend', from: env.EMAIL_FROM },
    reports: env.LLM_BASE_URL ? { generator: 'llm', model: env.LLM_MODEL } : { generator: 'rules', model: null },
  };
}
