import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '@/db/schema';
import type { AuditAction } from '@/server/services/audit/audit-actions';
import { recordAuditEvent } from '@/server/services/audit/record-audit-event';
import { signIn } from '@/server/services/auth/sign-in';
import { generateInterviewReport } from '@/server/services/reports/generate-interview-report';
import { agentApi } from '../support/agent';
import { createTestOrg, makeHiringSetup, makeInterview, makeKey, request, type TestOrg } from '../support/factories';
import { makeRecruiter, RECRUITER_PASSWORD, sessionCookieFor, trpcMutation } from '../support/recruiters';
import { makeInterviewWithPendingReport } from '../support/report-factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectError } from '../support/v1';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

async function entries(orgId: string, action: AuditAction, targetId?: string | null) {
  return app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.action, action), ...(targetId ? [eq(auditEvents.targetId, targetId)] : [])));
}

/** Exactly one entry of that action on that record, by that actor (and, when given, from that request). */
async function expectOneEntry(orgId: string, action: AuditAction, targetId: string | null, actor: { type: string; id?: string }, requestId?: string | null) {
  const found = await entries(orgId, action, targetId);
  expect(found, `${action} ${targetId}`).toHaveLength(1);
  expect(found[0].actorType).toBe(actor.type);
  if (actor.id) expect(found[0].actorId).toBe(actor.id);
  if (requestId !== undefined) expect(found[0].requestId).toBe(requestId);
  return found[0];
}

