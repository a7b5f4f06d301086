import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, mailboxMessages, notes, notifications, sentEmails, watchers } from '@/db/schema';
import type { Database } from '@/db/client';
import { toAppError } from '@/server/errors';
import { newId } from '@/server/ids';
import { appRouter } from '@/server/routers/app-router';
import { expireInterviews } from '@/server/services/interviews/expire-interviews';
import { finalizeInterview } from '@/server/services/interviews/finalize-interview';
import { watchNotifications } from '@/server/services/notifications/list-notifications';
import { digestPeriod, sendNotificationDigests } from '@/server/services/notifications/notification-emails';
import { formatDateTimeInZone } from '@/server/i18n/format-date';
import { getEnv } from '@/server/env';
import { failDeadLetteredReport } from '@/server/services/reports/fail-stranded-reports';
import { generateInterviewReport } from '@/server/services/reports/generate-interview-report';
import { createCallerFactory, createContextInner } from '@/server/trpc';
import { createTestOrg, makeCandidate, makeHiringSetup, makeInterview, type TestOrg } from '../support/factories';
import { makeRecruiter } from '../support/recruiters';
import { makeInterviewWithPendingReport } from '../support/report-factories';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
const createCaller = createCallerFactory(appRouter);

beforeAll(async () => {
  // The local mailbox (no Resend), so the emails can be read back.
  app = await startTestApp({ RESEND_API_KEY: '', RESEND_BASE_URL: '' });
});
afterAll(() => app?.close());

/** The app router as this signed-in user calls it from the dashboard. */
function callerFor(db: Database, user: { id: string; orgId: string }) {
  return createCaller(
    createContextInner({ db, requestId: `req_${newId('session').slice(4)}`, principal: { kind: 'recruiter', role: 'recruiter', orgId: user.orgId, userId: user.id, sessionId: newId('session') } }),
  );
}

async function errorOf(promise: Promise<unknown>): Promise<{ code: string; status: number; issues?: { path: string }[] }> {
  try {
    await promise;
  } catch (error) {
    const appError = toAppError(error);
    return { code: appError.appCode, status: appError.status, issues: appError.toBody().issues };
  }
  throw new Error('expected an error');
}

/** An organization with three teammates and a completed interview in a campaign. */
async function team() {
  const org = await createTestOrg(app.db, app.url);
  const [rita, sam, tom] = await Promise.all([
    makeRecruiter(app.db, org.orgId, { name: 'Rita Recruiter' }),
    makeRecruiter(app.db, org.orgId, { name: 'Sam Second' }),
    makeRecruiter(app.db, org.orgId, { name: 'Tom Third' }),
  ]);
  const setup = await makeHiringSetup(app.db, org.orgId);
  const candidate = await makeCandidate(app.db, org.orgId, { firstName: 'Ada', lastName: 'Lovelace' });
  return { org, rita, sam, tom, setup, candidate };
}

