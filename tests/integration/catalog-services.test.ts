import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { interviews, users } from '@/db/schema';
import { verifyPassword } from '@/server/auth/password';
import { SCOPES } from '@/server/auth/scopes';
import { AppError, toAppError } from '@/server/errors';
import { newId } from '@/server/ids';
import { authenticateApiKey } from '@/server/services/api-keys/authenticate-api-key';
import { listCandidates } from '@/server/services/candidates/list-candidates';
import { seedDemo, DEMO_ORG_NAME } from '@/server/services/demo/seed-demo';
import { getInterviewConfig } from '@/server/services/interview-configs/get-interview-config';
import { listInterviews } from '@/server/services/interviews/list-interviews';
import { listJobs } from '@/server/services/jobs/list-jobs';
import { createOrganization } from '@/server/services/organizations/create-organization';
import { getOrganization } from '@/server/services/organizations/get-organization';
import { hasAnyOrganization } from '@/server/services/organizations/has-any-organization';
import { listStages } from '@/server/services/stages/list-stages';
import { createUser } from '@/server/services/users/create-user';
import { startTestApp, type TestApp } from '../support/test-app';

// The app, not just a database: the demo seed creates invitations, which enqueue jobs and seal their links.
let app: TestApp;
let db: Database;

beforeAll(async () => {
  app = await startTestApp();
  db = app.db;
});
afterAll(() => app?.close());

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    return toAppError(error);
  }
  throw new Error('expected the call to fail');
}

const uniqueEmail = (label: string) => `${label}.${newId('user').slice(-10).toLowerCase()}@example.com`;

describe('organizations', () => {
  it('create, get, and an id of the wrong shape or unknown is not found', async () => {
    const org = await createOrganization(db, { name: 'Acme' });
    expect(org).toMatchObject({ id: expect.stringMatching(/^org_[0-9A-Za-z]{22}$/), name: 'Acme' });
    expect(await getOrganization(db, { orgId: org.id })).toEqual(org);
    expect(await hasAnyOrganization(db)).toBe(true);
    expect((await errorOf(getOrganization(db, { orgId: newId('organization') }))).appCode).toBe('NOT_FOUND');
    expect((await errorOf(getOrganization(db, { orgId: "org_'; drop table x" }))).appCode).toBe('NOT_FOUND');
  });
});

describe('createUser', () => {
  it('stores the email trimmed and lower-cased and the password as a scrypt hash', async () => {
    const org = await createOrganization(db, { name: 'Acme' });
    const email = uniqueEmail('ada');
    const user = await createUser(db, { orgId: org.id, email: `  ${email.toUpperCase()} `, password: 'correct horse battery' });
    expect(user).toEqual({ id: expect.stringMatching(/^usr_/), orgId: org.id, email, name: null, role: 'admin', createdAt: expect.any(String) });
    expect(user).not.toHaveProperty('passwordHash');
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse battery', row.passwordHash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', row.passwordHash)).toBe(false);
  });

  it('an email is unique across organizations, whatever its case: 409 CONFLICT', async () => {
    const a = await createOrganization(db, { name: 'A' });
    const b = await createOrganization(db, { name: 'B' });
    const email = uniqueEmail('grace');
    await createUser(db, { orgId: a.id, email, password: 'long enough pw' });
    const error = await errorOf(createUser(db, { orgId: b.id, email: email.toUpperCase(), password: 'another long pw' }));
    expect(error.appCode).toBe('CONFLICT');
    expect(error.status).toBe(409);
    // Nothing about the other organization leaks.
    expect(error.existingId).toBeUndefined();
    expect(error.message).not.toContain(a.id);
  });

  it('refuses short passwords, bad emails and unknown organizations', async () => {
    const org = await createOrganization(db, { name: 'Acme' });
    const short = await errorOf(createUser(db, { orgId: org.id, email: uniqueEmail('x'), password: '123456789' }));
    expect(short.appCode).toBe('VALIDATION_ERROR');
    expect(short.issues).toEqual([{ path: 'password', message: 'Must be at least 10 characters' }]);
    const badEmail = await errorOf(createUser(db, { orgId: org.id, email: 'not-an-email', password: '1234567890' }));
    expect(badEmail.issues?.[0].path).toBe('email');
    const noOrg = await errorOf(createUser(db, { orgId: newId('organization'), email: uniqueEmail('y'), password: '1234567890' }));
    expect(noOrg.appCode).toBe('NOT_FOUND');
    expect(noOrg.message).toBe('Organization not found');
  });
});

