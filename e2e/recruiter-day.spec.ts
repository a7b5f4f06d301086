import type { Browser, BrowserContext, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviews, organizations, reports } from '@/db/schema';
import { newId } from '@/server/ids';
import { resetEnvCache } from '@/server/env';
import { retryReport } from '@/server/services/reports/retry-report';
import { launchBrowser } from '../tests/support/browser';
import { expectAccessible, screenshot, SCREENSHOT_DIR, signInThroughForm } from '../tests/support/dashboard-browser';
import { makeCandidate, makeConfig, makeInterview, makeJob } from '../tests/support/factories';
import { makeRecruiter, RECRUITER_PASSWORD } from '../tests/support/recruiters';
import { makeInterviewWithPendingReport } from '../tests/support/report-factories';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import { signInWithCookie } from './dashboard-support';

/**
 * A recruiter's day on a fresh database, in a real browser: sign in, add a candidate, invite them, read the
 * invitation in the local mailbox, follow its link as the candidate, run a demo interview (a sample candidate the
 * built-in demo agent plays) and watch its conversation arrive live while the real candidate's link stays untouched,
 * read the report, then give an integration an API key, use it, revoke it.
 */
let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let candidatePage: Page;
let recruiterEmail: string;
const day: { candidateId?: string; interviewId?: string; demoId?: string; finalTurns?: number; apiKey?: string } = {};

const QUESTIONS = [
  { id: 'intro', text: 'Could you introduce yourself?', criterion: 'communication' },
  { id: 'incident', text: 'Tell me about a production incident you handled.', criterion: 'technical' },
  { id: 'design', text: 'How would you design a rate limiter?', criterion: 'technical' },
  { id: 'motivation', text: 'Why this team?', criterion: 'motivation' },
];

