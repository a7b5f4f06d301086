import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, organizations } from '@/db/schema';
import { QUEUES } from '@/server/jobs/queue';
import { sendInvitationEmail } from '@/server/services/invitations/send-invitation-email';
import { invitationLinkIn, startFakeResend, type FakeResend } from '../support/fake-resend-server';
import { createTestOrg, makeCandidate, makeConfig, makeJob, request, type TestOrg } from '../support/factories';
import { makeRecruiter, sessionCookieFor, trpcMutation, trpcQuery } from '../support/recruiters';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The organization's candidate contact (Settings): told in the candidate's notice (questions about their data, an
 * interview without AI) and the Reply-To of the invitation emails. Set by a recruiter over the dashboard's tRPC.
 */
let app: TestApp;
let resend: FakeResend;

beforeAll(async () => {
  resend = await startFakeResend();
  app = await startTestApp({ RESEND_API_KEY: 're_test_key_0123456789', RESEND_BASE_URL: resend.url, EMAIL_FROM: 'Hiring <no-reply@acme.test>', AGENT_DISPATCH_URL: '', AGENT_DISPATCH_SECRET: '' });
});
afterAll(async () => {
  await app?.close();
  await resend?.close();
});

type Org = TestOrg & { cookie: string; userId: string };

async function recruiterOrg(name: string): Promise<Org> {
  const org = await createTestOrg(app.db, app.url, { name });
  const user = await makeRecruiter(app.db, org.orgId);
  return { ...org, cookie: await sessionCookieFor(app.db, user.email), userId: user.id };
}

/** An interview created through the API: its invitation email (through the fake Resend) and the link's page. */
async function invite(org: Org) {
  const candidate = await makeCandidate(app.db, org.orgId, { locale: 'en' });
  const job = await makeJob(app.db, org.orgId);
  const config = await makeConfig(app.db, org.orgId);
  const created = await org.api('/api/v1/interviews', { body: { candidateId: candidate.id, jobId: job.id, configId: config.id } });
  expect(created.status).toBe(201);
  await resend.waitForEmails(() => resend.emailsTo(candidate.email).length >= 1);
  const [email] = resend.emailsTo(candidate.email);
  const request_ = resend.requests.find((r) => r.body?.to?.includes(candidate.email) && r.status === 200);
  const page = await request(app.url, `/i/${invitationLinkIn(email).token}`);
  expect(page.status).toBe(200);
  return { html: page.text, replyTo: request_?.body?.reply_to as string | undefined, interviewId: created.body.id as string, candidateEmail: candidate.email };
}

const errorOf = (res: { body: any }) => res.body.error.data.error as { code: string; message: string; issues?: { path: string; message: string }[] };

const contactEntries = (orgId: string) =>
  app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.action, 'settings.updated')));

