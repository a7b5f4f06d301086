/**
 * Greenhouse Assessment Partner API, end to end over real HTTP against the built app, with a local server playing
 * Greenhouse's side. Everything Greenhouse does here is taken from its documentation,
 * https://developers.greenhouse.io/assessment.html (source: github.com/grnhse/greenhouse-api-docs,
 * source/includes/assessment/):
 * - "Authentication": HTTP Basic, the organization's API key as the username, an empty password ("Greenhouse will
 *   append a : (colon) to the API token and then Base64 encode the resulting string"); keys under 171 characters.
 * - "List Tests": GET list_tests → a JSON array of { partner_test_id, partner_test_name }.
 * - "Send Test": POST send_test { partner_test_id, candidate: { first_name, last_name, preferred_name, resume_url,
 *   phone_number, email, greenhouse_profile_url }, sent_by, url } → { partner_interview_id }.
 * - "Test Status": GET test_status?partner_interview_id=… → { partner_status ("complete" once results are
 *   available), partner_profile_url (required when complete), partner_score, metadata (flat, primitives) }.
 * - "PATCH - Mark Test as Completed": a PATCH with no parameters to the `url` of send_test, with the same Basic
 *   authentication; Greenhouse then calls test_status.
 * - "Response Error": POST response_error { api_call, errors, partner_test_id?, partner_interview_id?, … } → 200.
 * - "Errors": 401 for an unsuccessful authentication with the provided API key; 404 for a resource not found.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atsCredentials, atsLogEntries, atsOrders, atsWritebacks, candidates, interviews, mailboxMessages } from '@/db/schema';
import { newId } from '@/server/ids';
import { createAtsCredential, revokeAtsCredential } from '@/server/services/integrations/ats-credentials';
import { createTestMapping } from '@/server/services/integrations/test-mappings';
import { integrationCreateCommand } from '@/server/cli/commands/integration-create';
import { CLI_COMMANDS } from '@/server/cli/commands';
import { candidateApi, waitFor } from '../support/candidate-interview';
import { createTestOrg, makeCandidate, makeHiringSetup, makeInterview, type TestOrg } from '../support/factories';
import { invitationLinkIn } from '../support/fake-resend-server';
import { startFakeGreenhouse, type FakeGreenhouse } from '../support/fake-greenhouse';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let greenhouse: FakeGreenhouse;
let openai: FakeOpenAi;

beforeAll(async () => {
  openai = await startFakeOpenAi();
  app = await startTestApp({
    RESEND_API_KEY: '',
    RESEND_BASE_URL: '',
    LLM_BASE_URL: openai.baseUrl,
    LLM_MODEL: 'fake-evaluator',
    STT_BASE_URL: '',
    TTS_BASE_URL: '',
    AGENT_DISPATCH_URL: '',
    // The local Greenhouse listens on 127.0.0.1: allowed here as an operator would for a private ATS.
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_RETRY_BASE_SECONDS: '0.3',
    WEBHOOK_RETRY_WINDOW_SECONDS: '4',
  });
  greenhouse = await startFakeGreenhouse(app.url);
});
afterAll(async () => {
  await greenhouse?.close();
  await app?.close();
  await openai?.close();
});

/** An organization connected to Greenhouse, with one test mapped to a campaign and configuration. */
async function connectedOrg() {
  const org = await createTestOrg(app.db, app.url);
  const setup = await makeHiringSetup(app.db, org.orgId);
  const credential = await createAtsCredential(app.db, { orgId: org.orgId, ats: 'greenhouse' });
  const test = await createTestMapping(app.db, { orgId: org.orgId, ats: 'greenhouse', name: 'Backend screening', campaignId: setup.campaign.id, stageId: setup.stage.id, configId: setup.config.id });
  return { org, setup, key: credential.key, credentialId: credential.id, test };
}

async function invitationFor(org: TestOrg, email: string) {
  const [message] = await waitFor(async () => {
    const rows = await app.db.select().from(mailboxMessages).where(and(eq(mailboxMessages.orgId, org.orgId), eq(mailboxMessages.toAddress, email)));
    return rows.length > 0 && rows;
  });
  return invitationLinkIn(message);
}

/** The candidate answers in writing, question by question, until the interviewer finalizes. */
async function takeInterviewInWriting(token: string) {
  const api = candidateApi(app.url, token);
  let session = (await api.start()).body;
  for (let asked = 0; session.question && asked < 20; asked++) {
    session = (await api.answer(session.question.turnNumber, { text: `In my last project I designed the payment retries and measured them; answer ${asked + 1}.` })).body;
  }
  expect(session.status).toBe('COMPLETED');
}

