import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Database } from '@/db/client';
import type { Principal } from '@/server/auth/principal';
import { AppError, toAppError } from '@/server/errors';
import { newId } from '@/server/ids';
import { appRouter } from '@/server/routers/app-router';
import { authenticateApiKey } from '@/server/services/api-keys/authenticate-api-key';
import { createOrganization } from '@/server/services/organizations/create-organization';
import { createCallerFactory, createContextInner } from '@/server/trpc';
import { openTestDatabase } from '../support/test-app';

/**
 * The dashboard's catalog procedures called in-process through createCaller with a recruiter principal, on the
 * real database: every route is tried from a second organization, which must see nothing.
 */
const createCaller = createCallerFactory(appRouter);

let database: DatabaseHandle;
let db: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database?.close());

function callerFor(principal: Principal | null) {
  return createCaller(createContextInner({ db, principal, requestId: 'req_test' }));
}

async function newRecruiterOrg() {
  const org = await createOrganization(db, { name: `Org ${newId('organization').slice(-6)}` });
  const principal: Principal = { kind: 'recruiter', orgId: org.id, userId: newId('user'), sessionId: newId('session'), role: 'admin' };
  return { orgId: org.id, api: callerFor(principal) };
}

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    return toAppError(error);
  }
  throw new Error('expected the call to fail');
}

/** Another organization's id must fail exactly like an id that does not exist. */
async function expectNotFoundLikeMissing(foreign: Promise<unknown>, missing: Promise<unknown>) {
  const [a, b] = await Promise.all([errorOf(foreign), errorOf(missing)]);
  expect(a.appCode).toBe('NOT_FOUND');
  expect(a.toBody()).toEqual(b.toBody());
}

describe('who may call the catalog procedures', () => {
  it('an API key is refused (dashboard only) and an anonymous caller is unauthorized', async () => {
    const { orgId } = await newRecruiterOrg();
    const keyCaller = callerFor({ kind: 'apiKey', orgId, apiKeyId: newId('apiKey'), scopes: ['candidates:read', 'interviews:read', 'interviews:write'] });
    expect((await errorOf(keyCaller.jobs.list({}))).appCode).toBe('FORBIDDEN');
    expect((await errorOf(keyCaller.apiKeys.create({ scopes: ['candidates:read'] }))).appCode).toBe('FORBIDDEN');
    expect((await errorOf(callerFor(null).campaigns.list({}))).appCode).toBe('UNAUTHORIZED');
  });
});

describe('jobs', () => {
  it('create, get, update and list newest first with pagination', async () => {
    const { api } = await newRecruiterOrg();
    const first = await api.jobs.create({ title: '  Backend engineer ', description: 'Node.js' });
    expect(first).toMatchObject({ id: expect.stringMatching(/^job_/), title: 'Backend engineer', description: 'Node.js' });
    const second = await api.jobs.create({ title: 'Data engineer' });
    const third = await api.jobs.create({ title: 'Product designer', description: '' });
    expect(third.description).toBeNull();

    expect(await api.jobs.get({ id: first.id })).toEqual(first);
    const updated = await api.jobs.update({ id: first.id, title: 'Senior backend engineer' });
    expect(updated).toMatchObject({ id: first.id, title: 'Senior backend engineer', description: 'Node.js' });
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(first.updatedAt).getTime());

    const page1 = await api.jobs.list({ pageSize: 2 });
    expect(page1.items.map((j) => j.id)).toEqual([third.id, second.id]);
    expect(page1.pagination).toEqual({ page: 1, pageSize: 2, total: 3, totalPages: 2 });
    const page2 = await api.jobs.list({ page: 2, pageSize: 2 });
    expect(page2.items.map((j) => j.id)).toEqual([first.id]);
    expect((await api.jobs.list({ page: 3, pageSize: 2 })).items).toEqual([]);
    expect((await api.jobs.list({ search: 'ENGINEER' })).items.map((j) => j.id)).toEqual([second.id, first.id]);
  });

  it('rejects bad input with issues naming the field', async () => {
    const { api } = await newRecruiterOrg();
    const empty = await errorOf(api.jobs.create({ title: '   ' }));
    expect(empty.appCode).toBe('VALIDATION_ERROR');
    expect(empty.issues?.[0].path).toBe('title');
    const job = await api.jobs.create({ title: 'T' });
    expect((await errorOf(api.jobs.update({ id: job.id }))).appCode).toBe('VALIDATION_ERROR');
    expect((await errorOf(api.jobs.list({ pageSize: 101 }))).issues?.[0]).toEqual({ path: 'pageSize', message: 'Must be at most 100' });
  });

  it("another organization's job is not found, cannot be updated and is not listed", async () => {
    const a = await newRecruiterOrg();
    const b = await newRecruiterOrg();
    const job = await a.api.jobs.create({ title: 'Secret role' });
    await expectNotFoundLikeMissing(b.api.jobs.get({ id: job.id }), b.api.jobs.get({ id: newId('job') }));
    await expectNotFoundLikeMissing(b.api.jobs.update({ id: job.id, title: 'Hijacked' }), b.api.jobs.update({ id: newId('job'), title: 'x' }));
    await expectNotFoundLikeMissing(b.api.jobs.get({ id: 'not-an-id' }), b.api.jobs.get({ id: newId('job') }));
    expect((await a.api.jobs.get({ id: job.id })).title).toBe('Secret role');
    expect((await b.api.jobs.list({})).pagination.total).toBe(0);
  });
});

