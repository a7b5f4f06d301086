import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioRecordings, interviews, turns } from '@/db/schema';
import { mintMediaToken } from '@/server/auth/media-token';
import { newId } from '@/server/ids';
import { audioSignature } from '@/server/services/storage/audio-urls';
import { agentApi, makeAgentInterview } from '../support/agent';
import { createTestOrg, type TestOrg } from '../support/factories';
import { makeRecruiter, sessionCookieFor, trpcQuery } from '../support/recruiters';
import { startTestApp, type TestApp } from '../support/test-app';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

/**
 * Issue 27, first finding: an agent credential for interview B (the agent secret, or B's media token) could set
 * B's audioUrl (finalize) or a turn's (POST, PATCH) to `…/api/audio/rec_…` of a recording of organization A, and
 * every read of B then presented a freshly signed, playable URL of A's recording. Audio URLs an agent gives are
 * now an external URL (kept as given, never signed) or a recording of the same interview (else a 400 naming the
 * field), and the presenter signs a recording only when it belongs to the interview being read (a foreign one that
 * got into the database anyway, as legacy data, is shown as null).
 */
const APP_URL = 'http://localhost:3999';
const SIGNED = /\/api\/audio\/(rec_[0-9A-Za-z]+)\?expires=\d+&signature=/g;

let app: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  app = await startTestApp({ APP_URL, WEBHOOK_ALLOW_PRIVATE_URLS: 'true', AUDIO_URL_TTL_SECONDS: '600' });
});
afterAll(async () => {
  await app?.close();
  await receiver?.close();
});

/** A recording row of the interview, as the service's uploads store them (the object itself is not needed to sign it). */
async function makeRecording(orgId: string, interviewId: string, turnNumber = 1): Promise<string> {
  const id = newId('audio');
  await app.db.insert(audioRecordings).values({
    id,
    orgId,
    interviewId,
    kind: 'answer',
    turnNumber,
    storageKey: `orgs/${orgId}/interviews/${interviewId}/answers/${turnNumber}-${id}.wav`,
    contentType: 'audio/wav',
    byteSize: 44,
  });
  return id;
}

const plain = (audioId: string) => `${APP_URL}/api/audio/${audioId}`;
function signedCopy(audioId: string): string {
  const expires = Math.floor(Date.now() / 1000) + 600;
  return `${plain(audioId)}?expires=${expires}&signature=${audioSignature(audioId, expires)}`;
}
/** The forms of one recording's URL the service recognises as its own: each must be refused for a foreign recording. */
function ownForms(audioId: string): string[] {
  return [
    plain(audioId),
    signedCopy(audioId),
    `http://LOCALHOST:3999/api/audio/${audioId}`,
    `http://localhost:3999/api/x/../audio/${audioId}`,
    `http://localhost:3999/api/audio/${audioId}/`,
    `http://localhost:3999/api/audio/%72${audioId.slice(1)}`,
  ];
}

function signedIds(text: string): string[] {
  return [...text.matchAll(SIGNED)].map((m) => m[1]);
}

type Credential = { name: string; auth: (interviewId: string) => Promise<{ secret?: string | null; headers?: Record<string, string> }> };
const CREDENTIALS: Credential[] = [
  { name: 'the agent secret', auth: async () => ({}) },
  { name: "a media token for B", auth: async (interviewId) => ({ secret: null, headers: { authorization: `Bearer ${(await mintMediaToken(interviewId)).token}` } }) },
];

/** Organization A's interview with a recording, and organization B's started interview (turn 1 asked). */
async function twoOrganizations() {
  const orgA = await createTestOrg(app.db, app.url);
  const orgB = await createTestOrg(app.db, app.url);
  const a = await makeAgentInterview(app.db, orgA.orgId);
  const foreign = await makeRecording(orgA.orgId, a.interview.id);
  const b = await makeAgentInterview(app.db, orgB.orgId);
  const ownRecording = await makeRecording(orgB.orgId, b.interview.id);
  // Another interview of B's own organization: its recording is not this interview's either.
  const b2 = await makeAgentInterview(app.db, orgB.orgId);
  const sibling = await makeRecording(orgB.orgId, b2.interview.id);
  const asked = await agentApi(app.url, `/api/interviews/${b.interview.id}/turns`, { method: 'POST', body: { turnNumber: 1, role: 'agent', content: 'Tell me about a trade-off.', isPendingQuestion: true } });
  expect(asked.status).toBe(201);
  return { orgA, orgB, a, b, foreign, ownRecording, sibling };
}

