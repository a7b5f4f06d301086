import { and, eq } from 'drizzle-orm';
import { fetchStatus } from '../support/fetch-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviews, sentEmails, turns } from '@/db/schema';
import { verifyMediaToken } from '@/server/auth/media-token';
import { formatCandidateDateTime, resolveCandidateLocale } from '@/server/i18n/candidate-locale';
import { enqueueJob, QUEUES } from '@/server/jobs/queue';
import { createInterview } from '@/server/services/interviews/create-interview';
import { verifyDispatchSignature } from '@/server/services/invitations/dispatch-agent';
import { getInvitationByToken } from '@/server/services/invitations/get-invitation-by-token';
import { hashInvitationToken } from '@/server/services/invitations/invitation-token';
import { invitationEmailKey, sendInvitationEmail } from '@/server/services/invitations/send-invitation-email';
import { startFakeAgentPlatform } from '../support/fake-agent-platform';
import { invitationLinkIn, startFakeResend, type FakeResend, type FakeResendEmail } from '../support/fake-resend-server';
import { CANDIDATE_PAGE_COPY } from '@/app/i/[token]/candidate-page-copy';
import { createTestOrg, makeCandidate, makeConfig, makeHiringSetup, makeInterview, makeJob, request, type TestOrg } from '../support/factories';
import { apiKeyCaller, recruiterCaller } from '../support/recruiter-caller';
import { startTestApp, type TestApp } from '../support/test-app';

const AGENT_DISPATCH_SECRET = 'test-agent-dispatch-secret-0123456789';

let app: TestApp;
let resend: FakeResend;
let agent: Awaited<ReturnType<typeof startFakeAgentPlatform>>;

beforeAll(async () => {
  resend = await startFakeResend();
  agent = await startFakeAgentPlatform();
  app = await startTestApp({
    RESEND_API_KEY: 're_test_key_0123456789',
    RESEND_BASE_URL: resend.url,
    EMAIL_FROM: 'Acme Hiring <hiring@acme.test>',
    JOB_RETRY_DELAY_SECONDS: '1',
    AGENT_DISPATCH_URL: agent.url,
    AGENT_DISPATCH_SECRET,
    REMINDER_HOURS_BEFORE_EXPIRY: '24',
  });
});
afterAll(async () => {
  await app?.close();
  await resend?.close();
  await agent?.close();
});