beforeAll(async () => {
  // The demo agent paces itself (400 ms per turn) so the conversation can be watched arriving.
  app = await startTestApp({ DEMO_AGENT_TURN_DELAY_MS: '700', RESEND_API_KEY: '', RESEND_BASE_URL: '', AGENT_DISPATCH_URL: '', AGENT_DISPATCH_SECRET: '', LLM_BASE_URL: '' });
  // The server listens on a port chosen at start: emailed links must point at it to be followed.
  process.env.APP_URL = app.url;
  resetEnvCache();
  const orgId = newId('organization');
  await app.db.insert(organizations).values({ id: orgId, name: 'Acme Robotics' });
  recruiterEmail = (await makeRecruiter(app.db, orgId, { name: 'Rita Recruiter', email: 'rita@acme-robotics.example' })).email;
  await makeJob(app.db, orgId, 'Platform engineer');
  await makeConfig(app.db, orgId, {
    name: 'Platform screening',
    questions: QUESTIONS,
    criteria: [
      { key: 'communication', label: 'Communication', weight: 1 },
      { key: 'technical', label: 'Technical depth', weight: 2 },
      { key: 'motivation', label: 'Motivation', weight: 1 },
    ],
  });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1360, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/Paris' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Picks an option of a catalog select (jobs, configurations) of the new interview form. */
async function pick(label: string, option: string) {
  await page.getByLabel(label).selectOption({ label: option });
}

/** The "N turns" count in the transcript card's header. */
async function turnCount(p: Page): Promise<number> {
  return p.locator('ol[aria-label="Transcript"] li[data-turn]').count();
}

async function interviewStatus(p: Page): Promise<string | null> {
  return p.locator('h1 [data-status]').getAttribute('data-status');
}

describe("a recruiter's day", { timeout: 120_000 }, () => {
  it('signs in', async () => {
    await signInThroughForm(page, app.url, recruiterEmail, RECRUITER_PASSWORD);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await screenshot(page, 'day-01-overview');
  });

  it('creates a candidate: a bad email first, shown beside the field', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Candidates' }).first().click();
    await page.waitForURL(/\/candidates$/);
    await page.getByRole('button', { name: 'New candidate' }).click();
    const dialog = page.getByRole('dialog', { name: 'New candidate' });
    await dialog.getByLabel('Email').fill('grace.hopper@');
    await dialog.getByLabel('First name').fill('Grace');
    await dialog.getByLabel('Last name').fill('Hopper');
    await dialog.getByLabel('Language').fill('en');
    await dialog.getByRole('button', { name: 'Create candidate' }).click();
    await dialog.getByText('Must be a valid email address').waitFor();
    expect(await dialog.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'day-02-candidate-bad-email');
    await dialog.getByLabel('Email').fill('grace.hopper@navy.example');
    await dialog.getByRole('button', { name: 'Create candidate' }).click();
    await page.waitForURL(/\/candidates\/cnd_/);
    await page.getByRole('heading', { name: 'Grace Hopper' }).waitFor();
    day.candidateId = new URL(page.url()).pathname.split('/').at(-1);
  });

  it('creates an interview that sends the invitation now', async () => {
    await page.getByRole('link', { name: 'New interview' }).first().click();
    await page.waitForURL(/\/interviews\/new\?candidateId=/);
    await page.getByText('Grace Hopper').first().waitFor();
    await pick('Job posting', 'Platform engineer');
    await pick('Interview configuration (optional)', 'Platform screening');
    expect(await page.getByRole('radio', { name: /Send the invitation now/ }).isChecked()).toBe(true);
    await screenshot(page, 'day-03-new-interview');
    await page.getByRole('button', { name: 'Create and send' }).click();
    await page.waitForURL(/\/interviews\/itv_/);
    day.interviewId = new URL(page.url()).pathname.split('/').at(-1);
    await page.locator('h1 [data-status="INVITED"]').waitFor();
    // The actions an INVITED interview allows, and only those.
    expect(await page.getByRole('button', { name: 'Resend invitation' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Cancel interview' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Send invitation', exact: true }).count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Status history' }).textContent()).toContain('Invitation sent');
    await screenshot(page, 'day-04-interview-invited');
  });

  it('finds the invitation in the local mailbox', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).first().click();
    await page.waitForURL(/\/settings$/);
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'API keys & AI' }).click();
    await page.getByRole('link', { name: 'Open the local mailbox' }).click();
    await page.waitForURL(/\/settings\/mailbox$/);
    // The email job runs a moment after the interview was created; the list looks again by itself.
    const message = page.getByRole('list', { name: 'Messages' }).getByRole('link', { name: /Interview invitation: Platform engineer at Acme Robotics/ });
    await message.waitFor({ timeout: 20_000 });
    expect(await message.textContent()).toContain('To grace.hopper@navy.example');
    await message.click();
    await page.waitForURL(/message=msg_/);
    await page.getByRole('heading', { name: 'Interview invitation: Platform engineer at Acme Robotics' }).waitFor();
    expect(await page.getByRole('region', { name: 'Text version' }).textContent()).toContain('Hello Grace,');
    const frame = page.locator('iframe[title^="HTML version"]');
    expect(await frame.getAttribute('sandbox')).toBe('');
    expect(await frame.getAttribute('srcdoc')).toContain('Platform engineer');
    expect(await page.frameLocator('iframe[title^="HTML version"]').locator('body').textContent()).toContain('Grace');
    const link = page.getByRole('link', { name: 'Open the invitation link' });
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^${app.url}/i/[^/]+$`));
    // The same link, clickable inside the text version.
    expect(await page.getByRole('region', { name: 'Text version' }).getByRole('link', { name: /\/i\// }).getAttribute('href')).toBe(await link.getAttribute('href'));
    await screenshot(page, 'day-05-mailbox');
    // The email's own HTML is the email's (its accessibility is the templates' concern); the dashboard around it is checked.
    await expectAccessible(page, 'local mailbox', { exclude: ['iframe[sandbox]'] });
  });

  it("follows the link as the candidate, then runs a demo interview from the recruiter's page: the transcript fills live", async () => {
    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Open the invitation link' }).click()]);
    candidatePage = popup;
    await candidatePage.getByTestId('invitation-page').waitFor();
    expect(await candidatePage.getByTestId('job-title').textContent()).toBe('Platform engineer');
    await screenshot(candidatePage, 'day-06-candidate-invitation');

    // The recruiter opens the interview and keeps the page open from here on.
    await page.goto(`${app.url}/interviews/${day.interviewId}`);
    // Invited, not yet started: watched, but not "Live".
    await page.getByText('Waiting for the candidate', { exact: true }).waitFor();
    expect(await page.getByText('Live', { exact: true }).count()).toBe(0);
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    expect(await turnCount(page)).toBe(0);

    // The page itself records every transcript length it shows: polling from here would miss steps on a loaded machine.
    await page.evaluate(() => {
      const w = window as unknown as { turnCounts: number[] };
      const count = () => document.querySelectorAll('ol[aria-label="Transcript"] li[data-turn]').length;
      w.turnCounts = [count()];
      new MutationObserver(() => {
        if (w.turnCounts.at(-1) !== count()) w.turnCounts.push(count());
      }).observe(document.body, { childList: true, subtree: true });
    });

    // The simulated agent never runs from a candidate's link nor on a real candidate: the recruiter asks for a demo,
    // explicitly, from the Interviews page, and it runs on a sample candidate (a client-side navigation: the
    // observer above keeps counting on the demo's own page).
    await page.getByRole('link', { name: 'Interviews' }).first().click();
    await page.waitForURL(/\/interviews$/);
    await page.getByTestId('run-demo').click();
    const confirm = page.getByRole('alertdialog', { name: 'Run a demo interview?' });
    await confirm.waitFor();
    await expectAccessible(page, 'run a demo interview dialog');
    await confirm.getByRole('button', { name: 'Run the demo' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.waitForURL(/\/interviews\/itv_/);
    day.demoId = new URL(page.url()).pathname.split('/').at(-1);
    expect(day.demoId).not.toBe(day.interviewId);
    await page.getByTestId('demo-badge').first().waitFor();

    await page.locator('h1 [data-status="IN_PROGRESS"]').waitFor();
    await screenshot(page, 'day-07-transcript-live');
    await page.locator('h1 [data-status="COMPLETED"]').waitFor({ timeout: 60_000 });
    day.finalTurns = await turnCount(page);
    // Four questions, four answers; the count grew step by step while the page stayed open.
    expect(day.finalTurns).toBe(8);
    const seen = await page.evaluate(() => (window as unknown as { turnCounts: number[] }).turnCounts);
    expect(seen.length).toBeGreaterThanOrEqual(4);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.some((n) => n > 0 && n < day.finalTurns!)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    // The real candidate's link is untouched by the demo: still open, still theirs to take.
    await candidatePage.reload();
    await candidatePage.getByTestId('invitation-page').waitFor({ timeout: 10_000 });
    expect(await candidatePage.getByTestId('invitation-closed').count()).toBe(0);
    await screenshot(candidatePage, 'day-08-candidate-link-untouched');
  });

  it('reads the report and the scorecard once the report job has run', async () => {
    const score = page.getByRole('img', { name: /^Overall score [\d.]+ out of 100$/ });
    await score.waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    const scorecard = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Scorecard' }) });
    for (const label of ['Communication', 'Technical depth', 'Motivation']) expect(await scorecard.textContent()).toContain(label);
    const timeline = await page.getByRole('list', { name: 'Status history' }).textContent();
    // The demo's own interview: never invited (no link was sent to anyone), started, completed, reported.
    for (const step of ['Started', 'Completed', 'Report ready']) expect(timeline).toContain(step);
    expect(timeline).not.toContain('Invitation sent');
    // A completed interview with its report has no action left but the profile link.
    for (const action of ['Resend invitation', 'Cancel interview', 'Send invitation', 'Regenerate report']) {
      expect(await page.getByRole('button', { name: action, exact: true }).count(), action).toBe(0);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'day-09-report');
  });

  it('creates an API key in Settings, uses it on REST v1, revokes it, and the same request is refused', async () => {
    await page.goto(`${app.url}/settings/developers`);
    await page.getByRole('heading', { name: 'Agent integration' }).waitFor();
    expect(await page.getByText('Built-in interviewer').isVisible()).toBe(true);
    await expectAccessible(page, 'settings');
    await page.getByRole('button', { name: 'New API key' }).click();
    const form = page.getByRole('dialog', { name: 'New API key' });
    await form.getByLabel('Name').fill('ATS integration');
    // No scope: refused before anything is sent.
    await form.getByRole('button', { name: 'Create key' }).click();
    await form.getByText('Choose at least one scope.').waitFor();
    await form.getByRole('checkbox', { name: /interviews:read/ }).check();
    await form.getByRole('checkbox', { name: /reports:read/ }).check();
    expect(await form.textContent()).toContain('List and retrieve interviews');
    await screenshot(page, 'day-10-new-api-key');
    await form.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await shown.waitFor();
    expect(await shown.textContent()).toContain('it is shown only this once');
    await shown.getByRole('button', { name: 'Copy' }).click();
    await shown.getByText('Copied to the clipboard.').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^isk_[0-9A-Za-z]{40}$/);
    expect(await shown.getByLabel('API key').inputValue()).toBe(copied);
    day.apiKey = copied;
    await screenshot(page, 'day-11-api-key-shown-once');
    await expectAccessible(page, 'new API key dialog');
    await shown.getByRole('button', { name: 'I have stored the key' }).click();
    await shown.waitFor({ state: 'detached' });

    const row = page.locator('tbody tr[data-row]').filter({ hasText: 'ATS integration' });
    await row.waitFor();
    expect(await row.textContent()).toContain(copied.slice(0, 10));
    expect(await row.textContent()).toContain('Active');
    // The plaintext is nowhere on the page any more.
    expect(await page.content()).not.toContain(copied);

    const before = await fetch(`${app.url}/api/v1/interviews/${day.demoId}`, { headers: { authorization: `Bearer ${copied}` } });
    expect(before.status).toBe(200);
    const body = (await before.json()) as { id: string; status: string; isDemo: boolean; transcript: unknown[] };
    expect(body).toMatchObject({ id: day.demoId, status: 'COMPLETED', isDemo: true });
    expect(body.transcript).toHaveLength(day.finalTurns!);

    await row.getByRole('button', { name: /^Revoke ATS integration/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke this API key?' });
    await confirm.waitFor();
    await screenshot(page, 'day-12-revoke-confirm');
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => row.textContent()).toContain('Revoked');
    expect(await row.getByRole('button', { name: /^Revoke/ }).count()).toBe(0);
    await screenshot(page, 'day-13-api-key-revoked');

    const after = await fetch(`${app.url}/api/v1/interviews/${day.interviewId}`, { headers: { authorization: `Bearer ${copied}` } });
    expect(after.status).toBe(401);
    expect(((await after.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
  });

  it("sets the candidate contact in Settings: a bad address is explained, a good one saved trimmed and lower-cased", async () => {
    await page.goto(`${app.url}/settings/candidate-experience`);
    const input = page.getByLabel('Contact email');
    const card = page.locator('form').filter({ has: input });
    await input.fill('jobs at acme');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText('Must be a valid email address').waitFor();
    await input.fill('  Jobs@Acme-Robotics.Example ');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await input.inputValue()).toBe('jobs@acme-robotics.example');
    const [org] = await app.db.select({ contactEmail: organizations.contactEmail }).from(organizations).where(eq(organizations.name, 'Acme Robotics'));
    expect(org.contactEmail).toBe('jobs@acme-robotics.example');
    await page.reload();
    expect(await page.getByLabel('Contact email').inputValue()).toBe('jobs@acme-robotics.example');
    await expectAccessible(page, 'settings with the candidate contact');
  });

  it('signs out', async () => {
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await page.waitForURL(/\/login$/);
    await page.goto(`${app.url}/settings`);
    await page.waitForURL(/\/login/);
    // The candidate's tab is unaffected: it never depended on the recruiter's session.
    expect(await candidatePage.getByTestId('invitation-page').isVisible()).toBe(true);
    // The demo left the real candidate's interview as it was.
    const [row] = await app.db.select({ status: interviews.status }).from(interviews).where(eq(interviews.id, day.interviewId!));
    expect(row.status).toBe('INVITED');
  });
});

describe('interview actions on the detail page', { timeout: 90_000 }, () => {
  let actionsContext: BrowserContext;
  let p: Page;
  let orgId: string;
  let jobId: string;

  beforeAll(async () => {
    orgId = newId('organization');
    await app.db.insert(organizations).values({ id: orgId, name: 'Initech' });
    const recruiter = await makeRecruiter(app.db, orgId);
    jobId = (await makeJob(app.db, orgId, 'Data analyst')).id;
    actionsContext = await browser.newContext({ viewport: { width: 1360, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/Paris' });
    // The form was shown above: this recruiter is handed a session.
    await signInWithCookie(actionsContext, app.db, app.url, recruiter.email);
    p = await actionsContext.newPage();
  });
  afterAll(() => actionsContext?.close());

  const button = (name: string) => p.getByRole('button', { name, exact: true });
  const tokenHash = async (id: string) => (await app.db.select({ hash: interviews.inviteTokenHash }).from(interviews).where(eq(interviews.id, id)))[0].hash;

  it('sends the invitation of a draft, resends it after confirming, and cancels after confirming', async () => {
    const candidate = await makeCandidate(app.db, orgId, { firstName: 'Milton', lastName: 'Waddams', locale: 'en' });
    const draft = await makeInterview(app.db, orgId, { candidateId: candidate.id, jobId, status: 'DRAFT', invitedAt: null });
    await p.goto(`${app.url}/interviews/${draft.id}`);
    await p.locator('h1 [data-status="DRAFT"]').waitFor();
    expect(await button('Send invitation').isVisible()).toBe(true);
    expect(await button('Cancel interview').isVisible()).toBe(true);
    expect(await button('Resend invitation').count()).toBe(0);
    expect(await p.getByRole('list', { name: 'Status history' }).textContent()).toContain('Created as draft');
    await screenshot(p, 'actions-01-draft');

    await button('Send invitation').click();
    await p.locator('h1 [data-status="INVITED"]').waitFor();
    await p.getByRole('status').filter({ hasText: `Invitation sent to ${candidate.email}.` }).waitFor();
    expect(await p.getByRole('list', { name: 'Status history' }).textContent()).toContain('Invitation sent');
    expect(await button('Send invitation').count()).toBe(0);
    const firstLink = await tokenHash(draft.id);
    expect(firstLink).toMatch(/^[0-9a-f]{64}$/);

    await button('Resend invitation').click();
    const resend = p.getByRole('alertdialog', { name: 'Resend the invitation?' });
    await resend.waitFor();
    expect(await resend.textContent()).toContain(candidate.email);
    await screenshot(p, 'actions-02-resend-confirm');
    await resend.getByRole('button', { name: 'Send a new link' }).click();
    await p.getByRole('status').filter({ hasText: 'A new invitation link was sent' }).waitFor();
    expect(await tokenHash(draft.id)).not.toBe(firstLink);

    // "Back" leaves the interview as it was.
    await button('Cancel interview').click();
    const cancel = p.getByRole('alertdialog', { name: 'Cancel this interview?' });
    await cancel.getByRole('button', { name: 'Back' }).click();
    await cancel.waitFor({ state: 'detached' });
    expect(await interviewStatus(p)).toBe('INVITED');
    await button('Cancel interview').click();
    await screenshot(p, 'actions-03-cancel-confirm');
    await cancel.getByRole('button', { name: 'Cancel interview' }).click();
    await p.locator('h1 [data-status="CANCELLED"]').waitFor();
    await p.getByRole('status').filter({ hasText: 'The interview was cancelled.' }).waitFor();
    for (const action of ['Send invitation', 'Resend invitation', 'Cancel interview']) expect(await button(action).count(), action).toBe(0);
    expect(await p.getByRole('list', { name: 'Status history' }).textContent()).toContain('Cancelled');
    await screenshot(p, 'actions-04-cancelled');
    await expectAccessible(p, 'interview actions');
  });

  it('a refused action (409) is explained with its reference, and the page catches up with the real state', async () => {
    const { interview, report } = await makeInterviewWithPendingReport(app.db, orgId);
    await app.db.update(reports).set({ status: 'FAILED', failureReason: 'the language model did not answer', completedAt: new Date() }).where(eq(reports.id, report.id));
    await p.goto(`${app.url}/interviews/${interview.id}`);
    await button('Regenerate report').waitFor();
    // Someone else retries it first: the page does not know yet.
    await retryReport(app.db, { orgId, reportId: report.id });
    await button('Regenerate report').click();
    const alert = p.getByRole('alert').filter({ hasText: 'Could not regenerate the report.' });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Only a FAILED report can be retried; this one is (PENDING|READY)/);
    expect(await alert.textContent()).toMatch(/Reference req_/);
    // Refetched after the refusal: the report is generating or ready, and the action is gone.
    await button('Regenerate report').waitFor({ state: 'detached' });
    await screenshot(p, 'actions-05-refused');
  });

  it('regenerates a failed report, which the worker then completes', async () => {
    const { interview, report } = await makeInterviewWithPendingReport(app.db, orgId);
    await app.db.update(reports).set({ status: 'FAILED', failureReason: 'the language model did not answer', completedAt: new Date() }).where(eq(reports.id, report.id));
    await p.goto(`${app.url}/interviews/${interview.id}`);
    await p.getByText('The report could not be generated.').waitFor();
    await screenshot(p, 'actions-06-report-failed');
    await button('Regenerate report').click();
    await p.getByRole('status').filter({ hasText: 'The report is being generated again.' }).waitFor();
    await p.getByRole('img', { name: /^Overall score [\d.]+ out of 100$/ }).waitFor({ timeout: 30_000 });
    expect(await button('Regenerate report').count()).toBe(0);
    expect(await p.getByRole('list', { name: 'Status history' }).textContent()).toContain('Report ready');
    await screenshot(p, 'actions-07-report-regenerated');
  });

  it('Settings and the mailbox fit a phone-sized screen', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: await actionsContext.storageState() });
    const small = await phone.newPage();
    // Wide content (the keys table) scrolls inside its card; the page itself never scrolls sideways.
    const overflow = () => small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    try {
      await small.goto(`${app.url}/settings/developers`);
      await small.getByRole('heading', { name: 'Agent integration' }).waitFor();
      await small.getByText('No API keys yet').waitFor();
      expect(await overflow()).toBe(0);
      await screenshot(small, 'phone-settings');
      await small.goto(`${app.url}/settings/mailbox`);
      await small.getByRole('list', { name: 'Messages' }).getByRole('link').first().click();
      await small.getByRole('link', { name: 'Open the invitation link' }).waitFor();
      await small.frameLocator('iframe[title^="HTML version"]').getByText('Hello Milton,').waitFor();
      expect(await overflow()).toBe(0);
      await screenshot(small, 'phone-mailbox');
      // A full-page capture leaves out-of-process frames below the fold blank: look at the email in view too.
      if (process.env.E2E_SCREENSHOTS === '1') {
        await small.locator('iframe[title^="HTML version"]').scrollIntoViewIfNeeded();
        await small.screenshot({ path: `${SCREENSHOT_DIR}/phone-mailbox-html.png` });
      }
    } finally {
      await phone.close();
    }
  });
});