function trpcData(res: { status: number; body: any }) {
  if (res.status !== 200) throw new Error(`tRPC ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.result.data;
}

async function orgWithRecruiter() {
  const org = await createTestOrg(app.db, app.url);
  const recruiter = await makeRecruiter(app.db, org.orgId);
  const cookie = await sessionCookieFor(app.db, recruiter.email);
  return { org, recruiter, cookie };
}

describe('every audited action leaves exactly one entry with the right actor', () => {
  it('sign-ins, success and failure (never the password, never an unknown email)', async () => {
    const org = await createTestOrg(app.db, app.url);
    const recruiter = await makeRecruiter(app.db, org.orgId);
    await signIn(app.db, { email: recruiter.email, password: RECRUITER_PASSWORD, requestId: 'req_signin1' });
    await expect(signIn(app.db, { email: recruiter.email, password: 'wrong password here' })).rejects.toMatchObject({ appCode: 'UNAUTHORIZED' });
    await expect(signIn(app.db, { email: 'nobody-at-all@example.com', password: 'whatever' })).rejects.toMatchObject({ appCode: 'UNAUTHORIZED' });
    await expectOneEntry(org.orgId, 'auth.signed_in', recruiter.id, { type: 'user', id: recruiter.id }, 'req_signin1');
    const failed = await expectOneEntry(org.orgId, 'auth.sign_in_failed', recruiter.id, { type: 'user', id: recruiter.id });
    expect(failed.details).toEqual({ reason: 'invalid_password' });
    const [{ n }] = await app.db.execute(sql`select count(*)::int as n from audit_events where details::text like '%wrong password%' or details::text like '%nobody-at-all%'`).then((r: any) => (Array.isArray(r) ? r : r.rows));
    expect(n).toBe(0);
  });

  it('API keys created and revoked from the dashboard', async () => {
    const { org, recruiter, cookie } = await orgWithRecruiter();
    const created = await trpcMutation(app.url, 'apiKeys.create', { name: 'ATS', scopes: ['candidates:read'] }, cookie);
    const key = trpcData(created);
    const entry = await expectOneEntry(org.orgId, 'api_key.created', key.id, { type: 'user', id: recruiter.id }, created.headers.get('x-request-id'));
    expect(entry.details).toEqual({ scopes: ['candidates:read'] });
    expect(JSON.stringify(entry)).not.toContain(key.key);
    trpcData(await trpcMutation(app.url, 'apiKeys.revoke', { id: key.id }, cookie));
    trpcData(await trpcMutation(app.url, 'apiKeys.revoke', { id: key.id }, cookie));
    await expectOneEntry(org.orgId, 'api_key.revoked', key.id, { type: 'user', id: recruiter.id });
  });

  it('candidates created, updated, imported; interviews created, invited, re-invited, cancelled, finalized by the agent', async () => {
    const { org, recruiter, cookie } = await orgWithRecruiter();
    const apiKey = { type: 'api_key', id: org.apiKeyId };
    const user = { type: 'user', id: recruiter.id };
    const created = await org.api('/api/v1/candidates', { body: { email: 'audit.subject@example.com', firstName: 'Audra', phone: '+33 1 23 45 67 89' } });
    expect(created.status).toBe(201);
    await expectOneEntry(org.orgId, 'candidate.created', created.body.id, apiKey, created.headers.get('x-request-id'));
    const patched = await org.api(`/api/v1/candidates/${created.body.id}`, { method: 'PATCH', body: { lastName: 'Secretname', phone: null } });
    expect(patched.status).toBe(200);
    const update = await expectOneEntry(org.orgId, 'candidate.updated', created.body.id, apiKey);
    expect(update.details).toEqual({ fields: ['lastName', 'phone'] });
    const imported = trpcData(await trpcMutation(app.url, 'candidates.import', { csv: 'email,firstName\nimp.one@example.com,Imp\nimp.two@example.com,Imp\n' }, cookie));
    expect(imported.imported).toBe(2);
    for (const row of imported.created) await expectOneEntry(org.orgId, 'candidate.created', row.id, user);

    const setup = await makeHiringSetup(app.db, org.orgId);
    const draft = await org.api('/api/v1/interviews', { body: { candidateId: created.body.id, jobId: setup.job.id, campaignId: setup.campaign.id, sendInvite: false } });
    expect(draft.status).toBe(201);
    await expectOneEntry(org.orgId, 'interview.created', draft.body.id, apiKey);
    trpcData(await trpcMutation(app.url, 'interviews.sendInvitation', { id: draft.body.id }, cookie));
    await expectOneEntry(org.orgId, 'interview.invitation_sent', draft.body.id, user);
    trpcData(await trpcMutation(app.url, 'interviews.resendInvitation', { id: draft.body.id }, cookie));
    await expectOneEntry(org.orgId, 'interview.invitation_resent', draft.body.id, user);
    trpcData(await trpcMutation(app.url, 'interviews.cancel', { id: draft.body.id }, cookie));
    expect((await trpcMutation(app.url, 'interviews.cancel', { id: draft.body.id }, cookie)).status).toBe(409);
    await expectOneEntry(org.orgId, 'interview.cancelled', draft.body.id, user);

    const live = await org.api('/api/v1/interviews', { body: { candidateId: created.body.id, jobId: setup.job.id } });
    await agentApi(app.url, `/api/interviews/${live.body.id}/turns`, { body: { turnNumber: 1, role: 'agent', content: 'Hello?', isPendingQuestion: true } });
    await agentApi(app.url, `/api/interviews/${live.body.id}/turns`, { body: { turnNumber: 2, role: 'candidate', content: 'Hi.' } });
    const finalized = await agentApi(app.url, `/api/interviews/${live.body.id}/finalize`, { body: {} });
    expect(finalized.status).toBe(200);
    expect((await agentApi(app.url, `/api/interviews/${live.body.id}/finalize`, { body: {} })).status).toBe(200);
    await expectOneEntry(org.orgId, 'interview.finalized', live.body.id, { type: 'agent', id: 'agent_secret' }, finalized.headers.get('x-request-id'));

    // No entry carries the candidate's personal data.
    const all = await app.db.select().from(auditEvents).where(eq(auditEvents.orgId, org.orgId));
    for (const needle of ['audit.subject@example.com', 'Audra', 'Secretname', '+33 1 23 45 67 89', 'imp.one@example.com']) {
      expect(JSON.stringify(all)).not.toContain(needle);
    }
  }, 60_000);

  /** What the AI had said when the person decided (issue 23): the report's figures and provenance, seen by the decider. */
  const AI_SAID = (reportId: string) => ({
    aiReportId: reportId,
    aiReportStatus: 'READY',
    aiOverallScore: expect.any(Number),
    aiRecommendation: expect.any(String),
    aiRubricVersion: expect.stringMatching(/^[0-9a-f]{16}$/),
    aiEvaluators: expect.any(Array),
    aiSummaryBy: null,
    aiWithheldFromDecider: false,
  });

  it('decisions (REST v1 and the dashboard, a replacement included) and a human review, without their free text', async () => {
    const { org, recruiter, cookie } = await orgWithRecruiter();
    const made = await makeInterviewWithPendingReport(app.db, org.orgId);
    await generateInterviewReport(app.db, { reportId: made.report.id });
    const id = made.interview.id;

    const byKey = await org.api(`/api/v1/interviews/${id}/decision`, { body: { status: 'HOLD', reason: 'Quixotic-reason-one about the candidate' } });
    expect(byKey.status, byKey.text).toBe(200);
    expect(byKey.headers.get('x-request-id')).toMatch(/^req_/);
    const first = await expectOneEntry(org.orgId, 'interview.decided', id, { type: 'api_key', id: org.apiKeyId }, byKey.headers.get('x-request-id'));
    expect(first.targetType).toBe('interview');
    expect(first.details).toEqual({ decisionId: expect.any(String), status: 'HOLD', previousStatus: null, ...AI_SAID(made.report.id) });

    const byUser = await trpcMutation(app.url, 'interviews.decide', { id, status: 'REJECT', reason: 'Quixotic-reason-two about the candidate' }, cookie);
    trpcData(byUser);
    expect(byUser.headers.get('x-request-id')).toMatch(/^req_/);
    const decided = await entries(org.orgId, 'interview.decided', id);
    expect(decided).toHaveLength(2);
    const second = decided.find((e) => e.id !== first.id)!;
    expect(second).toMatchObject({ actorType: 'user', actorId: recruiter.id, requestId: byUser.headers.get('x-request-id'), targetType: 'interview' });
    expect(second.details).toEqual({ decisionId: expect.any(String), status: 'REJECT', previousStatus: 'HOLD', ...AI_SAID(made.report.id) });
    expect(second.details.decisionId).not.toBe(first.details.decisionId);
    // A refused decision (not COMPLETED) is not a decision.
    const draft = await makeInterview(app.db, org.orgId, { candidateId: made.candidate.id, jobId: made.setup.job.id, status: 'DRAFT' });
    expect((await org.api(`/api/v1/interviews/${draft.id}/decision`, { body: { status: 'ADVANCE' } })).status).toBe(409);
    expect(await entries(org.orgId, 'interview.decided', draft.id)).toHaveLength(0);

    const review = await trpcMutation(
      app.url,
      'reports.saveHumanReview',
      { interviewId: id, criteria: [{ key: 'communication', score: 9, note: 'Quixotic-note about the candidate' }, { key: 'technical', score: 7 }] },
      cookie,
    );
    const saved = trpcData(review);
    const reviewed = await expectOneEntry(org.orgId, 'report.reviewed', made.report.id, { type: 'user', id: recruiter.id }, review.headers.get('x-request-id'));
    expect(reviewed.targetType).toBe('report');
    expect(reviewed.details).toEqual({ interviewId: id, overallScore: saved.overallScore });

    const all = await app.db.select().from(auditEvents).where(eq(auditEvents.orgId, org.orgId));
    expect(JSON.stringify(all)).not.toContain('Quixotic');
  });

  it('exports (v1, dashboard, a candidate), erasure and settings changes', async () => {
    const { org, recruiter, cookie } = await orgWithRecruiter();
    const setup = await makeHiringSetup(app.db, org.orgId);
    const v1 = await org.api(`/api/v1/reports/export?campaignId=${setup.campaign.id}&format=csv`);
    expect(v1.status).toBe(200);
    await expectOneEntry(org.orgId, 'campaign.results_exported', setup.campaign.id, { type: 'api_key', id: org.apiKeyId }, v1.headers.get('x-request-id'));
    const dashboard = await request(app.url, `/api/dashboard/export?campaignId=${setup.campaign.id}&format=json`, { headers: { cookie } });
    expect(dashboard.status).toBe(200);
    expect(await entries(org.orgId, 'campaign.results_exported', setup.campaign.id)).toHaveLength(2);
    expect((await entries(org.orgId, 'campaign.results_exported')).filter((e) => e.actorType === 'user' && e.actorId === recruiter.id)).toHaveLength(1);
    // A refused export (another organization's campaign) is not an export.
    const other = await createTestOrg(app.db, app.url);
    const foreign = await makeHiringSetup(app.db, other.orgId);
    expectError(await org.api(`/api/v1/reports/export?campaignId=${foreign.campaign.id}`), 404, 'NOT_FOUND');
    expect(await entries(org.orgId, 'campaign.results_exported', foreign.campaign.id)).toHaveLength(0);
    expect(await entries(other.orgId, 'campaign.results_exported')).toHaveLength(0);

    const candidate = await org.api('/api/v1/candidates', { body: { email: 'exported@example.com' } });
    await org.api(`/api/v1/candidates/${candidate.body.id}/export`);
    await expectOneEntry(org.orgId, 'candidate.exported', candidate.body.id, { type: 'api_key', id: org.apiKeyId });
    const erased = await org.api(`/api/v1/candidates/${candidate.body.id}`, { method: 'DELETE' });
    expect(erased.status).toBe(204);
    await expectOneEntry(org.orgId, 'candidate.erased', candidate.body.id, { type: 'api_key', id: org.apiKeyId }, erased.headers.get('x-request-id'));

    trpcData(await trpcMutation(app.url, 'settings.updateRetention', { retentionDays: 400 }, cookie));
    trpcData(await trpcMutation(app.url, 'settings.updateRetention', { retentionDays: 400 }, cookie));
    const setting = await expectOneEntry(org.orgId, 'settings.updated', org.orgId, { type: 'user', id: recruiter.id });
    expect(setting.details).toEqual({ setting: 'retentionDays', from: 730, to: 400 });
  });
});

describe('GET /api/v1/audit-events', () => {
  it("lists the organization's own events, newest first, filtered, in the list envelope", async () => {
    const a = await createTestOrg(app.db, app.url);
    const b = await createTestOrg(app.db, app.url);
    const mine: string[] = [];
    for (const email of ['one@example.com', 'two@example.com', 'three@example.com']) mine.push((await a.api('/api/v1/candidates', { body: { email } })).body.id);
    const theirs = (await b.api('/api/v1/candidates', { body: { email: 'one@example.com' } })).body.id;

    const res = await a.api('/api/v1/audit-events?pageSize=100');
    expect(res.status).toBe(200);
    expect(res.body.pagination).toMatchObject({ page: 1, pageSize: 100 });
    const items = res.body.items as any[];
    expect(items.map((e) => e.targetId)).not.toContain(theirs);
    expect(items.map((e) => e.targetId)).not.toContain(b.apiKeyId);
    expect(items.filter((e) => e.action === 'candidate.created').map((e) => e.targetId)).toEqual([...mine].reverse());
    for (let i = 1; i < items.length; i++) expect(items[i - 1].createdAt >= items[i].createdAt).toBe(true);
    expect(items[0]).toEqual({
      id: expect.stringMatching(/^aud_/),
      actor: { type: 'api_key', id: a.apiKeyId },
      action: 'candidate.created',
      targetType: 'candidate',
      targetId: mine[2],
      requestId: expect.stringMatching(/^req_/),
      createdAt: expect.any(String),
      details: {},
    });

    const byAction = await a.api('/api/v1/audit-events?action=api_key.created');
    expect(byAction.body.items.map((e: any) => e.targetId)).toEqual([a.apiKeyId]);
    const byTarget = await a.api(`/api/v1/audit-events?targetId=${mine[1]}`);
    expect(byTarget.body.items.map((e: any) => e.targetId)).toEqual([mine[1]]);
    expect((await a.api(`/api/v1/audit-events?targetId=${theirs}`)).body.items).toEqual([]);
    const middle = items.find((e) => e.targetId === mine[1]);
    const since = await a.api(`/api/v1/audit-events?action=candidate.created&since=${encodeURIComponent(middle.createdAt)}`);
    expect(since.body.items.map((e: any) => e.targetId)).toEqual(expect.arrayContaining([mine[1], mine[2]]));
    expect(since.body.items.map((e: any) => e.targetId)).not.toContain(mine[0]);
    const until = await a.api(`/api/v1/audit-events?action=candidate.created&until=${encodeURIComponent(middle.createdAt)}`);
    expect(until.body.items.map((e: any) => e.targetId)).not.toContain(mine[1]);
    expect(until.body.items.map((e: any) => e.targetId)).toContain(mine[0]);
    const paged = await a.api('/api/v1/audit-events?action=candidate.created&pageSize=2&page=2');
    expect(paged.body).toMatchObject({ items: [{ targetId: mine[0] }], pagination: { page: 2, pageSize: 2, total: 3, totalPages: 2 } });

    expectError(await a.api('/api/v1/audit-events?action=nonsense'), 400, 'VALIDATION_ERROR');
    expectError(await a.api('/api/v1/audit-events?since=yesterday'), 400, 'VALIDATION_ERROR');
    expectError(await a.api('/api/v1/audit-events?pageSize=101'), 400, 'VALIDATION_ERROR');
  });

  it('needs the audit:read scope', async () => {
    const org = await createTestOrg(app.db, app.url);
    const without = await makeKey(app.db, org.orgId, ['candidates:read', 'candidates:write', 'interviews:read', 'interviews:write', 'reports:read']);
    const refused = await org.api('/api/v1/audit-events', { key: without.key });
    expectError(refused, 403, 'FORBIDDEN');
    expect(refused.body.error.message).toContain('audit:read');
    const only = await makeKey(app.db, org.orgId, ['audit:read']);
    expect((await org.api('/api/v1/audit-events', { key: only.key })).status).toBe(200);
    expectError(await request(app.url, '/api/v1/audit-events'), 401, 'UNAUTHORIZED');
  });
});

describe('the dashboard pages', () => {
  it('Settings shows the retention period, the audit log page and the candidate profile offer their actions', async () => {
    const { org, cookie } = await orgWithRecruiter();
    const candidate = (await org.api('/api/v1/candidates', { body: { email: 'profile@example.com' } })).body;
    const settings = await request(app.url, '/settings/privacy', { headers: { cookie } });
    expect(settings.status).toBe(200);
    expect(settings.text).toContain('Data retention');
    expect(settings.text).toContain('730 days after their last activity');
    const audit = await request(app.url, '/settings/audit', { headers: { cookie } });
    expect(audit.status).toBe(200);
    expect(audit.text).toContain('Audit log');
    const profile = await request(app.url, `/candidates/${candidate.id}`, { headers: { cookie } });
    expect(profile.status).toBe(200);
    expect(profile.text).toContain('Download data');
    expect(profile.text).toContain('Erase');
  });
});

describe('the audit log itself', () => {
  it('refuses UPDATE and DELETE, in the database', async () => {
    const org = await createTestOrg(app.db, app.url);
    const id = await recordAuditEvent(app.db, { orgId: org.orgId, action: 'settings.updated', targetType: 'organization', targetId: org.orgId });
    await expect(app.db.update(auditEvents).set({ action: 'candidate.created' }).where(eq(auditEvents.id, id))).rejects.toThrow();
    await expect(app.db.delete(auditEvents).where(eq(auditEvents.id, id))).rejects.toThrow();
    const [row] = await app.db.select().from(auditEvents).where(eq(auditEvents.id, id));
    expect(row.action).toBe('settings.updated');
  });

  it('exports as formula-safe CSV from the dashboard, only the signed-in organization, audited', async () => {
    const { org, recruiter, cookie } = await orgWithRecruiter();
    const other = await createTestOrg(app.db, app.url);
    const hostile = '=HYPERLINK("http://evil.example","x")';
    await recordAuditEvent(app.db, { orgId: org.orgId, action: 'settings.updated', targetType: 'organization', targetId: hostile, details: { note: '+1+1', at: '@SUM(A1)', minus: '-2' } });
    await recordAuditEvent(app.db, { orgId: other.orgId, action: 'settings.updated', targetType: 'organization', targetId: 'their-secret-target' });

    const res = await request(app.url, '/api/dashboard/audit-export', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(res.text, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toEqual(['id', 'createdAt', 'actorType', 'actorId', 'action', 'targetType', 'targetId', 'requestId', 'details']);
    for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@\t\r\n]/);
    expect(rows.map((r) => r.targetId)).toContain(`'${hostile}`);
    expect(res.text).not.toContain('their-secret-target');
    expect(rows.map((r) => r.targetId)).toContain(org.apiKeyId);
    expect(rows.map((r) => r.actorId)).toContain(recruiter.id);
    await expectOneEntry(org.orgId, 'audit_log.exported', org.orgId, { type: 'user', id: recruiter.id });

    const filtered = parse((await request(app.url, `/api/dashboard/audit-export?action=api_key.created`, { headers: { cookie } })).text, { columns: true }) as Record<string, string>[];
    expect(filtered.map((r) => r.targetId)).toEqual([org.apiKeyId]);
    expectError(await request(app.url, '/api/dashboard/audit-export'), 401, 'UNAUTHORIZED');
    expectError(await request(app.url, '/api/dashboard/audit-export', { headers: { authorization: `Bearer ${org.apiKey}` } }), 401, 'UNAUTHORIZED');
    expectError(await request(app.url, '/api/dashboard/audit-export?action=nope', { headers: { cookie } }), 400, 'VALIDATION_ERROR');
  });
});