async function waitFor<T>(probe: () => Promise<T | undefined | false | null>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** No invitation or reminder job of the interview is waiting or running. */
async function queueSettled(interviewId: string): Promise<void> {
  await waitFor(async () => {
    const { rows } = await app.database.executeSql(
      `select count(*)::int as n from pgboss.job where name = $1 and data->>'interviewId' = $2 and state in ('created', 'retry', 'active') and start_after <= now()`,
      [QUEUES.invitationEmail, interviewId],
    );
    return rows[0].n === 0;
  });
}

async function jobsOf(interviewId: string, queue: string = QUEUES.invitationEmail): Promise<{ data: any; start_after: Date; state: string }[]> {
  const { rows } = await app.database.executeSql(`select data, start_after, state from pgboss.job where name = $1 and data->>'interviewId' = $2 order by created_on`, [queue, interviewId]);
  return rows;
}

type Setup = { org: TestOrg; candidate: Awaited<ReturnType<typeof makeCandidate>>; jobId: string; configId: string };

async function setup(candidateFields: Parameters<typeof makeCandidate>[2] = {}, orgName?: string, jobTitle?: string, configLocale?: string): Promise<Setup> {
  const org = await createTestOrg(app.db, app.url, { name: orgName });
  const candidate = await makeCandidate(app.db, org.orgId, candidateFields);
  const job = await makeJob(app.db, org.orgId, jobTitle);
  // A configuration in the candidate's language (one interview, one language), unless the test says otherwise.
  const config = await makeConfig(app.db, org.orgId, { locale: configLocale ?? candidateFields.locale ?? 'fr' });
  return { org, candidate, jobId: job.id, configId: config.id };
}

async function createViaApi(s: Setup, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await s.org.api('/api/v1/interviews', { body: { candidateId: s.candidate.id, jobId: s.jobId, configId: s.configId, ...body }, headers });
  expect(res.status).toBe(201);
  return res.body as { id: string; status: string; expiresAt: string };
}

async function emailFor(address: string, count = 1): Promise<FakeResendEmail[]> {
  await resend.waitForEmails(() => resend.emailsTo(address).length >= count);
  return resend.emailsTo(address);
}

describe('invitation email on create', () => {
  it('sends exactly one email per created interview, in French by default, with the link, expiry and Idempotency-Key', async () => {
    const s = await setup({ firstName: 'Zoé', locale: 'fr' }, 'Acme & Fils', 'Développeuse <backend>');
    const interview = await createViaApi(s);
    expect(interview.status).toBe('INVITED');
    const [email] = await emailFor(s.candidate.email);
    await queueSettled(interview.id);
    expect(resend.emailsTo(s.candidate.email)).toHaveLength(1);

    expect(email.from).toBe('Acme Hiring <hiring@acme.test>');
    expect(email.subject).toBe('Invitation à un entretien : Développeuse <backend> chez Acme & Fils');
    expect(email.html).toContain('Acme &amp; Fils');
    expect(email.html).toContain('Développeuse &lt;backend&gt;');
    expect(email.html).not.toContain('<backend>');
    expect(email.html).toContain('Bonjour Zoé,');
    expect(email.text).toContain('Développeuse <backend>');
    const expiry = formatCandidateDateTime(new Date(interview.expiresAt), resolveCandidateLocale('fr'));
    expect(email.html).toContain(`Ce lien est valable jusqu&#39;au ${expiry}`);
    expect(email.html).toContain('2 questions');

    const { link, token } = invitationLinkIn(email);
    expect(link).toBe(`http://localhost:3999/i/${token}`);
    expect(email.text).toContain(link);
    const [row] = await app.db.select().from(interviews).where(eq(interviews.id, interview.id));
    // Only the hash is stored, never the token.
    expect(row.inviteTokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(await jobsOf(interview.id))).not.toContain(token);
    const keyed = resend.requests.filter((r) => r.body?.to?.includes(s.candidate.email));
    expect(keyed.map((r) => r.idempotencyKey)).toEqual([invitationEmailKey('invitation', interview.id, row.inviteTokenHash!)]);

    const [ledger] = await app.db.select().from(sentEmails).where(eq(sentEmails.interviewId, interview.id));
    expect(ledger).toMatchObject({ kind: 'invitation', transport: 'resend', providerMessageId: email.id, toAddress: s.candidate.email, locale: 'fr' });
  });

  it('renders in English for en and en-GB, German for de, in French for fr-CA and for languages it does not speak', async () => {
    const cases = [
      { locale: 'en-GB', subject: 'Interview invitation: Backend engineer at Globex', phrase: 'This link is valid until' },
      { locale: 'en', subject: 'Interview invitation: Backend engineer at Globex', phrase: 'Start the interview' },
      { locale: 'fr-CA', subject: 'Invitation à un entretien : Backend engineer chez Globex', phrase: 'Commencer l&#39;entretien' },
      { locale: 'de', subject: 'Einladung zum Interview: Backend engineer bei Globex', phrase: 'Hallo Ada,' },
      { locale: 'ja', subject: 'Invitation à un entretien : Backend engineer chez Globex', phrase: 'Bonjour Ada,' },
    ];
    for (const c of cases) {
      const s = await setup({ locale: c.locale }, 'Globex');
      const interview = await createViaApi(s);
      const [email] = await emailFor(s.candidate.email);
      expect(email.subject).toBe(c.subject);
      expect(email.html).toContain(c.phrase);
      expect(email.html).toContain(escape(formatCandidateDateTime(new Date(interview.expiresAt), resolveCandidateLocale(c.locale))));
    }
  });

  it('sends nothing for sendInvite false: the interview is a DRAFT with no link and no job', async () => {
    const s = await setup();
    const draft = await createViaApi(s, { sendInvite: false });
    expect(draft.status).toBe('DRAFT');
    expect(await jobsOf(draft.id)).toHaveLength(0);
    const [row] = await app.db.select().from(interviews).where(eq(interviews.id, draft.id));
    expect(row.inviteTokenHash).toBeNull();
    // A later invitation of the same candidate does arrive, so the queue is working while the draft stays silent.
    const invited = await createViaApi(s);
    await emailFor(s.candidate.email);
    await queueSettled(invited.id);
    expect(resend.emailsTo(s.candidate.email)).toHaveLength(1);
    expect(await app.db.select().from(sentEmails).where(eq(sentEmails.interviewId, draft.id))).toHaveLength(0);
  });

  it('leaves no interview and no job when the creating transaction rolls back', async () => {
    const s = await setup();
    let createdId = '';
    const outcome = await app.db
      .transaction(async (tx) => {
        const created = await createInterview(tx, { orgId: s.org.orgId, candidateId: s.candidate.id, jobId: s.jobId, sendInvite: true });
        createdId = created.id;
        expect(await jobsOfWithin(tx, created.id)).toBe(1);
        throw new Error('roll back');
      })
      .catch((e: Error) => e.message);
    expect(outcome).toBe('roll back');
    expect(createdId).toMatch(/^itv_/);
    expect(await app.db.select().from(interviews).where(eq(interviews.id, createdId))).toHaveLength(0);
    expect(await jobsOf(createdId)).toHaveLength(0);
    expect(await jobsOf(createdId, QUEUES.reminderEmail)).toHaveLength(0);
  });

  it('replays a create with the same Idempotency-Key without a second interview or a second email', async () => {
    const s = await setup();
    const headers = { 'Idempotency-Key': `create-${s.candidate.id}` };
    const first = await createViaApi(s, {}, headers);
    const second = await s.org.api('/api/v1/interviews', { body: { candidateId: s.candidate.id, jobId: s.jobId, configId: s.configId }, headers });
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.id);
    await emailFor(s.candidate.email);
    await queueSettled(first.id);
    expect(resend.emailsTo(s.candidate.email)).toHaveLength(1);
    expect(await jobsOf(first.id)).toHaveLength(1);
  });

  it('creates with 201 during a provider outage, and delivers the email once when the provider is back', async () => {
    const s = await setup();
    resend.failNext(3);
    const started = Date.now();
    const interview = await createViaApi(s);
    expect(Date.now() - started).toBeLessThan(5_000);
    await resend.waitForEmails(() => resend.emailsTo(s.candidate.email).length >= 1, 45_000);
    const [email] = resend.emailsTo(s.candidate.email);
    await queueSettled(interview.id);
    const attempts = resend.requests.filter((r) => r.body?.to?.includes(s.candidate.email));
    expect(attempts.map((a) => a.status)).toEqual([500, 500, 500, 200]);
    // Every attempt carried the same key, so Resend could dedupe a retry of a call that had in fact gone through.
    expect(new Set(attempts.map((a) => a.idempotencyKey)).size).toBe(1);
    // Backoff: each retry waited longer than the one before.
    const gaps = attempts.slice(1).map((a, i) => a.at - attempts[i].at);
    expect(gaps[0]).toBeGreaterThanOrEqual(900);
    expect(gaps[2]).toBeGreaterThan(gaps[0]);
    expect(resend.emailsTo(s.candidate.email)).toEqual([email]);
  }, 60_000);

  it('sends once when the job runs again after the provider accepted (ledger), and again with the ledger lost (Resend dedupes)', async () => {
    const s = await setup();
    const interview = await createViaApi(s);
    const [email] = await emailFor(s.candidate.email);
    await queueSettled(interview.id);
    const [job] = await jobsOf(interview.id);

    expect(await sendInvitationEmail(app.db, 'invitation', job.data)).toEqual({ outcome: 'already-sent', providerMessageId: email.id });
    expect(await sendInvitationEmail(app.db, 'invitation', job.data)).toEqual({ outcome: 'already-sent', providerMessageId: email.id });

    // A crash between Resend accepting the email and the ledger write: the retry calls Resend with the same key.
    await app.db.delete(sentEmails).where(eq(sentEmails.interviewId, interview.id));
    const requestsBefore = resend.requests.length;
    expect(await sendInvitationEmail(app.db, 'invitation', job.data)).toEqual({ outcome: 'sent', providerMessageId: email.id });
    expect(resend.requests.length).toBe(requestsBefore + 1);
    expect(resend.emailsTo(s.candidate.email)).toHaveLength(1);
    const ledger = await app.db.select().from(sentEmails).where(eq(sentEmails.interviewId, interview.id));
    expect(ledger.map((l) => l.providerMessageId)).toEqual([email.id]);
  });
});

