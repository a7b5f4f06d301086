import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { resolveWebhookUrl, type ResolvedWebhookUrl } from '../webhooks/check-webhook-url';

/** A DNS lookup that answers the address already checked, whatever the name resolves to now. */
export function pinnedLookup(target: Pick<ResolvedWebhookUrl, 'address' | 'family'>): LookupFunction {
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as any)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

/**
 * A `fetch` for the `openai` SDK when an organization chose the base URL: each request's host is resolved and
 * checked again (the private-address check of webhook URLs) and the connection goes to the address checked, so a
 * name that resolves to a public address at save time and to 169.254.169.254 later (DNS rebinding) is refused.
 * Plain node:http underneath, because the global fetch cannot be told which address to connect to. Redirects are
 * not followed (the SDK needs none) and answers are asked uncompressed.
 */
export function pinnedFetch(options: { allowPrivate: boolean }): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const target = await resolveWebhookUrl(request.url, { allowPrivate: options.allowPrivate });
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    headers['accept-encoding'] = 'identity';
    if (body) headers['content-length'] = String(body.length);
    const client = target.url.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const outgoing = client.request(
        target.url,
        { method: request.method, headers, lookup: pinnedLookup(target), agent: false, signal: request.signal },
        (incoming) => {
          const responseHeaders = new Headers();
          for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2) responseHeaders.append(incoming.rawHeaders[i], incoming.rawHeaders[i + 1]);
          const status = incoming.statusCode ?? 502;
          const stream = status === 204 || status === 304 || request.method === 'HEAD' ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>);
          if (!stream) incoming.resume();
          resolve(new Response(stream, { status, statusText: incoming.statusMessage, headers: responseHeaders }));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}
