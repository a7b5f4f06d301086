import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erasureRequests } from '@/db/schema';
import { newId } from '@/server/ids';
import { createTestOrg, makeCandidate, makeKey, request, type TestOrg } from '../support/factories';
import { recruiterCaller } from '../support/recruiter-caller';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * GET /api/v1/erasure-requests over real HTTP (issue 23, CONTRACT §12): the organization's erasure requests with
 * their 30-day clock, open ones first (closest deadline first), then completed ones (latest first); paginated like
 * every v1 list; filtered by status and candidate (also after the erasure); scope candidates:read; another
 * organization's requests never appear.
 */
let app: TestApp;
let org: TestOrg;
let other: TestOrg;

const DAY = 24 * 3600 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

beforeAll(async () => {
  app = await startTestApp({ LLM_BASE_URL: '', STT_BASE_URL: '', TTS_BASE_URL: '', REALTIME_BASE_URL: '' });
  org = await createTestOrg(app.db, app.url);
  other = await createTestOrg(app.db, app.url);
});
afterAll(async () => {
  await app?.close();
});

describe('GET /api/v1/erasure-requests', () => {
  it('lists open requests by deadline then completed ones, paginated and filtered; another organization sees none of them', async () => {
    const ada = await makeCandidate(app.db, org.orgId, { firstName: 'Ada' });
    const bo = await makeCandidate(app.db, org.orgId, { firstName: 'Bo' });
    // Through the API: Ada asked 20 days ago, Bo 5 days ago.
    const adaAskedAt = ago(20).toISOString();
    const adaRequest = await org.api(`/api/v1/candidates/${ada.id}/erasure-requests`, { body: { receivedAt: adaAskedAt } });
    const boRequest = await org.api(`/api/v1/candidates/${bo.id}/erasure-requests`, { body: { receivedAt: ago(5).toISOString() } });
    expect([adaRequest.status, boRequest.status]).toEqual([200, 200]);
    // Two completed (candidates erased since: their ids stay as anonymous keys), completed 3 and 1 days ago.
    const erasedEarlier = { id: newId('erasureRequest'), orgId: org.orgId, candidateId: newId('candidate'), receivedAt: ago(10), completedAt: ago(3) };
    const erasedLater = { id: newId('erasureRequest'), orgId: org.orgId, candidateId: newId('candidate'), receivedAt: ago(2), completedAt: ago(1) };
    await app.db.insert(erasureRequests).values([erasedEarlier, erasedLater]);
    // Another organization's open request, older than all of them.
    const stranger = await makeCandidate(app.db, other.orgId);
    expect((await other.api(`/api/v1/candidates/${stranger.id}/erasure-requests`, { body: { receivedAt: ago(25).toISOString() } })).status).toBe(200);

    const all = await org.api('/api/v1/erasure-requests');
    expect(all.status).toBe(200);
    expect(all.body.pagination).toEqual({ page: 1, pageSize: 20, total: 4, totalPages: 1 });
    expect(all.body.items.map((r: { id: string }) => r.id)).toEqual([adaRequest.body.id, boRequest.body.id, erasedLater.id, erasedEarlier.id]);
    expect(all.body.items[0]).toEqual({ id: adaRequest.body.id, candidateId: ada.id, receivedAt: adaAskedAt, completedAt: null, dueAt: new Date(Date.parse(adaAskedAt) + 30 * DAY).toISOString() });
    expect(all.body.items[2]).toMatchObject({ candidateId: erasedLater.candidateId, completedAt: erasedLater.completedAt.toISOString(), receivedAt: erasedLater.receivedAt.toISOString() });

    const page2 = await org.api('/api/v1/erasure-requests?page=2&pageSize=3');
    expect(page2.body.pagination).toEqual({ page: 2, pageSize: 3, total: 4, totalPages: 2 });
    expect(page2.body.items.map((r: { id: string }) => r.id)).toEqual([erasedEarlier.id]);

    const open = await org.api('/api/v1/erasure-requests?status=open');
    expect(open.body.items.map((r: { candidateId: string }) => r.candidateId)).toEqual([ada.id, bo.id]);
    const completed = await org.api('/api/v1/erasure-requests?status=completed');
    expect(completed.body.items.map((r: { id: string }) => r.id)).toEqual([erasedLater.id, erasedEarlier.id]);

    // By candidate, after the erasure too; another organization's candidate finds nothing (as a missing one).
    expect((await org.api(`/api/v1/erasure-requests?candidateId=${erasedEarlier.candidateId}`)).body.items.map((r: { id: string }) => r.id)).toEqual([erasedEarlier.id]);
    expect((await org.api(`/api/v1/erasure-requests?candidateId=${stranger.id}`)).body).toEqual({ items: [], pagination: { page: 1, pageSize: 20, total: 0, totalPages: 0 } });
    const theirs = await other.api('/api/v1/erasure-requests');
    expect(theirs.body.items.map((r: { candidateId: string }) => r.candidateId)).toEqual([stranger.id]);
  });

  it('refuses bad input with a clear error, a key without candidates:read, and no key', async () => {
    for (const [query, field] of [
      ['status=pending', 'status'],
      ['pageSize=500', 'pageSize'],
      ['page=0', 'page'],
      ['colour=red', ''],
    ] as const) {
      const res = await org.api(`/api/v1/erasure-requests?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code, query).toBe('VALIDATION_ERROR');
      if (field) expect(JSON.stringify(res.body.error), query).toContain(field);
    }
    const reportsOnly = await makeKey(app.db, org.orgId, ['reports:read']);
    expect((await request(app.url, '/api/v1/erasure-requests', { key: reportsOnly.key })).status).toBe(403);
    expect((await request(app.url, '/api/v1/erasure-requests')).status).toBe(401);
  });

  it('a signed-in member reads the same list through the dashboard procedure', async () => {
    const page = await recruiterCaller(app.db, org.orgId, 'viewer').candidates.erasureRequests({ status: 'open' });
    expect(page.pagination.total).toBe(2);
    expect((await recruiterCaller(app.db, other.orgId, 'viewer').candidates.erasureRequests({ status: 'open' })).pagination.total).toBe(1);
  });
});