const notificationsOf = (userId: string) => app.db.select().from(notifications).where(eq(notifications.userId, userId));

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('notes', () => {
  it('creates, lists newest first with author and mentions, and keeps the text as written', async () => {
    const { rita, sam, setup, candidate, org } = await team();
    const interview = await makeInterview(app.db, org.orgId, { candidateId: candidate.id, jobId: setup.job.id });
    const asRita = callerFor(app.db, rita);
    const first = await asRita.notes.create({ subjectType: 'interview', subjectId: interview.id, body: '  Strong on systems <b>design</b>  ' });
    expect(first).toMatchObject({ body: 'Strong on systems <b>design</b>', interviewId: interview.id, candidateId: candidate.id, author: { id: rita.id, name: 'Rita Recruiter' }, mentions: [] });
    const second = await asRita.notes.create({ subjectType: 'interview', subjectId: interview.id, body: '@Sam Second can you listen to turn 4?', mentionedUserIds: [sam.id] });
    expect(second.mentions).toEqual([{ id: sam.id, name: 'Sam Second', email: sam.email }]);
    const onProfile = await asRita.notes.create({ subjectType: 'candidate', subjectId: candidate.id, body: 'Referred by Tom.' });

    const list = await callerFor(app.db, sam).notes.list({ subjectType: 'interview', subjectId: interview.id });
    expect(list.map((n) => n.id)).toEqual([second.id, first.id]);
    const profile = await asRita.notes.list({ subjectType: 'candidate', subjectId: candidate.id });
    expect(profile.map((n) => n.id)).toEqual([onProfile.id]);

    // A renamed teammate still resolves: the note keeps the id.
    const { users } = await import('@/db/schema');
    await app.db.update(users).set({ name: 'Samantha Second' }).where(eq(users.id, sam.id));
    const [again] = await asRita.notes.list({ subjectType: 'interview', subjectId: interview.id });
    expect(again.mentions[0].name).toBe('Samantha Second');

    const audit = await app.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, org.orgId), eq(auditEvents.action, 'note.created')));
    expect(audit).toHaveLength(3);
    expect(audit.every((a) => a.actorType === 'user' && a.actorId === rita.id && a.targetType === 'note')).toBe(true);
  });

  it('refuses an empty or too long body and mentions of anyone outside the organization (400 naming the field)', async () => {
    const { rita, candidate } = await team();
    const outsider = await team();
    const asRita = callerFor(app.db, rita);
    const subject = { subjectType: 'candidate' as const, subjectId: candidate.id };
    expect(await errorOf(asRita.notes.create({ ...subject, body: '   ' }))).toMatchObject({ status: 400, issues: [{ path: 'body' }] });
    expect(await errorOf(asRita.notes.create({ ...subject, body: 'x'.repeat(5001) }))).toMatchObject({ status: 400, issues: [{ path: 'body' }] });
    expect((await asRita.notes.create({ ...subject, body: 'y'.repeat(5000) })).body).toHaveLength(5000);
    for (const id of [outsider.rita.id, 'usr_0000000000000000000000', 'nope']) {
      expect(await errorOf(asRita.notes.create({ ...subject, body: 'Hi @someone', mentionedUserIds: [id] }))).toMatchObject({ status: 400, issues: [{ path: 'mentionedUserIds' }] });
    }
    expect(await notificationsOf(outsider.rita.id)).toHaveLength(0);
    expect(await asRita.notes.list(subject)).toHaveLength(1);
  });

  it('lets only the author edit and delete; another organization sees nothing (404)', async () => {
    const { rita, sam, candidate, org } = await team();
    const other = await team();
    const asRita = callerFor(app.db, rita);
    const asSam = callerFor(app.db, sam);
    const asOutsider = callerFor(app.db, other.rita);
    const note = await asRita.notes.create({ subjectType: 'candidate', subjectId: candidate.id, body: 'First draft' });

    expect(await errorOf(asSam.notes.update({ id: note.id, body: 'Hijacked' }))).toMatchObject({ status: 403 });
    expect(await errorOf(asSam.notes.delete({ id: note.id }))).toMatchObject({ status: 403 });
    expect(await errorOf(asOutsider.notes.update({ id: note.id, body: 'Hijacked' }))).toMatchObject({ status: 404 });
    expect(await errorOf(asOutsider.notes.delete({ id: note.id }))).toMatchObject({ status: 404 });
    expect(await errorOf(asOutsider.notes.list({ subjectType: 'candidate', subjectId: candidate.id }))).toMatchObject({ status: 404 });
    expect(await errorOf(asOutsider.notes.create({ subjectType: 'candidate', subjectId: candidate.id, body: 'x' }))).toMatchObject({ status: 404 });
    const interview = await makeInterview(app.db, org.orgId, { candidateId: candidate.id, jobId: (await makeHiringSetup(app.db, org.orgId)).job.id });
    expect(await errorOf(asOutsider.notes.create({ subjectType: 'interview', subjectId: interview.id, body: 'x' }))).toMatchObject({ status: 404 });
    expect(await errorOf(asOutsider.notifications.watching({ targetType: 'interview', targetId: interview.id }))).toMatchObject({ status: 404 });
    expect(await errorOf(asOutsider.notifications.setWatching({ targetType: 'interview', targetId: interview.id, watching: true }))).toMatchObject({ status: 404 });

    const edited = await asRita.notes.update({ id: note.id, body: 'Final words' });
    expect(edited.body).toBe('Final words');
    expect(new Date(edited.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(edited.createdAt).getTime());
    await asRita.notes.delete({ id: note.id });
    expect(await app.db.select().from(notes).where(eq(notes.id, note.id))).toHaveLength(0);
    expect(await errorOf(asRita.notes.delete({ id: note.id }))).toMatchObject({ status: 404 });
    const actions = (await app.db.select().from(auditEvents).where(eq(auditEvents.targetId, note.id))).map((a) => a.action).sort();
    expect(actions).toEqual(['note.created', 'note.deleted', 'note.updated']);
  });

  it('are dashboard-only: an API key cannot call them', async () => {
    const { candidate, org } = await team();
    const { apiKeyCaller } = await import('../support/recruiter-caller');
    expect(await errorOf(apiKeyCaller(app.db, org.orgId).notes.list({ subjectType: 'candidate', subjectId: candidate.id }))).toMatchObject({ status: 403 });
  });
});

