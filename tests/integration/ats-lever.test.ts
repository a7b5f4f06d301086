/**
 * Lever, end to end over real HTTP against the built app, with a local server playing Lever's side (its webhooks
 * and its API). Lever has no assessment API; what Lever does here is taken from:
 * - Lever's own use-case page, https://hire.lever.co/developer/usecases, "Assessments": OAuth scopes
 *   `offline_access opportunities:write:admin notes:write:admin stages:read:admin tags:read:admin
 *   webhooks:write:admin`; the Candidate Stage Change webhook tells the partner an opportunity moved stages; when it
 *   reaches the chosen stage the partner invites the candidate; once done the partner leaves "a note on the
 *   opportunity with a summary";
 * - Lever's help centre (its own): https://help.lever.co/hc/en-us/articles/20087284427677-Configuring-webhooks
 *   (Super Admins configure webhooks, "Candidate stage change - Triggers when a candidate's opportunity changes
 *   stages") and https://help.lever.co/hc/en-us/articles/4402565460237 ("A Webhook signature token for each created
 *   Webhook");
 * - the webhook body and its signature, from third-party summaries of Lever's reference
 *   (hire.lever.co/developer/documentation#webhooks, which the search tool does not hold): JSON
 *   `{ triggeredAt (ms), event: "candidateStageChange", signature, token, data: { opportunityId, toStageId,
 *   fromStageId, candidateId, contactId } }`, the signature the hex HMAC-SHA256 keyed with the webhook's signature
 *   token over `token + triggeredAt` (e.g. https://mcp.waymark.network/r/da3b2535-43b9-4cfe-9d46-d7f4fb747875 and
 *   several open-source Lever receivers; one other summary, and an AsyncAPI document by api-evangelist, describe a
 *   `Lever-Signature` header over the body instead: they disagree, and Lever's own page could not be read);
 * - "Retrieve a single opportunity", `GET https://api.lever.co/v1/opportunities/:opportunity` → `{ data: { id, name,
 *   emails, … } }`, and "Create a note", `POST /opportunities/:opportunity/notes` with `{ value, secret }`
 *   (Pipedream's Lever "Add Note" action, which cites hire.lever.co/developer/documentation#create-a-note); both
 *   with HTTP Basic, the API key as the username and an empty password (Lever's API authentication, as Tray.io's and
 *   Pipedream's Lever connectors use it).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atsCredentials, atsLogEntries, atsOrders, atsWritebacks, interviews, mailboxMessages } from '@/db/schema';
import { newId } from '@/server/ids';
import { integrationCreateCommand } from '@/server/cli/commands/integration-create';
import { createAtsCredential, listAtsCredentials, revokeAtsCredential, setAtsCredentialSecrets } from '@/server/services/integrations/ats-credentials';
import { createTestMapping } from '@/server/services/integrations/test-mappings';
import { listLeverStages } from '@/server/services/integrations/lever/list-lever-stages';
import { candidateApi, waitFor } from '../support/candidate-interview';
import { createTestOrg, makeHiringSetup, type TestOrg } from '../support/factories';
import { invitationLinkIn } from '../support/fake-resend-server';
import { startFakeLever, type FakeLever } from '../support/fake-lever';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';
import { startTestApp, type TestApp } from '../support/test-app';

const CUSTOMER_LEVER_KEY = 'lever-customer-api-key-0123456789abcdef';
const SIGNATURE_TOKEN = 'lever-webhook-signature-token-0123456789';
const STAGE = 'f1e2d3c4-phone-screen-stage';

let app: TestApp;
let lever: FakeLever;
let openai: FakeOpenAi;

beforeAll(async () => {
  openai = await startFakeOpenAi();
  lever = await startFakeLever({ customerApiKey: CUSTOMER_LEVER_KEY });
  app = await startTestApp({
    RESEND_API_KEY: '',
    RESEND_BASE_URL: '',
    LLM_BASE_URL: openai.baseUrl,
    LLM_MODEL: 'fake-evaluator',
    STT_BASE_URL: '',
    TTS_BASE_URL: '',
    AGENT_DISPATCH_URL: '',
    LEVER_API_URL: lever.base,
    // The local Lever listens on 127.0.0.1: allowed here as an operator would for a private ATS.
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_RETRY_BASE_SECONDS: '0.3',
    WEBHOOK_RETRY_WINDOW_SECONDS: '4',
  });
});
afterAll(async () => {
  await lever?.close();
  await app?.close();
  await openai?.close();
});

/** An organization connected to Lever (API key and signature token given), the stage STAGE mapped to a campaign. */
async function connectedOrg(secrets: { apiKey?: string | null; signingSecret?: string | null } = {}) {
  const org = await createTestOrg(app.db, app.url);
  const setup = await makeHiringSetup(app.db, org.orgId);
  const apiKey = secrets.apiKey === undefined ? CUSTOMER_LEVER_KEY : secrets.apiKey;
  const signingSecret = secrets.signingSecret === undefined ? SIGNATURE_TOKEN : secrets.signingSecret;
  const credential = await createAtsCredential(app.db, { orgId: org.orgId, ats: 'lever', apiKey: apiKey ?? undefined, signingSecret: signingSecret ?? undefined });
  const test = await createTestMapping(app.db, { orgId: org.orgId, ats: 'lever', name: 'Phone screen', campaignId: setup.campaign.id, stageId: setup.stage.id, configId: setup.config.id, atsStageId: STAGE });
  const webhookUrl = `${app.url}/api/integrations/lever/webhook/${credential.id}`;
  return { org, setup, credential, test, webhookUrl };
}

