import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviews, reports, turns } from '@/db/schema';
import { newId } from '@/server/ids';
import {
  createTestOrg,
  makeCampaign,
  makeCandidate,
  makeConfig,
  makeHiringSetup,
  makeInterview,
  makeJob,
  makeStage,
  type TestOrg,
} from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectCleanResponse, expectError, expectValidationIssue, withoutRequestId } from '../support/v1';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const DAY_MS = 24 * 3600 * 1000;
const LIST_ITEM_KEYS = [
  'id', 'candidateId', 'jobId', 'campaignId', 'stageId', 'configId', 'status', 'expiresAt', 'invitedAt', 'startedAt',
  'completedAt', 'cancelledAt', 'endedAt', 'audioUrl', 'reportId', 'overallScore', 'decision', 'consentedAt', 'answerMode', 'isDemo', 'createdAt', 'updatedAt',
].sort();

const newOrg = () => createTestOrg(app.db, app.url);

async function create(org: TestOrg, body: unknown) {
  const res = await org.api('/api/v1/interviews', { method: 'POST', body });
  expectCleanResponse(res);
  return res;
}

async function list(org: TestOrg, query = '') {
  const res = await org.api(`/api/v1/interviews${query}`);
  expectCleanResponse(res);
  expect(res.status, res.text).toBe(200);
  return res;
}

async function retrieve(org: TestOrg, id: string) {
  const res = await org.api(`/api/v1/interviews/${id}`);
  expectCleanResponse(res);
  return res;
}

async function interviewCount(orgId: string): Promise<number> {
  const [{ n }] = await app.db.select({ n: sql<number>`count(*)::int` }).from(interviews).where(eq(interviews.orgId, orgId));
  return n;
}

const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((i) => i.id);