describe('resend, send and cancel (dashboard procedures)', () => {
  it('resend issues a new link: the old one is 404 at once, the new one works, one new email', async () => {
    const s = await setup();
    const interview = await createViaApi(s);
    const [first] = await emailFor(s.candidate.email);
    const oldToken = invitationLinkIn(first).token;
    expect((await request(app.url, `/i/${oldToken}`)).status).toBe(200);
    const [oldJob] = await jobsOf(interview.id);

    const resent = await recruiterCaller(app.db, s.org.orgId).interviews.resendInvitation({ id: interview.id });
    expect(resent.status).toBe('INVITED');
    const emails = await emailFor(s.candidate.email, 2);
    await queueSettled(interview.id);
    expect(emails).toHaveLength(2);
    const newToken = invitationLinkIn(emails[1]).token;
    expect(newToken).not.toBe(oldToken);

    expect((await request(app.url, `/i/${oldToken}`)).status).toBe(404);
    expect((await request(app.url, `/api/invitations/${oldToken}/status`)).status).toBe(404);
    expect((await request(app.url, `/api/invitations/${oldToken}/start`, { method: 'POST' })).status).toBe(404);
    const fresh = await request(app.url, `/i/${newToken}`);
    expect(fresh.status).toBe(200);
    expect(fresh.text).toContain('Backend engineer');

    // A job queued for the old link that runs late sends nothing: the stale link never goes out.
    await app.db.delete(sentEmails).where(eq(sentEmails.interviewId, interview.id));
    expect(await sendInvitationEmail(app.db, 'invitation', oldJob.data)).toEqual({ outcome: 'skipped', reason: 'stale-link' });
    expect(resend.emailsTo(s.candidate.email)).toHaveLength(2);
  });

  it('send moves a DRAFT to INVITED with one email; a second send is a 409; resend of a DRAFT invites it too', async () => {
    const s = await setup({ locale: 'en' });
    const caller = recruiterCaller(app.db, s.org.orgId);
    const draft = await createViaApi(s, { sendInvite: false });
    const expiresAt = new Date(Date.now() + 3 * 24 * 3600_000);
    const sent = await caller.interviews.sendInvitation({ id: draft.id, expiresAt: expiresAt.toISOString() as any });
    expect(sent.status).toBe('INVITED');
    expect(sent.invitedAt).not.toBeNull();
    expect(sent.expiresAt).toBe(expiresAt.toISOString());
    const [email] = await emailFor(s.candidate.email);
    expect(email.subject).toBe('Interview invitation: Backend engineer at ' + (await orgName(s)));
    await expect(caller.interviews.sendInvitation({ id: draft.id })).rejects.toMatchObject({ appCode: 'INVALID_STATE', message: 'Cannot send the invitation of an interview that is INVITED' });

    const draft2 = await createViaApi(s, { sendInvite: false });
    expect((await caller.interviews.resendInvitation({ id: draft2.id })).status).toBe('INVITED');
    await emailFor(s.candidate.email, 2);

    // A draft whose own expiry has passed gets the default lifetime from the moment it is sent.
    const stale = await makeInterview(app.db, s.org.orgId, { candidateId: s.candidate.id, jobId: s.jobId, status: 'DRAFT', invitedAt: null, expiresAt: new Date(Date.now() - 1000) });
    const revived = await caller.interviews.sendInvitation({ id: stale.id });
    expect(revived.status).toBe('INVITED');
    expect(Math.abs(Date.parse(revived.expiresAt) - (Date.now() + 7 * 24 * 3600_000))).toBeLessThan(60_000);
    await expect(caller.interviews.sendInvitation({ id: stale.id, expiresAt: new Date(Date.now() - 1000).toISOString() })).rejects.toMatchObject({
      appCode: 'VALIDATION_ERROR',
      issues: [{ path: 'expiresAt', message: 'Must be in the future' }],
    });
  });

  it('send, resend and cancel are 404 for another organization and refused to API keys; they are not on REST v1', async () => {
    const s = await setup();
    const other = await setup();
    const interview = await createViaApi(s, { sendInvite: false });
    const stranger = recruiterCaller(app.db, other.org.orgId);
    for (const call of [
      () => stranger.interviews.sendInvitation({ id: interview.id }),
      () => stranger.interviews.resendInvitation({ id: interview.id }),
      () => stranger.interviews.cancel({ id: interview.id }),
      () => stranger.interviews.cancel({ id: 'itv_doesNotExist0000000000' }),
      () => stranger.interviews.cancel({ id: 'not-an-id' }),
    ]) {
      await expect(call()).rejects.toMatchObject({ appCode: 'NOT_FOUND', message: 'Interview not found' });
    }
    await expect(apiKeyCaller(app.db, s.org.orgId).interviews.cancel({ id: interview.id })).rejects.toMatchObject({ appCode: 'FORBIDDEN' });
    const [row] = await app.db.select().from(interviews).where(eq(interviews.id, interview.id));
    expect(row.status).toBe('DRAFT');
    for (const path of ['cancel', 'resend-invitation', 'send-invitation']) {
      expect((await s.org.api(`/api/v1/interviews/${interview.id}/${path}`, { method: 'POST', body: {} })).status).toBe(404);
    }
  });

  it('cancel: DRAFT, INVITED and IN_PROGRESS become CANCELLED; the link shows 410; final states are a 409', async () => {
    const s = await setup();
    const caller = recruiterCaller(app.db, s.org.orgId);
    const invited = await createViaApi(s);
    const [email] = await emailFor(s.candidate.email);
    const { token } = invitationLinkIn(email);
    const [job] = await jobsOf(invited.id);

    const cancelled = await caller.interviews.cancel({ id: invited.id });
    expect(cancelled.status).toBe('CANCELLED');
    expect(Date.now() - Date.parse(cancelled.cancelledAt!)).toBeLessThan(60_000);
    const page = await request(app.url, `/i/${token}`);
    expect(page.status).toBe(410);
    expect(page.text).toContain('Entretien annulé');
    expect((await request(app.url, `/api/invitations/${token}/start`, { method: 'POST' })).status).toBe(410);
    expect((await request(app.url, `/api/invitations/${token}/status`)).body).toEqual({ status: 'CANCELLED', turnCount: 0 });
    await expect(caller.interviews.cancel({ id: invited.id })).rejects.toMatchObject({ appCode: 'INVALID_STATE', message: 'Cannot cancel an interview that is CANCELLED' });
    await expect(caller.interviews.resendInvitation({ id: invited.id })).rejects.toMatchObject({ appCode: 'INVALID_STATE' });
    // A queued email that runs after the cancel sends nothing.
    await app.db.delete(sentEmails).where(eq(sentEmails.interviewId, invited.id));
    expect(await sendInvitationEmail(app.db, 'invitation', job.data)).toEqual({ outcome: 'skipped', reason: 'not-invited' });

    const draft = await createViaApi(s, { sendInvite: false });
    expect((await caller.interviews.cancel({ id: draft.id })).status).toBe('CANCELLED');
    const running = await makeInterview(app.db, s.org.orgId, { candidateId: s.candidate.id, jobId: s.jobId, status: 'IN_PROGRESS', startedAt: new Date() });
    expect((await caller.interviews.cancel({ id: running.id })).status).toBe('CANCELLED');
    const done = await makeInterview(app.db, s.org.orgId, { candidateId: s.candidate.id, jobId: s.jobId, status: 'COMPLETED', completedAt: new Date() });
    await expect(caller.interviews.cancel({ id: done.id })).rejects.toMatchObject({ appCode: 'INVALID_STATE', message: 'Cannot cancel an interview that is COMPLETED' });
    const lapsed = await makeInterview(app.db, s.org.orgId, { candidateId: s.candidate.id, jobId: s.jobId, expiresAt: new Date(Date.now() - 1000) });
    await expect(caller.interviews.cancel({ id: lapsed.id })).rejects.toMatchObject({ appCode: 'INVALID_STATE', message: 'Cannot cancel an interview that is EXPIRED' });
  });
});