describe('campaigns', () => {
  it('a campaign hires for a job of the same organization, else 400 naming jobId', async () => {
    const a = await newRecruiterOrg();
    const b = await newRecruiterOrg();
    const jobA = await a.api.jobs.create({ title: 'A job' });
    const otherJobA = await a.api.jobs.create({ title: 'Another A job' });
    const campaign = await a.api.campaigns.create({ jobId: jobA.id, name: 'Spring' });
    expect(campaign).toMatchObject({ id: expect.stringMatching(/^cmp_/), jobId: jobA.id, name: 'Spring' });
    await a.api.campaigns.create({ jobId: otherJobA.id, name: 'Autumn' });

    for (const jobId of [jobA.id, newId('job'), 'garbage']) {
      const error = await errorOf(b.api.campaigns.create({ jobId, name: 'Stolen' }));
      expect(error.appCode).toBe('VALIDATION_ERROR');
      expect(error.issues).toEqual([{ path: 'jobId', message: 'No such job posting in this organization' }]);
    }

    const filtered = await a.api.campaigns.list({ jobId: jobA.id });
    expect(filtered.items.map((c) => c.id)).toEqual([campaign.id]);
    expect((await a.api.campaigns.list({})).pagination.total).toBe(2);
    expect((await a.api.campaigns.update({ id: campaign.id, name: 'Spring 2026' })).name).toBe('Spring 2026');
    // The job of a campaign is fixed: an update naming it is refused as an unknown field.
    expect((await errorOf(a.api.campaigns.update({ id: campaign.id, name: 'x', jobId: otherJobA.id } as never))).appCode).toBe('VALIDATION_ERROR');
  });

  it("another organization's campaign is not found and not listed", async () => {
    const a = await newRecruiterOrg();
    const b = await newRecruiterOrg();
    const job = await a.api.jobs.create({ title: 'A job' });
    const campaign = await a.api.campaigns.create({ jobId: job.id, name: 'Spring' });
    await expectNotFoundLikeMissing(b.api.campaigns.get({ id: campaign.id }), b.api.campaigns.get({ id: newId('campaign') }));
    await expectNotFoundLikeMissing(b.api.campaigns.update({ id: campaign.id, name: 'x' }), b.api.campaigns.update({ id: newId('campaign'), name: 'x' }));
    expect((await b.api.campaigns.list({ jobId: job.id })).items).toEqual([]);
    expect((await a.api.campaigns.get({ id: campaign.id })).name).toBe('Spring');
  });
});