describe('POST /api/v1/interviews', () => {
  it('201 with only candidateId and jobId: INVITED, invitedAt now, expiresAt in 7 days', async () => {
    const org = await newOrg();
    const candidate = await makeCandidate(app.db, org.orgId);
    const job = await makeJob(app.db, org.orgId);
    const before = Date.now();
    const res = await create(org, { candidateId: candidate.id, jobId: job.id });
    const after = Date.now();
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(LIST_ITEM_KEYS);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^itv_[0-9A-Za-z]{22}$/),
      candidateId: candidate.id,
      jobId: job.id,
      campaignId: null,
      stageId: null,
      configId: null,
      status: 'INVITED',
      startedAt: null,
      completedAt: null,
      cancelledAt: null,
      endedAt: null,
      audioUrl: null,
      reportId: null,
      overallScore: null,
      decision: null,
      consentedAt: null,
    });
    const invitedAt = Date.parse(res.body.invitedAt);
    expect(invitedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(invitedAt).toBeLessThanOrEqual(after + 1000);
    const expiresAt = Date.parse(res.body.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 7 * DAY_MS - 1000);
    expect(expiresAt).toBeLessThanOrEqual(after + 7 * DAY_MS + 1000);
    const [row] = await app.db.select().from(interviews).where(eq(interviews.id, res.body.id));
    expect(row).toMatchObject({ orgId: org.orgId, status: 'INVITED' });
  });

  it('sendInvite false creates a DRAFT with no invitedAt', async () => {
    const org = await newOrg();
    const candidate = await makeCandidate(app.db, org.orgId);
    const job = await makeJob(app.db, org.orgId);
    const res = await create(org, { candidateId: candidate.id, jobId: job.id, sendInvite: false });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ status: 'DRAFT', invitedAt: null });
  });

  it('with campaign, stage, config and an explicit expiresAt', async () => {
    const org = await newOrg();
    const candidate = await makeCandidate(app.db, org.orgId);
    const { job, campaign, stage, config } = await makeHiringSetup(app.db, org.orgId);
    const expiresAt = new Date(Date.now() + 3 * DAY_MS).toISOString();
    const res = await create(org, { candidateId: candidate.id, jobId: job.id, campaignId: campaign.id, stageId: stage.id, configId: config.id, expiresAt });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ campaignId: campaign.id, stageId: stage.id, configId: config.id, expiresAt, status: 'INVITED' });
    // Ten days ahead, written with a +02:00 offset (at most 90 days ahead are accepted).
    const at = new Date(Math.floor((Date.now() + 10 * DAY_MS) / 1000) * 1000);
    const withOffsetText = `${new Date(at.getTime() + 2 * 3600_000).toISOString().slice(0, 19)}+02:00`;
    const withOffset = await create(org, { candidateId: candidate.id, jobId: job.id, expiresAt: withOffsetText });
    expect(withOffset.status, withOffset.text).toBe(201);
    expect(withOffset.body.expiresAt).toBe(at.toISOString());
  });

  it('400 naming the field for every bad reference; nothing is created', async () => {
    const org = await newOrg();
    const other = await newOrg();
    const candidate = await makeCandidate(app.db, org.orgId);
    const { job, campaign, stage, config } = await makeHiringSetup(app.db, org.orgId);
    const foreign = { candidate: await makeCandidate(app.db, other.orgId), ...(await makeHiringSetup(app.db, other.orgId)) };
    const otherJob = await makeJob(app.db, org.orgId, 'Other job');
    const otherJobCampaign = await makeCampaign(app.db, org.orgId, otherJob.id);
    const sibling = await makeCampaign(app.db, org.orgId, job.id, 'Sibling');
    const siblingStage = await makeStage(app.db, org.orgId, sibling.id);
    const base = { candidateId: candidate.id, jobId: job.id };
    const cases: [string, Record<string, unknown>, string][] = [
      ['unknown candidate', { ...base, candidateId: 'cnd_doesnotexist000000000' }, 'candidateId'],
      ['malformed candidate', { ...base, candidateId: 'bob' }, 'candidateId'],
      ['candidate of another org', { ...base, candidateId: foreign.candidate.id }, 'candidateId'],
      ['a job id as candidate', { ...base, candidateId: job.id }, 'candidateId'],
      ['unknown job', { ...base, jobId: 'job_doesnotexist000000000' }, 'jobId'],
      ['job of another org', { ...base, jobId: foreign.job.id }, 'jobId'],
      ['unknown campaign', { ...base, campaignId: 'cmp_doesnotexist000000000' }, 'campaignId'],
      ['campaign of another org', { ...base, campaignId: foreign.campaign.id }, 'campaignId'],
      ['campaign of another job', { ...base, campaignId: otherJobCampaign.id }, 'campaignId'],
      ['unknown stage', { ...base, campaignId: campaign.id, stageId: 'stg_doesnotexist000000000' }, 'stageId'],
      ['stage of another org', { ...base, campaignId: campaign.id, stageId: foreign.stage.id }, 'stageId'],
      ['stage not in the campaign', { ...base, campaignId: campaign.id, stageId: siblingStage.id }, 'stageId'],
      ['stage without campaign', { ...base, stageId: stage.id }, 'stageId'],
      ['unknown config', { ...base, configId: 'cfg_doesnotexist000000000' }, 'configId'],
      ['config of another org', { ...base, configId: foreign.config.id }, 'configId'],
      ['expiresAt in the past', { ...base, expiresAt: new Date(Date.now() - 60_000).toISOString() }, 'expiresAt'],
      ['expiresAt now-ish', { ...base, expiresAt: new Date().toISOString() }, 'expiresAt'],
      ['expiresAt not ISO', { ...base, expiresAt: 'next tuesday' }, 'expiresAt'],
      ['expiresAt without time', { ...base, expiresAt: '2099-01-01' }, 'expiresAt'],
      ['expiresAt impossible date', { ...base, expiresAt: '2099-02-30T10:00:00Z' }, 'expiresAt'],
      ['expiresAt a number', { ...base, expiresAt: Date.now() + DAY_MS }, 'expiresAt'],
      ['unknown field', { ...base, candidateEmail: 'a@example.com' }, 'candidateEmail'],
      ['missing candidateId', { jobId: job.id }, 'candidateId'],
      ['missing jobId', { candidateId: candidate.id }, 'jobId'],
      ['candidateId a number', { ...base, candidateId: 12 }, 'candidateId'],
      ['sendInvite a string', { ...base, sendInvite: 'false' }, 'sendInvite'],
      ['sendInvite a number', { ...base, sendInvite: 0 }, 'sendInvite'],
      ['configId null', { ...base, configId: null }, 'configId'],
      ['a NUL character', { ...base, campaignId: 'cmp_\u0000' }, 'campaignId'],
    ];
    for (const [name, body, field] of cases) {
      const res = await create(org, body);
      try {
        expectValidationIssue(res, field);
      } catch (error) {
        throw new Error(`${name}: ${(error as Error).message}`);
      }
    }
    expect(await interviewCount(org.orgId)).toBe(0);
    // The same references, in the right organization and combination, are fine.
    const ok = await create(org, { ...base, campaignId: campaign.id, stageId: stage.id, configId: config.id });
    expect(ok.status, ok.text).toBe(201);
  });

  it('400 for malformed JSON, 415 for another content type', async () => {
    const org = await newOrg();
    const malformed = await org.api('/api/v1/interviews', { method: 'POST', rawBody: '{candidateId:', headers: { 'content-type': 'application/json' } });
    expectError(malformed, 400, 'VALIDATION_ERROR');
    const form = await org.api('/api/v1/interviews', { method: 'POST', rawBody: 'candidateId=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expectError(form, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('GET /api/v1/interviews', () => {
  async function seed(org: TestOrg) {
    const candidate = await makeCandidate(app.db, org.orgId);
    const { job, campaign } = await makeHiringSetup(app.db, org.orgId);
    const otherJob = await makeJob(app.db, org.orgId, 'Other');
    const base = Date.UTC(2025, 2, 1);
    const at = (i: number) => new Date(base + i * 60_000);
    const future = new Date(Date.now() + DAY_MS);
    const past = new Date(Date.now() - DAY_MS);
    const mk = (i: number, fields: Partial<typeof interviews.$inferInsert>) =>
      makeInterview(app.db, org.orgId, { candidateId: candidate.id, jobId: job.id, createdAt: at(i), expiresAt: future, ...fields });
    const rows = {
      draft: await mk(0, { status: 'DRAFT', invitedAt: null }),
      invited: await mk(1, { status: 'INVITED', campaignId: campaign.id }),
      invitedExpired: await mk(2, { status: 'INVITED', expiresAt: past }),
      inProgress: await mk(3, { status: 'IN_PROGRESS', startedAt: at(3), expiresAt: past }),
      completed: await mk(4, { status: 'COMPLETED', campaignId: campaign.id, completedAt: at(4), endedAt: at(4) }),
      cancelled: await mk(5, { status: 'CANCELLED', jobId: otherJob.id, cancelledAt: at(5) }),
      expired: await mk(6, { status: 'EXPIRED', expiresAt: past }),
    };
    return { rows, job, campaign, otherJob };
  }

  it('defaults to page 1 of 20, newest first, with list-item fields', async () => {
    const org = await newOrg();
    const { rows } = await seed(org);
    const res = await list(org);
    expect(res.body.pagination).toEqual({ page: 1, pageSize: 20, total: 7, totalPages: 1 });
    expect(ids(res)).toEqual(Object.values(rows).map((r) => r.id).reverse());
    for (const item of res.body.items) expect(Object.keys(item).sort()).toEqual(LIST_ITEM_KEYS);
  });

  it('status filter, with EXPIRED including an INVITED interview past expiresAt before any sweep', async () => {
    const org = await newOrg();
    const { rows } = await seed(org);
    const byStatus = async (status: string) => ids(await list(org, `?status=${status}`)).sort();
    expect(await byStatus('DRAFT')).toEqual([rows.draft.id]);
    expect(await byStatus('INVITED')).toEqual([rows.invited.id]);
    expect(await byStatus('EXPIRED')).toEqual([rows.invitedExpired.id, rows.expired.id].sort());
    expect(await byStatus('IN_PROGRESS')).toEqual([rows.inProgress.id]);
    expect(await byStatus('COMPLETED')).toEqual([rows.completed.id]);
    expect(await byStatus('CANCELLED')).toEqual([rows.cancelled.id]);
    const expiredPage = await list(org, '?status=EXPIRED');
    expect(expiredPage.body.pagination.total).toBe(2);
    expect(expiredPage.body.items.every((i: { status: string }) => i.status === 'EXPIRED')).toBe(true);
    // The stored row still says INVITED: readers see EXPIRED without waiting for the sweep.
    const [stored] = await app.db.select({ status: interviews.status }).from(interviews).where(eq(interviews.id, rows.invitedExpired.id));
    expect(stored.status).toBe('INVITED');
    const all = await list(org);
    expect(all.body.items.find((i: { id: string }) => i.id === rows.invitedExpired.id).status).toBe('EXPIRED');
    // IN_PROGRESS past expiresAt is not expired: the candidate already joined.
    expect(all.body.items.find((i: { id: string }) => i.id === rows.inProgress.id).status).toBe('IN_PROGRESS');
    const one = await retrieve(org, rows.invitedExpired.id);
    expect(one.body.status).toBe('EXPIRED');
  });

  it('jobId and campaignId filters, alone and combined with status', async () => {
    const org = await newOrg();
    const { rows, job, campaign, otherJob } = await seed(org);
    expect(ids(await list(org, `?jobId=${otherJob.id}`))).toEqual([rows.cancelled.id]);
    expect((await list(org, `?jobId=${job.id}`)).body.pagination.total).toBe(6);
    expect(ids(await list(org, `?campaignId=${campaign.id}`))).toEqual([rows.completed.id, rows.invited.id]);
    expect(ids(await list(org, `?campaignId=${campaign.id}&status=COMPLETED`))).toEqual([rows.completed.id]);
    expect(ids(await list(org, `?jobId=${job.id}&status=EXPIRED`)).sort()).toEqual([rows.invitedExpired.id, rows.expired.id].sort());
    expect((await list(org, '?jobId=job_doesnotexist000000000')).body).toEqual({ items: [], pagination: { page: 1, pageSize: 20, total: 0, totalPages: 0 } });
    const other = await newOrg();
    expect((await list(other, `?jobId=${job.id}`)).body.items).toEqual([]);
  });

  it('pagination limits: 100 ok, 101/0 and page 0 are 400, past the end is empty, bad status is 400', async () => {
    const org = await newOrg();
    const candidate = await makeCandidate(app.db, org.orgId);
    const job = await makeJob(app.db, org.orgId);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await makeInterview(app.db, org.orgId, { candidateId: candidate.id, jobId: job.id, createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)) }));
    expect((await list(org, '?pageSize=100')).body.pagination).toEqual({ page: 1, pageSize: 100, total: 5, totalPages: 1 });
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(...ids(await list(org, `?pageSize=2&page=${page}`)));
    expect(pages).toEqual(made.map((r) => r.id).reverse());
    expect((await list(org, '?page=4&pageSize=2')).body).toEqual({ items: [], pagination: { page: 4, pageSize: 2, total: 5, totalPages: 3 } });
    for (const [query, field] of [
      ['?pageSize=101', 'pageSize'],
      ['?pageSize=0', 'pageSize'],
      ['?page=0', 'page'],
      ['?page=x', 'page'],
      ['?status=OPEN', 'status'],
      ['?status=invited', 'status'],
      ['?candidate=x', 'candidate'],
      ['?jobId=job_%00', 'jobId'],
      ['?campaignId=%00', 'campaignId'],
    ]) {
      const res = await org.api(`/api/v1/interviews${query}`);
      expectValidationIssue(res, field);
    }
  });

  it('totals stay exact through inserts, status changes, deletes and rolled-back writes', async () => {
    const org = await newOrg();
    const { rows } = await seed(org);
    const statuses = ['DRAFT', 'INVITED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED', 'EXPIRED'] as const;
    // The truth, counted row by row with the effective status.
    const truth = async () => {
      const stored = await app.db.select({ status: interviews.status, expiresAt: interviews.expiresAt }).from(interviews).where(eq(interviews.orgId, org.orgId));
      const effective = stored.map((r) => (r.status === 'INVITED' && r.expiresAt.getTime() <= Date.now() ? 'EXPIRED' : r.status));
      return { all: effective.length, ...Object.fromEntries(statuses.map((s) => [s, effective.filter((e) => e === s).length])) } as Record<string, number>;
    };
    const totals = async () => {
      const result: Record<string, number> = { all: (await list(org)).body.pagination.total };
      for (const s of statuses) result[s] = (await list(org, `?status=${s}`)).body.pagination.total;
      return result;
    };
    expect(await totals()).toEqual(await truth());
    await app.db.update(interviews).set({ status: 'CANCELLED', cancelledAt: new Date() }).where(eq(interviews.id, rows.draft.id));
    await app.db.update(interviews).set({ status: 'EXPIRED' }).where(eq(interviews.id, rows.invitedExpired.id));
    await app.db.update(interviews).set({ audioUrl: 'https://media.example.com/x.webm' }).where(eq(interviews.orgId, org.orgId));
    await app.db.delete(interviews).where(eq(interviews.id, rows.cancelled.id));
    await app.db
      .transaction(async (tx) => {
        await tx.update(interviews).set({ status: 'COMPLETED' }).where(eq(interviews.orgId, org.orgId));
        throw new Error('roll back');
      })
      .catch(() => {});
    const after = await truth();
    expect(after).toMatchObject({ all: 6, DRAFT: 0, CANCELLED: 1, EXPIRED: 2 });
    expect(await totals()).toEqual(after);
  });

  it('only lists the caller organization, and shows the report id and score', async () => {
    const org = await newOrg();
    const other = await newOrg();
    const candidate = await makeCandidate(app.db, org.orgId);
    const job = await makeJob(app.db, org.orgId);
    const mine = await makeInterview(app.db, org.orgId, { candidateId: candidate.id, jobId: job.id, status: 'COMPLETED' });
    const reportId = newId('report');
    await app.db.insert(reports).values({ id: reportId, orgId: org.orgId, type: 'interview', interviewId: mine.id, status: 'READY', overallScore: 81 });
    const otherCandidate = await makeCandidate(app.db, other.orgId);
    const otherJob = await makeJob(app.db, other.orgId);
    await makeInterview(app.db, other.orgId, { candidateId: otherCandidate.id, jobId: otherJob.id });
    const res = await list(org);
    expect(ids(res)).toEqual([mine.id]);
    expect(res.body.items[0]).toMatchObject({ reportId, overallScore: 81 });
  });
});