describe('expiry', () => {
  it('an INVITED interview past expiresAt is EXPIRED for every reader at once, then persisted by the sweep', async () => {
    const s = await setup({ locale: 'en' });
    const interview = await createViaApi(s);
    const [email] = await emailFor(s.candidate.email);
    const { token } = invitationLinkIn(email);
    const past = new Date(Date.now() - 60_000);
    await app.db.update(interviews).set({ expiresAt: past }).where(eq(interviews.id, interview.id));

    expect((await s.org.api(`/api/v1/interviews/${interview.id}`)).body.status).toBe('EXPIRED');
    const listed = await s.org.api('/api/v1/interviews?status=EXPIRED');
    expect(listed.body.items.map((i: { id: string }) => i.id)).toContain(interview.id);
    expect((await s.org.api('/api/v1/interviews?status=INVITED')).body.items).toHaveLength(0);
    const page = await request(app.url, `/i/${token}`);
    expect(page.status).toBe(410);
    expect(page.text).toContain('Link expired');
    expect(page.text).toContain(escape(formatCandidateDateTime(past, resolveCandidateLocale('en'))));
    expect((await request(app.url, `/api/invitations/${token}/status`)).body.status).toBe('EXPIRED');
    const start = await request(app.url, `/api/invitations/${token}/start`, { method: 'POST' });
    expect(start.status).toBe(410);
    expect(start.body.error).toMatchObject({ code: 'GONE', message: 'This invitation has expired' });
    await expect(recruiterCaller(app.db, s.org.orgId).interviews.resendInvitation({ id: interview.id })).rejects.toMatchObject({ appCode: 'INVALID_STATE' });

    const [stored] = await app.db.select().from(interviews).where(eq(interviews.id, interview.id));
    expect(stored.status).toBe('INVITED');
    await app.db.transaction((tx) => enqueueJob(tx, QUEUES.expirySweep, {}));
    await waitFor(async () => (await app.db.select().from(interviews).where(eq(interviews.id, interview.id)))[0].status === 'EXPIRED');
    expect((await request(app.url, `/i/${token}`)).status).toBe(410);
  });
});

