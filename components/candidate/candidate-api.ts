/**
 * The browser's side of the candidate-facing API (`/api/invitations/:token/…`). The link's token is the only
 * credential; the page never holds a media token. Every call is safe to retry: the server makes a repeated answer
 * a no-op, so a lost response is retried rather than reported.
 */

import type { CandidateSession } from '@/server/services/invitations/candidate-session-schemas';

export type { CandidateSession };

export type UploadedAudio = { audioId: string; transcript: string | null; poor: boolean };

export type ApiResult<T> = { ok: true; status: number; body: T } | { ok: false; status: number; code: string | null };

type RetryOptions = { onRetry?: (attempt: number) => void; attempts?: number };

/** Statuses worth trying again: the server or a proxy in between is briefly unavailable. */
const RETRYABLE = new Set([408, 425, 429, 500, 502, 503, 504]);

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * fetch, retried with exponential backoff (0.5 s doubling to 8 s) on network failures and retryable statuses.
 * While the browser says it is offline, waits for the `online` event instead of spending attempts. Throws the last
 * network error once the attempts are spent; a definite HTTP answer is returned, never thrown.
 */
export async function fetchWithRetry(url: string, init: RequestInit, { onRetry, attempts = 8 }: RetryOptions = {}): Promise<Response> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) {
      onRetry?.(attempt);
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        await new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
      } else {
        await delay(Math.min(8000, 500 * 2 ** (attempt - 1)));
      }
    }
    try {
      const res = await fetch(url, { ...init, cache: 'no-store' });
      if (!RETRYABLE.has(res.status) || attempt === attempts - 1) return res;
      lastError = new Error(`HTTP ${res.status}`);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

async function readResult<T>(res: Response): Promise<ApiResult<T>> {
  if (res.ok) return { ok: true, status: res.status, body: (await res.json()) as T };
  let code: string | null = null;
  try {
    code = ((await res.json()) as { error?: { code?: string } }).error?.code ?? null;
  } catch {
    code = null;
  }
  return { ok: false, status: res.status, code };
}

export function candidateApi(token: string) {
  const base = `/api/invitations/${encodeURIComponent(token)}`;
  const json = { 'content-type': 'application/json' };
  return {
    session: async (options?: RetryOptions) => readResult<CandidateSession>(await fetchWithRetry(`${base}/session`, { method: 'GET' }, options)),
    /** `answerMode`: how the candidate chose to answer (CONTRACT §13); absent, the server takes the best it offers. */
    start: async (options?: RetryOptions, answerMode?: CandidateSession['answerModes'][number], language?: CandidateSession['language']) =>
      readResult<CandidateSession>(
        await fetchWithRetry(`${base}/start`, { method: 'POST', headers: json, body: JSON.stringify({ consent: true, ...(answerMode ? { answerMode } : {}), ...(language ? { language } : {}) }) }, options),
      ),
    uploadAudio: async (turnNumber: number, audio: Blob, options?: RetryOptions) =>
      readResult<UploadedAudio>(
        await fetchWithRetry(`${base}/answers/${turnNumber}/audio`, { method: 'POST', headers: { 'content-type': audio.type.split(';')[0] || 'audio/webm' }, body: audio }, options),
      ),
    uploadSessionRecording: async (audio: Blob, options?: RetryOptions) =>
      readResult<{ audioId: string }>(
        await fetchWithRetry(`${base}/recording`, { method: 'POST', headers: { 'content-type': audio.type.split(';')[0] || 'audio/webm' }, body: audio }, options),
      ),
    answer: async (turnNumber: number, answer: { text: string; audioId?: string }, options?: RetryOptions) =>
      readResult<CandidateSession>(await fetchWithRetry(`${base}/answers/${turnNumber}`, { method: 'POST', headers: json, body: JSON.stringify(answer) }, options)),
    /** What the page observed (integrity signals): time away from the page, pastes into written answers. */
    integrity: async (events: readonly object[], options: RetryOptions = { attempts: 3 }) =>
      readResult<{ accepted: number }>(await fetchWithRetry(`${base}/integrity`, { method: 'POST', headers: json, body: JSON.stringify({ events }) }, options)),
    speechUrl: (turnNumber: number) => `${base}/speech/${turnNumber}`,
    /** The bias audit's two optional questions, after the interview (CONTRACT §14); absent answers stay unanswered. */
    selfIdentify: async (answers: { sex?: string; raceEthnicity?: string }, options?: RetryOptions) =>
      readResult<CandidateSession>(await fetchWithRetry(`${base}/self-identification`, { method: 'PUT', headers: json, body: JSON.stringify(answers) }, options)),
  };
}

export type CandidateApi = ReturnType<typeof candidateApi>;
