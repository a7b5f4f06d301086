import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, candidateSelfIdentifications, interviews } from '@/db/schema';
import type { Principal } from '@/server/auth/principal';
import { newId } from '@/server/ids';
import { appRouter } from '@/server/routers/app-router';
import { newInvitationToken } from '@/server/services/invitations/invitation-token';
import { createCallerFactory, createContextInner } from '@/server/trpc';
import { candidateApi, waitFor } from '../support/candidate-interview';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';
import { createTestOrg, makeCandidate, makeHiringSetup, makeInterview, makeKey, request, type ApiResponse, type TestOrg } from '../support/factories';
import { recruiterCaller } from '../support/report-factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectError, expectValidationIssue, withoutRequestId } from '../support/v1';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

/**
 * Voluntary self-identification (CONTRACT §14): the organization's switch, PUT /candidates/{id}/self-identification,
 * the candidate's own answers after the interview, and the promise that it never leaves its table but for the bias
 * audit's totals and the candidate's access export: every payload, webhook and model request is searched for it.
 */

let app: TestApp;
let openai: FakeOpenAi;
let receiver: WebhookReceiver;
beforeAll(async () => {
  openai = await startFakeOpenAi();
  receiver = await startWebhookReceiver();
  app = await startTestApp({ LLM_BASE_URL: openai.baseUrl, LLM_MODEL: 'fake-evaluator', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
});
afterAll(async () => {
  await app?.close();
  await openai?.close();
  await receiver?.close();
});

function callerAs(orgId: string, role: 'admin' | 'recruiter' | 'viewer') {
  const principal: Principal = { kind: 'recruiter', orgId, userId: newId('user'), sessionId: newId('session'), role };
  return createCallerFactory(appRouter)(createContextInner({ db: app.db, principal, requestId: 'req_test' }));
}

const put = (org: TestOrg, candidateId: string, body: unknown, key?: string) =>
  org.api(`/api/v1/candidates/${candidateId}/self-identification`, { method: 'PUT', body, ...(key ? { key } : {}) });

const putAsCandidate = (token: string, body: unknown) => request(app.url, `/api/invitations/${token}/self-identification`, { method: 'PUT', body });

async function storedRow(orgId: string, candidateId: string) {
  const [row] = await app.db
    .select()
    .from(candidateSelfIdentifications)
    .where(and(eq(candidateSelfIdentifications.orgId, orgId), eq(candidateSelfIdentifications.candidateId, candidateId)));
  return row;
}

/** An interview of a fresh candidate with a link whose token the test knows, in a campaign (for the export). */
async function invited(org: TestOrg, setup?: Awaited<ReturnType<typeof makeHiringSetup>>) {
  const hiring = setup ?? (await makeHiringSetup(app.db, org.orgId));
  const candidate = await makeCandidate(app.db, org.orgId, { firstName: 'Grace', locale: 'en' });
  const { token, hash } = newInvitationToken();
  const interview = await makeInterview(app.db, org.orgId, {
    candidateId: candidate.id,
    jobId: hiring.job.id,
    campaignId: hiring.campaign.id,
    stageId: hiring.stage.id,
    configId: hiring.config.id,
    inviteTokenHash: hash,
  });
  return { setup: hiring, candidate, interview, token };
}

describe('the organization switch', () => {
  it('is off by default; only an admin switches it, and the change is audited', async () => {
    const org = await createTestOrg(app.db, app.url);
    const admin = recruiterCaller(app.db, org.orgId);
    expect(await admin.settings.selfIdentification()).toEqual({ collectSelfIdentification: false });
    await expect(callerAs(org.orgId, 'recruiter').settings.updateSelfIdentification({ collectSelfIdentification: true })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerAs(org.orgId, 'viewer').settings.selfIdentification()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(admin.settings.updateSelfIdentification({ collectSelfIdentification: 'yes' as unknown as boolean })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await admin.settings.updateSelfIdentification({ collectSelfIdentification: true })).toEqual({ collectSelfIdentification: true });
    expect(await admin.settings.selfIdentification()).toEqual({ collectSelfIdentification: true });
    const entries = await app.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, org.orgId), eq(auditEvents.action, 'settings.updated')));
    expect(entries.map((e) => e.details)).toEqual([{ setting: 'collectSelfIdentification', from: false, to: true }]);
    // Another organization is not switched on by it.
    const other = await createTestOrg(app.db, app.url);
    expect(await recruiterCaller(app.db, other.orgId).settings.selfIdentification()).toEqual({ collectSelfIdentification: false });
  });
});

