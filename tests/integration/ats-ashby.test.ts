/**
 * Ashby Assessments Partner API, end to end over real HTTP against the built app, with a local server playing
 * Ashby's side. Everything Ashby does here is taken from its documentation:
 * - https://developers.ashbyhq.com/docs/creating-an-assessments-integration (the flow: Ashby calls the partner's
 *   assessment.list, assessment.start and assessment.cancel; the partner calls Ashby's assessment.update; the
 *   "assessment data" format identifier / label / description / type / value);
 * - https://developers.ashbyhq.com/reference/assessmentlist → `{ success, results: [{ assessment_type_id, name,
 *   description }] }`;
 * - https://developers.ashbyhq.com/reference/assessmentstart: required `assessment_type_id`, `candidate`
 *   (`ashby_id`, `first_name`, `last_name`, `email`, `ashby_profile_url`), `application` (`ashby_id`, `status`),
 *   `job` (`ashby_id`, `name`, `ashby_job_url`) → 200 `{ success, results: { assessment_id, update_request? } }`;
 *   422 `{ message }` is "a custom error message that will be shown to the user in Ashby";
 * - https://developers.ashbyhq.com/reference/assessmentcancel: `{ assessment_id }`;
 * - https://developers.ashbyhq.com/reference/assessmentupdate: `assessment_id`, `timestamp` (ms since the epoch),
 *   `assessment_status` (required unless cancelled), `assessment_result` ("will signal to Ashby that the assessment
 *   is complete") with `assessment_profile_url` (type url, required with a result), `metadata`; types
 *   numeric_score, numeric_duration_minutes, url, string, boolean_success;
 * - Ashby's API authentication (its OpenAPI document's BasicAuth, applied to every operation, the partner-implemented
 *   ones included): "Put your API key as the basic auth username and leave the password blank."
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atsCredentials, atsLogEntries, atsOrders, atsWritebacks, interviews, mailboxMessages } from '@/db/schema';
import { newId } from '@/server/ids';
import { createAtsCredential, revokeAtsCredential } from '@/server/services/integrations/ats-credentials';
import { ATS_LOG_RETENTION_DAYS, pruneAtsLog, recordAtsLogEntry } from '@/server/services/integrations/ats-log';
import { createTestMapping } from '@/server/services/integrations/test-mappings';
import { integrationCreateCommand } from '@/server/cli/commands/integration-create';
import { deliverAtsWriteback } from '@/server/services/integrations/deliver-ats-writeback';
import { listAtsCredentials } from '@/server/services/integrations/ats-credentials';
import { candidateApi, waitFor } from '../support/candidate-interview';
import { createTestOrg, makeHiringSetup, type TestOrg } from '../support/factories';
import { invitationLinkIn } from '../support/fake-resend-server';
import { startFakeAshby, type FakeAshby } from '../support/fake-ashby';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';
import { startTestApp, type TestApp } from '../support/test-app';

const CUSTOMER_ASHBY_KEY = 'ashby-customer-key-0123456789abcdef';

let app: TestApp;
let ashby: FakeAshby;
let openai: FakeOpenAi;

beforeAll(async () => {
  openai = await startFakeOpenAi();
  ashby = await startFakeAshby({ customerApiKey: CUSTOMER_ASHBY_KEY });
  app = await startTestApp({
    RESEND_API_KEY: '',
    RESEND_BASE_URL: '',
    LLM_BASE_URL: openai.baseUrl,
    LLM_MODEL: 'fake-evaluator',
    STT_BASE_URL: '',
    TTS_BASE_URL: '',
    AGENT_DISPATCH_URL: '',
    ASHBY_API_URL: ashby.base,
    // The local Ashby listens on 127.0.0.1: allowed here as an operator would for a private ATS.
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_RETRY_BASE_SECONDS: '0.3',
    WEBHOOK_RETRY_WINDOW_SECONDS: '4',
  });
  ashby.partnerBase = app.url;
});
afterAll(async () => {
  await ashby?.close();
  await app?.close();
  await openai?.close();
});

/** An organization connected to Ashby (with its customer Ashby API key), one test mapped to a campaign. */
async function connectedOrg(apiKey: string | null = CUSTOMER_ASHBY_KEY) {
  const org = await createTestOrg(app.db, app.url);
  const setup = await makeHiringSetup(app.db, org.orgId);
  const credential = await createAtsCredential(app.db, { orgId: org.orgId, ats: 'ashby', apiKey: apiKey ?? undefined });
  const test = await createTestMapping(app.db, { orgId: org.orgId, ats: 'ashby', name: 'Backend screening', campaignId: setup.campaign.id, stageId: setup.stage.id, configId: setup.config.id });
  return { org, setup, key: credential.key, credentialId: credential.id, test };
}