describe('mentions and watchers', () => {
  it('notifies each mentioned teammate once, never the author, and the note author watches the interview', async () => {
    const { rita, sam, tom, setup, candidate, org } = await team();
    const interview = await makeInterview(app.db, org.orgId, { candidateId: candidate.id, jobId: setup.job.id });
    const asRita = callerFor(app.db, rita);
    const note = await asRita.notes.create({ subjectType: 'interview', subjectId: interview.id, body: '@Sam Second @Rita Recruiter look', mentionedUserIds: [sam.id, rita.id, sam.id] });
    expect(await notificationsOf(rita.id)).toHaveLength(0);
    expect((await notificationsOf(sam.id)).map((n) => [n.kind, n.noteId, n.actorId])).toEqual([['mention', note.id, rita.id]]);
    // Editing adds Tom: Tom is notified, Sam not a second time.
    await asRita.notes.update({ id: note.id, body: '@Sam Second @Tom Third look', mentionedUserIds: [sam.id, tom.id] });
    expect(await notificationsOf(sam.id)).toHaveLength(1);
    expect(await notificationsOf(tom.id)).toHaveLength(1);

    const samList = await callerFor(app.db, sam).notifications.list({ limit: 10 });
    expect(samList.unread).toBe(1);
    expect(samList.items[0]).toMatchObject({ kind: 'mention', title: 'Rita Recruiter mentioned you in a note about Ada Lovelace', href: `/interviews/${interview.id}`, readAt: null });
    expect(await callerFor(app.db, rita).notifications.watching({ targetType: 'interview', targetId: interview.id })).toEqual({ watching: true });
    expect(await callerFor(app.db, sam).notifications.watching({ targetType: 'interview', targetId: interview.id })).toEqual({ watching: false });

    // The mention email goes at once (the default for mentions), to the local mailbox, naming no candidate.
    const mail = await waitFor(
      () => app.db.select().from(mailboxMessages).where(eq(mailboxMessages.toAddress, sam.email)),
      (rows) => rows.length === 1,
    );
    expect(mail[0].subject).toBe('Rita Recruiter mentioned you in a note about a candidate');
    expect(mail[0].text).toContain(`/interviews/${interview.id}`);
    expect(mail[0].text).not.toContain('Lovelace');

    // Deleting the note takes its mention notifications with it.
    await asRita.notes.delete({ id: note.id });
    expect(await notificationsOf(sam.id)).toHaveLength(0);
  });

  it('marks one or all read, only the caller’s own', async () => {
    const { rita, sam, candidate } = await team();
    const asRita = callerFor(app.db, rita);
    for (let i = 0; i < 3; i++) await asRita.notes.create({ subjectType: 'candidate', subjectId: candidate.id, body: `@Sam ${i}`, mentionedUserIds: [sam.id] });
    const asSam = callerFor(app.db, sam);
    const list = await asSam.notifications.list({ limit: 10 });
    expect(list.unread).toBe(3);
    expect(list.items[0].href).toBe(`/candidates/${candidate.id}`);
    // Rita cannot mark Sam's.
    expect(await asRita.notifications.markRead({ ids: [list.items[0].id] })).toEqual({ unread: 0 });
    expect((await asSam.notifications.list({ limit: 10 })).unread).toBe(3);
    expect(await asSam.notifications.markRead({ ids: [list.items[0].id] })).toEqual({ unread: 2 });
    expect(await asSam.notifications.markRead({ all: true })).toEqual({ unread: 0 });
  });

  it('the live stream yields the unread count when a notification arrives', async () => {
    const { rita, sam, candidate, org } = await team();
    const controller = new AbortController();
    const stream = watchNotifications(app.db, { orgId: org.orgId, userId: sam.id, signal: controller.signal, intervalMs: 50 });
    expect((await stream.next()).value).toMatchObject({ unread: 0 });
    await callerFor(app.db, rita).notes.create({ subjectType: 'candidate', subjectId: candidate.id, body: '@Sam', mentionedUserIds: [sam.id] });
    expect((await stream.next()).value).toMatchObject({ unread: 1 });
    controller.abort();
    expect((await stream.next()).done).toBe(true);
  });

  it('watches by default what a user creates, decides or notes; watch and unwatch are the user’s own', async () => {
    const { rita, sam, setup, candidate, org } = await team();
    const asRita = callerFor(app.db, rita);
    const campaign = await asRita.campaigns.create({ jobId: setup.job.id, name: 'Autumn' });
    expect(await asRita.notifications.watching({ targetType: 'campaign', targetId: campaign.id })).toEqual({ watching: true });
    const created = await asRita.interviews.create({ candidateId: candidate.id, jobId: setup.job.id, sendInvite: false });
    expect(await asRita.notifications.watching({ targetType: 'interview', targetId: created.id })).toEqual({ watching: true });
    const { interview, report } = await makeInterviewWithPendingReport(app.db, org.orgId, { setup, candidate });
    await generateInterviewReport(app.db, { reportId: report.id });
    const asSam = callerFor(app.db, sam);
    await asSam.interviews.decide({ id: interview.id, status: 'HOLD' });
    expect(await asSam.notifications.watching({ targetType: 'interview', targetId: interview.id })).toEqual({ watching: true });
    expect(await asSam.notifications.setWatching({ targetType: 'interview', targetId: interview.id, watching: false })).toEqual({ watching: false });
    expect(await asSam.notifications.watching({ targetType: 'interview', targetId: interview.id })).toEqual({ watching: false });
    expect(await asRita.notifications.watching({ targetType: 'interview', targetId: interview.id })).toEqual({ watching: false });
  });
});