describe('PUT /api/v1/candidates/{id}/self-identification', () => {
  it('409 until the organization collects; then 204, partial updates, null clears; audited without the answers', async () => {
    const org = await createTestOrg(app.db, app.url);
    const candidate = await makeCandidate(app.db, org.orgId);
    const refused = await put(org, candidate.id, { sex: 'female' });
    expectError(refused, 409, 'CONFLICT');
    expect(refused.body.error.message).toMatch(/does not collect/);
    expect(await storedRow(org.orgId, candidate.id)).toBeUndefined();

    await recruiterCaller(app.db, org.orgId).settings.updateSelfIdentification({ collectSelfIdentification: true });
    const first = await put(org, candidate.id, { sex: 'female', raceEthnicity: 'asian' });
    expect(first.status, first.text).toBe(204);
    expect(first.text).toBe('');
    expect(await storedRow(org.orgId, candidate.id)).toMatchObject({ sex: 'female', raceEthnicity: 'asian' });
    expect((await put(org, candidate.id, { raceEthnicity: 'declined' })).status).toBe(204);
    expect(await storedRow(org.orgId, candidate.id)).toMatchObject({ sex: 'female', raceEthnicity: 'declined' });
    expect((await put(org, candidate.id, { sex: null })).status).toBe(204);
    expect(await storedRow(org.orgId, candidate.id)).toMatchObject({ sex: null, raceEthnicity: 'declined' });

    const audited = await app.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, org.orgId), eq(auditEvents.action, 'candidate.self_identification_recorded')));
    expect(audited).toHaveLength(3);
    expect(audited.map((e) => e.details)).toEqual(expect.arrayContaining([{ fields: ['sex', 'raceEthnicity'] }, { fields: ['raceEthnicity'] }, { fields: ['sex'] }]));
    expect(JSON.stringify(audited)).not.toMatch(/female|asian|declined/);

    // Switched off again: refused, and what was stored stays until erasure.
    await recruiterCaller(app.db, org.orgId).settings.updateSelfIdentification({ collectSelfIdentification: false });
    expectError(await put(org, candidate.id, { sex: 'male' }), 409, 'CONFLICT');
    expect(await storedRow(org.orgId, candidate.id)).toMatchObject({ sex: null });
  });

  it('400 for values outside CONTRACT §14, unknown fields, an empty body or a body that is not an object', async () => {
    const org = await createTestOrg(app.db, app.url);
    await recruiterCaller(app.db, org.orgId).settings.updateSelfIdentification({ collectSelfIdentification: true });
    const candidate = await makeCandidate(app.db, org.orgId);
    expectValidationIssue(await put(org, candidate.id, { sex: 'woman' }), 'sex');
    expectValidationIssue(await put(org, candidate.id, { raceEthnicity: 'Asian' }), 'raceEthnicity');
    expectValidationIssue(await put(org, candidate.id, { sex: 'female', religion: 'none' }), 'religion');
    expectValidationIssue(await put(org, candidate.id, {}), '(root)');
    expectValidationIssue(await put(org, candidate.id, ['female']), '(body)');
    const malformed = await org.api(`/api/v1/candidates/${candidate.id}/self-identification`, { method: 'PUT', rawBody: '{"sex":', headers: { 'content-type': 'application/json' } });
    expectError(malformed, 400, 'VALIDATION_ERROR');
    expect(await storedRow(org.orgId, candidate.id)).toBeUndefined();
  });

  it("404 for another organization's candidate exactly like a missing one (even where the other collects); 403 without candidates:write", async () => {
    const org = await createTestOrg(app.db, app.url);
    const other = await createTestOrg(app.db, app.url);
    await recruiterCaller(app.db, org.orgId).settings.updateSelfIdentification({ collectSelfIdentification: true });
    await recruiterCaller(app.db, other.orgId).settings.updateSelfIdentification({ collectSelfIdentification: true });
    const theirs = await makeCandidate(app.db, other.orgId);
    const foreign = await put(org, theirs.id, { sex: 'male' });
    const missing = await put(org, 'cnd_doesnotexist0000000000', { sex: 'male' });
    const malformedId = await put(org, 'not-an-id', { sex: 'male' });
    expectError(foreign, 404, 'NOT_FOUND');
    expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
    expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(malformedId.body));
    expect(await storedRow(other.orgId, theirs.id)).toBeUndefined();
    const mine = await makeCandidate(app.db, org.orgId);
    const readOnly = await makeKey(app.db, org.orgId, ['candidates:read', 'reports:read']);
    const forbidden = await put(org, mine.id, { sex: 'male' }, readOnly.key);
    expectError(forbidden, 403, 'FORBIDDEN');
    expect(forbidden.body.error.message).toContain('candidates:write');
  });
});