async function invitationFor(org: TestOrg, email: string) {
  const [message] = await waitFor(async () => {
    const rows = await app.db.select().from(mailboxMessages).where(and(eq(mailboxMessages.orgId, org.orgId), eq(mailboxMessages.toAddress, email)));
    return rows.length > 0 && rows;
  });
  return invitationLinkIn(message);
}

async function takeInterviewInWriting(token: string) {
  const api = candidateApi(app.url, token);
  let session = (await api.start()).body;
  for (let asked = 0; session.question && asked < 20; asked++) {
    session = (await api.answer(session.question.turnNumber, { text: `I led the migration of our billing service and measured its error rate; answer ${asked + 1}.` })).body;
  }
  expect(session.status).toBe('COMPLETED');
}

const uniqueEmail = (prefix: string) => `${prefix}-${newId('candidate').slice(4).toLowerCase()}@example.com`;

describe('Ashby orders an interview and hears back through assessment.update', () => {
  it('assessment.list, assessment.start; the candidate takes it in writing; the completed update arrives once although the first one fails', async () => {
    const { org, setup, key, test } = await connectedOrg();

    const listed = await ashby.call(key, 'assessment.list');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ success: true, results: [{ assessment_type_id: test.id, name: 'Backend screening', description: 'Backend screening' }] });

    const email = uniqueEmail('ada');
    const started = await ashby.start(key, { assessmentTypeId: test.id, email });
    expect(started.status, started.text).toBe(200);
    const assessmentId = started.body.results.assessment_id as string;
    expect(assessmentId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(started.body).toEqual({
      success: true,
      results: { assessment_id: assessmentId, update_request: { assessment_id: assessmentId, timestamp: expect.any(Number), assessment_status: { identifier: 'status', label: 'Status', type: 'string', value: 'Invited' } } },
    });
    // Ashby's API refuses the first "Completed" update; the retry is accepted.
    ashby.answer(assessmentId, (n, status) => (status === 'Completed' && n === 1 ? 500 : 200));

    const [order] = await app.db.select().from(atsOrders).where(and(eq(atsOrders.orgId, org.orgId), eq(atsOrders.externalId, assessmentId)));
    expect(order).toMatchObject({ ats: 'ashby', callbackUrl: `${ashby.base}/assessment.update`, callbackAuth: null });
    const interview = await org.api(`/api/v1/interviews/${order.interviewId}`);
    expect(interview.body).toMatchObject({ jobId: setup.job.id, campaignId: setup.campaign.id, stageId: setup.stage.id, configId: setup.config.id, status: 'INVITED' });
    // The customer's Ashby key is stored encrypted only.
    expect(JSON.stringify(await app.db.select().from(atsCredentials).where(eq(atsCredentials.orgId, org.orgId)))).not.toContain(CUSTOMER_ASHBY_KEY);

    // Ashby starting the same application's assessment again gets the same assessment, no second interview.
    const again = await ashby.start(key, { assessmentTypeId: test.id, email });
    expect(again.body.results.assessment_id).toBe(assessmentId);
    expect(await app.db.select().from(interviews).where(eq(interviews.orgId, org.orgId))).toHaveLength(1);

    const { token } = await invitationFor(org, email);
    await takeInterviewInWriting(token);

    await waitFor(async () => ashby.on(assessmentId).some((u) => u.answeredWith === 200 && u.body.assessment_status.value === 'Completed'), 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const all = ashby.on(assessmentId);
    for (const update of all) {
      expect(update.authorization).toBe(`Basic ${Buffer.from(`${CUSTOMER_ASHBY_KEY}:`).toString('base64')}`);
    }
    // "Started" once, when the candidate began (at that time, not the delivery's), then the result.
    const startedUpdates = all.filter((u) => u.body.assessment_status.value === 'Started');
    expect(startedUpdates.map((u) => u.answeredWith)).toEqual([200]);
    const startedAt = (await org.api(`/api/v1/interviews/${order.interviewId}`)).body.startedAt;
    expect(startedUpdates[0].body).toEqual({ assessment_id: assessmentId, timestamp: new Date(startedAt).getTime(), assessment_status: { identifier: 'status', label: 'Status', type: 'string', value: 'Started' } });
    const updates = all.filter((u) => u.body.assessment_status.value === 'Completed');
    expect(updates.map((u) => u.answeredWith)).toEqual([500, 200]);
    const report = await org.api(`/api/v1/reports/interviews/${order.interviewId}`);
    expect(report.body.status).toBe('READY');
    const body = updates[1].body;
    expect(body).toMatchObject({
      assessment_id: assessmentId,
      timestamp: expect.any(Number),
      assessment_status: { identifier: 'status', label: 'Status', type: 'string', value: 'Completed' },
      assessment_result: { identifier: 'score', label: 'Score', type: 'numeric_score', value: report.body.overallScore },
      assessment_profile_url: { identifier: 'profile_url', type: 'url', value: `http://localhost:3999/interviews/${order.interviewId}` },
    });
    expect(body.metadata).toEqual(expect.arrayContaining([{ identifier: 'recommendation', label: 'Recommendation', type: 'string', value: report.body.recommendation }]));
    const types = ['numeric_score', 'numeric_duration_minutes', 'url', 'string', 'boolean_success'];
    for (const value of [body.assessment_status, body.assessment_result, body.assessment_profile_url, ...body.metadata]) expect(types).toContain(value.type);

    const writebacks = await app.db.select().from(atsWritebacks).where(eq(atsWritebacks.orderId, order.id));
    expect(writebacks.map((w) => ({ kind: w.kind, status: w.status, attempts: w.attempts })).sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: 'completed', status: 'SUCCEEDED', attempts: 2 },
      { kind: 'started', status: 'SUCCEEDED', attempts: 1 },
    ]);
    const logged = await app.db.select().from(atsLogEntries).where(eq(atsLogEntries.orgId, org.orgId));
    expect(logged.map((l) => `${l.direction} ${l.operation} ${l.responseStatus}`)).toEqual(
      expect.arrayContaining(['inbound assessment.list 200', 'inbound assessment.start 200', 'outbound writeback.started 200', 'outbound writeback.completed 500', 'outbound writeback.completed 200']),
    );
  });

  it('assessment.cancel cancels the interview; an unknown test is a 422 with a message Ashby shows', async () => {
    const { org, key, test } = await connectedOrg();
    const started = await ashby.start(key, { assessmentTypeId: test.id, email: uniqueEmail('cancel') });
    const assessmentId = started.body.results.assessment_id;
    const cancelled = await ashby.call(key, 'assessment.cancel', { assessment_id: assessmentId });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ success: true, results: { assessment_id: assessmentId } });
    const [order] = await app.db.select().from(atsOrders).where(and(eq(atsOrders.orgId, org.orgId), eq(atsOrders.externalId, assessmentId)));
    expect((await org.api(`/api/v1/interviews/${order.interviewId}`)).body.status).toBe('CANCELLED');

    const unknown = await ashby.start(key, { assessmentTypeId: newId('atsTestMapping'), email: uniqueEmail('x') });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual({ message: 'Test not found' });
    const invalid = await ashby.call(key, 'assessment.start', { assessment_type_id: test.id, candidate: { email: 'not an email' }, application: { ashby_id: 'a' }, job: {} });
    expect(invalid.status).toBe(422);
    expect(invalid.body.message).toMatch(/^email: /);
  });

  it('without the customer Ashby key the write-back fails at once with a reason, and is not sent', async () => {
    const { org, key, test } = await connectedOrg(null);
    const email = uniqueEmail('nokey');
    const started = await ashby.start(key, { assessmentTypeId: test.id, email });
    const assessmentId = started.body.results.assessment_id;
    const { token } = await invitationFor(org, email);
    await takeInterviewInWriting(token);
    const [order] = await app.db.select().from(atsOrders).where(and(eq(atsOrders.orgId, org.orgId), eq(atsOrders.externalId, assessmentId)));
    const [writeback] = await waitFor(async () => {
      const rows = await app.db.select().from(atsWritebacks).where(and(eq(atsWritebacks.orderId, order.id), eq(atsWritebacks.kind, 'completed'), eq(atsWritebacks.status, 'FAILED')));
      return rows.length > 0 && rows;
    }, 30_000);
    expect(writeback.error).toMatch(/No Ashby API key/);
    expect(ashby.on(assessmentId)).toHaveLength(0);
  });
});

