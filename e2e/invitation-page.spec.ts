import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviews, mailboxMessages, turns } from '@/db/schema';
import { launchBrowser } from '../tests/support/browser';
import { startFakeAgentPlatform } from '../tests/support/fake-agent-platform';
import { invitationLinkIn } from '../tests/support/fake-resend-server';
import { createTestOrg, makeCandidate, makeConfig, makeJob } from '../tests/support/factories';
import { recruiterCaller } from '../tests/support/recruiter-caller';
import { screenshot } from '../tests/support/dashboard-browser';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import { a11yViolationsAtBothSizes } from './candidate-support';


let app: TestApp;
let browser: Browser;
let agent: Awaited<ReturnType<typeof startFakeAgentPlatform>>;

beforeAll(async () => {
  agent = await startFakeAgentPlatform();
  // No RESEND_API_KEY: invitations land in the local mailbox, where the test reads the links.
  app = await startTestApp({ RESEND_API_KEY: '', AGENT_DISPATCH_URL: agent.url, AGENT_DISPATCH_SECRET: 'e2e-agent-dispatch-secret-0123456789' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await agent?.close();
});

type Invited = { orgId: string; interviewId: string; token: string };

async function invite(options: { locale: string; firstName: string; orgName: string; jobTitle: string; expiresAt?: Date }): Promise<Invited> {
  const org = await createTestOrg(app.db, app.url, { name: options.orgName });
  const candidate = await makeCandidate(app.db, org.orgId, { locale: options.locale, firstName: options.firstName });
  const job = await makeJob(app.db, org.orgId, options.jobTitle);
  // A configuration in the candidate's language: the configuration's language is the interview's.
  const config = await makeConfig(app.db, org.orgId, { locale: options.locale });
  const created = await org.api('/api/v1/interviews', {
    body: { candidateId: candidate.id, jobId: job.id, configId: config.id, ...(options.expiresAt ? { expiresAt: options.expiresAt.toISOString() } : {}) },
  });
  expect(created.status).toBe(201);
  return { orgId: org.orgId, interviewId: created.body.id, token: await latestToken(org.orgId, 1) };
}

async function latestToken(orgId: string, count: number): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const rows = await app.db.select().from(mailboxMessages).where(eq(mailboxMessages.orgId, orgId)).orderBy(mailboxMessages.createdAt);
    if (rows.length >= count) return invitationLinkIn(rows[count - 1]).token;
    if (Date.now() > deadline) throw new Error('no invitation in the mailbox');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function open(token: string): Promise<{ page: Page; status: number }> {
  // A context of its own per page: axe-core needs one, and pages share no cookies.
  const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
  const page = await context.newPage();
  page.on('close', () => void context.close().catch(() => undefined));
  const response = await page.goto(`${app.url}/i/${token}`);
  return { page, status: response!.status() };
}

async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

/** Every rule axe runs by default, at phone and desktop sizes. */
const axeAtBothSizes = (page: Page) => a11yViolationsAtBothSizes(page, undefined, seriousA11yViolations);

describe('the invitation page in a browser', () => {
  it('a valid French link: the interview, what to expect, the expiry; Start, then live progress, then thanks', async () => {
    const invited = await invite({ locale: 'fr-FR', firstName: 'Zoé', orgName: 'Acme & Fils', jobTitle: 'Développeuse backend' });
    const { page, status } = await open(invited.token);
    expect(status).toBe(200);
    expect(await page.title()).toBe('Entretien vocal : Développeuse backend');
    await expect.poll(() => page.getByTestId('job-title').textContent(), { timeout: 10_000 }).toBe('Développeuse backend');
    expect(await page.getByTestId('organization').textContent()).toBe('Acme & Fils');
    const body = await page.locator('main').innerText();
    for (const text of ['Bonjour Zoé,', 'Acme & Fils vous invite à un entretien vocal pour le poste de Développeuse backend.', 'À quoi vous attendre', "2 questions, posées à l'oral.", 'Environ 10 minutes.']) {
      expect(body).toContain(text);
    }
    // The notice says how long the organization keeps the data: its retention setting (730 days by default).
    // (In the details one tap away: the notice fits one phone screen.)
    await expect.poll(() => page.getByTestId('notice-more').textContent()).toContain('conservés 730 jours au plus après votre dernière activité');
    // The expiry in the browser's own time zone, once the page runs in it (the machine's zone here).
    await page.getByTestId('time-zone').waitFor();
    expect(await page.getByTestId('expiry').textContent()).toMatch(/^Ce lien est valable jusqu'au \w+ \d{1,2} \S+ \d{4} à \d{2}:\d{2} \((UTC|GMT)([+-]\d+)?\)\.$/);
    expect(await page.locator('.cp-root').getAttribute('lang')).toBe('fr');
    expect(await axeAtBothSizes(page)).toEqual([]);
    await screenshot(page, 'invitation-fr-open');

    // Nothing starts before the notice is acknowledged.
    await page.getByTestId('start-interview').click();
    expect(await page.getByTestId('consent').getAttribute('aria-invalid')).toBe('true');
    expect(agent.dispatches.filter((d) => d.body.interviewId === invited.interviewId)).toHaveLength(0);
    await page.getByTestId('consent').check();
    await page.getByTestId('start-interview').click();
    await expect.poll(() => page.getByTestId('invitation-progress').innerText(), { timeout: 10_000 }).toContain("L'entretien démarre…");
    expect(await page.getByRole('link', { name: "Rejoindre l'appel" }).getAttribute('href')).toBe(`https://agent.example.test/rooms/${invited.interviewId}`);
    expect(agent.dispatches.filter((d) => d.body.interviewId === invited.interviewId)).toHaveLength(1);
    expect(await axeAtBothSizes(page)).toEqual([]);
    await screenshot(page, 'invitation-fr-starting');

    // The agent records turns: the page shows the count, never the words.
    await app.db.insert(turns).values([
      { interviewId: invited.interviewId, orgId: invited.orgId, turnNumber: 1, role: 'agent', content: 'Parlez-moi de vous.' },
      { interviewId: invited.interviewId, orgId: invited.orgId, turnNumber: 2, role: 'candidate', content: 'Je suis développeuse.' },
    ]);
    await app.db.update(interviews).set({ status: 'IN_PROGRESS', startedAt: new Date() }).where(eq(interviews.id, invited.interviewId));
    await expect.poll(() => page.getByTestId('turn-count').textContent(), { timeout: 10_000 }).toBe('2 échanges enregistrés');
    expect(await page.getByTestId('invitation-progress').innerText()).toContain('Entretien en cours');
    expect(await page.content()).not.toContain('Je suis développeuse');
    expect(await axeAtBothSizes(page)).toEqual([]);
    await screenshot(page, 'invitation-fr-in-progress');

    await app.db.update(interviews).set({ status: 'COMPLETED', completedAt: new Date(), endedAt: new Date() }).where(and(eq(interviews.id, invited.interviewId)));
    await expect.poll(() => page.getByTestId('invitation-finished').innerText(), { timeout: 10_000 }).toContain('Merci !');
    expect(await axeAtBothSizes(page)).toEqual([]);
    await screenshot(page, 'invitation-fr-finished');

    // Reloading the link now gives the completed page.
    const reloaded = await page.reload();
    expect(reloaded!.status()).toBe(200);
    expect(await page.getByTestId('invitation-closed').innerText()).toContain('Entretien terminé');
    expect(await axeAtBothSizes(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('a valid English link, and a Start that fails while the agent is down shows a clear message', async () => {
    const invited = await invite({ locale: 'en-GB', firstName: 'Ada', orgName: 'Initech', jobTitle: 'Data analyst' });
    const { page, status } = await open(invited.token);
    expect(status).toBe(200);
    expect(await page.title()).toBe('Voice interview: Data analyst');
    const body = await page.locator('main').innerText();
    for (const text of ['Hello Ada,', 'Initech invites you to a voice interview for the Data analyst position.', 'What to expect', '2 questions, asked out loud.', 'About 10 minutes.']) {
      expect(body).toContain(text);
    }
    await page.getByTestId('time-zone').waitFor();
    expect(await page.getByTestId('expiry').textContent()).toMatch(/^This link is valid until \w+,? \d{1,2} \w+ \d{4} at \d{2}:\d{2} \(\S+\)\.$/);
    // No candidate contact in Settings: the notice says how to ask without an address.
    const notice = await page.getByTestId('notice').textContent();
    expect(notice).toContain("For any question about your data, reply to Initech's invitation email.");
    expect(notice).toContain('You can ask Initech for an interview without AI, with a person, by replying to the invitation email.');
    expect(await axeAtBothSizes(page)).toEqual([]);
    await screenshot(page, 'invitation-en-open');

    agent.failNext(1);
    await page.getByTestId('consent').check();
    await page.getByTestId('start-interview').click();
    await expect.poll(() => page.getByTestId('start-error').textContent(), { timeout: 10_000 }).toBe('The voice assistant is not available right now. Please try again in a moment.');
    expect(await axeAtBothSizes(page)).toEqual([]);
    await screenshot(page, 'invitation-en-agent-down');
    await page.getByTestId('start-interview').click();
    await expect.poll(() => page.getByTestId('invitation-progress').innerText(), { timeout: 10_000 }).toContain('Your interview is starting…');
    await page.close();
  }, 60_000);

  it("the notice gives the organization's candidate contact once a recruiter sets it in Settings", async () => {
    const invited = await invite({ locale: 'en', firstName: 'Grace', orgName: 'Hooli', jobTitle: 'Support engineer' });
    const other = await invite({ locale: 'en', firstName: 'Alan', orgName: 'Vandelay', jobTitle: 'Importer' });
    await recruiterCaller(app.db, invited.orgId).settings.updateCandidateContact({ contactEmail: ' People@Hooli.Example ' });
    const { page } = await open(invited.token);
    const notice = await page.getByTestId('notice').textContent();
    expect(notice).toContain('For any question about your data, write to Hooli at people@hooli.example.');
    expect(notice).toContain('You can ask for an interview without AI, with a person, by writing to people@hooli.example.');
    await screenshot(page, 'invitation-en-notice-contact');
    await page.close();

    // Another organization's page is unaffected.
    const theirs = await open(other.token);
    const otherNotice = await theirs.page.getByTestId('notice').textContent();
    expect(otherNotice).not.toContain('hooli');
    expect(otherNotice).toContain('by replying to the invitation email');
    await theirs.page.close();
  });

  it('an expired link answers 410 with the expired page', async () => {
    const invited = await invite({ locale: 'en', firstName: 'Eve', orgName: 'Globex', jobTitle: 'Designer' });
    await app.db.update(interviews).set({ expiresAt: new Date(Date.now() - 3600_000) }).where(eq(interviews.id, invited.interviewId));
    const { page, status } = await open(invited.token);
    expect(status).toBe(410);
    expect(await page.title()).toBe('Link expired');
    const text = await page.getByTestId('invitation-closed').innerText();
    expect(text).toContain('Link expired');
    expect(text).toContain('If you would still like to take the interview, contact Globex.');
    expect(await page.getByTestId('start-interview').count()).toBe(0);
    expect(await axeAtBothSizes(page)).toEqual([]);
    await screenshot(page, 'invitation-en-expired');
    await page.close();
  });

  it('a completed interview answers 200 with the completed page; a cancelled one 410', async () => {
    const completed = await invite({ locale: 'fr', firstName: 'Luc', orgName: 'Umbrella', jobTitle: 'Chimiste' });
    await app.db.update(interviews).set({ status: 'COMPLETED', completedAt: new Date() }).where(eq(interviews.id, completed.interviewId));
    const done = await open(completed.token);
    expect(done.status).toBe(200);
    expect(await done.page.getByTestId('invitation-closed').innerText()).toContain('Vous avez déjà passé cet entretien. Merci ! Umbrella reviendra vers vous.');
    await screenshot(done.page, 'invitation-fr-completed');
    await done.page.close();

    const cancelled = await invite({ locale: 'fr', firstName: 'Léa', orgName: 'Umbrella', jobTitle: 'Chimiste' });
    await recruiterCaller(app.db, cancelled.orgId).interviews.cancel({ id: cancelled.interviewId });
    const gone = await open(cancelled.token);
    expect(gone.status).toBe(410);
    expect(await gone.page.getByTestId('invitation-closed').innerText()).toContain('Entretien annulé');
    await screenshot(gone.page, 'invitation-fr-cancelled');
    await gone.page.close();
  });

  it("a resent invitation's old link is an unknown link (404); the new one opens the interview", async () => {
    const invited = await invite({ locale: 'fr', firstName: 'Noé', orgName: 'Stark', jobTitle: 'Ingénieur' });
    await recruiterCaller(app.db, invited.orgId).interviews.resendInvitation({ id: invited.interviewId });
    const newToken = await latestToken(invited.orgId, 2);
    expect(newToken).not.toBe(invited.token);

    const old = await open(invited.token);
    expect(old.status).toBe(404);
    const text = await old.page.getByTestId('invitation-closed').innerText();
    expect(text).toContain('Lien introuvable');
    expect(text).toContain('Link not found');
    expect(text).not.toContain('Stark');
    expect(await axeAtBothSizes(old.page)).toEqual([]);
    await screenshot(old.page, 'invitation-resent-old-link');
    await old.page.close();

    const fresh = await open(newToken);
    expect(fresh.status).toBe(200);
    expect(await fresh.page.getByTestId('job-title').textContent()).toBe('Ingénieur');
    await fresh.page.close();
  });
});