describe('Greenhouse orders an interview and hears back once it is complete', () => {
  it('list_tests, send_test, test_status; the candidate takes it in writing; the completion PATCH arrives once although the first one fails', async () => {
    const { org, setup, key, test } = await connectedOrg();

    const listed = await greenhouse.call(key, 'list_tests');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([{ partner_test_id: test.id, partner_test_name: 'Backend screening' }]);

    // An existing candidate is reused by email (case and spaces as Greenhouse may send them).
    const existing = await makeCandidate(app.db, org.orgId, { email: 'hpotter@hogwarts.example', firstName: 'Harry', locale: 'en' });
    const sent = await greenhouse.sendTest(key, { partnerTestId: test.id, email: ' HPotter@Hogwarts.example ', answer: (n) => (n === 1 ? 500 : 200) });
    expect(sent.status, sent.text).toBe(200);
    expect(Object.keys(sent.body)).toEqual(['partner_interview_id']);
    const partnerInterviewId = sent.body.partner_interview_id as string;
    expect(partnerInterviewId).toMatch(/^ato_/);

    // An ordinary interview: the mapped campaign, stage and configuration, the existing candidate, invited.
    const [order] = await app.db.select().from(atsOrders).where(eq(atsOrders.id, partnerInterviewId));
    expect(order).toMatchObject({ orgId: org.orgId, ats: 'greenhouse', candidateId: existing.id, callbackUrl: `${greenhouse.base}${sent.callbackPath}` });
    expect(order.callbackAuth).not.toContain(key);
    const interview = await org.api(`/api/v1/interviews/${order.interviewId}`);
    expect(interview.body).toMatchObject({ candidateId: existing.id, jobId: setup.job.id, campaignId: setup.campaign.id, stageId: setup.stage.id, configId: setup.config.id, status: 'INVITED' });
    expect(await app.db.select().from(candidates).where(eq(candidates.orgId, org.orgId))).toHaveLength(1);

    // Sending the same test again gives the same test instance, and no second interview.
    const again = await greenhouse.sendTest(key, { partnerTestId: test.id, email: 'hpotter@hogwarts.example' });
    expect(again.body).toEqual({ partner_interview_id: partnerInterviewId });
    expect(await app.db.select().from(interviews).where(eq(interviews.orgId, org.orgId))).toHaveLength(1);

    const before = await greenhouse.call(key, `test_status?partner_interview_id=${partnerInterviewId}`);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      partner_status: 'invited',
      partner_profile_url: `http://localhost:3999/interviews/${order.interviewId}`,
      partner_score: null,
      metadata: { Status: 'INVITED', Test: 'Backend screening' },
    });

    // Our invitation went out; the candidate takes the interview in writing.
    const { token } = await invitationFor(org, 'hpotter@hogwarts.example');
    await takeInterviewInWriting(token);

    // The first PATCH is answered 500, the retry 200; Greenhouse then reads the result from test_status.
    await waitFor(async () => greenhouse.on(sent.callbackPath).some((p) => p.testStatus), 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const patches = greenhouse.on(sent.callbackPath);
    expect(patches.map((p) => p.answeredWith)).toEqual([500, 200]);
    for (const patch of patches) {
      expect(patch.authorization).toBe(`Basic ${Buffer.from(`${key}:`).toString('base64')}`);
      expect(patch.body).toBe('');
    }
    const status = patches[1].testStatus!;
    expect(status.status).toBe(200);
    expect(status.body.partner_status).toBe('complete');
    expect(status.body.partner_profile_url).toBe(`http://localhost:3999/interviews/${order.interviewId}`);
    const report = await org.api(`/api/v1/reports/interviews/${order.interviewId}`);
    expect(report.status).toBe(200);
    expect(status.body.partner_score).toBe(report.body.overallScore);
    expect(typeof status.body.partner_score).toBe('number');
    expect(status.body.metadata).toMatchObject({ Status: 'COMPLETED', Recommendation: report.body.recommendation });
    for (const value of Object.values(status.body.metadata)) expect(['string', 'number', 'boolean']).toContain(typeof value);

    const [writeback] = await app.db.select().from(atsWritebacks).where(eq(atsWritebacks.orderId, partnerInterviewId));
    expect(writeback).toMatchObject({ kind: 'completed', status: 'SUCCEEDED', attempts: 2, responseStatus: 200 });

    // The log: each call Greenhouse made and each call we made, with statuses, no bodies.
    const logged = await app.db.select().from(atsLogEntries).where(eq(atsLogEntries.orgId, org.orgId));
    const lines = logged.map((l) => `${l.direction} ${l.operation} ${l.responseStatus}`);
    expect(lines).toEqual(expect.arrayContaining(['inbound list_tests 200', 'inbound send_test 200', 'inbound test_status 200', 'outbound writeback.completed 500', 'outbound writeback.completed 200']));
    expect(JSON.stringify(logged)).not.toContain('hpotter');
  });

  it('Greenhouse reports a malformed response: logged under the organization, without the candidate email', async () => {
    const { org, key, test } = await connectedOrg();
    const res = await greenhouse.call(key, 'response_error', {
      body: { api_call: 'test_status', errors: ["partner_status is 'complete' but partner_profile url is missing"], partner_test_id: test.id, partner_test_name: 'Backend screening', partner_interview_id: '299506', candidate_email: 'hpotter@hogwarts.example' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 200 });
    const logged = await app.db.select().from(atsLogEntries).where(and(eq(atsLogEntries.orgId, org.orgId), eq(atsLogEntries.operation, 'reported_error.test_status')));
    expect(logged).toHaveLength(1);
    expect(logged[0].error).toBe("partner_status is 'complete' but partner_profile url is missing");
    expect(JSON.stringify(logged)).not.toContain('hogwarts');
  });
});