describe('stages', () => {
  it('stages append to their campaign in pipeline order; a foreign campaign is 400 naming campaignId', async () => {
    const a = await newRecruiterOrg();
    const b = await newRecruiterOrg();
    const job = await a.api.jobs.create({ title: 'A job' });
    const campaign = await a.api.campaigns.create({ jobId: job.id, name: 'Spring' });
    const screen = await a.api.stages.create({ campaignId: campaign.id, name: 'Screen' });
    const onsite = await a.api.stages.create({ campaignId: campaign.id, name: 'Onsite', generateReport: false });
    const first = await a.api.stages.create({ campaignId: campaign.id, name: 'Pre-screen', position: 0 });
    expect(screen).toMatchObject({ position: 0, generateReport: true, campaignId: campaign.id });
    expect(onsite).toMatchObject({ position: 1, generateReport: false });

    const listed = await a.api.stages.list({ campaignId: campaign.id });
    // Position, then creation: the two stages at 0 keep the order they were made in.
    expect(listed.items.map((s) => s.id)).toEqual([screen.id, first.id, onsite.id]);

    const updated = await a.api.stages.update({ id: onsite.id, generateReport: true, position: 5 });
    expect(updated).toMatchObject({ generateReport: true, position: 5, name: 'Onsite' });

    const error = await errorOf(b.api.stages.create({ campaignId: campaign.id, name: 'Stolen' }));
    expect(error.issues).toEqual([{ path: 'campaignId', message: 'No such campaign in this organization' }]);
  });

  it("another organization's stage is not found and not listed", async () => {
    const a = await newRecruiterOrg();
    const b = await newRecruiterOrg();
    const job = await a.api.jobs.create({ title: 'A job' });
    const campaign = await a.api.campaigns.create({ jobId: job.id, name: 'Spring' });
    const stage = await a.api.stages.create({ campaignId: campaign.id, name: 'Screen' });
    await expectNotFoundLikeMissing(b.api.stages.get({ id: stage.id }), b.api.stages.get({ id: newId('stage') }));
    await expectNotFoundLikeMissing(b.api.stages.update({ id: stage.id, name: 'x' }), b.api.stages.update({ id: newId('stage'), name: 'x' }));
    expect((await b.api.stages.list({})).items).toEqual([]);
    expect((await a.api.stages.get({ id: stage.id })).name).toBe('Screen');
  });
});

describe('interview configurations', () => {
  const criteria = [
    { key: 'communication', label: 'Communication', weight: 1 },
    { key: 'technical', label: 'Technical depth', weight: 2 },
  ];
  const questions = [
    { id: 'q1', text: 'Tell me about yourself.', criterion: 'communication' },
    { id: 'q2', text: 'What would you ask us?' },
  ];

  it('create with questions, weighted criteria and a canonical locale; defaults', async () => {
    const { api } = await newRecruiterOrg();
    const config = await api.interviewConfigs.create({ name: 'Screening', locale: 'EN-gb', questions, criteria, generateReport: false });
    expect(config).toMatchObject({ id: expect.stringMatching(/^cfg_/), name: 'Screening', locale: 'en-GB', questions, criteria, generateReport: false });
    const bare = await api.interviewConfigs.create({ name: 'Bare' });
    expect(bare).toMatchObject({ locale: 'fr', questions: [], criteria: [], generateReport: true });
    expect(await api.interviewConfigs.get({ id: config.id })).toEqual(config);
    expect((await api.interviewConfigs.list({})).items.map((c) => c.id)).toEqual([bare.id, config.id]);
  });

  it('refuses duplicate keys, non-positive weights, bad locales and questions naming an unknown criterion', async () => {
    const { api } = await newRecruiterOrg();
    const duplicate = await errorOf(api.interviewConfigs.create({ name: 'x', criteria: [...criteria, { key: 'technical', label: 'Again', weight: 1 }] }));
    expect(duplicate.issues).toEqual([{ path: 'criteria.2.key', message: 'Duplicate criterion key "technical"' }]);
    const zero = await errorOf(api.interviewConfigs.create({ name: 'x', criteria: [{ key: 'a', label: 'A', weight: 0 }] }));
    expect(zero.issues).toEqual([{ path: 'criteria.0.weight', message: 'Must be greater than 0' }]);
    const locale = await errorOf(api.interviewConfigs.create({ name: 'x', locale: 'not a locale!' }));
    expect(locale.issues?.[0].path).toBe('locale');
    const unknown = await errorOf(api.interviewConfigs.create({ name: 'x', criteria, questions: [{ id: 'q1', text: 'Q', criterion: 'leadership' }] }));
    expect(unknown.issues).toEqual([{ path: 'questions.0.criterion', message: 'Unknown criterion "leadership": not among the configuration\'s criteria' }]);
    const dupQuestion = await errorOf(api.interviewConfigs.create({ name: 'x', questions: [{ id: 'q', text: 'A' }, { id: 'q', text: 'B' }] }));
    expect(dupQuestion.issues?.[0].path).toBe('questions.1.id');
  });

  it('an update is checked against what it leaves: criteria cannot drop a key a question uses', async () => {
    const { api } = await newRecruiterOrg();
    const config = await api.interviewConfigs.create({ name: 'Screening', questions, criteria });
    const error = await errorOf(api.interviewConfigs.update({ id: config.id, criteria: [{ key: 'technical', label: 'Tech', weight: 1 }] }));
    expect(error.issues?.[0].path).toBe('questions.0.criterion');
    expect((await api.interviewConfigs.get({ id: config.id })).criteria).toEqual(criteria);
    const updated = await api.interviewConfigs.update({ id: config.id, locale: 'en', criteria: [...criteria, { key: 'culture', label: 'Culture', weight: 0.5 }] });
    expect(updated).toMatchObject({ locale: 'en', questions, name: 'Screening' });
    expect(updated.criteria).toHaveLength(3);
  });

  it("another organization's configuration is not found and not listed", async () => {
    const a = await newRecruiterOrg();
    const b = await newRecruiterOrg();
    const config = await a.api.interviewConfigs.create({ name: 'Screening', questions, criteria });
    await expectNotFoundLikeMissing(b.api.interviewConfigs.get({ id: config.id }), b.api.interviewConfigs.get({ id: newId('config') }));
    await expectNotFoundLikeMissing(
      b.api.interviewConfigs.update({ id: config.id, name: 'x' }),
      b.api.interviewConfigs.update({ id: newId('config'), name: 'x' }),
    );
    expect((await b.api.interviewConfigs.list({})).items).toEqual([]);
    expect((await a.api.interviewConfigs.get({ id: config.id })).name).toBe('Screening');
  });
});