async function invitationFor(org: TestOrg, email: string) {
  const [message] = await waitFor(async () => {
    const rows = await app.db.select().from(mailboxMessages).where(and(eq(mailboxMessages.orgId, org.orgId), eq(mailboxMessages.toAddress, email)));
    return rows.length > 0 && rows;
  }, 30_000);
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

const unique = (prefix: string) => `${prefix}-${newId('candidate').slice(4).toLowerCase()}`;

/** An opportunity in the fake Lever, with its candidate's email. */
function opportunity(prefix: string) {
  const id = unique(`opp-${prefix}`);
  const email = `${unique(prefix)}@example.com`;
  lever.addOpportunity({ id, name: 'Ada King Lovelace', emails: [email] });
  return { id, email };
}

const stageChange = (opportunityId: string, toStageId = STAGE) => ({ opportunityId, toStageId, fromStageId: 'stage-applied', candidateId: opportunityId, contactId: `contact-${opportunityId}` });

async function logLines(orgId: string) {
  const rows = await app.db.select().from(atsLogEntries).where(eq(atsLogEntries.orgId, orgId));
  return rows.map((l) => `${l.direction} ${l.operation} ${l.responseStatus}${l.error ? ` ${l.error}` : ''}`);
}

describe('a Lever stage change orders an interview and the result comes back as a note', () => {
  it('signed webhook → invitation; the candidate takes it in writing; one note although the first delivery fails', async () => {
    const { org, setup, credential, webhookUrl } = await connectedOrg();
    expect(credential.webhookUrl).toBe(`http://localhost:3999/api/integrations/lever/webhook/${credential.id}`);
    const opp = opportunity('ada');
    // Lever's API refuses the first note (503); the retry is stored.
    lever.answerNotes(opp.id, (n) => (n === 1 ? 503 : 201));

    const body = lever.webhookBody({ signatureToken: SIGNATURE_TOKEN, data: stageChange(opp.id) });
    const delivered = await lever.deliver(webhookUrl, body);
    expect(delivered.status, delivered.text).toBe(200);
    const { token } = await invitationFor(org, opp.email);

    // Lever re-sending the same webhook, and another delivery for the same move, order nothing more.
    expect((await lever.deliver(webhookUrl, body)).status).toBe(200);
    expect((await lever.deliver(webhookUrl, lever.webhookBody({ signatureToken: SIGNATURE_TOKEN, data: stageChange(opp.id) }))).status).toBe(200);

    const [order] = await waitFor(async () => {
      const rows = await app.db.select().from(atsOrders).where(and(eq(atsOrders.orgId, org.orgId), eq(atsOrders.externalId, opp.id)));
      return rows.length > 0 && rows;
    });
    expect(order).toMatchObject({ ats: 'lever', credentialId: credential.id, callbackUrl: `${lever.base}/opportunities/${opp.id}/notes`, callbackAuth: null });
    const interview = await org.api(`/api/v1/interviews/${order.interviewId}`);
    expect(interview.body).toMatchObject({ jobId: setup.job.id, campaignId: setup.campaign.id, stageId: setup.stage.id, configId: setup.config.id, status: 'INVITED' });
    const candidate = await org.api(`/api/v1/candidates/${order.candidateId}`);
    expect(candidate.body).toMatchObject({ email: opp.email, firstName: 'Ada', lastName: 'King Lovelace', source: 'Lever' });
    // The customer's Lever key and signature token are stored encrypted only.
    const stored = JSON.stringify(await app.db.select().from(atsCredentials).where(eq(atsCredentials.orgId, org.orgId)));
    expect(stored).not.toContain(CUSTOMER_LEVER_KEY);
    expect(stored).not.toContain(SIGNATURE_TOKEN);

    await takeInterviewInWriting(token);
    await waitFor(async () => lever.notesOn(opp.id).some((n) => n.answeredWith === 201), 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const notes = lever.notesOn(opp.id);
    expect(notes.map((n) => n.answeredWith)).toEqual([503, 201]);
    for (const note of notes) expect(note.authorization).toBe(`Basic ${Buffer.from(`${CUSTOMER_LEVER_KEY}:`).toString('base64')}`);
    const report = await org.api(`/api/v1/reports/interviews/${order.interviewId}`);
    expect(report.body.status).toBe('READY');
    expect(notes[1].body).toEqual({ value: expect.any(String), secret: false });
    expect(notes[1].body.value).toContain(`Score: ${Math.round(report.body.overallScore * 10) / 10} / 100`);
    expect(notes[1].body.value).toMatch(/AI recommendation \(advice; a person decides\): /);
    expect(notes[1].body.value).toContain(`Interview: http://localhost:3999/interviews/${order.interviewId}`);

    expect(await app.db.select().from(interviews).where(eq(interviews.orgId, org.orgId))).toHaveLength(1);
    expect(await app.db.select().from(atsOrders).where(eq(atsOrders.orgId, org.orgId))).toHaveLength(1);
    const writebacks = await app.db.select().from(atsWritebacks).where(eq(atsWritebacks.orderId, order.id));
    expect(writebacks.map((w) => ({ kind: w.kind, status: w.status, attempts: w.attempts }))).toEqual([{ kind: 'completed', status: 'SUCCEEDED', attempts: 2 }]);
    expect(await logLines(org.orgId)).toEqual(
      expect.arrayContaining(['inbound webhook.candidateStageChange 200', 'outbound opportunity.get 200', 'inbound order.placed 200', 'outbound writeback.completed 503 HTTP 503', 'outbound writeback.completed 201']),
    );
    // Bodies are never kept: no email, no note text in the log.
    expect(JSON.stringify(await app.db.select().from(atsLogEntries).where(eq(atsLogEntries.orgId, org.orgId)))).not.toContain(opp.email);
  });

  it('other events and unmapped stages are acknowledged and ignored; an opportunity without email orders nothing', async () => {
    const { org, webhookUrl } = await connectedOrg();
    const opp = opportunity('ignored');
    expect((await lever.deliver(webhookUrl, lever.webhookBody({ event: 'applicationCreated', signatureToken: SIGNATURE_TOKEN, data: { opportunityId: opp.id } }))).status).toBe(200);
    expect((await lever.deliver(webhookUrl, lever.webhookBody({ signatureToken: SIGNATURE_TOKEN, data: stageChange(opp.id, 'stage-onsite') }))).status).toBe(200);
    const noEmail = unique('opp-noemail');
    lever.addOpportunity({ id: noEmail, name: 'Nobody', emails: [] });
    expect((await lever.deliver(webhookUrl, lever.webhookBody({ signatureToken: SIGNATURE_TOKEN, data: stageChange(noEmail) }))).status).toBe(200);
    await waitFor(async () => (await logLines(org.orgId)).includes('outbound opportunity.get 200 The opportunity has no email to invite'), 30_000);
    expect(await logLines(org.orgId)).toEqual(expect.arrayContaining(['inbound webhook.applicationCreated 200', 'inbound webhook.candidateStageChange 200 Ignored: stage stage-onsite orders no test']));
    expect(await app.db.select().from(atsOrders).where(eq(atsOrders.orgId, org.orgId))).toHaveLength(0);
    expect(lever.opportunityReads).not.toContain(opp.id);
  });
});

describe('signatures, integrations and organizations', () => {
  it('a wrong, missing or stale signature, an unknown or revoked integration, or another organization\'s address is 401', async () => {
    const a = await connectedOrg();
    const b = await connectedOrg({ signingSecret: 'organization-b-signature-token' });
    const opp = opportunity('refused');
    const data = stageChange(opp.id);
    const refusals = [
      [a.webhookUrl, lever.webhookBody({ signatureToken: 'not-the-token', data })],
      [a.webhookUrl, lever.webhookBody({ signatureToken: SIGNATURE_TOKEN, data, signature: '' })],
      [a.webhookUrl, (({ signature: _, ...unsigned }) => unsigned)(lever.webhookBody({ signatureToken: SIGNATURE_TOKEN, data }))],
      [a.webhookUrl, lever.webhookBody({ signatureToken: SIGNATURE_TOKEN, data, triggeredAt: Date.now() - 10 * 60_000 })],
      [`${app.url}/api/integrations/lever/webhook/${newId('atsCredential')}`, lever.webhookBody({ signatureToken: SIGNATURE_TOKEN, data })],
      [`${app.url}/api/integrations/lever/webhook/not-an-id`, lever.webhookBody({ signatureToken: SIGNATURE_TOKEN, data })],
      // Signed for A, sent to B's address.
      [b.webhookUrl, lever.webhookBody({ signatureToken: SIGNATURE_TOKEN, data })],
    ] as const;
    for (const [url, body] of refusals) {
      const res = await lever.deliver(url, body);
      expect(res.status, JSON.stringify(body)).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHORIZED');
    }
    // The same move signed with B's own token at B's address is B's order (B maps the same Lever stage id).
    const own = await lever.deliver(b.webhookUrl, lever.webhookBody({ signatureToken: 'organization-b-signature-token', data }));
    expect(own.status).toBe(200);
    await waitFor(async () => (await app.db.select().from(atsOrders).where(eq(atsOrders.orgId, b.org.orgId))).length === 1, 30_000);
    expect(await app.db.select().from(atsOrders).where(eq(atsOrders.orgId, a.org.orgId))).toHaveLength(0);
    expect(await logLines(a.org.orgId)).toEqual(expect.arrayContaining(['inbound webhook.candidateStageChange 401 Invalid signature', expect.stringMatching(/^inbound webhook.candidateStageChange 401 Stale/)]));

    // A Greenhouse integration's id is not a Lever address.
    const greenhouse = await createAtsCredential(app.db, { orgId: a.org.orgId, ats: 'greenhouse' });
    expect((await lever.deliver(`${app.url}/api/integrations/lever/webhook/${greenhouse.id}`, lever.webhookBody({ signatureToken: SIGNATURE_TOKEN, data }))).status).toBe(401);

    await revokeAtsCredential(app.db, { orgId: a.org.orgId, id: a.credential.id });
    expect((await lever.deliver(a.webhookUrl, lever.webhookBody({ signatureToken: SIGNATURE_TOKEN, data }))).status).toBe(401);
    // Another organization cannot give secrets to A's integration.
    await expect(setAtsCredentialSecrets(app.db, { orgId: b.org.orgId, id: b.credential.id.replace(/.$/, 'x'), signingSecret: 'x' })).rejects.toThrow(/not found/i);
    await expect(setAtsCredentialSecrets(app.db, { orgId: b.org.orgId, id: a.credential.id, signingSecret: 'x' })).rejects.toThrow(/not found/i);
  });

  it('a body that is not a Lever webhook is a 400 in the error envelope, logged, and orders nothing', async () => {
    const a = await connectedOrg();
    const notJson = await fetch(a.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"triggeredAt": 1,' });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error).toMatchObject({ code: 'VALIDATION_ERROR', requestId: expect.stringMatching(/^req_/) });
    for (const body of [[], { event: 'candidateStageChange' }, { ...lever.webhookBody({ signatureToken: SIGNATURE_TOKEN, data: stageChange('x') }), triggeredAt: 'soon' }]) {
      const res = await lever.deliver(a.webhookUrl, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.text).not.toMatch(/stack|ZodError/i);
    }
    expect(await logLines(a.org.orgId)).toContain('inbound webhook 400 Not a Lever webhook (triggeredAt, event, signature, token expected)');
    expect(await app.db.select().from(atsOrders).where(eq(atsOrders.orgId, a.org.orgId))).toHaveLength(0);
  });

  it('before the signature token is given, Lever\'s test call is acknowledged and a real one refused; once given, it orders', async () => {
    const { org, credential, webhookUrl } = await connectedOrg({ signingSecret: null });
    expect(credential.hasSigningSecret).toBe(false);
    expect((await lever.deliver(webhookUrl, lever.webhookBody({ signatureToken: SIGNATURE_TOKEN, data: {} }))).status).toBe(200);
    const opp = opportunity('later');
    expect((await lever.deliver(webhookUrl, lever.webhookBody({ signatureToken: SIGNATURE_TOKEN, data: stageChange(opp.id) }))).status).toBe(401);
    const updated = await setAtsCredentialSecrets(app.db, { orgId: org.orgId, id: credential.id, signingSecret: SIGNATURE_TOKEN });
    expect(updated).toMatchObject({ hasSigningSecret: true, hasApiKey: true });
    expect((await lever.deliver(webhookUrl, lever.webhookBody({ signatureToken: SIGNATURE_TOKEN, data: stageChange(opp.id) }))).status).toBe(200);
    await invitationFor(org, opp.email);
  });

  it('without the customer\'s Lever API key the opportunity cannot be read: logged, nothing ordered', async () => {
    const { org, webhookUrl } = await connectedOrg({ apiKey: null });
    const opp = opportunity('nokey');
    expect((await lever.deliver(webhookUrl, lever.webhookBody({ signatureToken: SIGNATURE_TOKEN, data: stageChange(opp.id) }))).status).toBe(200);
    await waitFor(async () => (await logLines(org.orgId)).some((l) => l.includes('No Lever API key')), 30_000);
    expect(await app.db.select().from(atsOrders).where(eq(atsOrders.orgId, org.orgId))).toHaveLength(0);
  });
});

describe('erasure stops the note', () => {
  it('erasing the candidate cancels the pending note and forgets the opportunity', async () => {
    const { org, webhookUrl } = await connectedOrg();
    const opp = opportunity('erase');
    // Lever refuses every note: the write-back stays pending, retrying.
    lever.answerNotes(opp.id, () => 503);
    expect((await lever.deliver(webhookUrl, lever.webhookBody({ signatureToken: SIGNATURE_TOKEN, data: stageChange(opp.id) }))).status).toBe(200);
    const { token } = await invitationFor(org, opp.email);
    const [order] = await app.db.select().from(atsOrders).where(and(eq(atsOrders.orgId, org.orgId), eq(atsOrders.externalId, opp.id)));
    await takeInterviewInWriting(token);
    await waitFor(async () => lever.notesOn(opp.id).length >= 1, 30_000);

    expect((await org.api(`/api/v1/candidates/${order.candidateId}`, { method: 'DELETE' })).status).toBe(204);
    const [writeback] = await app.db.select().from(atsWritebacks).where(eq(atsWritebacks.orderId, order.id));
    expect(writeback.status).toBe('CANCELLED');
    const [after] = await app.db.select().from(atsOrders).where(eq(atsOrders.id, order.id));
    expect(after).toMatchObject({ callbackUrl: null, externalId: null });
    // An attempt already in flight may land; nothing after it.
    const count = lever.notesOn(opp.id).length;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(lever.notesOn(opp.id).length).toBeLessThanOrEqual(count + 1);
    const settled = lever.notesOn(opp.id).length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(lever.notesOn(opp.id).length).toBe(settled);
  });
});

describe('admin CLI', () => {
  it('integration:create --ats lever --api-key --signature-token keeps both encrypted, prints the webhook address, never the secrets', async () => {
    const org = await createTestOrg(app.db, app.url);
    const printed = await integrationCreateCommand.run({ database: app.database, args: { org: org.orgId, ats: 'lever', 'api-key': CUSTOMER_LEVER_KEY, 'signature-token': SIGNATURE_TOKEN } });
    const text = JSON.stringify(printed);
    expect(text).not.toContain(CUSTOMER_LEVER_KEY);
    expect(text).not.toContain(SIGNATURE_TOKEN);
    expect(printed).toMatchObject({ ats: 'lever', webhookUrl: expect.stringMatching(/\/api\/integrations\/lever\/webhook\/atc_/) });
    expect(await listAtsCredentials(app.db, { orgId: org.orgId, ats: 'lever' })).toEqual([expect.objectContaining({ hasApiKey: true, hasSigningSecret: true })]);
    const stored = JSON.stringify(await app.db.select().from(atsCredentials).where(eq(atsCredentials.orgId, org.orgId)));
    expect(stored).not.toContain(SIGNATURE_TOKEN);
  });

  it('Lever\'s stages are read with the integration\'s key (and logged); another organization\'s integration is not found', async () => {
    const { org, credential } = await connectedOrg();
    expect(await listLeverStages(app.db, { orgId: org.orgId, credentialId: credential.id })).toEqual([
      { id: 'lead-new', name: 'New lead' },
      { id: STAGE, name: 'Phone screen' },
      { id: 'onsite', name: 'On-site interview' },
    ]);
    expect(await logLines(org.orgId)).toContain('outbound stages.get 200');
    const other = await createTestOrg(app.db, app.url);
    await expect(listLeverStages(app.db, { orgId: other.orgId, credentialId: credential.id })).rejects.toMatchObject({ appCode: 'NOT_FOUND' });
    const noKey = await connectedOrg({ apiKey: null });
    await expect(listLeverStages(app.db, { orgId: noKey.org.orgId, credentialId: noKey.credential.id })).rejects.toMatchObject({ appCode: 'VALIDATION_ERROR' });
  });

  it('a Lever test needs the Lever stage id, and one test per stage', async () => {
    const { org, setup } = await connectedOrg();
    await expect(createTestMapping(app.db, { orgId: org.orgId, ats: 'lever', name: 'No stage', campaignId: setup.campaign.id })).rejects.toMatchObject({ issues: [{ path: 'atsStageId', message: expect.stringMatching(/^Required for Lever/) }] });
    await expect(createTestMapping(app.db, { orgId: org.orgId, ats: 'lever', name: 'Same stage', campaignId: setup.campaign.id, atsStageId: STAGE })).rejects.toMatchObject({ issues: [{ path: 'atsStageId', message: 'This stage already orders another test' }] });
  });
});
