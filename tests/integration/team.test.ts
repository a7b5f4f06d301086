import { and, eq } from 'drizzle-orm';
import { fetchStatus } from '../support/fetch-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, mailboxMessages, notificationPreferences, savedFilters, teamInvitations, users, watchers } from '@/db/schema';
import { toAppError, type AppError } from '@/server/errors';
import { getSessionPrincipal } from '@/server/services/auth/get-session-principal';
import { SESSION_COOKIE_NAME } from '@/server/services/auth/session-token';
import { acceptTeamInvitation } from '@/server/services/team/accept-team-invitation';
import { createOrganization } from '@/server/services/organizations/create-organization';
import { makeCandidate, makeHiringSetup, makeInterview } from '../support/factories';
import { recruiterCaller } from '../support/recruiter-caller';
import { makeRecruiter, sessionCookieFor, trpcMutation, trpcQuery } from '../support/recruiters';
import { startTestApp, type TestApp } from '../support/test-app';

/** Teammates: invitations by email (the local mailbox here), joining, roles, removal; every step audited. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ RESEND_API_KEY: '', RESEND_BASE_URL: '' });
});
afterAll(() => app?.close());

const PASSWORD = 'a long enough password';

async function newOrg(name = 'Initech') {
  const org = await createOrganization(app.db, { name });
  const admin = await makeRecruiter(app.db, org.id, { name: 'Ada Admin' });
  return { orgId: org.id, admin, api: recruiterCaller(app.db, org.id, 'admin', admin.id) };
}

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    return toAppError(error);
  }
  throw new Error('expected the call to fail');
}

/** The join link of the newest email to `to`, once the job has delivered it to the local mailbox. */
async function joinTokenFor(orgId: string, to: string, notToken?: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const rows = await app.db.select().from(mailboxMessages).where(and(eq(mailboxMessages.orgId, orgId), eq(mailboxMessages.toAddress, to)));
    const tokens = rows.map((m) => /\/join\/([A-Za-z0-9_-]{43})/.exec(m.text)?.[1]).filter((t): t is string => !!t && t !== notToken);
    if (tokens.length > 0) return tokens.at(-1)!;
    if (Date.now() > deadline) throw new Error(`no invitation email to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function actions(orgId: string) {
  const rows = await app.db.select({ action: auditEvents.action, actorId: auditEvents.actorId, targetId: auditEvents.targetId, details: auditEvents.details }).from(auditEvents).where(eq(auditEvents.orgId, orgId));
  return rows;
}

describe('inviting and joining', () => {
  it('an admin invites a viewer by email; the link opens the join page; joining signs them in as a viewer, once', async () => {
    const { orgId, admin, api } = await newOrg('Initech');
    const invited = await api.team.invite({ email: '  Vera@Example.com ', role: 'viewer' });
    expect(invited).toMatchObject({ replaced: false, invitation: { email: 'vera@example.com', role: 'viewer', expired: false } });
    expect(new Date(invited.invitation.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    const token = await joinTokenFor(orgId, 'vera@example.com');
    const [message] = await app.db.select().from(mailboxMessages).where(eq(mailboxMessages.orgId, orgId));
    expect(message).toMatchObject({ toAddress: 'vera@example.com', subject: 'Join Initech on Interview screening' });
    // Only the token's hash is stored.
    const [stored] = await app.db.select().from(teamInvitations).where(eq(teamInvitations.orgId, orgId));
    expect(stored.tokenHash).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);

    const page = await fetch(`${app.url}/join/${token}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Join Initech');
    expect(html).toContain('vera@example.com');
    expect(html).toContain('viewer');

    expect((await api.team.list()).invitations.map((i) => i.email)).toEqual(['vera@example.com']);
    const session = await acceptTeamInvitation(app.db, { token, name: 'Vera Viewer', password: PASSWORD });
    const principal = await getSessionPrincipal(app.db, session.token);
    expect(principal).toMatchObject({ kind: 'recruiter', orgId, role: 'viewer' });
    const team = await api.team.list();
    expect(team.invitations).toEqual([]);
    expect(team.members.map((m) => [m.email, m.role])).toEqual([
      [admin.email, 'admin'],
      ['vera@example.com', 'viewer'],
    ]);

    // A used link: 410, and the page says so.
    expect((await errorOf(acceptTeamInvitation(app.db, { token, name: 'Again', password: PASSWORD }))).appCode).toBe('GONE');
    expect(await (await fetch(`${app.url}/join/${token}`)).text()).toContain('already used');

    const log = await actions(orgId);
    expect(log).toContainEqual(expect.objectContaining({ action: 'member.invited', actorId: admin.id, targetId: stored.id }));
    expect(log).toContainEqual(expect.objectContaining({ action: 'member.joined', actorId: principal!.userId, targetId: principal!.userId }));
  });

  it('the password rules are those of every user; an unknown link is 404 and its page says whom to ask', async () => {
    const { orgId, api } = await newOrg();
    await api.team.invite({ email: 'short@example.com', role: 'recruiter' });
    const token = await joinTokenFor(orgId, 'short@example.com');
    const invalid = await errorOf(acceptTeamInvitation(app.db, { token, name: 'S', password: 'short' }));
    expect(invalid.appCode).toBe('VALIDATION_ERROR');
    expect(invalid.issues).toContainEqual({ path: 'password', message: 'Must be at least 10 characters' });
    expect((await errorOf(acceptTeamInvitation(app.db, { token: 'x'.repeat(43), name: 'S', password: PASSWORD }))).appCode).toBe('NOT_FOUND');
    const unknown = await (await fetch(`${app.url}/join/${'y'.repeat(43)}`)).text();
    expect(unknown).toContain('This invitation link is not valid');
  });

  it('inviting a pending email again replaces its link; inviting a member is 409', async () => {
    const { orgId, admin, api } = await newOrg();
    await api.team.invite({ email: 'rex@example.com', role: 'viewer' });
    const first = await joinTokenFor(orgId, 'rex@example.com');
    const again = await api.team.invite({ email: 'rex@example.com', role: 'recruiter' });
    expect(again.replaced).toBe(true);
    const second = await joinTokenFor(orgId, 'rex@example.com', first);
    expect(second).not.toBe(first);
    expect((await errorOf(acceptTeamInvitation(app.db, { token: first, name: 'Rex', password: PASSWORD }))).appCode).toBe('GONE');
    expect(await (await fetch(`${app.url}/join/${first}`)).text()).toContain('withdrawn');
    const session = await acceptTeamInvitation(app.db, { token: second, name: 'Rex', password: PASSWORD });
    expect((await getSessionPrincipal(app.db, session.token))?.role).toBe('recruiter');

    const member = await errorOf(api.team.invite({ email: 'rex@example.com', role: 'viewer' }));
    expect(member).toMatchObject({ appCode: 'CONFLICT', status: 409, message: 'This person is already a member of the team' });
    expect((await errorOf(api.team.invite({ email: admin.email, role: 'viewer' }))).appCode).toBe('CONFLICT');
    // Another organization's admin learns nothing: the invitation is issued as for a free email (probe-findings-lows).
    const other = await newOrg();
    expect((await other.api.team.invite({ email: 'rex@example.com', role: 'viewer' })).invitation.email).toBe('rex@example.com');
  });

  it('an expired link is refused and its page says so and whom to ask; a revoked one too, and both are audited', async () => {
    const { orgId, api } = await newOrg('Hooli');
    const invited = await api.team.invite({ email: 'late@example.com', role: 'viewer' });
    const token = await joinTokenFor(orgId, 'late@example.com');
    const eightDays = new Date(Date.now() + 8 * 24 * 3600 * 1000);
    expect((await errorOf(acceptTeamInvitation(app.db, { token, name: 'Late', password: PASSWORD, now: eightDays }))).appCode).toBe('GONE');
    await app.db.update(teamInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(teamInvitations.id, invited.invitation.id));
    const page = await (await fetch(`${app.url}/join/${token}`)).text();
    expect(page).toContain('This invitation has expired');
    expect(page).toContain('Ada Admin');
    expect((await api.team.list()).invitations).toMatchObject([{ email: 'late@example.com', expired: true }]);

    await api.team.invite({ email: 'gone@example.com', role: 'viewer' });
    const revokedToken = await joinTokenFor(orgId, 'gone@example.com');
    const pending = (await api.team.list()).invitations.find((i) => i.email === 'gone@example.com')!;
    expect(await api.team.revokeInvitation({ id: pending.id })).toMatchObject({ id: pending.id });
    expect((await errorOf(acceptTeamInvitation(app.db, { token: revokedToken, name: 'Gone', password: PASSWORD }))).appCode).toBe('GONE');
    expect(await (await fetch(`${app.url}/join/${revokedToken}`)).text()).toContain('This invitation was withdrawn');
    expect(await actions(orgId)).toContainEqual(expect.objectContaining({ action: 'member.invitation_revoked', targetId: pending.id }));
  });
});