describe('GET /api/v1/interviews/:id', () => {
  it('includes the candidate, the transcript ordered by turnNumber and a null evaluation without a report', async () => {
    const org = await newOrg();
    const candidate = await makeCandidate(app.db, org.orgId, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+44 1' });
    const job = await makeJob(app.db, org.orgId);
    const interview = await makeInterview(app.db, org.orgId, { candidateId: candidate.id, jobId: job.id, status: 'IN_PROGRESS', startedAt: new Date() });
    for (const n of [3, 1, 10, 2]) {
      await app.db.insert(turns).values({
        interviewId: interview.id,
        orgId: org.orgId,
        turnNumber: n,
        role: n % 2 === 1 ? 'agent' : 'candidate',
        content: `turn ${n}`,
        audioUrl: n === 2 ? 'https://media.example.com/2.webm' : null,
        evaluation: n === 2 ? { scores: { communication: 7 } } : null,
      });
    }
    const res = await retrieve(org, interview.id);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...LIST_ITEM_KEYS, 'candidate', 'transcript', 'evaluation'].sort());
    expect(res.body).toMatchObject({ id: interview.id, status: 'IN_PROGRESS', candidateId: candidate.id, jobId: job.id, evaluation: null, reportId: null });
    expect(res.body.candidate).toEqual({ id: candidate.id, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
    expect(res.body.transcript.map((t: { turnNumber: number }) => t.turnNumber)).toEqual([1, 2, 3, 10]);
    expect(res.body.transcript[1]).toEqual({
      turnNumber: 2,
      role: 'candidate',
      content: 'turn 2',
      audioUrl: 'https://media.example.com/2.webm',
      startedAt: null,
      endedAt: null,
      offsetMs: null,
      durationMs: null,
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: expect.stringMatching(/Z$/),
    });
  });

  it('an interview without turns has an empty transcript', async () => {
    const org = await newOrg();
    const candidate = await makeCandidate(app.db, org.orgId);
    const job = await makeJob(app.db, org.orgId);
    const interview = await makeInterview(app.db, org.orgId, { candidateId: candidate.id, jobId: job.id });
    const res = await retrieve(org, interview.id);
    expect(res.body).toMatchObject({ status: 'INVITED', transcript: [], evaluation: null });
  });

  it('evaluation is the scorecard of a READY report', async () => {
    const org = await newOrg();
    const candidate = await makeCandidate(app.db, org.orgId);
    const job = await makeJob(app.db, org.orgId);
    const config = await makeConfig(app.db, org.orgId);
    const ended = new Date();
    const interview = await makeInterview(app.db, org.orgId, {
      candidateId: candidate.id,
      jobId: job.id,
      configId: config.id,
      status: 'COMPLETED',
      startedAt: new Date(ended.getTime() - 600_000),
      completedAt: ended,
      endedAt: ended,
      audioUrl: 'https://media.example.com/full.webm',
    });
    const reportId = newId('report');
    const criteria = [
      { key: 'communication', label: 'Communication', score: 8, weight: 1, evidenceTurns: [2] },
      { key: 'technical', label: 'Technical depth', score: 6.5, weight: 2, evidenceTurns: [2, 4] },
    ];
    const flags = [{ code: 'hesitation', turnNumber: 4 }];
    await app.db.insert(reports).values({
      id: reportId,
      orgId: org.orgId,
      type: 'interview',
      interviewId: interview.id,
      status: 'READY',
      overallScore: 70,
      recommendation: 'YES',
      summary: 'Solid candidate.',
      criteria,
      flags,
      coverage: { candidateTurns: 2, scoredTurns: 2 },
      generator: 'rules',
      completedAt: ended,
    });
    const res = await retrieve(org, interview.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'COMPLETED', reportId, overallScore: 70, audioUrl: 'https://media.example.com/full.webm', endedAt: ended.toISOString() });
    expect(res.body.evaluation).toEqual({ reportId, status: 'READY', overallScore: 70, recommendation: 'YES', summary: 'Solid candidate.', criteria, flags });
  });

  it("another organization's id and a malformed id are 404, indistinguishable from a missing one", async () => {
    const org = await newOrg();
    const other = await newOrg();
    const candidate = await makeCandidate(app.db, other.orgId);
    const job = await makeJob(app.db, other.orgId);
    const foreign = await makeInterview(app.db, other.orgId, { candidateId: candidate.id, jobId: job.id });
    const responses = [];
    for (const id of [foreign.id, 'itv_doesnotexist000000000', 'nope', candidate.id, `${foreign.id}0`, 'itv_'.padEnd(200, 'x')]) {
      responses.push(await retrieve(org, id));
    }
    for (const res of responses) {
      expectError(res, 404, 'NOT_FOUND');
      expect(withoutRequestId(res.body)).toEqual(withoutRequestId(responses[0].body));
    }
    expect(responses[0].body.error.message).toBe('Interview not found');
    expect((await retrieve(other, foreign.id)).status).toBe(200);
  });
});