describe('reminder', () => {
  it('goes out once, REMINDER_HOURS_BEFORE_EXPIRY before expiry, for an interview still INVITED', async () => {
    const s = await setup({ locale: 'fr' });
    const interview = await createViaApi(s, { expiresAt: new Date(Date.now() + 24 * 3600_000 + 4_000).toISOString() });
    const [reminderJob] = await jobsOf(interview.id, QUEUES.reminderEmail);
    expect(new Date(reminderJob.start_after).getTime()).toBe(Date.parse(interview.expiresAt) - 24 * 3600_000);
    const emails = await resend.waitForEmails(() => resend.emailsTo(s.candidate.email).length >= 2, 30_000);
    const mine = emails.filter((e) => e.to.includes(s.candidate.email));
    expect(mine.map((e) => e.subject)).toEqual([
      `Invitation à un entretien : Backend engineer chez ${await orgName(s)}`,
      'Rappel : votre entretien pour le poste de Backend engineer expire bientôt',
    ]);
    expect(invitationLinkIn(mine[1]).token).toBe(invitationLinkIn(mine[0]).token);
    const row = await waitFor(async () => (await app.db.select().from(interviews).where(eq(interviews.id, interview.id)))[0].reminderSentAt && true);
    expect(row).toBe(true);
    expect(await sendInvitationEmail(app.db, 'reminder', reminderJob.data)).toEqual({ outcome: 'skipped', reason: 'reminder-already-sent' });
  }, 45_000);

  it('is skipped for an interview that started, and not scheduled when reminders are off or expiry is too close', async () => {
    const s = await setup();
    const interview = await createViaApi(s, { expiresAt: new Date(Date.now() + 48 * 3600_000).toISOString() });
    const [reminderJob] = await jobsOf(interview.id, QUEUES.reminderEmail);
    await app.db.update(interviews).set({ status: 'IN_PROGRESS', startedAt: new Date() }).where(eq(interviews.id, interview.id));
    expect(await sendInvitationEmail(app.db, 'reminder', reminderJob.data)).toEqual({ outcome: 'skipped', reason: 'not-invited' });
    await app.db.update(interviews).set({ status: 'INVITED', reminderEnabled: false }).where(eq(interviews.id, interview.id));
    expect(await sendInvitationEmail(app.db, 'reminder', reminderJob.data)).toEqual({ outcome: 'skipped', reason: 'reminder-off' });

    const soon = await createViaApi(s, { expiresAt: new Date(Date.now() + 3600_000).toISOString() });
    expect(await jobsOf(soon.id, QUEUES.reminderEmail)).toHaveLength(0);
    const draft = await createViaApi(s, { sendInvite: false });
    await app.db.update(interviews).set({ reminderEnabled: false }).where(eq(interviews.id, draft.id));
    await recruiterCaller(app.db, s.org.orgId).interviews.sendInvitation({ id: draft.id });
    expect(await jobsOf(draft.id, QUEUES.reminderEmail)).toHaveLength(0);
    expect(await jobsOf(draft.id)).toHaveLength(1);
  });
});

