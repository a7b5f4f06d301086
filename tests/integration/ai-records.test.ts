import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, turns } from '@/db/schema';
import { createTestOrg, type TestOrg } from '../support/factories';
import { enqueueReport, makeInterviewWithPendingReport, recruiterCaller, waitForReport } from '../support/report-factories';
import { makeRecruiter, sessionCookieFor, trpcMutation } from '../support/recruiters';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The AI's records (issue 23; EU AI Act Art. 12, 19, 26(6)): the retention setting cannot go below the floor
 * (AI_RECORDS_FLOOR_DAYS, default six months), and erasing a candidate keeps the pseudonymous minimum (scores,
 * provenance, times) while removing the words and the identity, which the audit log says.
 */
let app: TestApp;
let org: TestOrg;

beforeAll(async () => {
  app = await startTestApp({ LLM_BASE_URL: '', STT_BASE_URL: '', TTS_BASE_URL: '', REALTIME_BASE_URL: '' });
  org = await createTestOrg(app.db, app.url);
});
afterAll(async () => {
  await app?.close();
});

const PROVENANCE = {
  task: 'answer-evaluation',
  provider: 'api.openai.com',
  model: 'gpt-4o-mini',
  promptVersion: 'e2b60642c4c08c86',
  rubricHash: '9f8e7d6c5b4a3928',
  inputHash: '0011223344556677',
  parameters: { temperature: 0, seed: 7 },
  at: '2026-05-04T10:00:00.000Z',
  durationMs: 812,
};

describe('AI records', () => {
  it('the retention period cannot go below the floor of six months, with a clear validation error', async () => {
    const caller = recruiterCaller(app.db, org.orgId);
    expect(await caller.settings.retention()).toMatchObject({ minDays: 183, retentionDays: 730 });
    // Over HTTP, as the Settings page sends it: a 400 naming the field and why.
    const cookie = await sessionCookieFor(app.db, (await makeRecruiter(app.db, org.orgId, { role: 'admin' })).email);
    const refused = await trpcMutation(app.url, 'settings.updateRetention', { retentionDays: 182 }, cookie);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('retentionDays');
    expect(JSON.stringify(refused.body)).toContain("Must be at least 183 days: the AI's records of an assessment (scores, provenance, times) are kept at least that long");
    expect(await caller.settings.retention()).toMatchObject({ retentionDays: 730 });
    expect(await caller.settings.updateRetention({ retentionDays: 183 })).toMatchObject({ retentionDays: 183, minDays: 183 });
  });

  it("erasure removes the candidate's words and identity but keeps the scores, provenance and times; the audit log says so", async () => {
    const words = 'I rebuilt the Quillfeather ledger in Zanzibar.';
    const { candidate, interview, report } = await makeInterviewWithPendingReport(app.db, org.orgId, {
      turns: [
        { turnNumber: 1, role: 'agent', content: 'Describe a hard bug you fixed.' },
        { turnNumber: 2, role: 'candidate', content: words, evaluation: { scores: { technical: 7 }, flags: ['NAME_DROPPING'], comment: `Quotes "${words}"`, evaluator: 'llm:gpt-4o-mini', provenance: { ...PROVENANCE, note: words } } },
      ],
    });
    await enqueueReport(app.db, report.id);
    await waitForReport(app.db, report.id, 'READY');
    const before = await org.api(`/api/v1/reports/interviews/${interview.id}`);
    expect(before.body.provenance.scoring.evaluators).toEqual([{ provider: 'api.openai.com', model: 'gpt-4o-mini', promptVersion: PROVENANCE.promptVersion, answers: 1 }]);

    expect((await org.api(`/api/v1/candidates/${candidate.id}`, { method: 'DELETE' })).status).toBe(204);

    const [turn] = await app.db.select({ content: turns.content, evaluation: turns.evaluation, createdAt: turns.createdAt }).from(turns).where(and(eq(turns.interviewId, interview.id), eq(turns.turnNumber, 2)));
    expect(turn.content).toBe('');
    // Only the provenance's known fields stay: a key that could hold words ("note") goes with the comment and flags.
    expect(turn.evaluation).toEqual({ scores: { technical: 7 }, provenance: PROVENANCE });
    expect(turn.createdAt).toBeInstanceOf(Date);
    const after = await org.api(`/api/v1/reports/interviews/${interview.id}`);
    expect(after.body).toMatchObject({ overallScore: before.body.overallScore, summary: null, completedAt: before.body.completedAt, provenance: before.body.provenance });
    expect(JSON.stringify(after.body)).not.toContain('Quillfeather');

    const [entry] = await app.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, org.orgId), eq(auditEvents.action, 'candidate.erased'), eq(auditEvents.targetId, candidate.id)));
    expect(entry.details).toMatchObject({ kept: ['scores', 'provenance', 'times'], removed: ['words', 'identity'] });
  });
});

