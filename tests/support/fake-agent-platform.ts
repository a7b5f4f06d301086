import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the voice agent platform that AGENT_DISPATCH_URL points at: it records each dispatch with its
 * raw body and signature headers, answers `{ joinUrl }`, and can fail the next n calls.
 */
export type AgentDispatchRecord = { rawBody: string; body: any; signature: string | null; timestamp: string | null };

export async function startFakeAgentPlatform(): Promise<{
  url: string;
  dispatches: AgentDispatchRecord[];
  failNext: (count: number, status?: number) => void;
  close: () => Promise<void>;
}> {
  const dispatches: AgentDispatchRecord[] = [];
  let failures = { remaining: 0, status: 500 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (failures.remaining > 0) {
        failures.remaining--;
        res.writeHead(failures.status).end('unavailable');
        return;
      }
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const body = JSON.parse(rawBody);
      dispatches.push({ rawBody, body, signature: (req.headers['x-signature'] as string) ?? null, timestamp: (req.headers['x-timestamp'] as string) ?? null });
      res.writeHead(202, { 'content-type': 'application/json' }).end(JSON.stringify({ joinUrl: `https://agent.example.test/rooms/${body.interviewId}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/dispatch`,
    dispatches,
    failNext: (count, status = 500) => {
      failures = { remaining: count, status };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
