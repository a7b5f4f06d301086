import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Webhook } from 'standardwebhooks';
import { eq } from 'drizzle-orm';
import { openDatabase } from '@/db/client';
import { candidates } from '@/db/schema';
import { newId } from '@/server/ids';
import { startJobQueue } from '@/server/jobs/queue';
import { toCandidateDto } from '@/server/services/candidates/candidate-dto';
import { emitEvent, emitEvents } from '@/server/services/webhooks/emit-event';
import { seedOrganization } from '../lib/seed';
import { perRequestCpu, type MeasuredEndpoint, type Scenario } from '../lib/scenario';
import { summarize } from '../lib/stats';

const BACKLOG = 1_000;
const PACED = 200;
const PACED_PER_SECOND = 20;
const SECRET = `whsec_${Buffer.alloc(32, 42).toString('base64')}`;

/**
 * Webhook delivery from the outbox to a local receiver (in the bench process, answering 200 at once after
 * verifying each signature with `standardwebhooks`), by the production server's workers with the default
 * settings (one endpoint: WEBHOOK_ENDPOINT_CONCURRENCY=16 in flight to it, JOB_POLL_INTERVAL_SECONDS=2).
 * (a) 1,000 events committed in one transaction: deliveries per second until the last arrives, and the delay
 *     from the commit to each delivery (p50/p99).
 * (b) 200 events, one transaction each, 20 per second: the commit-to-delivery delay of an idle system.
 */
export const webhookDeliveryScenario: Scenario = {
  name: 'webhook-delivery',
  description: `webhook deliveries to a local receiver: ${BACKLOG} events queued at once, then ${PACED} paced at ${PACED_PER_SECOND}/s`,
  prepare: async (db) => {
    const org = await seedOrganization(db.sql, 'Bench webhooks', { interviews: 100, candidates: BACKLOG, jobs: 2, turnsPerInterview: 0 });
    const received = new Map<string, number>();
    let rejected = 0;
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        try {
          new Webhook(SECRET).verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>);
          const id = String(req.headers['webhook-id']);
          if (!received.has(id)) received.set(id, performance.timeOrigin + performance.now());
          res.writeHead(204).end();
        } catch {
          rejected++;
          res.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    await db.sql`insert into webhook_endpoints (id, org_id, url, event_types, secret) values (${newId('webhookEndpoint')}, ${org.orgId}, ${url}, ${['*']}, ${SECRET})`;
    return {
      apiKey: org.apiKey,
      dataset: { organization: org.counts, endpoints: 1, backlogEvents: BACKLOG, pacedEvents: PACED },
      readyPath: '/api/v1/webhook-endpoints',
      serverEnv: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' },
      measurements: [],
      run: async ({ db, startCpu, print }) => {
        const handle = await openDatabase({ databaseUrl: db.url, poolSize: 4 });
        // This process only sends (the server's workers deliver): enqueueJob needs the queue open.
        const queue = await startJobQueue(handle);
        const waitFor = async (ids: string[], timeoutMs: number) => {
          const deadline = Date.now() + timeoutMs;
          while (!ids.every((id) => received.has(id))) {
            if (Date.now() > deadline) throw new Error(`${ids.filter((id) => !received.has(id)).length} of ${ids.length} events undelivered after ${timeoutMs} ms`);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        };
        const now = () => performance.timeOrigin + performance.now();
        try {
          const rows = await handle.db.select().from(candidates).where(eq(candidates.orgId, org.orgId)).limit(BACKLOG);
          const items = rows.map(toCandidateDto);

          // (a) the backlog: one commit, then every delivery.
          const stopCpu = await startCpu();
          await handle.db.transaction(async (tx) => emitEvents(tx, { orgId: org.orgId, type: 'candidate.updated', items }));
          const committedAt = now();
          const [{ ids }] = await db.sql`select array_agg(id) as ids from webhook_events where org_id = ${org.orgId}`;
          await waitFor(ids, 300_000);
          const cpu = await stopCpu();
          const delays = (ids as string[]).map((id) => received.get(id)! - committedAt);
          const drainMs = Math.max(...delays);
          const backlog = summarize(delays, 0, drainMs);
          const backlogLine: MeasuredEndpoint = {
            name: `${BACKLOG} events queued → delivered`,
            targetP95Ms: null,
            pass: null,
            ...backlog,
            statuses: { delivered: backlog.requests },
            cpuMsPerRequest: perRequestCpu(cpu, backlog.requests),
            extra: {
              'deliveries/s': Math.round((BACKLOG / drainMs) * 1000 * 10) / 10,
              'commit → delivery p50 / p99 / max': `${backlog.p50Ms} / ${backlog.p99Ms} / ${backlog.maxMs} ms`,
              rejectedSignatures: rejected,
            },
          };
          print(backlogLine);

          // (b) paced, one event per transaction.
          const paced: number[] = [];
          const pacedIds: string[] = [];
          const started = now();
          for (let i = 0; i < PACED; i++) {
            const due = started + (i * 1000) / PACED_PER_SECOND;
            const wait = due - now();
            if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
            const item = items[i % items.length];
            const id = (await handle.db.transaction((tx) => emitEvent(tx, { orgId: org.orgId, type: 'candidate.updated', data: item }))) as string;
            const at = now();
            pacedIds.push(id);
            void waitFor([id], 60_000).then(() => paced.push(received.get(id)! - at));
          }
          await waitFor(pacedIds, 60_000);
          while (paced.length < PACED) await new Promise((resolve) => setTimeout(resolve, 20));
          const pacedSummary = summarize(paced, 0, now() - started);
          const pacedLine: MeasuredEndpoint = {
            name: `${PACED} events at ${PACED_PER_SECOND}/s, commit → delivery`,
            targetP95Ms: null,
            pass: null,
            ...pacedSummary,
            statuses: { delivered: pacedSummary.requests },
            cpuMsPerRequest: { app: 0, db: 0, client: 0 },
            extra: { 'commit → delivery p50 / p99 / max': `${pacedSummary.p50Ms} / ${pacedSummary.p99Ms} / ${pacedSummary.maxMs} ms`, rejectedSignatures: rejected },
          };
          print(pacedLine);
          return [backlogLine, pacedLine];
        } finally {
          await queue.stop();
          await handle.close();
          receiver.closeAllConnections();
          await new Promise((resolve) => receiver.close(resolve));
        }
      },
    };
  },
};
