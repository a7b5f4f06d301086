import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidates, interviews } from '@/db/schema';
import { hashInvitationToken } from '@/server/services/invitations/invitation-token';
import { createTestOrg, makeCandidate, makeConfig, makeJob, type TestOrg } from '../support/factories';
import { makeRecruiter, sessionCookieFor, trpcMutation, trpcQuery, type TrpcResponse } from '../support/recruiters';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

type Org = TestOrg & { cookie: string };
async function recruiterOrg(): Promise<Org> {
  const org = await createTestOrg(app.db, app.url);
  const user = await makeRecruiter(app.db, org.orgId);
  return { ...org, cookie: await sessionCookieFor(app.db, user.email) };
}
const data = (res: TrpcResponse) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.data;
};
const error = (res: TrpcResponse) => ({ status: res.status, ...res.body.error.data.error });
const configOf = async (interviewId: string) => (await app.db.select({ configId: interviews.configId }).from(interviews).where(eq(interviews.id, interviewId)))[0].configId;

describe('question set on the campaign and the stage', () => {
  let org: Org;
  let other: Org;
  let jobId: string;
  let campaignConfig: string;
  let stageConfig: string;
  let explicitConfig: string;
  let foreignConfig: string;
  let campaignId: string;
  let stageId: string;

  beforeAll(async () => {
    [org, other] = await Promise.all([recruiterOrg(), recruiterOrg()]);
    jobId = (await makeJob(app.db, org.orgId)).id;
    [campaignConfig, stageConfig, explicitConfig, foreignConfig] = (
      await Promise.all([makeConfig(app.db, org.orgId, { name: 'Campaign set' }), makeConfig(app.db, org.orgId, { name: 'Stage set' }), makeConfig(app.db, org.orgId), makeConfig(app.db, other.orgId)])
    ).map((c) => c.id);
  });

  it('a campaign and a stage take a question set of their own organization; another organization’s is the same 400 as a missing one', async () => {
    const foreign = error(await trpcMutation(app.url, 'campaigns.create', { jobId, name: 'Spring', configId: foreignConfig }, org.cookie));
    const missing = error(await trpcMutation(app.url, 'campaigns.create', { jobId, name: 'Spring', configId: 'cfg_doesnotexist0000' }, org.cookie));
    expect(foreign.status).toBe(400);
    expect({ ...foreign, requestId: null }).toEqual({ ...missing, requestId: null });
    expect(foreign.issues).toEqual([{ path: 'configId', message: 'No such interview configuration in this organization' }]);

    const campaign = data(await trpcMutation(app.url, 'campaigns.create', { jobId, name: 'Spring', configId: campaignConfig }, org.cookie));
    expect(campaign.configId).toBe(campaignConfig);
    campaignId = campaign.id;
    const view = data(await trpcQuery(app.url, 'dashboard.campaign', { id: campaignId }, org.cookie));
    expect(view.config).toEqual({ id: campaignConfig, name: 'Campaign set' });

    expect(error(await trpcMutation(app.url, 'stages.create', { campaignId, name: 'Screen', configId: foreignConfig }, org.cookie)).status).toBe(400);
    const stage = data(await trpcMutation(app.url, 'stages.create', { campaignId, name: 'Screen' }, org.cookie));
    expect(stage.configId).toBeNull();
    stageId = stage.id;
    expect(error(await trpcMutation(app.url, 'stages.update', { id: stageId, configId: foreignConfig }, org.cookie)).issues[0].path).toBe('configId');
    expect(error(await trpcMutation(app.url, 'campaigns.update', { id: campaignId, configId: foreignConfig }, org.cookie)).issues[0].path).toBe('configId');
    // The other organization cannot set its set on our campaign, nor see it.
    expect(error(await trpcMutation(app.url, 'campaigns.update', { id: campaignId, configId: foreignConfig }, other.cookie)).status).toBe(404);
  });

  it('an invitation uses the explicit set, else the stage’s, else the campaign’s, else none (v1, bulk and campaign page)', async () => {
    const candidate = () => makeCandidate(app.db, org.orgId, { email: `c.${Math.random().toString(36).slice(2)}@example.com` });
    const create = async (body: Record<string, unknown>) => {
      const res = await org.api('/api/v1/interviews', { method: 'POST', body: { candidateId: (await candidate()).id, jobId, ...body } });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    // Campaign's set, the stage having none.
    expect(await configOf(await create({ campaignId, stageId }))).toBe(campaignConfig);
    expect(await configOf(await create({ campaignId }))).toBe(campaignConfig);
    // The stage's own wins over the campaign's.
    data(await trpcMutation(app.url, 'stages.update', { id: stageId, configId: stageConfig }, org.cookie));
    expect(await configOf(await create({ campaignId, stageId }))).toBe(stageConfig);
    expect(await configOf(await create({ campaignId }))).toBe(campaignConfig);
    // An explicit set wins over both.
    expect(await configOf(await create({ campaignId, stageId, configId: explicitConfig }))).toBe(explicitConfig);
    // No campaign: the default, as before.
    expect(await configOf(await create({}))).toBeNull();
    // An explicit set of another organization is refused on v1 too.
    const res = await org.api('/api/v1/interviews', { method: 'POST', body: { candidateId: (await candidate()).id, jobId, campaignId, configId: foreignConfig } });
    expect(res.status).toBe(400);

    // Bulk invitation from the candidates list, no set picked: the stage's.
    const bulkCandidate = await candidate();
    const operation = data(await trpcMutation(app.url, 'bulk.inviteCandidates', { selection: { mode: 'ids', ids: [bulkCandidate.id] }, campaignId, stageId }, org.cookie));
    expect(operation.results[0].outcome).toBe('ok');
    expect(await configOf(operation.results[0].resultId)).toBe(stageConfig);
    // Taking the campaign's set off: the default again.
    data(await trpcMutation(app.url, 'campaigns.update', { id: campaignId, configId: null }, org.cookie));
    expect(await configOf(await create({ campaignId }))).toBeNull();
    data(await trpcMutation(app.url, 'campaigns.update', { id: campaignId, configId: campaignConfig }, org.cookie));
  });

  it('"Invite candidates" finds or creates candidates by email, invites each once with the campaign’s set, and reports every bad line', async () => {
    const known = await makeCandidate(app.db, org.orgId, { email: 'known.person@example.com', firstName: 'Known' });
    const emails = ['Ada Lovelace <ada@example.com>, grace@example.com', '', 'not-an-email', 'KNOWN.person@example.com; ada@example.com'].join('\n');
    const csv = 'email,firstName\nlinus@example.com,Linus\nbroken,Bad\n';
    const result = data(await trpcMutation(app.url, 'campaigns.inviteByEmail', { campaignId, emails, csv }, org.cookie));
    expect(result.errors).toEqual([
      { source: 'text', line: 3, entry: 'not-an-email', message: 'Must be a valid email address' },
      { source: 'csv', line: 3, entry: 'Row 3', message: 'Must be a valid email address' },
    ]);
    expect(result.createdCandidates).toBe(3);
    expect(result.operation.total).toBe(4);
    expect(result.operation.ok).toBe(4);
    const ada = (await app.db.select().from(candidates).where(and(eq(candidates.orgId, org.orgId), eq(candidates.email, 'ada@example.com'))))[0];
    expect([ada.firstName, ada.lastName]).toEqual(['Ada', 'Lovelace']);
    const invited = await app.db.select({ candidateId: interviews.candidateId, configId: interviews.configId, status: interviews.status }).from(interviews).where(and(eq(interviews.orgId, org.orgId), eq(interviews.campaignId, campaignId)));
    const byCandidate = invited.filter((i) => i.candidateId === known.id || i.candidateId === ada.id);
    expect(byCandidate).toHaveLength(2);
    for (const row of byCandidate) expect(row).toMatchObject({ configId: campaignConfig, status: 'INVITED' });

    // The same list again: everyone is already invited, skipped and named, nobody twice.
    const again = data(await trpcMutation(app.url, 'campaigns.inviteByEmail', { campaignId, emails: 'ada@example.com' }, org.cookie));
    expect(again.operation).toMatchObject({ ok: 0, skipped: 1 });
    expect(again.operation.results[0].reason).toBe('Already has an open interview in this campaign');

    expect(error(await trpcMutation(app.url, 'campaigns.inviteByEmail', { campaignId, emails: '  ' }, org.cookie)).issues[0].path).toBe('emails');
    // Another organization's campaign: as missing.
    expect(error(await trpcMutation(app.url, 'campaigns.inviteByEmail', { campaignId, emails: 'x@example.com' }, other.cookie)).issues[0].path).toBe('campaignId');
  });

  it('"Copy invitation link" gives the emailed link of a waiting interview, to recruiters of its organization only', async () => {
    const result = data(await trpcMutation(app.url, 'campaigns.inviteByEmail', { campaignId, emails: 'copy.me@example.com' }, org.cookie));
    const interviewId = result.operation.results[0].resultId as string;
    const link = data(await trpcMutation(app.url, 'campaigns.invitationLink', { interviewId }, org.cookie));
    expect(link.url).toMatch(/\/i\/[A-Za-z0-9_-]{43}$/);
    const token = link.url.split('/i/')[1];
    const [row] = await app.db.select({ hash: interviews.inviteTokenHash }).from(interviews).where(eq(interviews.id, interviewId));
    expect(hashInvitationToken(token)).toBe(row.hash);
    const page = await fetch(new URL(`/i/${token}`, app.url), { redirect: 'manual' });
    expect(page.status).toBe(200);

    expect(error(await trpcMutation(app.url, 'campaigns.invitationLink', { interviewId }, other.cookie)).status).toBe(404);
    const viewer = await makeRecruiter(app.db, org.orgId, { role: 'viewer', email: `viewer.${Date.now()}@example.com` });
    expect(error(await trpcMutation(app.url, 'campaigns.invitationLink', { interviewId }, await sessionCookieFor(app.db, viewer.email))).status).toBe(403);
    // Cancelled: nothing to copy.
    data(await trpcMutation(app.url, 'interviews.cancel', { id: interviewId }, org.cookie));
    expect(error(await trpcMutation(app.url, 'campaigns.invitationLink', { interviewId }, org.cookie)).status).toBe(409);
  });
});
