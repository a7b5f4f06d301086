import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedWebhookUrl } from './check-webhook-url';

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What is read of a receiver's answer before the connection is dropped; it is never stored or shown. */
const MAX_RESPONSE_BYTES = 4096;

export type PostOutcome = { responseStatus: number | null; durationMs: number; error: string | null; ok: boolean };

/**
 * A request to the address the private-address check resolved, never to a fresh lookup of the name (which could
 * answer differently: DNS rebinding); the URL's name is kept for the Host header and TLS. No pooled connection.
 */
export function requestCheckedAddress(target: ResolvedWebhookUrl, options: { method: string; headers: Record<string, string> }, onResponse: (response: http.IncomingMessage) => void): http.ClientRequest {
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) (callback as any)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return client.request(target.url, { ...options, lookup: pinned, agent: false }, onResponse);
}

/**
 * One POST to the address that was checked (the URL's name is kept for the Host header and TLS), 10 s for the
 * whole exchange, redirects not followed (a 3xx is a failure), at most a few KiB of the answer read and dropped.
 * ATS write-backs use it too, with the method their protocol names (Greenhouse's completion callback is a PATCH).
 */
export function postWebhook(target: ResolvedWebhookUrl, headers: Record<string, string>, body: string, timeoutMs = WEBHOOK_TIMEOUT_MS, method: 'POST' | 'PATCH' = 'POST'): Promise<PostOutcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, 'durationMs' | 'ok'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const ok = outcome.error === null && outcome.responseStatus !== null && outcome.responseStatus >= 200 && outcome.responseStatus < 300;
      resolve({ ...outcome, ok, durationMs: Math.round(performance.now() - started) });
      request.destroy();
    };
    const request = requestCheckedAddress(
      target,
      {
        method,
        headers: { 'user-agent': 'interview-screening-webhooks/1', ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        const status = response.statusCode ?? null;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) finish({ responseStatus: status, error: describeStatus(status) });
        });
        response.on('end', () => finish({ responseStatus: status, error: describeStatus(status) }));
        response.on('error', () => finish({ responseStatus: status, error: describeStatus(status) }));
      },
    );
    const timer = setTimeout(() => finish({ responseStatus: null, error: `No answer within ${timeoutMs / 1000} s` }), timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => finish({ responseStatus: null, error: describeNetworkError(error) }));
    request.end(body);
  });
}

export function describeStatus(status: number | null): string | null {
  if (status !== null && status >= 200 && status < 300) return null;
  if (status !== null && status >= 300 && status < 400) return `Redirect (HTTP ${status}) not followed`;
  return `HTTP ${status ?? 'error'}`;
}

export function describeNetworkError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'Connection refused';
    case 'ECONNRESET':
      return 'Connection reset';
    case 'ETIMEDOUT':
      return 'Connection timed out';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'Host unreachable';
    default:
      return error.code?.startsWith('ERR_TLS') || error.code?.includes('CERT') ? 'TLS error' : `Network error${error.code ? ` (${error.code})` : ''}`;
  }
}