describe('"Started" after the result', () => {
  it('is not sent once the result is settled: the write-back is cancelled with that reason', async () => {
    const { org, key, test } = await connectedOrg();
    const started = await ashby.start(key, { assessmentTypeId: test.id, email: uniqueEmail('late') });
    const assessmentId = started.body.results.assessment_id;
    const [order] = await app.db.select().from(atsOrders).where(and(eq(atsOrders.orgId, org.orgId), eq(atsOrders.externalId, assessmentId)));
    // Completed, with no report to wait for: the result is settled.
    await app.db.update(interviews).set({ status: 'COMPLETED', startedAt: new Date(), completedAt: new Date(), endedAt: new Date() }).where(eq(interviews.id, order.interviewId));
    const writebackId = newId('atsWriteback');
    await app.db.insert(atsWritebacks).values({ id: writebackId, orgId: org.orgId, orderId: order.id, kind: 'started', status: 'PENDING' });
    expect(await deliverAtsWriteback(app.db, { writebackId, series: 0, attempt: 1 })).toBe('skipped');
    const [row] = await app.db.select().from(atsWritebacks).where(eq(atsWritebacks.id, writebackId));
    expect(row).toMatchObject({ status: 'CANCELLED', error: 'Not sent: the result was settled first', attempts: 0 });
    expect(ashby.on(assessmentId)).toHaveLength(0);
  });
});

