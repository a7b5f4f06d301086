import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '@/db/rows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxMessages, notifications, users, webhookDeliveries, webhookEvents } from '@/db/schema';
import { newId } from '@/server/ids';
import { createCandidate } from '@/server/services/candidates/create-candidate';
import { expireInterviews } from '@/server/services/interviews/expire-interviews';
import { WEBHOOK_EVENTS } from '@/server/services/webhooks/event-catalog';
import { pruneWebhookLog } from '@/server/services/webhooks/prune-webhook-log';
import { emitEvent } from '@/server/services/webhooks/emit-event';
import { agentApi } from '../support/agent';
import { createTestOrg, makeHiringSetup, makeKey, request, type TestOrg } from '../support/factories';
import { recruiterCaller } from '../support/recruiter-caller';
import { enqueueReport, makeInterviewWithPendingReport, waitForReport } from '../support/report-factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectCleanResponse, expectError, withoutRequestId } from '../support/v1';
import { startWebhookReceiver, type Answer, type WebhookReceiver } from '../support/webhook-receiver';

let app: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  app = await startTestApp({
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    // Fast retries: 0.3 s, 0.6 s, … and a 4 s window before an endpoint is given up on.
    WEBHOOK_RETRY_BASE_SECONDS: '0.3',
    WEBHOOK_RETRY_WINDOW_SECONDS: '4',
    WEBHOOK_CONCURRENCY: '8',
    WEBHOOK_ENDPOINT_CONCURRENCY: '2',
  });
});
afterAll(async () => {
  await app?.close();
  await receiver?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const newOrg = () => createTestOrg(app.db, app.url);

/** Creates an endpoint on a fresh receiver path and registers its secret there. */
async function makeEndpoint(org: TestOrg, options: { eventTypes?: string[]; enabled?: boolean; answer?: (n: number) => Answer } = {}) {
  const path = `/hook-${newId('webhookEndpoint').slice(4)}`;
  const res = await org.api('/api/v1/webhook-endpoints', {
    method: 'POST',
    body: { url: `${receiver.base}${path}`, eventTypes: options.eventTypes ?? ['*'], enabled: options.enabled },
  });
  expect(res.status, res.text).toBe(201);
  receiver.register(path, res.body.secret, options.answer);
  return { path, id: res.body.id as string, secret: res.body.secret as string, body: res.body };
}

function schemaKeys(type: keyof typeof WEBHOOK_EVENTS): string[] {
  return Object.keys((WEBHOOK_EVENTS[type].schema as unknown as { shape: object }).shape).sort();
}

describe('event catalog: each event type arrives once per change, with the documented payload', () => {
  it('interview, candidate, report and test-session events, verified with standardwebhooks', async () => {
    const org = await newOrg();
    const hook = await makeEndpoint(org);
    const setup = await makeHiringSetup(app.db, org.orgId);

    const candidate = await org.api('/api/v1/candidates', { method: 'POST', body: { email: `ada-${newId('candidate').slice(4, 10).toLowerCase()}@example.com`, firstName: 'Ada' } });
    expect(candidate.status).toBe(201);
    const patched = await org.api(`/api/v1/candidates/${candidate.body.id}`, { method: 'PATCH', body: { lastName: 'Lovelace' } });
    expect(patched.status).toBe(200);

    const created = await org.api('/api/v1/interviews', { method: 'POST', body: { candidateId: candidate.body.id, jobId: setup.job.id, campaignId: setup.campaign.id, stageId: setup.stage.id, configId: setup.config.id } });
    expect(created.status, created.text).toBe(201);
    const itv = created.body.id as string;
    expect((await agentApi(app.url, `/api/interviews/${itv}/turns`, { method: 'POST', body: { turnNumber: 1, role: 'agent', content: 'Hello?', isPendingQuestion: true } })).status).toBe(201);
    // The same turn again (an agent retry) changes nothing: no second interview.started.
    expect((await agentApi(app.url, `/api/interviews/${itv}/turns`, { method: 'POST', body: { turnNumber: 1, role: 'agent', content: 'Hello?', isPendingQuestion: true } })).status).toBe(200);
    expect((await agentApi(app.url, `/api/interviews/${itv}/turns`, { method: 'POST', body: { turnNumber: 2, role: 'candidate', content: 'Hi.' } })).status).toBe(201);
    const finalized = await agentApi(app.url, `/api/interviews/${itv}/finalize`, { method: 'POST', body: {} });
    expect(finalized.status, finalized.text).toBe(200);
    expect((await agentApi(app.url, `/api/interviews/${itv}/finalize`, { method: 'POST', body: {} })).status).toBe(200);
    await waitForReport(app.db, finalized.body.reportId, 'READY');

    // A decision through REST v1, then its replacement from the dashboard: interview.decided each time.
    const caller = recruiterCaller(app.db, org.orgId);
    const held = await org.api(`/api/v1/interviews/${itv}/decision`, { method: 'POST', body: { status: 'HOLD', reason: 'Waiting for the take-home' } });
    expect(held.status, held.text).toBe(200);
    const advanced = await caller.interviews.decide({ id: itv, status: 'ADVANCE' });

    const toCancel = await org.api('/api/v1/interviews', { method: 'POST', body: { candidateId: candidate.body.id, jobId: setup.job.id, sendInvite: false } });
    const cancelled = await caller.interviews.cancel({ id: toCancel.body.id });
    // A refused decision (the interview is not COMPLETED) sends nothing.
    expect((await org.api(`/api/v1/interviews/${toCancel.body.id}/decision`, { method: 'POST', body: { status: 'REJECT' } })).status).toBe(409);

    const lapsing = await org.api('/api/v1/interviews', { method: 'POST', body: { candidateId: candidate.body.id, jobId: setup.job.id, expiresAt: new Date(Date.now() + 1500).toISOString() } });
    expect(lapsing.status).toBe(201);
    await sleep(1600);
    // Read as EXPIRED at once, but the event waits for the sweep that persists it; sweeps after that send nothing.
    expect((await org.api(`/api/v1/interviews/${lapsing.body.id}`)).body.status).toBe('EXPIRED');
    await expireInterviews(app.db);
    await expireInterviews(app.db);

    const failing = await makeInterviewWithPendingReport(app.db, org.orgId, { status: 'IN_PROGRESS', setup });
    await enqueueReport(app.db, failing.report.id);
    await waitForReport(app.db, failing.report.id, 'FAILED');

    const test = await caller.testSessions.record({ candidateId: candidate.body.id, campaignId: setup.campaign.id, testName: 'Take-home', score: 7, maxScore: 10, completedAt: new Date(Date.now() - 60_000).toISOString(), results: [] });

    const expected: [string, string][] = [
      ['candidate.created', candidate.body.id],
      ['candidate.updated', candidate.body.id],
      ['interview.created', itv],
      ['interview.invited', itv],
      ['interview.started', itv],
      ['interview.completed', itv],
      ['report.ready', finalized.body.reportId],
      ['interview.decided', itv],
      ['interview.decided', itv],
      ['interview.created', toCancel.body.id],
      ['interview.cancelled', toCancel.body.id],
      ['interview.created', lapsing.body.id],
      ['interview.invited', lapsing.body.id],
      ['interview.expired', lapsing.body.id],
      ['report.failed', failing.report.id],
      ['test_session.recorded', test.id],
    ];
    await receiver.waitFor(() => expected.every(([type, id]) => receiver.on(hook.path).some((r) => r.type === type && r.body.data.id === id)), 20_000, 'every event');
    await sleep(1500);
    const got = receiver.on(hook.path);
    expect(receiver.rejected).toEqual([]);
    expect(got.map((r) => [r.type, r.body.data.id]).sort()).toEqual([...expected].sort());
    expect(new Set(got.map((r) => r.id)).size).toBe(got.length);

    for (const r of got) {
      expect(r.id).toMatch(/^evt_[0-9A-Za-z]{22}$/);
      expect(Math.abs(r.timestamp - Date.now() / 1000)).toBeLessThan(60);
      expect(Object.keys(r.body).sort()).toEqual(['data', 'timestamp', 'type']);
      expect(new Date(r.body.timestamp).toISOString()).toBe(r.body.timestamp);
      expect(Object.keys(r.body.data).sort(), r.type).toEqual(schemaKeys(r.type as keyof typeof WEBHOOK_EVENTS));
      WEBHOOK_EVENTS[r.type as keyof typeof WEBHOOK_EVENTS].schema.parse(r.body.data);
    }
    const data = (type: string, id?: string) => got.find((r) => r.type === type && (!id || r.body.data.id === id))!.body.data;
    // `data` is the resource as REST v1 returns it.
    expect(data('candidate.created')).toEqual(candidate.body);
    expect(data('candidate.updated')).toEqual(patched.body);
    expect(data('report.ready')).toEqual((await org.api(`/api/v1/reports/${finalized.body.reportId}`)).body);
    expect(data('report.failed')).toEqual((await org.api(`/api/v1/reports/${failing.report.id}`)).body);
    expect(data('test_session.recorded')).toEqual(test);
    expect(data('interview.cancelled')).toEqual(cancelled);
    expect(data('interview.completed')).toMatchObject({ id: itv, status: 'COMPLETED', reportId: finalized.body.reportId, completedAt: expect.any(String) });
    expect(data('interview.started', itv)).toMatchObject({ status: 'IN_PROGRESS', startedAt: expect.any(String) });
    expect(data('interview.invited', itv)).toMatchObject({ status: 'INVITED', invitedAt: expect.any(String) });
    expect(data('interview.expired', lapsing.body.id)).toMatchObject({ status: 'EXPIRED' });
    const listItem = (await org.api(`/api/v1/interviews?status=EXPIRED`)).body.items.find((i: { id: string }) => i.id === lapsing.body.id);
    expect(data('interview.expired', lapsing.body.id)).toEqual(listItem);
    // interview.decided: the list item with the new decision, once per decision.
    const decided = got.filter((r) => r.type === 'interview.decided').map((r) => r.body.data);
    expect(decided.map((d) => d.decision.status).sort()).toEqual(['ADVANCE', 'HOLD']);
    const heldData = decided.find((d) => d.decision.status === 'HOLD');
    expect(heldData).toEqual(held.body);
    expect(heldData.decision).toMatchObject({ reason: 'Waiting for the take-home', decidedBy: { type: 'api_key', id: org.apiKeyId } });
    const advancedData = decided.find((d) => d.decision.status === 'ADVANCE');
    expect(advancedData).toEqual(JSON.parse(JSON.stringify(advanced)));
    expect(advancedData.decision).toMatchObject({ reason: null, decidedBy: { type: 'user' } });
    const decidedItem = (await org.api(`/api/v1/interviews?status=COMPLETED`)).body.items.find((i: { id: string }) => i.id === itv);
    expect(advancedData).toEqual(decidedItem);

    const log = await org.api(`/api/v1/webhook-endpoints/${hook.id}/deliveries?pageSize=100`);
    expect(log.status).toBe(200);
    expect(log.body.pagination.total).toBe(expected.length);
    expect(log.body.items.every((d: { status: string; attempt: number; responseStatus: number }) => d.status === 'SUCCEEDED' && d.attempt === 1 && d.responseStatus === 200)).toBe(true);
  });

  it('an endpoint receives only the event types it asked for', async () => {
    const org = await newOrg();
    const candidatesOnly = await makeEndpoint(org, { eventTypes: ['candidate.updated', 'candidate.created'] });
    const interviewsOnly = await makeEndpoint(org, { eventTypes: ['interview.created'] });
    expect(candidatesOnly.body.eventTypes).toEqual(['candidate.created', 'candidate.updated']);
    const c = await org.api('/api/v1/candidates', { method: 'POST', body: { email: `${newId('candidate').slice(4, 12).toLowerCase()}@example.com` } });
    await receiver.waitFor(() => receiver.on(candidatesOnly.path).length === 1);
    await sleep(1000);
    expect(receiver.on(candidatesOnly.path)[0].body.data.id).toBe(c.body.id);
    expect(receiver.on(interviewsOnly.path)).toEqual([]);
  });

  it('a CSV import sends candidate.created for each imported row, and nothing for a dry run or a duplicate', async () => {
    const org = await newOrg();
    const hook = await makeEndpoint(org, { eventTypes: ['candidate.created'] });
    const tag = newId('candidate').slice(4, 10).toLowerCase();
    const csv = `email,firstName\na-${tag}@example.com,A\nb-${tag}@example.com,B\n`;
    const caller = recruiterCaller(app.db, org.orgId);
    await caller.candidates.import({ csv, dryRun: true });
    const imported = await caller.candidates.import({ csv: `${csv}a-${tag}@example.com,Again\n` });
    expect(imported.imported).toBe(2);
    await receiver.waitFor(() => receiver.on(hook.path).length >= 2);
    await sleep(1000);
    expect(receiver.on(hook.path).map((r) => r.body.data.id).sort()).toEqual(imported.created.map((c) => c.id).sort());
  });
});

describe('delivery', () => {
  it('a delivered event leaves its queue job completed, not active (else it would run again after its expiry)', async () => {
    const org = await newOrg();
    const hook = await makeEndpoint(org);
    const sent = await org.api(`/api/v1/webhook-endpoints/${hook.id}/test`, { method: 'POST' });
    expect(sent.status, sent.text).toBe(202);
    await receiver.waitFor(() => receiver.on(hook.path).length === 1);
    const eventId = receiver.on(hook.path)[0].id;
    const jobStates = async () =>
      rowsOf<{ state: string }>(await app.db.execute(sql`select state from pgboss.job where name = 'webhook-delivery' and data->>'eventId' = ${eventId}`)).map((r) => r.state);
    await expect.poll(jobStates).toEqual(['completed']);
  });

  it('a receiver answering 500 then 200 gets the same webhook-id again, then nothing more', async () => {
    const org = await newOrg();
    const hook = await makeEndpoint(org, { answer: (n) => (n === 1 ? 500 : 200) });
    const sent = await org.api(`/api/v1/webhook-endpoints/${hook.id}/test`, { method: 'POST' });
    expect(sent.status, sent.text).toBe(202);
    expect(sent.body).toEqual({ eventId: expect.stringMatching(/^evt_/), status: 'QUEUED' });
    await receiver.waitFor(() => receiver.on(hook.path).length >= 2);
    await sleep(2500);
    const got = receiver.on(hook.path);
    expect(got.map((r) => r.id)).toEqual([sent.body.eventId, sent.body.eventId]);
    expect(got[0].type).toBe('webhook.test');
    expect(got[1].body).toEqual(got[0].body);

    const log = await org.api(`/api/v1/webhook-endpoints/${hook.id}/deliveries`);
    expect(log.body.items).toEqual([
      expect.objectContaining({ eventId: sent.body.eventId, eventType: 'webhook.test', attempt: 2, status: 'SUCCEEDED', responseStatus: 200, error: null }),
      expect.objectContaining({ eventId: sent.body.eventId, attempt: 1, status: 'FAILED', responseStatus: 500, error: 'HTTP 500', durationMs: expect.any(Number) }),
    ]);
    // The receiver's body (with its script tag) is never stored or shown.
    expect(log.text).not.toContain('receiver says no');
  });

  it('a rollback sends nothing', async () => {
    const org = await newOrg();
    const hook = await makeEndpoint(org);
    const email = `rolled-back-${newId('candidate').slice(4, 10).toLowerCase()}@example.com`;
    await expect(
      app.db.transaction(async (tx) => {
        await createCandidate(tx, { orgId: org.orgId, email, tags: [] } as any);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await app.db.select().from(webhookEvents).where(eq(webhookEvents.orgId, org.orgId))).toEqual([]);
    const committed = await org.api('/api/v1/candidates', { method: 'POST', body: { email: `kept-${email}` } });
    await receiver.waitFor(() => receiver.on(hook.path).length >= 1);
    await sleep(1000);
    expect(receiver.on(hook.path).map((r) => r.body.data.id)).toEqual([committed.body.id]);
  });

  it("a receiver that hangs does not delay another organization's deliveries", async () => {
    const slow = await newOrg();
    const fast = await newOrg();
    const hanging = await makeEndpoint(slow, { answer: () => 'hang' });
    const quick = await makeEndpoint(fast);
    for (let i = 0; i < 12; i++) expect((await slow.api(`/api/v1/webhook-endpoints/${hanging.id}/test`, { method: 'POST' })).status).toBe(202);
    // At least one request hangs, and eleven more deliveries wait behind it. Not two: the second starts only if it
    // reaches its slot within 0.5 s of the first, before the endpoint counts as slow (deliver-webhook.ts); on a
    // loaded machine it is deferred until the first gives up, and waiting for it timed out here once.
    await receiver.waitFor(() => receiver.on(hanging.path).length >= 1);
    const started = Date.now();
    const sent = await fast.api(`/api/v1/webhook-endpoints/${quick.id}/test`, { method: 'POST' });
    await receiver.waitFor(() => receiver.on(quick.path).length === 1, 8000, 'the fast endpoint');
    // Polling every 0.5 s: well under the 10 s the hanging receiver holds each of its requests.
    expect(Date.now() - started).toBeLessThan(3000);
    expect(receiver.on(quick.path)[0].id).toBe(sent.body.eventId);
    // The hanging endpoint holds at most its share of slots (WEBHOOK_ENDPOINT_CONCURRENCY=2).
    expect(receiver.on(hanging.path).length).toBeLessThanOrEqual(2);
  });

  it('a disabled endpoint receives nothing; test and replay to it are 409', async () => {
    const org = await newOrg();
    const off = await makeEndpoint(org, { enabled: false });
    const on = await makeEndpoint(org);
    const paused = await makeEndpoint(org);
    expect(off.body.enabled).toBe(false);
    const patched = await org.api(`/api/v1/webhook-endpoints/${paused.id}`, { method: 'PATCH', body: { enabled: false } });
    expect(patched.body).toMatchObject({ enabled: false });
    await org.api('/api/v1/candidates', { method: 'POST', body: { email: `${newId('candidate').slice(4, 12).toLowerCase()}@example.com` } });
    await receiver.waitFor(() => receiver.on(on.path).length === 1);
    await sleep(1000);
    expect(receiver.on(off.path)).toEqual([]);
    expect(receiver.on(paused.path)).toEqual([]);
    expectError(await org.api(`/api/v1/webhook-endpoints/${off.id}/test`, { method: 'POST' }), 409, 'INVALID_STATE');
    expectError(await org.api(`/api/v1/webhook-endpoints/${off.id}/events/${receiver.on(on.path)[0].id}/replay`, { method: 'POST' }), 409, 'INVALID_STATE');
  });

  it('replay re-sends the same body with the same webhook-id', async () => {
    const org = await newOrg();
    const hook = await makeEndpoint(org);
    await org.api('/api/v1/candidates', { method: 'POST', body: { email: `${newId('candidate').slice(4, 12).toLowerCase()}@example.com` } });
    await receiver.waitFor(() => receiver.on(hook.path).length === 1);
    const first = receiver.on(hook.path)[0];
    const replay = await org.api(`/api/v1/webhook-endpoints/${hook.id}/events/${first.id}/replay`, { method: 'POST' });
    expect(replay.status, replay.text).toBe(202);
    expect(replay.body).toEqual({ eventId: first.id, status: 'QUEUED' });
    await receiver.waitFor(() => receiver.on(hook.path).length === 2);
    const second = receiver.on(hook.path)[1];
    expect(second.id).toBe(first.id);
    expect(second.body).toEqual(first.body);
    const log = await org.api(`/api/v1/webhook-endpoints/${hook.id}/deliveries`);
    expect(log.body.items.map((d: { attempt: number }) => d.attempt)).toEqual([2, 1]);
  });

  it('after failing for the whole retry window the endpoint is disabled and the organization emailed', async () => {
    const org = await newOrg();
    const adminId = newId('user');
    await app.db.insert(users).values({ id: adminId, orgId: org.orgId, email: `admin-${org.orgId.slice(4, 12).toLowerCase()}@example.com`, passwordHash: 'x' });
    const hook = await makeEndpoint(org, { answer: () => 503 });
    await org.api(`/api/v1/webhook-endpoints/${hook.id}/test`, { method: 'POST' });
    const deadline = Date.now() + 15_000;
    let endpoint;
    do {
      await sleep(250);
      endpoint = (await org.api(`/api/v1/webhook-endpoints/${hook.id}`)).body;
    } while (endpoint.enabled && Date.now() < deadline);
    expect(endpoint).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('HTTP 503') });
    const attempts = receiver.on(hook.path).length;
    expect(attempts).toBeGreaterThanOrEqual(3);
    // The email follows the disabling's commit.
    let mail = await app.db.select().from(mailboxMessages).where(and(eq(mailboxMessages.orgId, org.orgId)));
    for (const until = Date.now() + 10_000; mail.length === 0 && Date.now() < until; ) {
      await sleep(100);
      mail = await app.db.select().from(mailboxMessages).where(and(eq(mailboxMessages.orgId, org.orgId)));
    }
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ subject: 'A webhook endpoint was disabled' });
    expect(mail[0].text).toContain(hook.id);
    // And under the bell, once.
    const bell = await app.db.select().from(notifications).where(eq(notifications.userId, adminId));
    expect(bell.map((n) => [n.kind, n.webhookEndpointId])).toEqual([['webhook.disabled', hook.id]]);
    await sleep(1500);
    expect(receiver.on(hook.path).length).toBe(attempts);
    // Enabling it again clears the reason, and deliveries resume.
    const enabled = await org.api(`/api/v1/webhook-endpoints/${hook.id}`, { method: 'PATCH', body: { enabled: true } });
    expect(enabled.body).toMatchObject({ enabled: true, disabledReason: null });
  });
});

