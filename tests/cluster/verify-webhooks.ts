import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type postgres from 'postgres';
import { Webhook } from 'standardwebhooks';
import type { DatabaseHandle } from '@/db/client';
import { webhookEndpoints } from '@/db/schema';
import { newId } from '@/server/ids';

/** Environment of the cluster's processes: a receiver on this machine, and retries a second apart. */
export const CLUSTER_WEBHOOK_ENV = { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_BASE_SECONDS: '1' };

/** A receiver that refuses one delivery in ten (500), so the run also exercises retries, as a real one would. */
const FAILURE_RATE = 0.1;

/**
 * The webhook leg of the cluster run: a local receiver (verifying every delivery with `standardwebhooks`) behind
 * an endpoint subscribed to every event of the run's organization. `verify` then demands that every event the
 * outbox holds for the organization reached the receiver at least once, whatever was killed or restarted meanwhile.
 */
export async function startWebhookCheck(database: DatabaseHandle, orgId: string) {
  const secret = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
  const received = new Map<string, number>();
  let deliveries = 0;
  let refused = 0;
  const badSignatures: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        new Webhook(secret).verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>);
      } catch (error) {
        badSignatures.push(`${req.headers['webhook-id']}: ${(error as Error).message}`);
        return res.writeHead(400).end();
      }
      deliveries++;
      if (Math.random() < FAILURE_RATE) {
        refused++;
        return res.writeHead(500).end();
      }
      const id = String(req.headers['webhook-id']);
      received.set(id, (received.get(id) ?? 0) + 1);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cluster-hook`;
  await database.db.insert(webhookEndpoints).values({ id: newId('webhookEndpoint'), orgId, url, eventTypes: ['*'], secret });

  return {
    /** Waits (up to `timeoutMs`) for every event of the organization; returns the summary line and any violations. */
    async verify(sql: postgres.Sql, timeoutMs = 120_000): Promise<{ line: string; violations: string[] }> {
      const violations: string[] = [];
      const deadline = Date.now() + timeoutMs;
      let events: { id: string; type: string }[] = [];
      let missing: { id: string; type: string }[] = [];
      for (;;) {
        events = await sql<{ id: string; type: string }[]>`select id, type from webhook_events where org_id = ${orgId}`;
        missing = events.filter((e) => !received.has(e.id));
        if (missing.length === 0 || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      if (events.length === 0) violations.push('webhooks: the run produced no webhook event');
      if (missing.length > 0) violations.push(`webhooks: ${missing.length}/${events.length} events never delivered: ${missing.slice(0, 5).map((e) => `${e.type} ${e.id}`).join(', ')}`);
      violations.push(...badSignatures.slice(0, 5).map((b) => `webhooks: a delivery failed signature verification: ${b}`));
      const byType = new Map<string, number>();
      for (const e of events) byType.set(e.type, (byType.get(e.type) ?? 0) + 1);
      const duplicates = [...received.values()].filter((n) => n > 1).length;
      const types = [...byType].sort().map(([type, n]) => `${type} ${n}`).join(', ');
      return {
        line: `${events.length} events (${types}); ${events.length - missing.length} delivered at least once, signatures verified; ${deliveries} deliveries, ${refused} refused with 500 by the receiver and retried, ${duplicates} events delivered more than once`,
        violations,
      };
    },
  };
}
