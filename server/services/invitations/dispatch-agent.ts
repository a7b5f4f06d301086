import { createHmac } from 'node:crypto';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { log } from '@/server/log';
import { secretsEqual } from '@/server/crypto';
import type { CandidateLanguage } from '@/server/i18n/languages';

/** What the voice agent needs to conduct the interview (the same facts as GET /api/interviews/:id/context). */
export type AgentContext = {
  candidateFirstName: string | null;
  locale: string;
  language: CandidateLanguage;
  organizationName: string;
  jobTitle: string;
  questions: { id: string; text: string; criterion?: string }[];
  criteria: { key: string; label: string; weight: number }[];
  expiresAt: string;
  status: string;
  /** Where the agent reaches the internal routes (/api/interviews/:id/…) with the media token. */
  apiBaseUrl: string;
};

export type AgentDispatch = {
  interviewId: string;
  /** Bearer token for the internal routes of this interview only; expires at mediaTokenExpiresAt. */
  mediaToken: string;
  mediaTokenExpiresAt: string;
  context: AgentContext;
};

export type DispatchResult = { mode: 'webhook'; joinUrl: string | null };

export const DISPATCH_SIGNATURE_HEADER = 'X-Signature';
export const DISPATCH_TIMESTAMP_HEADER = 'X-Timestamp';

/** Hex HMAC-SHA256 of `<timestamp>.<raw body>`: the timestamp is signed too, so a captured request cannot be replayed later. */
export function signDispatch(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** For the receiving side (and tests): a valid signature made within `toleranceSeconds` of now. */
export function verifyDispatchSignature(secret: string, headers: { signature: string | null; timestamp: string | null }, body: string, toleranceSeconds = 300): boolean {
  if (!headers.signature || !headers.timestamp || !/^\d{1,12}$/.test(headers.timestamp)) return false;
  if (Math.abs(Date.now() / 1000 - Number(headers.timestamp)) > toleranceSeconds) return false;
  return secretsEqual(headers.signature, signDispatch(secret, headers.timestamp, body));
}

/**
 * Hands a started interview to the external voice-agent platform (AGENT_DISPATCH_URL): a signed POST of
 * `{ interviewId, mediaToken, mediaTokenExpiresAt, context }` (headers X-Timestamp, X-Signature); any 2xx accepts
 * it, and a JSON `{ joinUrl }` in the answer is where the candidate's browser joins the call. A failure is a 503
 * for the candidate, who may try again. Without a platform the built-in interviewer (services/interviewer)
 * conducts the interview and nothing is dispatched.
 */
export async function dispatchAgent(dispatch: AgentDispatch): Promise<DispatchResult> {
  const env = getEnv();
  if (!env.AGENT_DISPATCH_URL || !env.AGENT_DISPATCH_SECRET) throw new Error('No agent platform is configured (AGENT_DISPATCH_URL)');
  return dispatchToWebhook(env.AGENT_DISPATCH_URL, env.AGENT_DISPATCH_SECRET, env.AGENT_DISPATCH_TIMEOUT_MS, dispatch);
}

async function dispatchToWebhook(url: string, secret: string, timeoutMs: number, dispatch: AgentDispatch): Promise<DispatchResult> {
  const body = JSON.stringify(dispatch);
  const timestamp = String(Math.floor(Date.now() / 1000));
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        [DISPATCH_TIMESTAMP_HEADER]: timestamp,
        [DISPATCH_SIGNATURE_HEADER]: signDispatch(secret, timestamp, body),
      },
      body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    log.warn({ err: error, interviewId: dispatch.interviewId }, 'agent dispatch failed: no response');
    throw unavailable();
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    log.warn({ status: response.status, interviewId: dispatch.interviewId }, 'agent dispatch refused');
    throw unavailable();
  }
  return { mode: 'webhook', joinUrl: joinUrlFrom(text) };
}

function joinUrlFrom(text: string): string | null {
  try {
    const value = (JSON.parse(text) as { joinUrl?: unknown })?.joinUrl;
    if (typeof value !== 'string') return null;
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function unavailable(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', 'The interview agent could not be reached; please try again in a moment');
}