describe('REST v1: /api/v1/webhook-endpoints', () => {
  it('create shows the secret once; reads never; rotate shows a new one that signs from then on', async () => {
    const org = await newOrg();
    const hook = await makeEndpoint(org, { eventTypes: ['report.ready'] });
    expect(hook.body).toEqual({
      id: expect.stringMatching(/^whk_[0-9A-Za-z]{22}$/),
      url: `${receiver.base}${hook.path}`,
      eventTypes: ['report.ready'],
      description: null,
      enabled: true,
      disabledReason: null,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(Buffer.from(hook.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    const got = await org.api(`/api/v1/webhook-endpoints/${hook.id}`);
    expectCleanResponse(got);
    const { secret: _secret, ...withoutSecret } = hook.body;
    expect(got.body).toEqual(withoutSecret);
    const list = await org.api('/api/v1/webhook-endpoints');
    expect(list.body).toEqual({ items: [withoutSecret], pagination: { page: 1, pageSize: 20, total: 1, totalPages: 1 } });
    expect(list.text).not.toContain('whsec_');

    const rotated = await org.api(`/api/v1/webhook-endpoints/${hook.id}/rotate-secret`, { method: 'POST' });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(hook.secret);
    receiver.register(hook.path, rotated.body.secret);
    await org.api(`/api/v1/webhook-endpoints/${hook.id}/test`, { method: 'POST' });
    await receiver.waitFor(() => receiver.on(hook.path).length === 1);
    expect(receiver.rejected.filter((r) => r.path === hook.path)).toEqual([]);
  });

  it('validates eventTypes and fields, naming them', async () => {
    const org = await newOrg();
    const bad = async (body: unknown, path: string) => {
      const res = await org.api('/api/v1/webhook-endpoints', { method: 'POST', body });
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(res.body.error.issues.map((i: { path: string }) => i.path.split('.')[0])).toContain(path);
    };
    await bad({ url: `${receiver.base}/x`, eventTypes: [] }, 'eventTypes');
    await bad({ url: `${receiver.base}/x`, eventTypes: ['interview.exploded'] }, 'eventTypes');
    await bad({ url: `${receiver.base}/x` }, 'eventTypes');
    await bad({ url: 'ftp://example.com/x', eventTypes: ['*'] }, 'url');
    await bad({ url: 'not a url', eventTypes: ['*'] }, 'url');
    await bad({ url: `${receiver.base}/x`, eventTypes: ['*'], secret: 'whsec_mine' }, 'secret');
    const star = await org.api('/api/v1/webhook-endpoints', { method: 'POST', body: { url: `${receiver.base}/x`, eventTypes: ['candidate.created', '*'], description: 'ATS' } });
    expect(star.body).toMatchObject({ eventTypes: ['*'], description: 'ATS' });
    const noop = await org.api(`/api/v1/webhook-endpoints/${star.body.id}`, { method: 'PATCH', body: {} });
    expectError(noop, 400, 'VALIDATION_ERROR');
    const deleted = await org.api(`/api/v1/webhook-endpoints/${star.body.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expectError(await org.api(`/api/v1/webhook-endpoints/${star.body.id}`), 404, 'NOT_FOUND');
  });

  it("another organization's endpoint and event ids are 404, exactly like missing ones", async () => {
    const owner = await newOrg();
    const other = await newOrg();
    const hook = await makeEndpoint(owner);
    const sent = await owner.api(`/api/v1/webhook-endpoints/${hook.id}/test`, { method: 'POST' });
    const otherHook = await makeEndpoint(other);
    const missing = 'whk_0000000000000000000000';
    const calls: [string, string, unknown?][] = [
      ['GET', ''],
      ['PATCH', '', { enabled: false }],
      ['DELETE', ''],
      ['POST', '/rotate-secret'],
      ['GET', '/deliveries'],
      ['POST', '/test'],
      ['POST', `/events/${sent.body.eventId}/replay`],
    ];
    for (const [method, suffix, body] of calls) {
      const foreign = await other.api(`/api/v1/webhook-endpoints/${hook.id}${suffix}`, { method, body });
      const absent = await other.api(`/api/v1/webhook-endpoints/${missing}${suffix}`, { method, body });
      expectError(foreign, 404, 'NOT_FOUND');
      expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(absent.body));
    }
    // Its own endpoint with the other organization's event id: 404 too.
    expectError(await other.api(`/api/v1/webhook-endpoints/${otherHook.id}/events/${sent.body.eventId}/replay`, { method: 'POST' }), 404, 'NOT_FOUND');
    expect((await owner.api(`/api/v1/webhook-endpoints/${hook.id}`)).body).toMatchObject({ id: hook.id, enabled: true });
  });

  it('needs the webhooks:manage scope', async () => {
    const org = await newOrg();
    const hook = await makeEndpoint(org);
    const reader = await makeKey(app.db, org.orgId, ['interviews:read', 'candidates:write']);
    const manager = await makeKey(app.db, org.orgId, ['webhooks:manage']);
    const forbidden = await request(app.url, '/api/v1/webhook-endpoints', { key: reader.key });
    expectError(forbidden, 403, 'FORBIDDEN');
    expect(forbidden.body.error.message).toContain('webhooks:manage');
    expectError(await request(app.url, `/api/v1/webhook-endpoints/${hook.id}/test`, { method: 'POST', key: reader.key }), 403, 'FORBIDDEN');
    expectError(await request(app.url, '/api/v1/webhook-endpoints', { key: null }), 401, 'UNAUTHORIZED');
    expect((await request(app.url, '/api/v1/webhook-endpoints', { key: manager.key })).status).toBe(200);
    // The dashboard (a recruiter) holds every scope of its organization.
    expect((await recruiterCaller(app.db, org.orgId).webhooks.list({})).items).toHaveLength(1);
  });
});


describe('retention', () => {
  it('the maintenance job prunes events and attempts older than 30 days, and keeps recent ones', async () => {
    const org = await newOrg();
    const hook = await makeEndpoint(org);
    const old = new Date(Date.now() - 31 * 86_400_000);
    const [oldEvent, newEvent] = [newId('webhookEvent'), newId('webhookEvent')];
    await app.db.insert(webhookEvents).values([
      { id: oldEvent, orgId: org.orgId, type: 'webhook.test', body: '{}', createdAt: old },
      { id: newEvent, orgId: org.orgId, type: 'webhook.test', body: '{}' },
    ]);
    await app.db.insert(webhookDeliveries).values([
      { id: newId('webhookDelivery'), orgId: org.orgId, endpointId: hook.id, eventId: oldEvent, attempt: 1, status: 'FAILED', createdAt: old },
      { id: newId('webhookDelivery'), orgId: org.orgId, endpointId: hook.id, eventId: newEvent, attempt: 1, status: 'SUCCEEDED' },
    ]);
    await pruneWebhookLog(app.db);
    expect((await app.db.select().from(webhookEvents).where(eq(webhookEvents.orgId, org.orgId))).map((e) => e.id)).toEqual([newEvent]);
    expect((await app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.orgId, org.orgId))).map((d) => d.eventId)).toEqual([newEvent]);
  });
});

describe('candidate.deleted (the erasure of issue 12)', () => {
  it('DELETE /candidates/:id removes the stored events that name the candidate, then candidate.deleted carries only its id', async () => {
    const org = await newOrg();
    const hook = await makeEndpoint(org, { eventTypes: ['candidate.created', 'candidate.deleted'] });
    const erased = await org.api('/api/v1/candidates', { method: 'POST', body: { email: `erase-${newId('candidate').slice(4, 10).toLowerCase()}@example.com` } });
    const kept = await org.api('/api/v1/candidates', { method: 'POST', body: { email: `keep-${newId('candidate').slice(4, 10).toLowerCase()}@example.com` } });
    await receiver.waitFor(() => receiver.on(hook.path).length === 2);
    const deleted = await org.api(`/api/v1/candidates/${erased.body.id}`, { method: 'DELETE' });
    expect(deleted.status, deleted.text).toBe(204);
    await receiver.waitFor(() => receiver.on(hook.path).length === 3);
    expect(receiver.on(hook.path)[2].body).toMatchObject({ type: 'candidate.deleted', data: { id: erased.body.id } });
    expect(Object.keys(receiver.on(hook.path)[2].body.data)).toEqual(['id']);
    const stored = await app.db.select().from(webhookEvents).where(eq(webhookEvents.orgId, org.orgId));
    expect(stored.map((e) => e.type).sort()).toEqual(['candidate.created', 'candidate.deleted']);
    expect(stored.find((e) => e.type === 'candidate.created')!.body).toContain(kept.body.id);
    expect(stored.some((e) => e.body.includes(erased.body.email))).toBe(false);
    // Once, however the erasure is asked again.
    expect((await org.api(`/api/v1/candidates/${erased.body.id}`, { method: 'DELETE' })).status).toBe(404);
    await sleep(1500);
    expect(receiver.on(hook.path)).toHaveLength(3);
  });
});