describe('credentials and organizations', () => {
  it('a missing, wrong, revoked or Greenhouse key is 401 on every operation; another organization\'s assessment is not found', async () => {
    const a = await connectedOrg();
    const b = await connectedOrg();
    const greenhouse = await createAtsCredential(app.db, { orgId: a.org.orgId, ats: 'greenhouse' });
    const operations = ['assessment.list', 'assessment.start', 'assessment.cancel'] as const;
    for (const operation of operations) {
      for (const wrong of [null, 'nope', `iik_${'a'.repeat(40)}`, greenhouse.key]) {
        const res = await ashby.call(wrong, operation, { assessment_id: 'x' });
        expect(res.status, `${operation} with ${wrong}`).toBe(401);
        expect(res.headers.get('www-authenticate')).toMatch(/^Basic /);
      }
    }
    const started = await ashby.start(a.key, { assessmentTypeId: a.test.id, email: uniqueEmail('a') });
    const assessmentId = started.body.results.assessment_id;
    expect((await ashby.call(b.key, 'assessment.cancel', { assessment_id: assessmentId })).status).toBe(404);
    expect((await ashby.start(b.key, { assessmentTypeId: a.test.id, email: uniqueEmail('b') })).status).toBe(422);
    expect((await ashby.call(b.key, 'assessment.list')).body.results).toEqual([expect.objectContaining({ assessment_type_id: b.test.id })]);

    await revokeAtsCredential(app.db, { orgId: a.org.orgId, id: a.credentialId });
    expect((await ashby.call(a.key, 'assessment.list')).status).toBe(401);
  });
});

describe('admin CLI', () => {
  it('integration:create --ats ashby --api-key keeps the Ashby key encrypted and never prints it', async () => {
    const org = await createTestOrg(app.db, app.url);
    const printed = await integrationCreateCommand.run({ database: app.database, args: { org: org.orgId, ats: 'ashby', 'api-key': CUSTOMER_ASHBY_KEY } });
    expect(JSON.stringify(printed)).not.toContain(CUSTOMER_ASHBY_KEY);
    expect(await listAtsCredentials(app.db, { orgId: org.orgId, ats: 'ashby' })).toEqual([expect.objectContaining({ hasApiKey: true })]);
    expect(JSON.stringify(await app.db.select().from(atsCredentials).where(eq(atsCredentials.orgId, org.orgId)))).not.toContain(CUSTOMER_ASHBY_KEY);
  });
});

describe('the integration log is pruned after its retention', () => {
  it('lines older than ATS_LOG_RETENTION_DAYS go (in batches), newer ones stay', async () => {
    const { org } = await connectedOrg();
    const day = 86_400_000;
    const ages = [ATS_LOG_RETENTION_DAYS + 30, ATS_LOG_RETENTION_DAYS + 1, ATS_LOG_RETENTION_DAYS - 1, 0];
    for (const [i, age] of ages.entries()) {
      await recordAtsLogEntry(app.db, { orgId: org.orgId, ats: 'ashby', direction: 'inbound', operation: `op-${i}`, responseStatus: 200 });
      await app.db.update(atsLogEntries).set({ createdAt: new Date(Date.now() - age * day) }).where(and(eq(atsLogEntries.orgId, org.orgId), eq(atsLogEntries.operation, `op-${i}`)));
    }
    // Batches of one: the loop must go on until no old line is left.
    expect(await pruneAtsLog(app.db, { batchSize: 1 })).toBeGreaterThanOrEqual(2);
    const left = await app.db.select().from(atsLogEntries).where(eq(atsLogEntries.orgId, org.orgId));
    expect(left.map((l) => l.operation).sort()).toEqual(['op-2', 'op-3']);
    expect(await pruneAtsLog(app.db)).toBe(0);
  });
});