describe('API keys', () => {
  it('create shows the plaintext once; the list never shows a secret; revoke stops the key', async () => {
    const { api, orgId } = await newRecruiterOrg();
    const created = await api.apiKeys.create({ name: 'CI', scopes: ['candidates:read', 'candidates:read', 'reports:read'] });
    expect(created).toMatchObject({ id: expect.stringMatching(/^key_/), key: expect.stringMatching(/^isk_[0-9A-Za-z]{32,}$/), name: 'CI' });
    expect(created.scopes).toEqual(['candidates:read', 'reports:read']);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(await authenticateApiKey(db, created.key)).toMatchObject({ orgId, id: created.id });

    const listed = await api.apiKeys.list({});
    expect(listed.items).toHaveLength(1);
    expect(Object.keys(listed.items[0]).sort()).toEqual(['createdAt', 'id', 'lastUsedAt', 'name', 'prefix', 'revokedAt', 'scopes']);
    expect(JSON.stringify(listed)).not.toContain(created.key);
    expect(listed.items[0].lastUsedAt).not.toBeNull();

    const revoked = await api.apiKeys.revoke({ id: created.id });
    expect(revoked.id).toBe(created.id);
    expect(await authenticateApiKey(db, created.key)).toBeNull();
    expect((await api.apiKeys.list({})).items[0].revokedAt).toBe(revoked.revokedAt);
  });

  it('refuses unknown or missing scopes', async () => {
    const { api } = await newRecruiterOrg();
    const unknown = await errorOf(api.apiKeys.create({ scopes: ['candidates:read', 'admin' as never] }));
    expect(unknown.issues?.[0]).toMatchObject({ path: 'scopes.1', message: expect.stringContaining('Unknown scope "admin"') });
    expect((await errorOf(api.apiKeys.create({ scopes: [] }))).issues?.[0].path).toBe('scopes');
  });

  it("another organization's key cannot be revoked and is not listed", async () => {
    const a = await newRecruiterOrg();
    const b = await newRecruiterOrg();
    const key = await a.api.apiKeys.create({ scopes: ['interviews:read'] });
    await expectNotFoundLikeMissing(b.api.apiKeys.revoke({ id: key.id }), b.api.apiKeys.revoke({ id: newId('apiKey') }));
    expect(await authenticateApiKey(db, key.key)).not.toBeNull();
    expect((await b.api.apiKeys.list({})).items).toEqual([]);
  });
});