function expectRefused(res: { status: number; body: any }, what: string) {
  expect(res.status, what).toBe(400);
  expect(res.body.error.code, what).toBe('VALIDATION_ERROR');
  expect(res.body.error.requestId, what).toMatch(/^req_/);
  expect(res.body.error.issues, what).toEqual([{ path: 'audioUrl', message: expect.stringContaining('recording of this interview') }]);
}

async function storedTurnAudio(interviewId: string, turnNumber: number) {
  const rows = await app.db.select({ turnNumber: turns.turnNumber, audioUrl: turns.audioUrl }).from(turns).where(eq(turns.interviewId, interviewId));
  return rows.find((r) => r.turnNumber === turnNumber)?.audioUrl;
}

describe.each(CREDENTIALS)('audio URLs an agent gives, with $name', ({ auth }) => {
  it("POST a turn: another organization's or interview's recording is a 400 naming audioUrl; an external URL is kept as given; B's own recording is stored plain and signed on read", async () => {
    const { orgB, b, foreign, ownRecording, sibling } = await twoOrganizations();
    const id = b.interview.id;
    const credential = await auth(id);
    const post = (body: object) => agentApi(app.url, `/api/interviews/${id}/turns`, { ...credential, method: 'POST', body });

    for (const url of [...ownForms(foreign), plain(sibling), plain(newId('audio')), `${APP_URL}/api/audio/not-a-recording`]) {
      expectRefused(await post({ turnNumber: 2, role: 'candidate', content: 'An answer.', audioUrl: url }), url);
    }
    expect(await storedTurnAudio(id, 2)).toBeUndefined();

    const external = 'https://media.example.com/b/answer-2.ogg?token=abc';
    const kept = await post({ turnNumber: 2, role: 'candidate', content: 'An answer.', audioUrl: external });
    expect(kept.status).toBe(201);
    expect(kept.body.audioUrl).toBe(external);

    const own = await post({ turnNumber: 3, role: 'agent', content: 'And then?', audioUrl: signedCopy(ownRecording) });
    expect(own.status).toBe(201);
    expect(own.body.audioUrl).toBe(plain(ownRecording));
    // A retry with the same fields is recognised as the same turn.
    expect((await post({ turnNumber: 3, role: 'agent', content: 'And then?', audioUrl: signedCopy(ownRecording) })).status).toBe(200);

    const read = await orgB.api(`/api/v1/interviews/${id}`);
    expect(read.status).toBe(200);
    const byNumber = new Map(read.body.transcript.map((t: { turnNumber: number; audioUrl: string | null }) => [t.turnNumber, t.audioUrl]));
    expect(byNumber.get(2)).toBe(external);
    expect(byNumber.get(3)).toMatch(new RegExp(`^${APP_URL}/api/audio/${ownRecording}\\?expires=\\d+&signature=[\\w-]+$`));
    expect(signedIds(read.text)).toEqual([ownRecording]);
  });

  it("PATCH a turn: another organization's recording is a 400 naming audioUrl and changes nothing; external and own URLs are accepted", async () => {
    const { orgB, b, foreign, ownRecording, sibling } = await twoOrganizations();
    const id = b.interview.id;
    const credential = await auth(id);
    const patch = (body: object) => agentApi(app.url, `/api/interviews/${id}/turns/1`, { ...credential, method: 'PATCH', body });

    for (const url of [...ownForms(foreign), plain(sibling)]) expectRefused(await patch({ audioUrl: url, content: 'Changed?' }), url);
    const [turn] = await app.db.select().from(turns).where(eq(turns.interviewId, id));
    expect(turn).toMatchObject({ audioUrl: null, content: 'Tell me about a trade-off.' });

    const external = 'http://cdn.example.org/question-1.mp3';
    const kept = await patch({ audioUrl: external });
    expect(kept.status).toBe(200);
    expect(kept.body.audioUrl).toBe(external);
    const read1 = await orgB.api(`/api/v1/interviews/${id}`);
    expect(read1.body.transcript[0].audioUrl).toBe(external);

    const own = await patch({ audioUrl: plain(ownRecording) });
    expect(own.status).toBe(200);
    expect(own.body.audioUrl).toBe(plain(ownRecording));
    const read2 = await orgB.api(`/api/v1/interviews/${id}`);
    expect(signedIds(read2.text)).toEqual([ownRecording]);

    expect((await patch({ audioUrl: null })).body.audioUrl).toBeNull();
  });

  it("finalize: another organization's recording is a 400 naming audioUrl and the interview stays open; external and own URLs are accepted", async () => {
    const { orgB, b, foreign, ownRecording, sibling } = await twoOrganizations();
    const credential = await auth(b.interview.id);
    const finalize = (interviewId: string, body: object) => agentApi(app.url, `/api/interviews/${interviewId}/finalize`, { ...credential, method: 'POST', body });

    for (const url of [...ownForms(foreign), plain(sibling)]) expectRefused(await finalize(b.interview.id, { audioUrl: url }), url);
    const [open] = await app.db.select().from(interviews).where(eq(interviews.id, b.interview.id));
    expect(open).toMatchObject({ status: 'IN_PROGRESS', audioUrl: null });

    const done = await finalize(b.interview.id, { audioUrl: signedCopy(ownRecording), generateReport: false });
    expect(done.status).toBe(200);
    const [closed] = await app.db.select().from(interviews).where(eq(interviews.id, b.interview.id));
    expect(closed).toMatchObject({ status: 'COMPLETED', audioUrl: plain(ownRecording) });
    const read = await orgB.api(`/api/v1/interviews/${b.interview.id}`);
    expect(read.body.audioUrl).toMatch(new RegExp(`^${APP_URL}/api/audio/${ownRecording}\\?expires=\\d+&signature=`));

    // Another interview of B's organization, finalized with an external URL: kept as given, never signed.
    const other = await makeAgentInterview(app.db, orgB.orgId);
    const otherCredential = await auth(other.interview.id);
    expect((await agentApi(app.url, `/api/interviews/${other.interview.id}/turns`, { ...otherCredential, method: 'POST', body: { turnNumber: 1, role: 'agent', content: 'Hello?' } })).status).toBe(201);
    const external = 'https://recordings.example.net/full.webm';
    const kept = await agentApi(app.url, `/api/interviews/${other.interview.id}/finalize`, { ...otherCredential, method: 'POST', body: { audioUrl: external, generateReport: false } });
    expect(kept.status).toBe(200);
    const readOther = await orgB.api(`/api/v1/interviews/${other.interview.id}`);
    expect(readOther.body.audioUrl).toBe(external);
  });
});

