import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type postgres from 'postgres';
import type { DatabaseHandle } from '@/db/client';
import { createAtsCredential } from '@/server/services/integrations/ats-credentials';
import { createTestMapping } from '@/server/services/integrations/test-mappings';

/**
 * The ATS leg of the cluster run: Greenhouse (its Assessment Partner API, developers.greenhouse.io/assessment.html)
 * orders interviews through `send_test` on alternating app instances, for candidates the run has already invited
 * (so each order is attached to a running interview, as the protocol allows, and changes nothing else the run
 * checks). A local receiver plays Greenhouse's "Mark Test as Completed" URLs: it refuses the first PATCH of each with
 * a 500, then accepts. `verify` demands, whatever was killed or restarted meanwhile, that each order was written back
 * and accepted exactly once, and that its write-back row says so.
 */
export async function startAtsCheck(database: DatabaseHandle, orgId: string, target: { campaignId: string; stageId: string; configId: string }) {
  const credential = await createAtsCredential(database.db, { orgId, ats: 'greenhouse', name: 'cluster' });
  const test = await createTestMapping(database.db, { orgId, ats: 'greenhouse', name: 'Cluster screening', ...target });
  const patches = new Map<string, { refused: number; accepted: number; badAuth: number }>();
  const expectedAuth = `Basic ${Buffer.from(`${credential.key}:`).toString('base64')}`;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = req.url ?? '/';
      const seen = patches.get(path) ?? { refused: 0, accepted: 0, badAuth: 0 };
      patches.set(path, seen);
      if (req.method !== 'PATCH' || req.headers.authorization !== expectedAuth) {
        seen.badAuth++;
        return res.writeHead(401).end();
      }
      if (seen.refused === 0) {
        seen.refused++;
        return res.writeHead(500).end();
      }
      seen.accepted++;
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const orders: { orderId: string; path: string }[] = [];

  return {
    /**
     * One send_test per email, alternating instances. A failed call (an instance or PostgreSQL restarting) is sent
     * again, as Greenhouse would: the same test for the same candidate answers the same test instance.
     */
    async order(urls: string[], emails: string[]): Promise<void> {
      for (const [i, email] of emails.entries()) {
        const path = `/integrations/testing_partners/take_home_tests/${i + 1}`;
        const deadline = Date.now() + 60_000;
        for (let attempt = 0; ; attempt++) {
          const res = await fetch(`${urls[(i + attempt) % urls.length]}/api/integrations/greenhouse/send_test`, {
            method: 'POST',
            headers: { authorization: expectedAuth, 'content-type': 'application/json' },
            body: JSON.stringify({ partner_test_id: test.id, candidate: { first_name: 'Cluster', last_name: `Candidate ${i}`, email }, url: `${base}${path}` }),
            signal: AbortSignal.timeout(20_000),
          }).catch(() => null);
          if (res?.status === 200) {
            orders.push({ orderId: ((await res.json()) as { partner_interview_id: string }).partner_interview_id, path });
            break;
          }
          if (res && res.status < 500) throw new Error(`send_test for ${email}: ${res.status} ${await res.text()}`);
          if (Date.now() > deadline) throw new Error(`send_test for ${email}: no success within 60 s`);
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }
    },

    /** Waits (up to `timeoutMs`) until every order's write-back settled; returns the summary line and any violations. */
    async verify(sql: postgres.Sql, timeoutMs = 60_000): Promise<{ line: string; violations: string[] }> {
      const violations: string[] = [];
      const deadline = Date.now() + timeoutMs;
      let rows: { order_id: string; status: string; attempts: number }[] = [];
      for (;;) {
        rows = await sql<{ order_id: string; status: string; attempts: number }[]>`select order_id, status, attempts from ats_writebacks where org_id = ${orgId}`;
        const settled = rows.filter((r) => r.status !== 'PENDING').length === orders.length && rows.length === orders.length;
        if (settled || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      if (orders.length === 0) violations.push('ats: no order was placed');
      for (const order of orders) {
        const row = rows.find((r) => r.order_id === order.orderId);
        const seen = patches.get(order.path);
        if (!row) violations.push(`ats: order ${order.orderId} has no write-back`);
        else if (row.status !== 'SUCCEEDED') violations.push(`ats: order ${order.orderId}'s write-back is ${row.status}`);
        if ((seen?.accepted ?? 0) !== 1) violations.push(`ats: order ${order.orderId} was written back and accepted ${seen?.accepted ?? 0} times (expected exactly 1)`);
        if (seen?.badAuth) violations.push(`ats: order ${order.orderId}: ${seen.badAuth} PATCHes without Greenhouse's Basic authentication`);
      }
      const refused = [...patches.values()].reduce((n, p) => n + p.refused, 0);
      return {
        line: `${orders.length} Greenhouse orders through send_test on alternating instances; ${rows.filter((r) => r.status === 'SUCCEEDED').length} write-backs SUCCEEDED, ${refused} first PATCHes refused with 500 and retried, each accepted exactly once`,
        violations,
      };
    },
  };
}