describe('notification fan-out, one per watcher, from the place each event is emitted', () => {
  async function watched() {
    const t = await team();
    const asRita = callerFor(app.db, t.rita);
    const asSam = callerFor(app.db, t.sam);
    return { ...t, watchInterview: (id: string) => asRita.notifications.setWatching({ targetType: 'interview', targetId: id, watching: true }), watchCampaign: () => asSam.notifications.setWatching({ targetType: 'campaign', targetId: t.setup.campaign.id, watching: true }) };
  }
  const kindsOf = async (userId: string) => (await notificationsOf(userId)).map((n) => n.kind).sort();

  it('interview.completed', async () => {
    const t = await watched();
    const interview = await makeInterview(app.db, t.org.orgId, { candidateId: t.candidate.id, jobId: t.setup.job.id, campaignId: t.setup.campaign.id, status: 'IN_PROGRESS', startedAt: new Date() });
    await t.watchInterview(interview.id);
    await t.watchCampaign();
    await finalizeInterview(app.db, { orgId: t.org.orgId, interviewId: interview.id, generateReport: false });
    // A finalize retried by the agent changes nothing and notifies nobody again.
    await finalizeInterview(app.db, { orgId: t.org.orgId, interviewId: interview.id, generateReport: false });
    expect(await kindsOf(t.rita.id)).toEqual(['interview.completed']);
    expect(await kindsOf(t.sam.id)).toEqual(['interview.completed']);
    expect(await kindsOf(t.tom.id)).toEqual([]);
    const [item] = (await callerFor(app.db, t.rita).notifications.list({ limit: 5 })).items;
    expect(item.title).toBe('Interview with Ada Lovelace (Backend engineer) completed');
  });

  it('report.ready and report.failed', async () => {
    const t = await watched();
    const ready = await makeInterviewWithPendingReport(app.db, t.org.orgId, { setup: t.setup, candidate: t.candidate });
    const failed = await makeInterviewWithPendingReport(app.db, t.org.orgId, { setup: t.setup, candidate: t.candidate });
    await t.watchInterview(ready.interview.id);
    await t.watchInterview(failed.interview.id);
    await t.watchCampaign();
    await generateInterviewReport(app.db, { reportId: ready.report.id });
    await failDeadLetteredReport(app.db, { reportId: failed.report.id });
    expect(await kindsOf(t.rita.id)).toEqual(['report.failed', 'report.ready']);
    expect(await kindsOf(t.sam.id)).toEqual(['report.failed', 'report.ready']);
    expect(await kindsOf(t.tom.id)).toEqual([]);
  });

  it('interview.expired', async () => {
    const t = await watched();
    const interview = await makeInterview(app.db, t.org.orgId, { candidateId: t.candidate.id, jobId: t.setup.job.id, campaignId: t.setup.campaign.id, status: 'INVITED', expiresAt: new Date(Date.now() + 60_000) });
    await t.watchInterview(interview.id);
    await t.watchCampaign();
    await expireInterviews(app.db, new Date(Date.now() + 120_000));
    await expireInterviews(app.db, new Date(Date.now() + 120_000));
    expect(await kindsOf(t.rita.id)).toEqual(['interview.expired']);
    expect(await kindsOf(t.sam.id)).toEqual(['interview.expired']);
    expect(await kindsOf(t.tom.id)).toEqual([]);
  });
});