describe('a foreign recording already in the database (legacy data)', () => {
  async function webhookEndpoint(org: TestOrg): Promise<string> {
    const path = `/hooks/${newId('webhookEndpoint').slice(4)}`;
    const res = await org.api('/api/v1/webhook-endpoints', { method: 'POST', body: { url: `${receiver.base}${path}`, eventTypes: ['*'] } });
    expect(res.status, res.text).toBe(201);
    receiver.register(path, res.body.secret);
    return path;
  }

  it('is never presented signed: v1 retrieve and list, the dashboard, webhook payloads, the reports and the exports', async () => {
    const orgA = await createTestOrg(app.db, app.url);
    const orgB = await createTestOrg(app.db, app.url);
    const a = await makeAgentInterview(app.db, orgA.orgId);
    const foreign = await makeRecording(orgA.orgId, a.interview.id);
    const hooks = await webhookEndpoint(orgB);

    // B's interview points at A's recording from the start (its own audioUrl) and in a candidate turn; B's own
    // recording is on the question, so every surface that presents audio has one URL it must sign.
    const b = await makeAgentInterview(app.db, orgB.orgId, { audioUrl: plain(foreign) });
    const own = await makeRecording(orgB.orgId, b.interview.id);
    const id = b.interview.id;
    expect((await agentApi(app.url, `/api/interviews/${id}/turns`, { method: 'POST', body: { turnNumber: 1, role: 'agent', content: 'Why this job?', audioUrl: plain(own), isPendingQuestion: true } })).status).toBe(201);
    expect((await agentApi(app.url, `/api/interviews/${id}/turns`, { method: 'POST', body: { turnNumber: 2, role: 'candidate', content: 'Because of the team.' } })).status).toBe(201);
    await app.db
      .update(turns)
      .set({ audioUrl: signedCopy(foreign) })
      .where(and(eq(turns.interviewId, id), eq(turns.turnNumber, 2)));
    const finalized = await agentApi(app.url, `/api/interviews/${id}/finalize`, { method: 'POST', body: {} });
    expect(finalized.status).toBe(200);
    await receiver.waitFor(() => receiver.on(hooks).some((h) => h.type === 'report.ready'), 30_000, 'report.ready');

    const surfaces: Record<string, string> = {};
    const retrieve = await orgB.api(`/api/v1/interviews/${id}`);
    expect(retrieve.status).toBe(200);
    // Shown as null: neither signed nor a link to another organization's recording.
    expect(retrieve.body.audioUrl, 'retrieve').toBeNull();
    expect(retrieve.body.transcript.map((t: { audioUrl: string | null }) => t.audioUrl?.replace(/\?.*/, '') ?? null)).toEqual([plain(own), null]);
    surfaces['v1 retrieve'] = retrieve.text;
    const list = await orgB.api('/api/v1/interviews?pageSize=100');
    expect(list.status).toBe(200);
    const item = list.body.items.find((i: { id: string }) => i.id === id);
    expect(item.audioUrl, 'list').toBeNull();
    surfaces['v1 list'] = list.text;
    const report = await orgB.api(`/api/v1/reports/interviews/${id}`);
    expect(report.status).toBe(200);
    // A report is read with reports:read, which cannot fetch audio: its own recording plain, the foreign one null.
    expect(report.body.transcript.map((t: { audioUrl: string | null }) => t.audioUrl)).toEqual([plain(own), null]);
    surfaces['v1 report'] = report.text;

    const recruiter = await makeRecruiter(app.db, orgB.orgId);
    const cookie = await sessionCookieFor(app.db, recruiter.email);
    const view = await trpcQuery(app.url, 'dashboard.interview', { id }, cookie);
    expect(view.status).toBe(200);
    expect(view.body.result.data.audioUrl, 'dashboard').toBeNull();
    expect(view.body.result.data.turns.map((t: { audioUrl: string | null }) => t.audioUrl?.replace(/\?.*/, '') ?? null)).toEqual([plain(own), null]);
    surfaces['dashboard interview'] = JSON.stringify(view.body);
    const dashboardList = await trpcQuery(app.url, 'dashboard.interviews', {}, cookie);
    expect(dashboardList.status).toBe(200);
    surfaces['dashboard list'] = JSON.stringify(dashboardList.body);

    const deliveries = receiver.on(hooks);
    expect(deliveries.map((d) => d.type)).toEqual(expect.arrayContaining(['interview.started', 'interview.completed', 'report.ready']));
    for (const delivery of deliveries) surfaces[`webhook ${delivery.type}`] = JSON.stringify(delivery.body);
    const completed = deliveries.find((d) => d.type === 'interview.completed')!;
    expect(completed.body.data.audioUrl, 'webhook').toBeNull();

    for (const format of ['csv', 'json']) {
      const exported = await orgB.api(`/api/v1/reports/export?campaignId=${b.campaign.id}&format=${format}`);
      expect(exported.status).toBe(200);
      expect(exported.text).toContain(id);
      surfaces[`export ${format}`] = exported.text;
    }
    const access = await orgB.api(`/api/v1/candidates/${b.candidate.id}/export`);
    expect(access.status).toBe(200);
    expect(access.body.interviews[0].audioUrl, 'access').toBeNull();
    surfaces['access export'] = access.text;

    for (const [surface, text] of Object.entries(surfaces)) {
      expect(signedIds(text), surface).not.toContain(foreign);
      for (const signed of signedIds(text)) expect(signed, surface).toBe(own);
    }
    // The surfaces that present the transcript's audio did sign B's own recording.
    for (const surface of ['v1 retrieve', 'dashboard interview', 'access export']) expect(signedIds(surfaces[surface]), surface).toContain(own);
  }, 60_000);
});
