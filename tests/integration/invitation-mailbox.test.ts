import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxMessages, sentEmails } from '@/db/schema';
import { QUEUES } from '@/server/jobs/queue';
import { sendInvitationEmail } from '@/server/services/invitations/send-invitation-email';
import { invitationLinkIn } from '../support/fake-resend-server';
import { candidateApi } from '../support/candidate-interview';
import { createTestOrg, makeCandidate, makeJob, request } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

/** Without RESEND_API_KEY (development), invitations land in the local mailbox the dashboard shows. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ RESEND_API_KEY: '', RESEND_BASE_URL: '' });
});
afterAll(() => app?.close());

async function waitFor<T>(probe: () => Promise<T | undefined | false | null>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('local mailbox', () => {
  it('holds one message per invitation, with a working link, and a second run of the job adds nothing', async () => {
    const org = await createTestOrg(app.db, app.url, { name: 'Hooli' });
    const candidate = await makeCandidate(app.db, org.orgId, { locale: 'en', firstName: 'Gavin' });
    const job = await makeJob(app.db, org.orgId, 'Platform engineer');
    const created = await org.api('/api/v1/interviews', { body: { candidateId: candidate.id, jobId: job.id } });
    expect(created.status).toBe(201);

    const [message] = await waitFor(async () => {
      const rows = await app.db.select().from(mailboxMessages).where(eq(mailboxMessages.orgId, org.orgId));
      return rows.length > 0 && rows;
    });
    expect(message).toMatchObject({ toAddress: candidate.email, subject: 'Interview invitation: Platform engineer at Hooli' });
    expect(message.text).toContain('Hello Gavin,');
    // Nothing configured (no speech-to-text, no agent platform): the email promises a written interview, no voice.
    expect(message.text).toContain('Hooli invites you to a written interview for the Platform engineer position.');
    expect(message.text).toContain('you answer in writing');
    expect(message.text).not.toMatch(/voice|microphone|out loud/i);
    const { token } = invitationLinkIn(message);
    const page = await request(app.url, `/i/${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Platform engineer');

    const [ledger] = await waitFor(async () => {
      const rows = await app.db.select().from(sentEmails).where(eq(sentEmails.interviewId, created.body.id));
      return rows.length > 0 && rows;
    });
    expect(ledger).toMatchObject({ transport: 'mailbox', providerMessageId: message.id, kind: 'invitation' });

    const { rows } = await app.database.executeSql(`select data from pgboss.job where name = $1 and data->>'interviewId' = $2`, [QUEUES.invitationEmail, created.body.id]);
    expect(await sendInvitationEmail(app.db, 'invitation', rows[0].data)).toEqual({ outcome: 'already-sent', providerMessageId: message.id });
    // With the ledger row lost, the mailbox's own key still keeps a single copy.
    await app.db.delete(sentEmails).where(eq(sentEmails.interviewId, created.body.id));
    expect(await sendInvitationEmail(app.db, 'invitation', rows[0].data)).toEqual({ outcome: 'sent', providerMessageId: message.id });
    expect(await app.db.select().from(mailboxMessages).where(eq(mailboxMessages.orgId, org.orgId))).toHaveLength(1);
  });

  it('from the mailbox link, without an agent platform, the built-in interviewer conducts the interview to the end', async () => {
    const org = await createTestOrg(app.db, app.url);
    const candidate = await makeCandidate(app.db, org.orgId);
    const job = await makeJob(app.db, org.orgId);
    const created = await org.api('/api/v1/interviews', { body: { candidateId: candidate.id, jobId: job.id } });
    const [message] = await waitFor(async () => {
      const rows = await app.db.select().from(mailboxMessages).where(eq(mailboxMessages.orgId, org.orgId));
      return rows.length > 0 && rows;
    });
    const { token } = invitationLinkIn(message);
    const candidateSide = candidateApi(app.url, token);
    let session = (await candidateSide.start()).body;
    expect(session).toMatchObject({ mode: 'interviewer', status: 'IN_PROGRESS', question: { index: 1 } });
    // The candidate answers in writing, question by question, until the interviewer finalizes.
    for (let asked = 0; session.question && asked < 20; asked++) {
      const answered = await candidateSide.answer(session.question.turnNumber, { text: `My answer number ${asked + 1}, with an example from my last project.` });
      expect(answered.status, answered.text).toBe(200);
      session = answered.body;
    }
    expect(session.status).toBe('COMPLETED');
    const done = await org.api(`/api/v1/interviews/${created.body.id}`);
    expect(done.body).toMatchObject({ status: 'COMPLETED', consentedAt: expect.any(String) });
    expect(done.body.transcript.filter((t: { role: string }) => t.role === 'candidate').length).toBe(session.progress.total);
    expect(done.body.reportId).toMatch(/^rpt_/);
    const progress = await request(app.url, `/api/invitations/${token}/status`);
    expect(progress.body).toMatchObject({ status: 'COMPLETED' });
    expect(JSON.stringify(progress.body)).not.toContain(done.body.transcript[0].content);
  });
});
