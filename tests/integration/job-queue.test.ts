import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviews } from '@/db/schema';
import { enqueueJob, QUEUES } from '@/server/jobs/queue';
import { createTestOrg, makeCandidate, makeInterview, makeJob } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

async function waitFor<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('job queue', () => {
  it('a job enqueued in a rolled-back transaction never exists; a committed one runs', async () => {
    const org = await createTestOrg(app.db, app.url);
    const candidate = await makeCandidate(app.db, org.orgId);
    const job = await makeJob(app.db, org.orgId);
    const interview = await makeInterview(app.db, org.orgId, { candidateId: candidate.id, jobId: job.id, expiresAt: new Date(Date.now() - 1000) });
    const rolledBack = await app.db
      .transaction(async (tx) => {
        await enqueueJob(tx, QUEUES.expirySweep, { marker: 'rolled-back' });
        throw new Error('roll back');
      })
      .catch((e: Error) => e.message);
    expect(rolledBack).toBe('roll back');
    const { rows } = await app.database.executeSql(`select count(*)::int as n from pgboss.job where data->>'marker' = 'rolled-back'`, []);
    expect(rows[0].n).toBe(0);

    await app.db.transaction((tx) => enqueueJob(tx, QUEUES.expirySweep, { marker: 'committed' }));
    const stored = await waitFor(async () => {
      const [row] = await app.db.select().from(interviews).where(eq(interviews.id, interview.id));
      return row.status === 'EXPIRED' && row;
    });
    expect(stored.status).toBe('EXPIRED');
  });
});