describe('an order for a stage the candidate already completed', () => {
  it('is attached to that interview, and Greenhouse is told at once that it is complete', async () => {
    const { org, setup, key, test } = await connectedOrg();
    const candidate = await makeCandidate(app.db, org.orgId, { email: 'done-before@example.com' });
    const done = await makeInterview(app.db, org.orgId, { candidateId: candidate.id, jobId: setup.job.id, campaignId: setup.campaign.id, stageId: setup.stage.id, configId: setup.config.id, status: 'COMPLETED', startedAt: new Date(), completedAt: new Date(), endedAt: new Date() });
    const sent = await greenhouse.sendTest(key, { partnerTestId: test.id, email: 'done-before@example.com' });
    expect(sent.status).toBe(200);
    const [order] = await app.db.select().from(atsOrders).where(eq(atsOrders.id, sent.body.partner_interview_id));
    expect(order.interviewId).toBe(done.id);
    await waitFor(async () => greenhouse.on(sent.callbackPath).some((p) => p.testStatus), 20_000);
    expect(greenhouse.on(sent.callbackPath)).toHaveLength(1);
    expect(greenhouse.on(sent.callbackPath)[0].testStatus!.body).toMatchObject({ partner_status: 'complete', partner_score: null });
  });
});

describe('credentials and organizations', () => {
  it('a missing, malformed, wrong or revoked key is 401 with a Basic challenge, on every operation', async () => {
    const { org, key, credentialId, test } = await connectedOrg();
    const operations: [string, unknown?][] = [['list_tests'], ['send_test', { partner_test_id: test.id, candidate: { email: 'x@example.com' } }], ['test_status?partner_interview_id=ato_x'], ['response_error', { api_call: 'list_tests', errors: [] }]];
    const wrongKeys = [null, 'nope', `iik_${'a'.repeat(40)}`, `${key}x`];
    for (const [operation, body] of operations) {
      for (const wrong of wrongKeys) {
        const res = await greenhouse.call(wrong, operation, { body });
        expect(res.status, `${operation} with ${wrong}`).toBe(401);
        expect(res.headers.get('www-authenticate')).toMatch(/^Basic /);
        expect(res.body.error.code).toBe('UNAUTHORIZED');
      }
    }
    // A password is not part of the protocol; the key alone is the credential.
    expect((await greenhouse.call(key, 'list_tests', { password: 'ignored' })).status).toBe(200);
    await revokeAtsCredential(app.db, { orgId: org.orgId, id: credentialId });
    expect((await greenhouse.call(key, 'list_tests')).status).toBe(401);
    // Nothing of an unauthenticated call reaches the organization's log.
    const logged = await app.db.select().from(atsLogEntries).where(eq(atsLogEntries.orgId, org.orgId));
    expect(logged.every((l) => l.responseStatus !== 401)).toBe(true);
  });

  it("another organization's tests and test instances are not found; its key lists only its own tests", async () => {
    const a = await connectedOrg();
    const b = await connectedOrg();
    expect((await greenhouse.call(b.key, 'list_tests')).body).toEqual([{ partner_test_id: b.test.id, partner_test_name: 'Backend screening' }]);
    const sentByA = await greenhouse.sendTest(a.key, { partnerTestId: a.test.id, email: `a-${newId('candidate').slice(4)}@example.com` });
    expect(sentByA.status).toBe(200);

    const foreignTest = await greenhouse.sendTest(b.key, { partnerTestId: a.test.id, email: 'someone@example.com' });
    expect(foreignTest.status).toBe(404);
    const unknownTest = await greenhouse.sendTest(b.key, { partnerTestId: newId('atsTestMapping'), email: 'someone@example.com' });
    expect(unknownTest.status).toBe(404);
    expect({ ...foreignTest.body.error, requestId: null }).toEqual({ ...unknownTest.body.error, requestId: null });

    const foreignStatus = await greenhouse.call(b.key, `test_status?partner_interview_id=${sentByA.body.partner_interview_id}`);
    const unknownStatus = await greenhouse.call(b.key, `test_status?partner_interview_id=${newId('atsOrder')}`);
    expect(foreignStatus.status).toBe(404);
    expect({ ...foreignStatus.body.error, requestId: null }).toEqual({ ...unknownStatus.body.error, requestId: null });
    expect(await app.db.select().from(candidates).where(eq(candidates.orgId, b.org.orgId))).toHaveLength(0);
    // A Greenhouse key opens nothing but Greenhouse's routes.
    expect((await b.org.api('/api/v1/interviews', { key: b.key })).status).toBe(401);
  });

  it('send_test with a bad body is a 400 naming the field; a missing partner_interview_id too', async () => {
    const { key, test } = await connectedOrg();
    const res = await greenhouse.call(key, 'send_test', { body: { partner_test_id: test.id, candidate: { email: 'not an email' } } });
    expect(res.status).toBe(400);
    expect(res.body.error.issues).toEqual([expect.objectContaining({ path: 'email' })]);
    const missing = await greenhouse.call(key, 'send_test', { body: { candidate: { email: 'a@example.com' } } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.issues.map((i: { path: string }) => i.path)).toContain('partner_test_id');
    expect((await greenhouse.call(key, 'test_status')).status).toBe(400);
  });
});

describe('admin CLI', () => {
  it('integration:create prints the key once; Greenhouse can use it at once; a bad ATS or organization is refused', async () => {
    expect(CLI_COMMANDS).toContain(integrationCreateCommand);
    const org = await createTestOrg(app.db, app.url);
    const printed = (await integrationCreateCommand.run({ database: app.database, args: { org: org.orgId, ats: 'greenhouse' } })) as { id: string; ats: string; key: string };
    expect(printed).toEqual({ id: expect.stringMatching(/^atc_/), ats: 'greenhouse', name: 'greenhouse integration', key: expect.stringMatching(/^iik_[0-9A-Za-z]{40}$/) });
    expect((await greenhouse.call(printed.key, 'list_tests')).body).toEqual([]);
    // Stored only as its digest.
    const stored = JSON.stringify(await app.db.select().from(atsCredentials).where(eq(atsCredentials.orgId, org.orgId)));
    expect(stored).not.toContain(printed.key);
    await expect(integrationCreateCommand.run({ database: app.database, args: { org: org.orgId, ats: 'taleo' } })).rejects.toMatchObject({
      issues: [{ path: '--ats', message: 'Unknown ATS "taleo"; must be one of: greenhouse, ashby, workable, lever' }],
    });
    await expect(integrationCreateCommand.run({ database: app.database, args: { org: newId('organization'), ats: 'greenhouse' } })).rejects.toThrow(/Organization not found/);
  });
});

describe('erasure stops write-backs', () => {
  it('erasing the candidate cancels the pending write-back and forgets the callback', async () => {
    const { org, key, test } = await connectedOrg();
    const email = `erase-${newId('candidate').slice(4).toLowerCase()}@example.com`;
    // Greenhouse refuses every PATCH: the write-back stays pending, retrying.
    const sent = await greenhouse.sendTest(key, { partnerTestId: test.id, email, answer: () => 503 });
    const orderId = sent.body.partner_interview_id as string;
    const [order] = await app.db.select().from(atsOrders).where(eq(atsOrders.id, orderId));
    const { token } = await invitationFor(org, email);
    await takeInterviewInWriting(token);
    await waitFor(async () => greenhouse.on(sent.callbackPath).length >= 1, 30_000);

    const erased = await org.api(`/api/v1/candidates/${order.candidateId}`, { method: 'DELETE' });
    expect(erased.status).toBe(204);
    const [writeback] = await app.db.select().from(atsWritebacks).where(eq(atsWritebacks.orderId, orderId));
    expect(writeback.status).toBe('CANCELLED');
    const [after] = await app.db.select().from(atsOrders).where(eq(atsOrders.id, orderId));
    expect(after).toMatchObject({ callbackUrl: null, callbackAuth: null, candidateId: order.candidateId });
    const count = greenhouse.on(sent.callbackPath).length;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(greenhouse.on(sent.callbackPath).length).toBeLessThanOrEqual(count + 1);
    const settled = greenhouse.on(sent.callbackPath).length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(greenhouse.on(sent.callbackPath).length).toBe(settled);
  });
});