describe('email preferences and the daily digest', () => {
  it('stores each user’s own choice; off sends nothing', async () => {
    const { rita, sam, candidate } = await team();
    const asSam = callerFor(app.db, sam);
    const defaults = await asSam.notifications.preferences();
    expect(Object.fromEntries(defaults.map((p) => [p.kind, p.email]))).toEqual({
      'interview.completed': 'digest',
      'report.ready': 'digest',
      'report.failed': 'digest',
      'interview.expired': 'digest',
      mention: 'immediately',
    });
    const after = await asSam.notifications.setPreference({ kind: 'mention', email: 'off' });
    expect(after.find((p) => p.kind === 'mention')?.email).toBe('off');
    expect((await callerFor(app.db, rita).notifications.preferences()).find((p) => p.kind === 'mention')?.email).toBe('immediately');
    await callerFor(app.db, rita).notes.create({ subjectType: 'candidate', subjectId: candidate.id, body: '@Sam', mentionedUserIds: [sam.id] });
    expect(await notificationsOf(sam.id)).toHaveLength(1);
    // No email job was queued for it: give a worker time to prove it.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await app.db.select().from(mailboxMessages).where(eq(mailboxMessages.toAddress, sam.email))).toHaveLength(0);
  });

  it('sends one digest per user per day, listing the day’s unread ones of digest kinds, once however often it runs', async () => {
    const t = await team();
    const now = new Date();
    const period = digestPeriod(now);
    const inPeriod = new Date(period.start.getTime() + 60_000);
    const interview = await makeInterview(app.db, t.org.orgId, { candidateId: t.candidate.id, jobId: t.setup.job.id });
    const insert = (userId: string, kind: 'interview.completed' | 'report.ready' | 'mention', createdAt: Date, readAt: Date | null = null) =>
      app.db.insert(notifications).values({ id: newId('notification'), orgId: t.org.orgId, userId, kind, interviewId: interview.id, dedupeKey: newId('notification'), createdAt, readAt });
    await insert(t.rita.id, 'interview.completed', inPeriod);
    await insert(t.rita.id, 'report.ready', inPeriod);
    await insert(t.rita.id, 'report.ready', inPeriod, new Date()); // read: not listed
    await insert(t.rita.id, 'mention', inPeriod); // emailed at once, not in the digest
    await insert(t.rita.id, 'report.ready', new Date(period.start.getTime() - 60_000)); // the day before
    await insert(t.sam.id, 'report.ready', inPeriod);
    await callerFor(app.db, t.tom).notifications.setPreference({ kind: 'report.ready', email: 'off' });
    await insert(t.tom.id, 'report.ready', inPeriod);

    const mine = (rows: (typeof sentEmails.$inferSelect)[]) => rows.filter((r) => r.kind === 'notification-digest');
    const runs = await Promise.all([sendNotificationDigests(app.db, { now }), sendNotificationDigests(app.db, { now })]);
    await sendNotificationDigests(app.db, { now });
    expect(runs.every((r) => r.sent <= 2)).toBe(true);
    const ledger = mine(await app.db.select().from(sentEmails).where(eq(sentEmails.orgId, t.org.orgId)));
    expect(ledger.map((r) => r.toAddress).sort()).toEqual([t.rita.email, t.sam.email].sort());
    const ritaMail = await app.db.select().from(mailboxMessages).where(and(eq(mailboxMessages.toAddress, t.rita.email), eq(mailboxMessages.orgId, t.org.orgId)));
    expect(ritaMail).toHaveLength(1);
    expect(ritaMail[0].subject).toBe('Your daily summary: 2 unread notifications');
    expect(ritaMail[0].text).toContain(`/interviews/${interview.id}`);
    // The period is named in the organization's zone, as every email gives times ("… to Friday, 27 November 2026 at 08:00 (CET)").
    expect(ritaMail[0].text).toContain(`in the 24 hours to ${formatDateTimeInZone(period.end, 'en-GB', getEnv().DISPLAY_TIME_ZONE)}.`);
    expect(ritaMail[0].text).toMatch(/in the 24 hours to \w+,? \d{1,2} \w+ \d{4} at \d\d:00 \([^)]+\)\./);
    expect(ritaMail[0].text).not.toContain('Lovelace');
    expect(await app.db.select().from(mailboxMessages).where(eq(mailboxMessages.toAddress, t.tom.email))).toHaveLength(0);
  });
});

