import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidates, idempotencyRequests, interviews } from '@/db/schema';
import { createTestOrg, makeCandidate, makeJob, type TestOrg } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The idempotency record completes in the same transaction as the create it guards. A failure injected after the
 * create's statements and before the commit (a deferred trigger that fails the COMMIT when the record is
 * completed for a marked key) must leave neither the resource nor a completed record; the retry with the same
 * key creates exactly one. Before, the create committed on its own and the record completed afterwards: the same
 * failure left a created resource and a released key, and the retry created a second one.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await app.db.execute(sql`
    create function test_fail_commit() returns trigger language plpgsql as $$
    begin
      if new.key like 'inject-commit-failure%' and new.response_status is not null then
        raise exception 'injected failure at commit';
      end if;
      return new;
    end $$`);
  await app.db.execute(sql`
    create constraint trigger test_fail_commit after update on idempotency_requests
    deferrable initially deferred for each row execute function test_fail_commit()`);
});
afterAll(() => app?.close());

async function disarm(): Promise<void> {
  await app.db.execute(sql`alter table idempotency_requests disable trigger test_fail_commit`);
}
async function arm(): Promise<void> {
  await app.db.execute(sql`alter table idempotency_requests enable trigger test_fail_commit`);
}

async function record(org: TestOrg, key: string) {
  const [row] = await app.db
    .select()
    .from(idempotencyRequests)
    .where(and(eq(idempotencyRequests.apiKeyId, org.apiKeyId), eq(idempotencyRequests.key, key)));
  return row;
}

describe('Idempotency-Key: the record commits with the create', () => {
  it('POST /api/v1/interviews: a failed commit leaves no interview and no completed key; the retry creates one', async () => {
    await arm();
    const org = await createTestOrg(app.db, app.url);
    const candidate = await makeCandidate(app.db, org.orgId);
    const job = await makeJob(app.db, org.orgId);
    const body = { candidateId: candidate.id, jobId: job.id };
    const key = 'inject-commit-failure-itv';

    const failed = await org.api('/api/v1/interviews', { method: 'POST', body, headers: { 'idempotency-key': key } });
    expect(failed.status, failed.text).toBe(500);
    expect(await app.db.$count(interviews, eq(interviews.orgId, org.orgId))).toBe(0);
    expect((await record(org, key))?.responseStatus ?? null).toBeNull();

    await disarm();
    const retried = await org.api('/api/v1/interviews', { method: 'POST', body, headers: { 'idempotency-key': key } });
    expect(retried.status, retried.text).toBe(201);
    const replayed = await org.api('/api/v1/interviews', { method: 'POST', body, headers: { 'idempotency-key': key } });
    expect(replayed.status).toBe(201);
    expect(replayed.body.id).toBe(retried.body.id);
    expect(await app.db.$count(interviews, eq(interviews.orgId, org.orgId))).toBe(1);
    expect((await record(org, key))?.responseStatus).toBe(201);
  });

  it('POST /api/v1/candidates: the same, and a refusal (409 duplicate email) is still recorded and replayed', async () => {
    await arm();
    const org = await createTestOrg(app.db, app.url);
    const body = { email: 'commit-failure@example.com', firstName: 'Ada' };
    const key = 'inject-commit-failure-cnd';

    const failed = await org.api('/api/v1/candidates', { method: 'POST', body, headers: { 'idempotency-key': key } });
    expect(failed.status, failed.text).toBe(500);
    expect(await app.db.$count(candidates, eq(candidates.orgId, org.orgId))).toBe(0);
    expect((await record(org, key))?.responseStatus ?? null).toBeNull();

    await disarm();
    const retried = await org.api('/api/v1/candidates', { method: 'POST', body, headers: { 'idempotency-key': key } });
    expect(retried.status, retried.text).toBe(201);
    expect(await app.db.$count(candidates, eq(candidates.orgId, org.orgId))).toBe(1);

    // A duplicate under a new key: the unique violation inside the savepoint does not spoil the record's commit.
    const duplicate = await org.api('/api/v1/candidates', { method: 'POST', body, headers: { 'idempotency-key': 'dup-1' } });
    expect(duplicate.status, duplicate.text).toBe(409);
    expect(duplicate.body.error.existingId ?? duplicate.body.error.details?.existingId ?? retried.body.id).toBe(retried.body.id);
    expect((await record(org, 'dup-1'))?.responseStatus).toBe(409);
    const again = await org.api('/api/v1/candidates', { method: 'POST', body, headers: { 'idempotency-key': 'dup-1' } });
    expect(again.status).toBe(409);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });
});
