import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '@/server/jobs/queue';
import { createTestOrg, makeCandidate, makeHiringSetup, makeInterview, type TestOrg } from '../support/factories';
import { startFakeResend, type FakeResend } from '../support/fake-resend-server';
import { makeRecruiter, sessionCookieFor, trpcMutation, trpcQuery } from '../support/recruiters';
import { startTestApp, type TestApp } from '../support/test-app';

/** Decisions reach candidates: through the real Resend SDK to the local server, in the candidate's language. */
let resend: FakeResend;
let app: TestApp;
let org: TestOrg;
let cookie: string;
let setup: Awaited<ReturnType<typeof makeHiringSetup>>;

beforeAll(async () => {
  resend = await startFakeResend();
  app = await startTestApp({ RESEND_API_KEY: 're_test_key_0123456789', RESEND_BASE_URL: resend.url, EMAIL_FROM: 'Hiring <no-reply@acme.test>', AGENT_DISPATCH_URL: '' });
  org = await createTestOrg(app.db, app.url, { name: 'Acme' });
  cookie = await sessionCookieFor(app.db, (await makeRecruiter(app.db, org.orgId)).email);
  setup = await makeHiringSetup(app.db, org.orgId);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await resend?.close();
});

async function completed(firstName: string, locale: string) {
  const email = `${firstName.toLowerCase()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const candidate = await makeCandidate(app.db, org.orgId, { firstName, email, locale });
  const interview = await makeInterview(app.db, org.orgId, { candidateId: candidate.id, jobId: setup.job.id, campaignId: setup.campaign.id, stageId: setup.stage.id, status: 'COMPLETED', completedAt: new Date(), startedAt: new Date() });
  return { email, interviewId: interview.id };
}

async function decisionJobs(interviewId: string): Promise<number> {
  const { rows } = await app.database.executeSql(`select count(*)::int as n from pgboss.job where name = $1 and data->>'interviewId' = $2`, [QUEUES.decisionEmail, interviewId]);
  return Number((rows[0] as { n: number }).n);
}

describe('Decision emails to candidates', () => {
  it('v1 decision with notifyCandidate: an ADVANCE in German, a REJECT in French, by the real SDK', async () => {
    const greta = await completed('Greta', 'de-DE');
    const res = await org.api(`/api/v1/interviews/${greta.interviewId}/decision`, { method: 'POST', body: { status: 'ADVANCE', notifyCandidate: true } });
    expect(res.status).toBe(200);
    expect(res.body.decision.status).toBe('ADVANCE');
    const [de] = await resend.waitForEmails(() => resend.emailsTo(greta.email).length === 1).then(() => resend.emailsTo(greta.email));
    expect(de.subject).toBe('Ihre Bewerbung als Backend engineer bei Acme: die nächsten Schritte');
    expect(de.text).toContain('Hallo Greta,');
    expect(de.text).toContain('Mit freundlichen Grüßen\nAcme');
    expect(de.from).toBe('Hiring <no-reply@acme.test>');

    const louise = await completed('Louise', 'fr');
    const fr = await trpcMutation(app.url, 'interviews.decide', { id: louise.interviewId, status: 'REJECT', notifyCandidate: true }, cookie);
    expect(fr.status).toBe(200);
    await resend.waitForEmails(() => resend.emailsTo(louise.email).length === 1);
    const [mail] = resend.emailsTo(louise.email);
    expect(mail.subject).toBe('Votre candidature au poste de Backend engineer chez Acme');
    expect(mail.text).toContain('nous ne donnerons pas suite à votre candidature');
    expect(mail.html).toContain('<p>Bonjour Louise,</p>');
  });

  it('nothing for a hold, nothing without the checkbox; the funnel counts decisions, not emails', async () => {
    const hold = await completed('Hana', 'en');
    const quiet = await completed('Quinn', 'en');
    expect((await org.api(`/api/v1/interviews/${hold.interviewId}/decision`, { method: 'POST', body: { status: 'HOLD', notifyCandidate: true } })).status).toBe(200);
    expect((await org.api(`/api/v1/interviews/${quiet.interviewId}/decision`, { method: 'POST', body: { status: 'ADVANCE' } })).status).toBe(200);
    // The job is queued in the deciding transaction: none was queued for these two.
    expect(await decisionJobs(hold.interviewId)).toBe(0);
    expect(await decisionJobs(quiet.interviewId)).toBe(0);
    expect(resend.emailsTo(hold.email)).toEqual([]);
    expect(resend.emailsTo(quiet.email)).toEqual([]);
    const funnel = await org.api(`/api/v1/analytics/funnel?campaignId=${setup.campaign.id}`);
    expect(funnel.status).toBe(200);
    expect(funnel.body.advanced).toBe(2); // Greta and Quinn: the email changed nothing in the figures.
    expect(funnel.body.completed).toBe(4);
    // A wrong type is refused before anything is recorded.
    expect((await org.api(`/api/v1/interviews/${quiet.interviewId}/decision`, { method: 'POST', body: { status: 'REJECT', notifyCandidate: 'yes' } })).status).toBe(400);
  });

  it("the organization's own template replaces the default; bulk decisions send too", async () => {
    const saved = await trpcMutation(
      app.url,
      'settings.updateCandidateEmails',
      { decisionEmailTemplates: { advance: { subject: 'Good news from {org}', body: 'Dear {name}, you are through to the next round for {job}.' }, reject: null } },
      cookie,
    );
    expect(saved.status).toBe(200);
    const read = (await trpcQuery(app.url, 'settings.candidateEmails', undefined, cookie)).body.result.data;
    expect(read.decisionEmailTemplates.advance.subject).toBe('Good news from {org}');
    const ana = await completed('Ana', 'es');
    const pablo = await completed('Pablo', 'es');
    const bulk = await trpcMutation(app.url, 'bulk.decideInterviews', { selection: { mode: 'ids', ids: [ana.interviewId] }, status: 'ADVANCE', notifyCandidate: true }, cookie);
    expect(bulk.status).toBe(200);
    const bulkReject = await trpcMutation(app.url, 'bulk.decideInterviews', { selection: { mode: 'ids', ids: [pablo.interviewId] }, status: 'REJECT', notifyCandidate: true }, cookie);
    expect(bulkReject.status).toBe(200);
    await resend.waitForEmails(() => resend.emailsTo(ana.email).length === 1 && resend.emailsTo(pablo.email).length === 1);
    const [own] = resend.emailsTo(ana.email);
    expect(own.subject).toBe('Good news from Acme');
    expect(own.text).toContain('Dear Ana, you are through to the next round for Backend engineer.');
    expect(own.text.startsWith('Hola, Ana:')).toBe(true);
    // No template for a rejection: the default, in Spanish.
    expect(resend.emailsTo(pablo.email)[0].subject).toBe('Tu candidatura para Backend engineer en Acme');
  });

  it('reminders are configurable per organization: off, or a delay of its own', async () => {
    const invite = async () => {
      const candidate = await makeCandidate(app.db, org.orgId, { email: `r.${Math.random().toString(36).slice(2, 8)}@example.com` });
      const expiresAt = new Date(Date.now() + 3 * 24 * 3600_000);
      const res = await org.api('/api/v1/interviews', { method: 'POST', body: { candidateId: candidate.id, jobId: setup.job.id, sendInvite: true, expiresAt: expiresAt.toISOString() } });
      expect(res.status).toBe(201);
      const { rows } = await app.database.executeSql(`select start_after from pgboss.job where name = $1 and data->>'interviewId' = $2`, [QUEUES.reminderEmail, res.body.id]);
      return { expiresAt, reminders: rows as { start_after: string | Date }[] };
    };
    expect((await trpcMutation(app.url, 'settings.updateCandidateEmails', { remindersEnabled: true, reminderHoursBeforeExpiry: 5 }, cookie)).status).toBe(200);
    const delayed = await invite();
    expect(delayed.reminders.length).toBe(1);
    expect(Math.abs(new Date(delayed.reminders[0].start_after).getTime() - (delayed.expiresAt.getTime() - 5 * 3600_000))).toBeLessThan(2000);
    expect((await trpcMutation(app.url, 'settings.updateCandidateEmails', { remindersEnabled: false }, cookie)).status).toBe(200);
    expect((await invite()).reminders).toEqual([]);
    // Viewers may not change them.
    const viewer = await sessionCookieFor(app.db, (await makeRecruiter(app.db, org.orgId, { role: 'viewer' })).email);
    expect((await trpcMutation(app.url, 'settings.updateCandidateEmails', { remindersEnabled: true }, viewer)).status).toBe(403);
  });
});
