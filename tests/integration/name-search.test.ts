import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOrg, makeCandidate, makeHiringSetup, makeInterview, type TestOrg } from '../support/factories';
import { makeRecruiter, sessionCookieFor, trpcQuery } from '../support/recruiters';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let org: TestOrg;
let cookie: string;
let sofia: { id: string };
let interviewId: string;

beforeAll(async () => {
  app = await startTestApp();
  org = await createTestOrg(app.db, app.url);
  cookie = await sessionCookieFor(app.db, (await makeRecruiter(app.db, org.orgId)).email);
  const setup = await makeHiringSetup(app.db, org.orgId);
  sofia = await makeCandidate(app.db, org.orgId, { firstName: 'Sofia', lastName: 'Garcia', email: 's.g@example.com' });
  // Near misses: each has one of the words, none both.
  await makeCandidate(app.db, org.orgId, { firstName: 'Sofia', lastName: 'Martin', email: 'sofia.martin@example.com' });
  await makeCandidate(app.db, org.orgId, { firstName: 'Luis', lastName: 'Garcia', email: 'luis.garcia@example.com' });
  interviewId = (await makeInterview(app.db, org.orgId, { candidateId: sofia.id, jobId: setup.job.id })).id;
});
afterAll(() => app?.close());

const SEARCHES = ['garcia sofia', 'Sofia Garcia', '  GARCIA   sof ', 'gar sofia'];

describe('Name search in any word order', () => {
  it('REST v1 GET /candidates?search finds the candidate whatever the order of the words, and only her', async () => {
    for (const search of SEARCHES) {
      const res = await org.api(`/api/v1/candidates?search=${encodeURIComponent(search)}`);
      expect(res.status).toBe(200);
      expect(res.body.items.map((c: { id: string }) => c.id), search).toEqual([sofia.id]);
    }
    expect((await org.api('/api/v1/candidates?search=garcia')).body.items.length).toBe(2);
  });

  it("the dashboard's header search and interviews filter do too", async () => {
    for (const search of SEARCHES) {
      const global = (await trpcQuery(app.url, 'search.global', { query: search }, cookie)).body.result.data;
      expect(global.candidates.map((c: { id: string }) => c.id), search).toEqual([sofia.id]);
      expect(global.interviews.map((i: { id: string }) => i.id), search).toEqual([interviewId]);
      const rows = (await trpcQuery(app.url, 'dashboard.interviews', { page: 1, pageSize: 20, search }, cookie)).body.result.data;
      expect(rows.items.map((i: { id: string }) => i.id), search).toEqual([interviewId]);
    }
  });
});
