import { secretsEqual } from '@/server/crypto';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { API_KEY_PREFIX } from '@/server/services/api-keys/create-api-key';
import { verifyMediaToken } from './media-token';

/**
 * What an internal agent request may touch.
 * - `agentSecret`: the voice-agent service itself. It conducts interviews for every organization, so the grant is
 *   deliberately cross-organization; the secret must stay server-side (never in a browser or a URL).
 * - `mediaToken`: a short-lived token minted for one interview (the candidate's real-time media session).
 */
export type AgentGrant = { kind: 'agentSecret' } | { kind: 'mediaToken'; interviewId: string };

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Authenticates a request to an internal agent route: `X-Agent-Secret` (constant-time, any length) or
 * `Authorization: Bearer <media token>`. API keys never open these routes. Every failure is 401.
 */
export async function authenticateAgentRequest(headers: Pick<Headers, 'get'>): Promise<AgentGrant> {
  const secret = headers.get('x-agent-secret');
  if (secret !== null) {
    const expected = getEnv().AGENT_SECRET;
    // Without a configured secret nothing matches: the routes fail closed rather than open.
    if (expected && secretsEqual(secret, expected)) return { kind: 'agentSecret' };
    throw new AppError('UNAUTHORIZED', 'Invalid agent secret');
  }
  const authorization = headers.get('authorization');
  if (authorization !== null) {
    const token = BEARER.exec(authorization)?.[1];
    if (!token) throw new AppError('UNAUTHORIZED', 'Malformed Authorization header: send Bearer <media token>');
    if (token.startsWith(API_KEY_PREFIX)) {
      throw new AppError('UNAUTHORIZED', 'API keys do not open the internal agent routes: use X-Agent-Secret or a media token');
    }
    const interviewId = await verifyMediaToken(token);
    if (!interviewId) throw new AppError('UNAUTHORIZED', 'Invalid or expired media token');
    return { kind: 'mediaToken', interviewId };
  }
  if (headers.get('x-api-key') !== null) {
    throw new AppError('UNAUTHORIZED', 'API keys do not open the internal agent routes: use X-Agent-Secret or a media token');
  }
  throw new AppError('UNAUTHORIZED', 'Missing credentials: send X-Agent-Secret or Authorization: Bearer <media token>');
}

/**
 * A media token opens its own interview only. Checked before the interview is looked up, so a token holder
 * learns nothing about other ids (another organization's interview and a missing one both give 403).
 */
export function assertGrantCovers(grant: AgentGrant, interviewId: string): void {
  if (grant.kind === 'mediaToken' && grant.interviewId !== interviewId) {
    throw new AppError('FORBIDDEN', 'This media token is for another interview');
  }
}

/** The audit log's actor for an agent credential: the shared secret, or a media token (which names its interview). */
export function agentActorOf(grant: AgentGrant): { type: 'agent'; id: string } {
  return { type: 'agent', id: grant.kind === 'agentSecret' ? 'agent_secret' : 'media_token' };
}
