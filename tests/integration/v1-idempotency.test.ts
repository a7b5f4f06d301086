import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidates, idempotencyRequests, interviews } from '@/db/schema';
import { SCOPES } from '@/server/auth/scopes';
import { createTestOrg, makeCandidate, makeJob, makeKey, request, type TestOrg } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectCleanResponse, expectError, withoutRequestId } from '../support/v1';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const countInterviews = async (orgId: string) =>
  (await app.db.select({ n: sql<number>`count(*)::int` }).from(interviews).where(eq(interviews.orgId, orgId)))[0].n;
const countCandidates = async (orgId: string) =>
  (await app.db.select({ n: sql<number>`count(*)::int` }).from(candidates).where(eq(candidates.orgId, orgId)))[0].n;

async function post(org: TestOrg, path: string, body: unknown, idempotencyKey?: string, key?: string) {
  const res = await org.api(path, { method: 'POST', body, key, headers: idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey } });
  expectCleanResponse(res);
  return res;
}

async function interviewSetup() {
  const org = await createTestOrg(app.db, app.url);
  const candidate = await makeCandidate(app.db, org.orgId);
  const job = await makeJob(app.db, org.orgId);
  return { org, body: { candidateId: candidate.id, jobId: job.id } };
}

describe('Idempotency-Key on POST /api/v1/interviews', () => {
  it('the same key and body replay the first status and body; one interview exists', async () => {
    const { org, body } = await interviewSetup();
    const first = await post(org, '/api/v1/interviews', body, 'create-itv-1');
    expect(first.status, first.text).toBe(201);
    const second = await post(org, '/api/v1/interviews', body, 'create-itv-1');
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    // Key order does not make a different request.
    const reordered = await post(org, '/api/v1/interviews', { jobId: body.jobId, candidateId: body.candidateId }, 'create-itv-1');
    expect(reordered.status).toBe(201);
    expect(reordered.body).toEqual(first.body);
    expect(await countInterviews(org.orgId)).toBe(1);
    // Without a key, or with another key, it is a new request.
    expect((await post(org, '/api/v1/interviews', body)).status).toBe(201);
    expect((await post(org, '/api/v1/interviews', body, 'create-itv-2')).status).toBe(201);
    expect(await countInterviews(org.orgId)).toBe(3);
  });

  it('the same key with another body, or on another route, is 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const { org, body } = await interviewSetup();
    expect((await post(org, '/api/v1/interviews', body, 'k-422')).status).toBe(201);
    const otherBody = await post(org, '/api/v1/interviews', { ...body, sendInvite: false }, 'k-422');
    expectError(otherBody, 422, 'IDEMPOTENCY_KEY_REUSED');
    const otherRoute = await post(org, '/api/v1/candidates', { email: 'k422@example.com' }, 'k-422');
    expectError(otherRoute, 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(await countInterviews(org.orgId)).toBe(1);
    expect(await countCandidates(org.orgId)).toBe(1); // only the factory's
  });

  it('concurrent identical requests create exactly one interview; the others replay it or get 409', async () => {
    const { org, body } = await interviewSetup();
    const results = await Promise.all(Array.from({ length: 8 }, () => post(org, '/api/v1/interviews', body, 'concurrent-itv')));
    const created = results.filter((r) => r.status === 201);
    const inFlight = results.filter((r) => r.status === 409);
    expect(created.length + inFlight.length, results.map((r) => r.status).join(',')).toBe(8);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of created) expect(r.body).toEqual(created[0].body);
    for (const r of inFlight) expectError(r, 409, 'CONFLICT');
    expect(await countInterviews(org.orgId)).toBe(1);
    const after = await post(org, '/api/v1/interviews', body, 'concurrent-itv');
    expect(after.status).toBe(201);
    expect(after.body).toEqual(created[0].body);
  });

  it('a validation failure is replayed as the same 400, and a corrected body needs a new key', async () => {
    const { org, body } = await interviewSetup();
    const bad = { ...body, expiresAt: '2001-01-01T00:00:00Z' };
    const first = await post(org, '/api/v1/interviews', bad, 'bad-once');
    expectError(first, 400, 'VALIDATION_ERROR');
    const again = await post(org, '/api/v1/interviews', bad, 'bad-once');
    expectError(again, 400, 'VALIDATION_ERROR');
    expect(withoutRequestId(again.body)).toEqual(withoutRequestId(first.body));
    expect(again.body.error.requestId).toBe(again.headers.get('x-request-id'));
    expectError(await post(org, '/api/v1/interviews', body, 'bad-once'), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect((await post(org, '/api/v1/interviews', body, 'good-now')).status).toBe(201);
    expect(await countInterviews(org.orgId)).toBe(1);
  });

  it('Idempotency-Key of 255 characters is fine; 256 or empty is 400 and does nothing', async () => {
    const { org, body } = await interviewSetup();
    expect((await post(org, '/api/v1/interviews', body, 'k'.repeat(255))).status).toBe(201);
    const tooLong = await post(org, '/api/v1/interviews', body, 'k'.repeat(256));
    expectError(tooLong, 400, 'VALIDATION_ERROR');
    expect(tooLong.body.error.issues).toEqual([{ path: 'Idempotency-Key', message: expect.any(String) }]);
    expect(await countInterviews(org.orgId)).toBe(1);
  });

  it('keys belong to one API key: another key of the same organization starts afresh', async () => {
    const { org, body } = await interviewSetup();
    const second = await makeKey(app.db, org.orgId, [...SCOPES]);
    const a = await post(org, '/api/v1/interviews', body, 'shared-name');
    const b = await post(org, '/api/v1/interviews', body, 'shared-name', second.key);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.id).not.toBe(a.body.id);
    expect(await countInterviews(org.orgId)).toBe(2);
  });

  it('a first request still in flight gives 409; one abandoned for over a minute, or a record over 24 h old, gives way', async () => {
    const { org, body } = await interviewSetup();
    expect((await post(org, '/api/v1/interviews', body, 'life')).status).toBe(201);
    const where = and(eq(idempotencyRequests.apiKeyId, org.apiKeyId), eq(idempotencyRequests.key, 'life'));
    // As if the first request were still running.
    await app.db.update(idempotencyRequests).set({ responseStatus: null, responseBody: null }).where(where);
    expectError(await post(org, '/api/v1/interviews', body, 'life'), 409, 'CONFLICT');
    // As if it had died two minutes ago.
    await app.db.update(idempotencyRequests).set({ createdAt: new Date(Date.now() - 120_000) }).where(where);
    const retried = await post(org, '/api/v1/interviews', body, 'life');
    expect(retried.status).toBe(201);
    expect(await countInterviews(org.orgId)).toBe(2);
    // A completed record ages out after 24 hours.
    await app.db.update(idempotencyRequests).set({ createdAt: new Date(Date.now() - 25 * 3600_000) }).where(where);
    const later = await post(org, '/api/v1/interviews', body, 'life');
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(retried.body.id);
    expect(await countInterviews(org.orgId)).toBe(3);
  });
});