describe('data rights', () => {
  it('the access export includes the notes about the candidate; erasure deletes them and their mentions', async () => {
    const { rita, sam, setup, candidate, org } = await team();
    const other = await makeCandidate(app.db, org.orgId, { firstName: 'Grace', lastName: 'Hopper' });
    const interview = await makeInterview(app.db, org.orgId, { candidateId: candidate.id, jobId: setup.job.id });
    const asRita = callerFor(app.db, rita);
    const onInterview = await asRita.notes.create({ subjectType: 'interview', subjectId: interview.id, body: 'Nervous at first, then great. @Sam Second', mentionedUserIds: [sam.id] });
    const onProfile = await asRita.notes.create({ subjectType: 'candidate', subjectId: candidate.id, body: 'Prefers mornings.' });
    const unrelated = await asRita.notes.create({ subjectType: 'candidate', subjectId: other.id, body: 'Someone else entirely.' });

    const exported = await org.api(`/api/v1/candidates/${candidate.id}/export`);
    expect(exported.status, exported.text).toBe(200);
    expect(exported.body.notes.map((n: { id: string }) => n.id).sort()).toEqual([onInterview.id, onProfile.id].sort());
    expect(exported.body.notes.find((n: { id: string }) => n.id === onInterview.id)).toMatchObject({ interviewId: interview.id, body: onInterview.body, authorId: rita.id, mentionedUserIds: [sam.id] });
    expect(exported.text).not.toContain('Someone else entirely');

    const erased = await org.api(`/api/v1/candidates/${candidate.id}`, { method: 'DELETE' });
    expect(erased.status, erased.text).toBe(204);
    const left = await app.db.select({ id: notes.id }).from(notes).where(eq(notes.orgId, org.orgId));
    expect(left.map((n) => n.id)).toEqual([unrelated.id]);
    expect((await notificationsOf(sam.id)).filter((n) => n.kind === 'mention')).toHaveLength(0);
    // Watches stay (ids only); the interview's other notifications now read "an erased candidate".
    expect(await app.db.select().from(watchers).where(eq(watchers.targetId, interview.id))).toHaveLength(1);
  });
});