describe('roles and removal', () => {
  it('the last admin can be neither demoted nor removed, themselves included; with a second admin they can leave', async () => {
    const { orgId, admin, api } = await newOrg();
    const demote = await errorOf(api.team.setRole({ userId: admin.id, role: 'recruiter' }));
    expect(demote).toMatchObject({ appCode: 'CONFLICT', status: 409 });
    expect(demote.message).toMatch(/last admin/);
    expect((await errorOf(api.team.remove({ userId: admin.id }))).message).toMatch(/last admin/);

    const second = await makeRecruiter(app.db, orgId, { role: 'recruiter' });
    expect(await api.team.setRole({ userId: second.id, role: 'admin' })).toMatchObject({ id: second.id, role: 'admin' });
    expect(await api.team.remove({ userId: admin.id })).toMatchObject({ userId: admin.id });
    const secondApi = recruiterCaller(app.db, orgId, 'admin', second.id);
    expect((await errorOf(secondApi.team.setRole({ userId: second.id, role: 'viewer' }))).appCode).toBe('CONFLICT');
    const log = await actions(orgId);
    expect(log).toContainEqual(expect.objectContaining({ action: 'member.role_changed', targetId: second.id, details: { from: 'recruiter', to: 'admin' } }));
    expect(log).toContainEqual(expect.objectContaining({ action: 'member.removed', targetId: admin.id, actorId: admin.id }));
  });

  it('a role change applies to the next request; removing a member ends their sessions at once', async () => {
    const { orgId, api } = await newOrg();
    const viewer = await makeRecruiter(app.db, orgId, { role: 'viewer' });
    const cookie = await sessionCookieFor(app.db, viewer.email);
    const me = await trpcQuery(app.url, 'dashboard.me', undefined, cookie);
    expect(me.body.result.data).toMatchObject({ role: 'viewer' });

    const refused = await trpcMutation(app.url, 'candidates.create', { email: 'c1@example.com' }, cookie);
    expect(refused.status).toBe(403);
    expect(refused.body.error.data.error).toMatchObject({ code: 'FORBIDDEN' });
    expect(refused.body.error.message).toMatch(/recruiter role/);
    expect((await trpcMutation(app.url, 'team.invite', { email: 'x@example.com', role: 'admin' }, cookie)).body.error.data.error).toMatchObject({ code: 'FORBIDDEN' });

    // Exports are reads (a viewer downloads results), but the audit log is the admins', as a download too.
    expect(await fetchStatus(`${app.url}/api/dashboard/audit-export`, { headers: { cookie } })).toBe(403);

    await api.team.setRole({ userId: viewer.id, role: 'recruiter' });
    expect((await trpcMutation(app.url, 'candidates.create', { email: 'c1@example.com' }, cookie)).status).toBe(200);
    // Still not the team: 403 naming the admin role.
    const team = await trpcQuery(app.url, 'team.list', undefined, cookie);
    expect(team.status).toBe(403);
    expect((await trpcMutation(app.url, 'team.invite', { email: 'x@example.com', role: 'admin' }, cookie)).status).toBe(403);

    const removed = await api.team.remove({ userId: viewer.id });
    expect(removed.sessionsEnded).toBe(1);
    expect(await getSessionPrincipal(app.db, cookie.slice(SESSION_COOKIE_NAME.length + 1))).toBeNull();
    expect((await trpcQuery(app.url, 'dashboard.me', undefined, cookie)).status).toBe(401);
    expect(await app.db.select().from(users).where(eq(users.id, viewer.id))).toEqual([]);
  });

  it('removing a member who wrote notes and watched interviews keeps the notes, without an author, and ends their personal records', async () => {
    const { orgId, api } = await newOrg();
    const member = await makeRecruiter(app.db, orgId, { role: 'recruiter', name: 'Rene Recruiter' });
    const theirs = recruiterCaller(app.db, orgId, 'recruiter', member.id);
    const setup = await makeHiringSetup(app.db, orgId);
    const candidate = await makeCandidate(app.db, orgId);
    const interview = await makeInterview(app.db, orgId, { candidateId: candidate.id, jobId: setup.job.id });
    const note = await theirs.notes.create({ subjectType: 'candidate', subjectId: candidate.id, body: 'Strong portfolio.', mentionedUserIds: [] });
    await theirs.savedFilters.create({ list: 'candidates', name: 'Mine', query: 'search=ada' });
    await theirs.notifications.setPreference({ kind: 'mention', email: 'off' });
    await theirs.notifications.setWatching({ targetType: 'interview', targetId: interview.id, watching: true });
    for (const table of [watchers, notificationPreferences, savedFilters]) {
      expect(await app.db.select().from(table).where(eq(table.userId, member.id))).toHaveLength(1);
    }

    await api.team.remove({ userId: member.id });
    const [kept] = await api.notes.list({ subjectType: 'candidate', subjectId: candidate.id });
    expect(kept).toMatchObject({ id: note.id, body: 'Strong portfolio.', author: null });
    for (const table of [watchers, notificationPreferences, savedFilters]) {
      expect(await app.db.select().from(table).where(eq(table.userId, member.id))).toEqual([]);
    }
  });

  it("another organization's members and invitations are missing (404), exactly like ids of nothing", async () => {
    const a = await newOrg();
    const b = await newOrg();
    const bMember = await makeRecruiter(app.db, b.orgId, { role: 'viewer' });
    const bInvite = await b.api.team.invite({ email: 'b-only@example.com', role: 'viewer' });
    for (const call of [
      () => a.api.team.setRole({ userId: bMember.id, role: 'admin' }),
      () => a.api.team.remove({ userId: bMember.id }),
      () => a.api.team.setRole({ userId: 'usr_nothing', role: 'admin' }),
      () => a.api.team.revokeInvitation({ id: bInvite.invitation.id }),
      () => a.api.team.revokeInvitation({ id: 'tiv_nothing' }),
    ]) {
      const error = await errorOf(call());
      expect(error).toMatchObject({ appCode: 'NOT_FOUND', status: 404 });
    }
    expect((await a.api.team.list()).members.map((m) => m.id)).not.toContain(bMember.id);
    expect((await b.api.team.list()).members.map((m) => [m.id, m.role])).toContainEqual([bMember.id, 'viewer']);
    expect((await b.api.team.list()).invitations).toHaveLength(1);
  });
});
