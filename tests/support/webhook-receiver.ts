import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export type ReceivedWebhook = {
  path: string;
  id: string;
  timestamp: number;
  type: string;
  body: { type: string; timestamp: string; data: any };
  receivedAt: number;
};

/** How the receiver answers one request on a path: a status, or 'hang' (never answers). */
export type Answer = number | 'hang';

/**
 * A local webhook receiver that verifies every delivery with the `standardwebhooks` library and the secret of
 * its path (one path per endpoint). A delivery that fails verification is recorded in `rejected` and answered
 * 400, so a test that expects deliveries also proves their signatures.
 */
export async function startWebhookReceiver() {
  const secrets = new Map<string, string>();
  const answers = new Map<string, (n: number) => Answer>();
  const received: ReceivedWebhook[] = [];
  const rejected: { path: string; reason: string }[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const raw = Buffer.concat(chunks).toString('utf8');
      const secret = secrets.get(path);
      try {
        if (!secret) throw new Error(`no secret registered for ${path}`);
        if (req.method !== 'POST' || !String(req.headers['content-type']).startsWith('application/json')) throw new Error('not a JSON POST');
        const payload = new Webhook(secret).verify(raw, req.headers as Record<string, string>) as ReceivedWebhook['body'];
        const n = received.filter((r) => r.path === path).length + 1;
        received.push({
          path,
          id: String(req.headers['webhook-id']),
          timestamp: Number(req.headers['webhook-timestamp']),
          type: payload.type,
          body: payload,
          receivedAt: Date.now(),
        });
        const answer = answers.get(path)?.(n) ?? 200;
        if (answer === 'hang') {
          hanging.add(res);
          return;
        }
        res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer >= 400 ? 'receiver says no: <script>alert(1)</script>' : 'ok');
      } catch (error) {
        rejected.push({ path, reason: (error as Error).message });
        res.writeHead(400).end('bad signature');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    rejected,
    /** Registers a path's secret (after creating its endpoint) and, optionally, how it answers its n-th delivery. */
    register(path: string, secret: string, answer?: (n: number) => Answer) {
      secrets.set(path, secret);
      if (answer) answers.set(path, answer);
    },
    on(path: string) {
      return received.filter((r) => r.path === path);
    },
    async waitFor(predicate: () => boolean, timeoutMs = 20_000, what = 'deliveries') {
      const deadline = Date.now() + timeoutMs;
      while (!predicate()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; received ${JSON.stringify(received.map((r) => [r.path, r.type]))}; rejected ${JSON.stringify(rejected)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