describe('the candidate page and its endpoints', () => {
  it('shows the interview in the candidate language, and only that interview', async () => {
    const a = await setup({ firstName: 'Ada', locale: 'en-GB' }, 'Initech', 'Data analyst');
    const b = await setup({ firstName: 'Bob', locale: 'fr' }, 'Umbrella', 'Chimiste');
    await createViaApi(a);
    await createViaApi(b);
    const tokenA = invitationLinkIn((await emailFor(a.candidate.email))[0]).token;
    const tokenB = invitationLinkIn((await emailFor(b.candidate.email))[0]).token;

    const pageA = await request(app.url, `/i/${tokenA}`);
    expect(pageA.status).toBe(200);
    expect(pageA.headers.get('referrer-policy')).toBe('no-referrer');
    expect(pageA.headers.get('cache-control')).toContain('no-store');
    for (const text of ['Initech', 'Data analyst', 'Hello Ada,', 'What to expect', '2 questions, asked out loud.', 'About 10 minutes.', 'This link is valid until']) {
      expect(pageA.text).toContain(text);
    }
    for (const text of ['Umbrella', 'Chimiste', 'Bob', a.candidate.email]) expect(pageA.text).not.toContain(text);
    // The notice tells how long the organization keeps the data: its own retention setting.
    expect((await getInvitationByToken(app.db, tokenA))?.retentionDays).toBe(730);
    await recruiterCaller(app.db, b.org.orgId).settings.updateRetention({ retentionDays: 365 });
    expect((await getInvitationByToken(app.db, tokenB))?.retentionDays).toBe(365);
    expect((await getInvitationByToken(app.db, tokenA))?.retentionDays).toBe(730);
    const pageB = await request(app.url, `/i/${tokenB}`);
    expect(pageB.text).toContain('Chimiste');
    expect(pageB.text).toContain('Bonjour Bob,');
    expect(pageB.text).toContain('À quoi vous attendre');
    expect(pageB.text).not.toContain('Initech');
  });

  it('answers unknown and malformed links with a 404 page, HEAD included', async () => {
    for (const token of ['A'.repeat(43), 'short', '%E0%A4%A', 'x'.repeat(200)]) {
      const res = await request(app.url, `/i/${token}`);
      expect(res.status, token).toBe(404);
      expect(res.text).toContain('Lien introuvable');
      expect(res.text).toContain('Link not found');
    }
    expect(await fetchStatus(`${app.url}/i/${'B'.repeat(43)}`, { method: 'HEAD' })).toBe(404);
    // With no interview to take a language from, the browser's own language comes first, then English.
    const german = await request(app.url, `/i/${'C'.repeat(43)}`, { headers: { 'accept-language': 'de-CH, de;q=0.9, fr;q=0.5' } });
    expect(german.status).toBe(404);
    expect(german.text).toContain('<html lang="de">');
    expect(german.text).toContain(CANDIDATE_PAGE_COPY.de.unknownTitle);
    expect(german.text).toContain('Link not found');
    expect(german.text).not.toContain('Lien introuvable');
    const status = await request(app.url, `/api/invitations/${'A'.repeat(43)}/status`);
    expect(status.status).toBe(404);
    expect(status.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'Invitation not found' });
    expect(status.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('a completed interview shows a thank-you page (200); its start is a 409', async () => {
    const s = await setup({ locale: 'en' });
    const interview = await createViaApi(s);
    const { token } = invitationLinkIn((await emailFor(s.candidate.email))[0]);
    await app.db.update(interviews).set({ status: 'COMPLETED', completedAt: new Date() }).where(eq(interviews.id, interview.id));
    const page = await request(app.url, `/i/${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Interview completed');
    const start = await request(app.url, `/api/invitations/${token}/start`, { method: 'POST' });
    expect(start.status).toBe(409);
    expect(start.body.error.code).toBe('INVALID_STATE');
  });

  it('start mints the media token and hands the interview to the agent platform with a signed POST, once', async () => {
    const s = await setup({ firstName: 'Ada', locale: 'en-GB' });
    const interview = await createViaApi(s);
    const { token } = invitationLinkIn((await emailFor(s.candidate.email))[0]);
    const before = agent.dispatches.length;

    const refused = await request(app.url, `/api/invitations/${token}/start`, { method: 'POST' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.issues).toEqual([expect.objectContaining({ path: 'consent' })]);
    expect((await request(app.url, `/api/invitations/${token}/start`, { body: { consent: false } })).status).toBe(400);
    expect(agent.dispatches.length).toBe(before);

    const start = await request(app.url, `/api/invitations/${token}/start`, { body: { consent: true } });
    expect(start.status).toBe(200);
    expect(start.headers.get('referrer-policy')).toBe('no-referrer');
    expect(start.body).toMatchObject({ status: 'OPEN', mode: 'external', joinUrl: `https://agent.example.test/rooms/${interview.id}`, question: null });
    expect(Date.parse(start.body.consentedAt)).toBeGreaterThan(Date.now() - 60_000);
    const [stored] = await app.db.select({ consentedAt: interviews.consentedAt }).from(interviews).where(eq(interviews.id, interview.id));
    expect(stored.consentedAt?.toISOString()).toBe(start.body.consentedAt);
    expect((await s.org.api(`/api/v1/interviews/${interview.id}`)).body.consentedAt).toBe(start.body.consentedAt);
    expect(agent.dispatches.length).toBe(before + 1);
    const dispatch = agent.dispatches.at(-1)!;
    expect(verifyDispatchSignature(AGENT_DISPATCH_SECRET, dispatch, dispatch.rawBody)).toBe(true);
    expect(verifyDispatchSignature('another-secret-0123456789', dispatch, dispatch.rawBody)).toBe(false);
    expect(verifyDispatchSignature(AGENT_DISPATCH_SECRET, dispatch, dispatch.rawBody.replace('Ada', 'Eve'))).toBe(false);
    expect(dispatch.body.interviewId).toBe(interview.id);
    expect(await verifyMediaToken(dispatch.body.mediaToken)).toBe(interview.id);
    expect(dispatch.body.context).toMatchObject({
      candidateFirstName: 'Ada',
      locale: 'en-GB',
      language: 'en',
      jobTitle: 'Backend engineer',
      status: 'INVITED',
      apiBaseUrl: 'http://localhost:3999',
      expiresAt: interview.expiresAt,
    });
    expect(dispatch.body.context.questions).toHaveLength(2);
    expect(dispatch.body).not.toHaveProperty('token');
    expect(dispatch.rawBody).not.toContain(token);

    // A second click while the dispatch is fresh starts no second conversation.
    const again = await request(app.url, `/api/invitations/${token}/start`, { body: { consent: true } });
    expect(again.body).toMatchObject({ status: 'OPEN', joinUrl: null, consentedAt: start.body.consentedAt });
    expect(agent.dispatches.length).toBe(before + 1);

    // The status endpoint: status and turn count, no content.
    await app.db.insert(turns).values([
      { interviewId: interview.id, orgId: s.org.orgId, turnNumber: 1, role: 'agent', content: 'Secret question text' },
      { interviewId: interview.id, orgId: s.org.orgId, turnNumber: 2, role: 'candidate', content: 'Private answer' },
    ]);
    await app.db.update(interviews).set({ status: 'IN_PROGRESS', startedAt: new Date() }).where(eq(interviews.id, interview.id));
    const progress = await request(app.url, `/api/invitations/${token}/status`);
    expect(progress.body).toEqual({ status: 'IN_PROGRESS', turnCount: 2 });
    expect(progress.text).not.toContain('Secret');
    const page = await request(app.url, `/i/${token}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('Private answer');
    expect((await request(app.url, `/api/invitations/${token}/start`, { body: { consent: true } })).status).toBe(409);
  });

  it('start answers 503 when the agent platform fails, and the candidate can retry at once', async () => {
    const s = await setup();
    await createViaApi(s);
    const { token } = invitationLinkIn((await emailFor(s.candidate.email))[0]);
    agent.failNext(1);
    const failed = await request(app.url, `/api/invitations/${token}/start`, { body: { consent: true } });
    expect(failed.status).toBe(503);
    expect(failed.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(failed.text).not.toContain('127.0.0.1');
    const retried = await request(app.url, `/api/invitations/${token}/start`, { body: { consent: true } });
    expect(retried.status).toBe(200);
    expect(retried.body.joinUrl).toMatch(/^https:\/\/agent\.example\.test\/rooms\/itv_/);
  });

  it('the start and status routes answer other methods with the 404 envelope', async () => {
    const token = 'C'.repeat(43);
    const get = await request(app.url, `/api/invitations/${token}/start`);
    expect(get.status).toBe(404);
    expect(get.body.error.message).toBe('No route matches GET /api/invitations/:token/start');
    expect(get.text).not.toContain(token);
    expect((await request(app.url, `/api/invitations/${token}/status`, { method: 'POST' })).status).toBe(404);
  });
});

async function jobsOfWithin(tx: Parameters<Parameters<TestApp['db']['transaction']>[0]>[0], interviewId: string): Promise<number> {
  const result = await tx.execute(
    // Seen from inside the transaction: the job is written through it.
    (await import('drizzle-orm')).sql`select count(*)::int as n from pgboss.job where name = ${QUEUES.invitationEmail} and data->>'interviewId' = ${interviewId}`,
  );
  const rows = Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows;
  return Number(rows[0].n);
}

async function orgName(s: Setup): Promise<string> {
  const { organizations } = await import('@/db/schema');
  const [org] = await app.db.select().from(organizations).where(and(eq(organizations.id, s.org.orgId)));
  return org.name;
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