describe('seedDemo', () => {
  it('seeds a complete demo organization and returns working credentials and ids', async () => {
    const email = uniqueEmail('demo');
    const seeded = await seedDemo(db, { recruiterEmail: email });
    const { orgId } = seeded;

    expect((await getOrganization(db, { orgId })).name).toBe(DEMO_ORG_NAME);
    expect(seeded.recruiter.email).toBe(email);
    expect(seeded.recruiter.password.length).toBeGreaterThanOrEqual(10);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user.orgId).toBe(orgId);
    expect(await verifyPassword(seeded.recruiter.password, user.passwordHash)).toBe(true);

    const key = await authenticateApiKey(db, seeded.apiKey);
    expect(key).toMatchObject({ orgId, id: seeded.apiKeyId });
    expect([...(key?.scopes ?? [])].sort()).toEqual([...SCOPES].sort());

    expect((await listJobs(db, { orgId, page: 1, pageSize: 10 })).pagination.total).toBe(2);
    expect(seeded.setups).toHaveLength(2);
    const locales: string[] = [];
    for (const setup of seeded.setups) {
      const stages = await listStages(db, { orgId, page: 1, pageSize: 10, campaignId: setup.campaignId });
      expect(stages.items.map((s) => s.id)).toEqual(setup.stageIds);
      expect(stages.items.map((s) => s.generateReport)).toEqual([true, false]);
      const config = await getInterviewConfig(db, { orgId, id: setup.configId });
      expect(config.questions.length).toBeGreaterThanOrEqual(3);
      expect(config.criteria.length).toBeGreaterThanOrEqual(3);
      expect(config.criteria.every((c) => c.weight > 0)).toBe(true);
      locales.push(config.locale);
    }
    expect(locales.sort()).toEqual(['en', 'fr']);

    const candidates = await listCandidates(db, { orgId, page: 1, pageSize: 100 });
    expect(candidates.pagination.total).toBe(12);
    expect(candidates.items.every((c) => c.tags.length > 0)).toBe(true);
    expect((await listCandidates(db, { orgId, page: 1, pageSize: 100, tags: ['senior'] })).pagination.total).toBeGreaterThan(1);

    const count = async (status: 'DRAFT' | 'INVITED' | 'CANCELLED' | 'EXPIRED') =>
      (await listInterviews(db, { orgId, page: 1, pageSize: 100, status })).items.map((i) => i.id).sort();
    expect(await count('DRAFT')).toEqual([...seeded.interviewIds.draft].sort());
    expect(await count('INVITED')).toEqual([...seeded.interviewIds.invited].sort());
    expect(await count('CANCELLED')).toEqual([...seeded.interviewIds.cancelled].sort());
    // Stored INVITED with a past expiry: every read shows it EXPIRED already.
    expect(await count('EXPIRED')).toEqual(seeded.interviewIds.expired);
    const [expiredRow] = await db.select().from(interviews).where(eq(interviews.id, seeded.interviewIds.expired[0]));
    expect(expiredRow.expiresAt.getTime()).toBeLessThan(Date.now());
  });

  it('refuses to seed twice for one recruiter email, naming the organization that has it', async () => {
    const email = uniqueEmail('demo');
    const first = await seedDemo(db, { recruiterEmail: email });
    const error = await errorOf(seedDemo(db, { recruiterEmail: email.toUpperCase() }));
    expect(error.appCode).toBe('CONFLICT');
    expect(error.message).toContain(first.orgId);
    expect(await db.$count(users, eq(users.email, email))).toBe(1);
  });
});
