import { resolveWebhookUrl, WebhookUrlError } from '../webhooks/check-webhook-url';
import { describeNetworkError, describeStatus, requestCheckedAddress, WEBHOOK_TIMEOUT_MS } from '../webhooks/post-webhook';

/** The most of an ATS's answer that is read (an opportunity is a few KiB); past it the answer is refused. */
const MAX_JSON_BYTES = 512 * 1024;

export type AtsJsonOutcome = { ok: true; status: number; json: unknown; durationMs: number } | { ok: false; status: number | null; error: string; durationMs: number };

/**
 * One GET of the ATS's API that reads its JSON answer (Lever's opportunity), through the private-address check
 * the write-backs pass: the name is resolved and checked at each call, the request goes to that address, 10 s for
 * the whole exchange, redirects not followed, at most 512 KiB read. The answer is returned to the caller, never
 * logged or stored whole.
 */
export async function fetchAtsJson(url: string, headers: Record<string, string>, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<AtsJsonOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target;
  try {
    target = await resolveWebhookUrl(url);
  } catch (error) {
    if (!(error instanceof WebhookUrlError)) throw error;
    return { ok: false, status: null, error: `Refused: ${error.message}`, durationMs: elapsed() };
  }
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: { ok: true; status: number; json: unknown } | { ok: false; status: number | null; error: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
      request.destroy();
    };
    const request = requestCheckedAddress(target, { method: 'GET', headers }, (response) => {
      const status = response.statusCode ?? null;
      const chunks: Buffer[] = [];
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_JSON_BYTES) finish({ ok: false, status, error: 'Answer too large' });
        else chunks.push(chunk);
      });
      response.on('end', () => {
        const failure = describeStatus(status);
        if (failure || status === null) return finish({ ok: false, status, error: failure ?? 'No status' });
        try {
          finish({ ok: true, status, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        } catch {
          finish({ ok: false, status, error: 'The answer is not JSON' });
        }
      });
      response.on('error', () => finish({ ok: false, status, error: describeStatus(status) ?? 'Answer cut short' }));
    });
    const timer = setTimeout(() => finish({ ok: false, status: null, error: `No answer within ${timeoutMs / 1000} s` }), timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => finish({ ok: false, status: null, error: describeNetworkError(error) }));
    request.end();
  });
}
