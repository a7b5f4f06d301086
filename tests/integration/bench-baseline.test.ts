import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { reports, turns } from '@/db/schema';
import { newId } from '@/server/ids';
import { startBareServer, type ServerProcess } from '../../bench/lib/server';
import { createTestOrg, makeCandidate, makeHiringSetup, makeInterview, request, type TestOrg } from '../support/factories';
import { startTestApp, TEST_AGENT_SECRET, type TestApp } from '../support/test-app';

/**
 * `npm run bench` measures the product against bench/baseline/bare-server.ts, which must issue the product's SQL
 * and answer the product's JSON for the list, the retrieve and the turn. When the product's reads grow (a column, a
 * subquery such as the current decision), a baseline left behind does less work and every ratio is measured
 * against the wrong floor: this test fails first. The baseline speaks postgres.js, so it runs on PostgreSQL only.
 */
const databaseUrl = inject('databaseUrl');

describe.skipIf(!databaseUrl)('the bench baseline answers what the product answers', () => {
  let app: TestApp;
  let bare: ServerProcess;
  let org: TestOrg;
  let decided: string;
  let invited: string;
  let erased: string;

  beforeAll(async () => {
    app = await startTestApp();
    bare = await startBareServer({ databaseUrl: app.database.databaseUrl!, agentSecret: TEST_AGENT_SECRET });
    org = await createTestOrg(app.db, app.url);
    const setup = await makeHiringSetup(app.db, org.orgId);
    const candidate = await makeCandidate(app.db, org.orgId);
    const hours = (n: number) => new Date(Date.now() - n * 3600_000);
    const base = { candidateId: candidate.id, jobId: setup.job.id, campaignId: setup.campaign.id, stageId: setup.stage.id, configId: setup.config.id };

    // Completed, with a transcript, a READY report and a decision taken through the API.
    const completed = await makeInterview(app.db, org.orgId, { ...base, status: 'COMPLETED', startedAt: hours(3), completedAt: hours(2), endedAt: hours(2), consentedAt: hours(3), createdAt: hours(4) });
    decided = completed.id;
    await app.db.insert(turns).values([
      { orgId: org.orgId, interviewId: decided, turnNumber: 1, role: 'agent' as const, content: 'Tell me about a hard bug.' },
      { orgId: org.orgId, interviewId: decided, turnNumber: 2, role: 'candidate' as const, content: 'A race in a queue, "quoted", with a comma.' },
    ]);
    await app.db.insert(reports).values({
      id: newId('report'), orgId: org.orgId, type: 'interview', interviewId: decided, status: 'READY', overallScore: 71, recommendation: 'YES',
      summary: 'Clear answers.', criteria: [{ key: 'communication', label: 'Communication', score: 7, weight: 1, evidenceTurns: [2] }], flags: [], generator: 'rules',
    });
    const decision = await org.api(`/api/v1/interviews/${decided}/decision`, { method: 'POST', body: { status: 'ADVANCE', reason: 'Strong answers' } });
    expect(decision.status, decision.text).toBe(200);

    invited = (await makeInterview(app.db, org.orgId, { ...base, createdAt: hours(1) })).id;
    // An interview whose candidate was erased: the left join keeps it, anonymous, with `candidate: null`.
    const gone = await makeCandidate(app.db, org.orgId);
    erased = (await makeInterview(app.db, org.orgId, { ...base, candidateId: gone.id, status: 'CANCELLED', cancelledAt: hours(5), createdAt: hours(6) })).id;
    const erasure = await org.api(`/api/v1/candidates/${gone.id}`, { method: 'DELETE' });
    expect(erasure.status, erasure.text).toBe(204);
  });
  afterAll(async () => {
    await bare?.stop();
    await app?.close();
  });

  const both = async (path: string, init: Parameters<typeof request>[2] = {}) => {
    const [product, baseline] = await Promise.all([org.api(path, init), request(bare.url, path, { ...init, key: init.key === undefined ? org.apiKey : init.key })]);
    expect(product.status, product.text).toBe(baseline.status);
    return { product: product.body, baseline: baseline.body };
  };

  it('the list: items in the same order, every field alike, the same pagination', async () => {
    const { product, baseline } = await both('/api/v1/interviews');
    expect(product.items.map((i: { id: string }) => i.id)).toEqual([invited, decided, erased]);
    expect(product.items[1].decision).toMatchObject({ status: 'ADVANCE', reason: 'Strong answers' });
    expect(baseline).toEqual(product);
  });

  it('the retrieve: candidate, transcript, evaluation and decision alike; a candidate that is gone reads null', async () => {
    for (const id of [decided, invited, erased]) {
      const { product, baseline } = await both(`/api/v1/interviews/${id}`);
      expect(baseline).toEqual(product);
    }
    const { product } = await both(`/api/v1/interviews/${erased}`);
    expect(product.candidate).toBeNull();
    expect((await both(`/api/v1/interviews/${decided}`)).product.transcript).toHaveLength(2);
  });

  it('the turn: the same body for the same turn on two twin interviews (timestamps aside)', async () => {
    const setup = await makeHiringSetup(app.db, org.orgId);
    const candidate = await makeCandidate(app.db, org.orgId);
    const twin = () => makeInterview(app.db, org.orgId, { candidateId: candidate.id, jobId: setup.job.id, status: 'IN_PROGRESS', startedAt: new Date() });
    const [a, b] = [await twin(), await twin()];
    const turn = {
      turnNumber: 1, role: 'candidate', content: 'I would start with the logs.', isPendingQuestion: false, evaluation: { score: 3 },
      startedAt: '2026-03-02T10:00:05.250Z', endedAt: '2026-03-02T10:00:41.000Z', offsetMs: 5250, durationMs: 35750,
    };
    const headers = { 'x-agent-secret': TEST_AGENT_SECRET };
    const product = await request(app.url, `/api/interviews/${a.id}/turns`, { method: 'POST', body: turn, headers });
    const baseline = await request(bare.url, `/api/interviews/${b.id}/turns`, { method: 'POST', body: turn, headers });
    expect(product.status, product.text).toBe(201);
    expect(baseline.status, baseline.text).toBe(201);
    const withoutTimes = ({ createdAt, updatedAt, ...rest }: Record<string, unknown>) => (expect(createdAt).toBe(updatedAt), rest);
    expect(withoutTimes(baseline.body)).toEqual(withoutTimes(product.body));
  });
});