describe("the candidate's own answers after the interview", () => {
  it('asked only once the interview is completed, only where the organization collects; same values as v1', async () => {
    const org = await createTestOrg(app.db, app.url);
    const s = await invited(org);
    const api = candidateApi(app.url, s.token);
    expect((await api.session()).body.selfIdentification).toBeNull();
    expectError(await putAsCandidate(s.token, { sex: 'female' }), 409, 'CONFLICT');

    const started = await api.start();
    expect(started.status, started.text).toBe(200);
    await recruiterCaller(app.db, org.orgId).settings.updateSelfIdentification({ collectSelfIdentification: true });
    expect(started.body.selfIdentification).toBeNull();
    const early = await putAsCandidate(s.token, { sex: 'female' });
    expectError(early, 409, 'CONFLICT');
    expect(early.body.error.message).toMatch(/completed/);

    let session = started.body;
    while (session.question) {
      const answered = await api.answer(session.question.turnNumber, { text: 'I designed and ran the payments ledger for five years, with its on-call rota.' });
      expect(answered.status, answered.text).toBe(200);
      session = answered.body;
      if (!session.question && session.status !== 'COMPLETED') session = await waitFor(async () => ((await api.session()).body.status === 'COMPLETED' ? (await api.session()).body : null));
    }
    expect(session.status).toBe('COMPLETED');
    expect((await api.session()).body.selfIdentification).toBe('ask');

    expectValidationIssue(await putAsCandidate(s.token, { sex: 'other' }), 'sex');
    expectValidationIssue(await putAsCandidate(s.token, { sex: 'female', id: s.candidate.id }), 'id');
    const answered = await putAsCandidate(s.token, { sex: 'declined', raceEthnicity: 'two_or_more' });
    expect(answered.status, answered.text).toBe(200);
    expect(answered.body).toMatchObject({ status: 'COMPLETED', selfIdentification: 'answered' });
    expect(answered.text).not.toMatch(/two_or_more|declined/);
    expect(await storedRow(org.orgId, s.candidate.id)).toMatchObject({ sex: 'declined', raceEthnicity: 'two_or_more' });
    // The candidate's own answers are not an organization member's act: nothing in the audit log.
    const audited = await app.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, org.orgId), eq(auditEvents.action, 'candidate.self_identification_recorded')));
    expect(audited).toHaveLength(0);

    // Unknown and cancelled links.
    expectError(await putAsCandidate('x'.repeat(43), { sex: 'male' }), 404, 'NOT_FOUND');
    const cancelled = await invited(org);
    await recruiterCaller(app.db, org.orgId).interviews.cancel({ id: cancelled.interview.id });
    expectError(await putAsCandidate(cancelled.token, { sex: 'male' }), 410, 'GONE');

    // Switched off: not asked, refused.
    await recruiterCaller(app.db, org.orgId).settings.updateSelfIdentification({ collectSelfIdentification: false });
    expect((await api.session()).body.selfIdentification).toBeNull();
    expectError(await putAsCandidate(s.token, { sex: 'male' }), 409, 'CONFLICT');
  });
});

