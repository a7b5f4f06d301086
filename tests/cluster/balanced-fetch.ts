import type { FetchLike } from '@/server/agent/agent-client';

/**
 * What a client behind a load balancer sees: requests spread over the instances, and on a connection error or a
 * 5xx the request is sent again to the other instance, with backoff, until a deadline (as the voice agent's own
 * retry loop would, only more patient). Every answer is checked and counted.
 */

export type TrafficStats = {
  sent: number;
  byStatus: Map<number, number>;
  retries: number;
  connectionErrors: number;
  unavailable: number;
  violations: string[];
};

export function newTrafficStats(): TrafficStats {
  return { sent: 0, byStatus: new Map(), retries: 0, connectionErrors: 0, unavailable: 0, violations: [] };
}

export function countStatus(stats: TrafficStats, status: number): void {
  stats.byStatus.set(status, (stats.byStatus.get(status) ?? 0) + 1);
}

export function statusSummary(stats: TrafficStats): string {
  return [...stats.byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
}

/**
 * A 5xx is acceptable only as the contract's 503: SERVICE_UNAVAILABLE in the envelope, with Retry-After and a
 * request id. Anything else (a 500, a bare 502) is recorded as a violation.
 */
export function checkServerError(stats: TrafficStats, where: string, status: number, headers: Headers, text: string): void {
  if (status < 500) return;
  let code: string | undefined;
  try {
    code = JSON.parse(text)?.error?.code;
  } catch {
    code = undefined;
  }
  if (status === 503 && code === 'SERVICE_UNAVAILABLE' && /^\d+$/.test(headers.get('retry-after') ?? '') && headers.get('x-request-id')) {
    stats.unavailable++;
    return;
  }
  stats.violations.push(`${where}: ${status} ${text.slice(0, 200)}`);
}

export function isTimeout(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

export type BalancedFetchOptions = {
  instances: () => string[];
  stats: TrafficStats;
  /** A pause before each request, like a conversation's pace; may change as the run goes on. */
  thinkTimeMs: () => number;
  /** How long one request may keep being retried. */
  deadlineMs?: number;
  /** Longer than this without an answer is a hang: a violation. */
  requestTimeoutMs?: number;
  /** Called with each request that got a 2xx, once: what the client effectively did. */
  onSuccess?: (method: string, path: string, body: string | undefined, status: number, responseText: string) => void;
};

let roundRobin = 0;

export function createBalancedFetch(options: BalancedFetchOptions): FetchLike {
  const deadlineMs = options.deadlineMs ?? 90_000;
  const requestTimeoutMs = options.requestTimeoutMs ?? 20_000;
  return async (input, init = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const target = `${url.pathname}${url.search}`;
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? init.body : undefined;
    await sleep(options.thinkTimeMs());
    const deadline = Date.now() + deadlineMs;
    let index = roundRobin++;
    for (let attempt = 0; ; attempt++) {
      const instances = options.instances();
      const base = instances[index % instances.length];
      index++;
      options.stats.sent++;
      const backoff = Math.min(2_000, 100 * 2 ** Math.min(attempt, 5)) * (0.5 + Math.random());
      try {
        const res = await fetch(`${base}${target}`, { ...init, body, signal: AbortSignal.timeout(requestTimeoutMs) });
        const text = await res.text();
        countStatus(options.stats, res.status);
        checkServerError(options.stats, `${method} ${target} on ${base}`, res.status, res.headers, text);
        if (res.status >= 500 && Date.now() < deadline) {
          options.stats.retries++;
          await sleep(Math.max(backoff, Number(res.headers.get('retry-after') ?? 0) * 250));
          continue;
        }
        if (res.ok) options.onSuccess?.(method, url.pathname, body, res.status, text);
        return new Response(text === '' ? null : text, { status: res.status, headers: res.headers });
      } catch (error) {
        if (isTimeout(error)) options.stats.violations.push(`${method} ${target} on ${base}: no answer within ${requestTimeoutMs / 1000} s`);
        else options.stats.connectionErrors++;
        if (Date.now() >= deadline) throw error;
        options.stats.retries++;
        await sleep(backoff);
      }
    }
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