describe('Idempotency-Key on POST /api/v1/candidates', () => {
  it('the same key and body replay the first 201; one candidate exists', async () => {
    const org = await createTestOrg(app.db, app.url);
    const body = { email: 'Idem@Example.com', tags: ['a'] };
    const first = await post(org, '/api/v1/candidates', body, 'cand-1');
    expect(first.status, first.text).toBe(201);
    const second = await post(org, '/api/v1/candidates', body, 'cand-1');
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await countCandidates(org.orgId)).toBe(1);
    expectError(await post(org, '/api/v1/candidates', { ...body, tags: ['b'] }, 'cand-1'), 422, 'IDEMPOTENCY_KEY_REUSED');
    // A different key with the same email is a new request, and the email is taken.
    const dup = await post(org, '/api/v1/candidates', body, 'cand-2');
    expectError(dup, 409, 'CONFLICT');
    expect(dup.body.error.existingId).toBe(first.body.id);
  });

  it('concurrent identical requests create exactly one candidate', async () => {
    const org = await createTestOrg(app.db, app.url);
    const body = { email: 'race@example.com' };
    const results = await Promise.all(Array.from({ length: 8 }, () => post(org, '/api/v1/candidates', body, 'race')));
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409), statuses.join(',')).toBe(true);
    const created = results.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of created) expect(r.body).toEqual(created[0].body);
    expect(await countCandidates(org.orgId)).toBe(1);
  });

  it('without a key, the unique email still decides a race: one 201, the rest 409 with existingId', async () => {
    const org = await createTestOrg(app.db, app.url);
    const results = await Promise.all(Array.from({ length: 6 }, () => post(org, '/api/v1/candidates', { email: 'norace@example.com' })));
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) {
      expectError(r, 409, 'CONFLICT');
      expect(r.body.error.existingId).toBe(created[0].body.id);
    }
    expect(await countCandidates(org.orgId)).toBe(1);
  });

  it('a validation failure and a conflict are replayed as they were', async () => {
    const org = await createTestOrg(app.db, app.url);
    const invalid = await post(org, '/api/v1/candidates', { email: 'nope' }, 'v-400');
    expectError(invalid, 400, 'VALIDATION_ERROR');
    const replay = await post(org, '/api/v1/candidates', { email: 'nope' }, 'v-400');
    expect(replay.status).toBe(400);
    expect(withoutRequestId(replay.body)).toEqual(withoutRequestId(invalid.body));
    const existing = await makeCandidate(app.db, org.orgId, { email: 'taken@example.com' });
    const conflict = await post(org, '/api/v1/candidates', { email: 'taken@example.com' }, 'v-409');
    expectError(conflict, 409, 'CONFLICT');
    const conflictAgain = await post(org, '/api/v1/candidates', { email: 'taken@example.com' }, 'v-409');
    expect(withoutRequestId(conflictAgain.body)).toEqual(withoutRequestId(conflict.body));
    expect(conflictAgain.body.error.existingId).toBe(existing.id);
  });

  it('Idempotency-Key is ignored on reads', async () => {
    const org = await createTestOrg(app.db, app.url);
    const res = await request(app.url, '/api/v1/candidates', { key: org.apiKey, headers: { 'idempotency-key': 'x'.repeat(300) } });
    expect(res.status).toBe(200);
  });
});