/** Every value that must never leave the table, as it could be spelled in JSON, CSV or a prompt. */
const NEEDLES = [/native_hawaiian/i, /Native Hawaiian/i, /pacific_islander/i, /raceEthnicity/i, /race_ethnicity/i, /selfIdentification/i, /self_identification/i, /\bfemale\b/i];

/** `valuesOnly`: the candidate's own session may say whether it asks (`selfIdentification: "answered"`), never the answers. */
function expectNoSelfIdentification(what: string, text: string, options: { valuesOnly?: boolean } = {}) {
  const needles = options.valuesOnly ? NEEDLES.filter((n) => !/identification/i.test(n.source)) : NEEDLES;
  for (const needle of needles) expect(text, `${what} must not carry ${needle}`).not.toMatch(needle);
}

describe('never in any payload nor any model request; in the access export; gone with erasure', () => {
  it('is searched for in every candidate, interview, report, export and webhook payload and in the fake model’s prompts', async () => {
    const org = await createTestOrg(app.db, app.url);
    await recruiterCaller(app.db, org.orgId).settings.updateSelfIdentification({ collectSelfIdentification: true });
    const hookPath = `/hook-${newId('webhookEndpoint').slice(4)}`;
    const hook = await org.api('/api/v1/webhook-endpoints', { method: 'POST', body: { url: `${receiver.base}${hookPath}`, eventTypes: ['*'] } });
    expect(hook.status, hook.text).toBe(201);
    receiver.register(hookPath, hook.body.secret);

    const s = await invited(org);
    // Stored before anything is asked of the model: the interview's evaluations and the report's summary follow.
    expect((await put(org, s.candidate.id, { sex: 'female', raceEthnicity: 'native_hawaiian_pacific_islander' })).status).toBe(204);
    const promptsBefore = openai.requests.length;
    const api = candidateApi(app.url, s.token);
    let session = (await api.start()).body;
    while (session.status !== 'COMPLETED') {
      if (session.question) session = (await api.answer(session.question.turnNumber, { text: 'I ran the payments ledger and its incident reviews for five years.' })).body;
      else session = (await api.session()).body;
    }
    const report = await waitFor(async () => {
      const res = await org.api(`/api/v1/reports/interviews/${s.interview.id}`);
      return res.status === 200 && res.body.status === 'READY' ? res : null;
    });
    expect(await org.api(`/api/v1/candidates/${s.candidate.id}`, { method: 'PATCH', body: { firstName: 'Grace B.' } })).toMatchObject({ status: 200 });
    await receiver.waitFor(() => receiver.on(hookPath).some((r) => r.type === 'report.ready') && receiver.on(hookPath).some((r) => r.type === 'candidate.updated'));

    const responses: [string, ApiResponse][] = [
      ['report', report],
      ['candidate', await org.api(`/api/v1/candidates/${s.candidate.id}`)],
      ['candidate list', await org.api('/api/v1/candidates?search=grace')],
      ['interview', await org.api(`/api/v1/interviews/${s.interview.id}`)],
      ['interview list', await org.api(`/api/v1/interviews?campaignId=${s.setup.campaign.id}`)],
      ['report by id', await org.api(`/api/v1/reports/${report.body.id}`)],
      ['export json', await org.api(`/api/v1/reports/export?campaignId=${s.setup.campaign.id}&format=json`)],
      ['export csv', await org.api(`/api/v1/reports/export?campaignId=${s.setup.campaign.id}&format=csv`)],
      ['candidate session', await api.session()],
    ];
    for (const [what, res] of responses) {
      expect(res.status, `${what}: ${res.text}`).toBeLessThan(300);
      expectNoSelfIdentification(what, res.text, { valuesOnly: what === 'candidate session' });
    }
    expect(responses.find(([w]) => w === 'export json')![1].body.interviews).toHaveLength(1);
    // The dashboard's own reads of the candidate and the interview.
    const admin = recruiterCaller(app.db, org.orgId);
    expectNoSelfIdentification('dashboard interview', JSON.stringify(await admin.dashboard.interview({ id: s.interview.id })));
    expectNoSelfIdentification('dashboard candidate', JSON.stringify(await admin.candidates.get({ id: s.candidate.id })));
    for (const delivery of receiver.on(hookPath)) expectNoSelfIdentification(`webhook ${delivery.type}`, JSON.stringify(delivery.body));
    // The model was asked (evaluations and the summary), and never told.
    const prompts = openai.requests.slice(promptsBefore).filter((r) => r.path === '/v1/chat/completions');
    expect(prompts.length).toBeGreaterThan(1);
    for (const prompt of prompts) expectNoSelfIdentification('model request', prompt.raw.toString('utf8'));

    // The candidate's own access export carries it, and it counts in the audit's totals.
    const exported = await org.api(`/api/v1/candidates/${s.candidate.id}/export`);
    expect(exported.status).toBe(200);
    expect(exported.body.selfIdentification).toEqual({ sex: 'female', raceEthnicity: 'native_hawaiian_pacific_islander', createdAt: expect.any(String), updatedAt: expect.any(String) });
    const audit = await org.api(`/api/v1/analytics/bias-audit?campaignId=${s.setup.campaign.id}`);
    expect(audit.status, audit.text).toBe(200);
    expect(audit.body.sampleSize).toBe(1);
    expect(audit.body.categories.sex.find((c: any) => c.category === 'female').n).toBe(1);

    // Erasure removes it: the row, the export (404), the audit counts it as unknown.
    expect((await org.api(`/api/v1/candidates/${s.candidate.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await storedRow(org.orgId, s.candidate.id)).toBeUndefined();
    expect((await org.api(`/api/v1/candidates/${s.candidate.id}/export`)).status).toBe(404);
    const after = await org.api(`/api/v1/analytics/bias-audit?campaignId=${s.setup.campaign.id}`);
    expect(after.body).toMatchObject({ sampleSize: 1, unknown: { sex: 1, raceEthnicity: 1 } });
    expect(after.body.categories.sex.every((c: any) => c.n === 0)).toBe(true);
    expectError(await put(org, s.candidate.id, { sex: 'male' }), 404, 'NOT_FOUND');
  });

  it('an access export without answers says null', async () => {
    const org = await createTestOrg(app.db, app.url);
    const candidate = await makeCandidate(app.db, org.orgId);
    const exported = await org.api(`/api/v1/candidates/${candidate.id}/export`);
    expect(exported.status).toBe(200);
    expect(exported.body.selfIdentification).toBeNull();
  });
});

describe("the candidate's optional rating after the interview (issue 25)", () => {
  const rate = (token: string, body: unknown) => request(app.url, `/api/invitations/${token}/feedback`, { method: 'PUT', body });

  it('409 before completion, 400 outside 1–5 or with unknown fields, 200 after: stored on the interview, replaced when sent again; 410 once cancelled', async () => {
    const org = await createTestOrg(app.db, app.url);
    const s = await invited(org);
    expectError(await rate(s.token, { score: 4 }), 409, 'CONFLICT');

    await app.db.update(interviews).set({ status: 'COMPLETED', startedAt: new Date(Date.now() - 600_000), completedAt: new Date() }).where(eq(interviews.id, s.interview.id));
    expectValidationIssue(await rate(s.token, { score: 6 }), 'score');
    expectValidationIssue(await rate(s.token, { score: 0 }), 'score');
    expect((await rate(s.token, { score: 3, extra: true })).status).toBe(400);
    expectValidationIssue(await rate(s.token, { score: 5, comment: 'x'.repeat(1001) }), 'comment');

    const first = await rate(s.token, { score: 2, comment: '  Too long.  ' });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ score: 2, comment: 'Too long.' });
    const second = await rate(s.token, { score: 4, comment: '' });
    expect(second.body).toEqual({ score: 4, comment: null });
    const [row] = await app.db.select().from(interviews).where(eq(interviews.id, s.interview.id));
    expect([row.satisfactionScore, row.satisfactionComment, row.satisfactionAt]).toEqual([4, null, expect.any(Date)]);

    await app.db.update(interviews).set({ status: 'CANCELLED', cancelledAt: new Date() }).where(eq(interviews.id, s.interview.id));
    expectError(await rate(s.token, { score: 1 }), 410, 'GONE');
  });
});