describe('the candidate contact setting', () => {
  it('without a contact the notice falls back to the invitation email and no Reply-To is set', async () => {
    const org = await recruiterOrg('Globex');
    expect((await trpcQuery(app.url, 'settings.candidateContact', {}, org.cookie)).body.result.data).toEqual({ contactEmail: null, nextSteps: null });
    const { html, replyTo } = await invite(org);
    // The notice is rendered by the page's client component from these props (its lines: e2e/invitation-page.spec.ts).
    expect(html).toMatch(/\\?"contactEmail\\?":null/);
    expect(replyTo).toBeUndefined();
  });

  it('once a recruiter sets it, the candidate page carries it and it is the Reply-To of the invitation and the reminder; audited without the address', async () => {
    const org = await recruiterOrg('Initech');
    const other = await recruiterOrg('Umbrella');
    const set = await trpcMutation(app.url, 'settings.updateCandidateContact', { contactEmail: '  Jobs@Initech.Example ' }, org.cookie);
    expect(set.status).toBe(200);
    expect(set.body.result.data).toEqual({ contactEmail: 'jobs@initech.example', nextSteps: null });
    expect((await trpcQuery(app.url, 'settings.candidateContact', {}, org.cookie)).body.result.data).toEqual({ contactEmail: 'jobs@initech.example', nextSteps: null });

    const { html, replyTo, interviewId, candidateEmail } = await invite(org);
    expect(html).toMatch(/\\?"contactEmail\\?":\\?"jobs@initech\.example\\?"/);
    expect(replyTo).toBe('jobs@initech.example');
    // The reminder too (its job run now rather than a day before expiry).
    const { rows } = await app.database.executeSql(`select data from pgboss.job where name = $1 and data->>'interviewId' = $2`, [QUEUES.reminderEmail, interviewId]);
    expect(rows).toHaveLength(1);
    expect(await sendInvitationEmail(app.db, 'reminder', rows[0].data)).toMatchObject({ outcome: 'sent' });
    const reminder = resend.requests.filter((r) => r.body?.to?.includes(candidateEmail) && r.status === 200);
    expect(reminder.map((r) => r.body.reply_to)).toEqual(['jobs@initech.example', 'jobs@initech.example']);

    // Saving the same address again changes nothing and records nothing.
    await trpcMutation(app.url, 'settings.updateCandidateContact', { contactEmail: 'jobs@initech.example' }, org.cookie);
    const entries = await contactEntries(org.orgId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorType: 'user', actorId: org.userId, targetType: 'organization', targetId: org.orgId, requestId: expect.stringMatching(/^req_/) });
    expect(entries[0].details).toEqual({ setting: 'contactEmail', wasSet: false, isSet: true });
    expect(JSON.stringify(entries[0])).not.toContain('initech.example');

    // Another organization is unaffected: no contact, fallback notice, no audit entry.
    expect((await trpcQuery(app.url, 'settings.candidateContact', {}, other.cookie)).body.result.data).toEqual({ contactEmail: null, nextSteps: null });
    const [otherRow] = await app.db.select().from(organizations).where(eq(organizations.id, other.orgId));
    expect(otherRow.contactEmail).toBeNull();
    const otherPage = await invite(other);
    expect(otherPage.html).not.toContain('initech.example');
    expect(otherPage.html).toMatch(/\\?"contactEmail\\?":null/);
    expect(otherPage.replyTo).toBeUndefined();
    expect(await contactEntries(other.orgId)).toHaveLength(0);

    // Clearing it (an emptied field) brings the fallback back, audited as well.
    const cleared = await trpcMutation(app.url, 'settings.updateCandidateContact', { contactEmail: '  ' }, org.cookie);
    expect(cleared.body.result.data).toEqual({ contactEmail: null, nextSteps: null });
    const afterClear = await invite(org);
    expect(afterClear.html).not.toContain('jobs@initech.example');
    expect(afterClear.replyTo).toBeUndefined();
    expect((await contactEntries(org.orgId)).map((e) => e.details)).toContainEqual({ setting: 'contactEmail', wasSet: true, isSet: false });
  });

  it('refuses an invalid or too long address naming the field, and keeps the previous one', async () => {
    const org = await recruiterOrg('Hooli');
    await trpcMutation(app.url, 'settings.updateCandidateContact', { contactEmail: 'people@hooli.example' }, org.cookie);
    for (const contactEmail of ['not-an-email', 'a@b', `${'x'.repeat(250)}@hooli.example`]) {
      const res = await trpcMutation(app.url, 'settings.updateCandidateContact', { contactEmail }, org.cookie);
      expect(res.status, contactEmail).toBe(400);
      expect(errorOf(res).issues?.[0]?.path, contactEmail).toBe('contactEmail');
    }
    const [invalid] = errorOf(await trpcMutation(app.url, 'settings.updateCandidateContact', { contactEmail: 'not-an-email' }, org.cookie)).issues!;
    expect(invalid.message).toBe('Must be a valid email address');
    const [long] = errorOf(await trpcMutation(app.url, 'settings.updateCandidateContact', { contactEmail: `${'x'.repeat(250)}@hooli.example` }, org.cookie)).issues!;
    expect(long.message).toBe('Must be at most 254 characters');
    expect((await trpcQuery(app.url, 'settings.candidateContact', {}, org.cookie)).body.result.data).toEqual({ contactEmail: 'people@hooli.example', nextSteps: null });
    expect(await contactEntries(org.orgId)).toHaveLength(1);
  });

  it("keeps the organization's 'what happens next' for the thank-you page: trimmed, at most 1000 characters, empty for the default; audited without the text", async () => {
    const org = await recruiterOrg('Umbrella');
    const set = await trpcMutation(app.url, 'settings.updateCandidateContact', { contactEmail: '', nextSteps: '  We reply to every candidate within 5 working days.  ' }, org.cookie);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.result.data).toEqual({ contactEmail: null, nextSteps: 'We reply to every candidate within 5 working days.' });
    // The candidate's page is given it (the thank-you page shows it once the interview is over).
    expect((await invite(org)).html).toContain('We reply to every candidate within 5 working days.');
    const tooLong = await trpcMutation(app.url, 'settings.updateCandidateContact', { contactEmail: '', nextSteps: 'x'.repeat(1001) }, org.cookie);
    expect(tooLong.status).toBe(400);
    expect(errorOf(tooLong).issues?.[0]?.path).toBe('nextSteps');
    // Omitted: unchanged; empty: back to the default.
    expect((await trpcMutation(app.url, 'settings.updateCandidateContact', { contactEmail: '' }, org.cookie)).body.result.data.nextSteps).toBe('We reply to every candidate within 5 working days.');
    expect((await trpcMutation(app.url, 'settings.updateCandidateContact', { contactEmail: '', nextSteps: '' }, org.cookie)).body.result.data).toEqual({ contactEmail: null, nextSteps: null });
    const details = (await contactEntries(org.orgId)).map((e) => e.details);
    expect(details).toHaveLength(2);
    expect(details).toContainEqual({ setting: 'candidateNextSteps', wasSet: false, isSet: true });
    expect(details).toContainEqual({ setting: 'candidateNextSteps', wasSet: true, isSet: false });
  });

  it('is for signed-in recruiters only', async () => {
    const res = await trpcMutation(app.url, 'settings.updateCandidateContact', { contactEmail: 'x@example.com' }, undefined);
    expect(res.status).toBe(401);
  });
});