describe('erasure requests', () => {
  it('record when a request was received and when the erasure completed it; Settings lists the open ones with their 30-day deadline', async () => {
    const other = await createTestOrg(app.db, app.url);
    const asked = await org.api('/api/v1/candidates', { body: { email: `asked-${Date.now()}@example.com`, firstName: 'Ada' } });
    const direct = await org.api('/api/v1/candidates', { body: { email: `direct-${Date.now()}@example.com`, firstName: 'Bo' } });
    const receivedAt = new Date(Date.now() - 26 * 24 * 3600 * 1000).toISOString();

    const recorded = await org.api(`/api/v1/candidates/${asked.body.id}/erasure-requests`, { body: { receivedAt } });
    expect(recorded.status).toBe(200);
    expect(recorded.body).toEqual({ id: expect.stringMatching(/^erq_/), candidateId: asked.body.id, receivedAt, completedAt: null, dueAt: new Date(Date.parse(receivedAt) + 30 * 24 * 3600 * 1000).toISOString() });
    // Asking again does not restart the clock; another organization cannot record one; the future is refused.
    expect((await org.api(`/api/v1/candidates/${asked.body.id}/erasure-requests`, { body: {} })).body).toEqual(recorded.body);
    expect((await other.api(`/api/v1/candidates/${asked.body.id}/erasure-requests`, { body: {} })).status).toBe(404);
    expect((await org.api(`/api/v1/candidates/${direct.body.id}/erasure-requests`, { body: { receivedAt: new Date(Date.now() + 86_400_000).toISOString() } })).status).toBe(400);

    const caller = recruiterCaller(app.db, org.orgId);
    expect((await caller.settings.erasureRequests()).filter((r) => r.completedAt === null)).toEqual([recorded.body]);
    expect(await recruiterCaller(app.db, other.orgId).settings.erasureRequests()).toEqual([]);

    // The erasure completes it; an erasure without a prior request is one received and completed at once.
    expect((await org.api(`/api/v1/candidates/${asked.body.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await org.api(`/api/v1/candidates/${direct.body.id}`, { method: 'DELETE' })).status).toBe(204);
    const all = await caller.settings.erasureRequests();
    const askedRow = all.find((r) => r.candidateId === asked.body.id)!;
    expect(askedRow).toMatchObject({ id: recorded.body.id, receivedAt });
    expect(Date.parse(askedRow.completedAt!)).toBeGreaterThan(Date.parse(receivedAt));
    const directRow = all.find((r) => r.candidateId === direct.body.id)!;
    expect(directRow.completedAt).toBe(directRow.receivedAt);
    expect(all.filter((r) => r.completedAt === null)).toEqual([]);

    const [entry] = await app.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, org.orgId), eq(auditEvents.action, 'candidate.erased'), eq(auditEvents.targetId, asked.body.id)));
    expect(entry.details).toMatchObject({ erasureRequest: recorded.body.id, requestReceivedAt: receivedAt });
    const [requested] = await app.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, org.orgId), eq(auditEvents.action, 'candidate.erasure_requested')));
    expect(requested).toMatchObject({ targetId: asked.body.id, actorType: 'api_key' });
  });
});
