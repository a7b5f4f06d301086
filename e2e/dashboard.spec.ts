import type { Browser, BrowserContext, Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviews, turns } from '@/db/schema';
import { launchBrowser } from '../tests/support/browser';
import { expectAccessible, screenshot, signInThroughForm } from '../tests/support/dashboard-browser';
import { seedDashboardOrg } from '../tests/support/dashboard-seed';
import { createTestOrg, makeCandidate, makeInterview, makeJob } from '../tests/support/factories';
import { makeRecruiter, RECRUITER_PASSWORD } from '../tests/support/recruiters';
import { startTestApp, type TestApp } from '../tests/support/test-app';

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let orgId: string;
let recruiterEmail: string;
let seed: Awaited<ReturnType<typeof seedDashboardOrg>>;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  const org = await createTestOrg(app.db, app.url, { name: 'Acme Robotics' });
  orgId = org.orgId;
  recruiterEmail = (await makeRecruiter(app.db, orgId, { name: 'Rita Recruiter' })).email;
  seed = await seedDashboardOrg(app.db, orgId);
  context = await browser.newContext({ viewport: { width: 1360, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/Paris' });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('recruiter dashboard in a real browser', { timeout: 90_000 }, () => {
  it('redirects a visitor without a session to the sign-in page, and shows an error for a wrong password', async () => {
    await page.goto(`${app.url}/interviews`);
    await page.waitForURL(/\/login/);
    await expectAccessible(page, 'sign-in page');
    await page.getByLabel('Email').fill(recruiterEmail);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('That email and password do not match an account.').waitFor();
    await screenshot(page, '01-login-error');
    expect(page.url()).toContain('/login');
  });

  it('signs in and shows the overview with its chart', async () => {
    await signInThroughForm(page, app.url, recruiterEmail, RECRUITER_PASSWORD);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.getByTestId('score-chart').waitFor();
    await expect.poll(() => page.getByText('Completion rate').isVisible()).toBe(true);
    expect(await page.getByText('Recent completions').isVisible()).toBe(true);
    await screenshot(page, '02-overview');
    await expectAccessible(page, 'overview');
  });

  it('filters the interviews list through the URL', async () => {
    await page.goto(`${app.url}/interviews?status=COMPLETED`);
    const rows = page.locator('tbody tr[data-row]');
    await expect.poll(() => rows.count()).toBe(5);
    expect(await page.locator('tbody [data-status]').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual(Array(5).fill('COMPLETED'));
    await screenshot(page, '03-interviews-completed');

    await page.goto(`${app.url}/interviews?status=EXPIRED`);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Katherine Johnson');

    await page.goto(`${app.url}/interviews?jobId=${seed.jobs.design.id}`);
    await expect.poll(() => rows.count()).toBe(3);
    await page.goto(`${app.url}/interviews?campaignId=${seed.campaigns.spring.id}&status=IN_PROGRESS`);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Barbara Liskov');

    // Changing a filter in the page writes it into the URL.
    await page.goto(`${app.url}/interviews`);
    await expect.poll(() => rows.count()).toBe(10);
    await page.getByLabel('Candidate').fill('grace');
    await page.waitForURL(/search=grace/);
    await expect.poll(() => rows.count()).toBe(2);
    // The status filter is the browser's own <select> (no popover list of options to click).
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Cancelled' });
    await page.waitForURL(/status=CANCELLED/);
    await expect.poll(() => rows.count()).toBe(1);
    expect(page.url()).toContain('search=grace');
    await expectAccessible(page, 'interviews list');
  });

  it('shows a completed interview with its transcript, scorecard and evidence links', async () => {
    const interview = seed.completed[0];
    await page.goto(`${app.url}/interviews/${interview.id}`);
    await page.getByRole('heading', { name: /Ada Lovelace/ }).waitFor();
    const transcript = page.getByRole('list', { name: 'Transcript' });
    expect(await transcript.locator('li').count()).toBe(6);
    expect(await transcript.textContent()).toContain('missing idempotency key');
    // Which model, provider, prompt and rubric scored the answer (a model's evaluation's provenance).
    expect(await page.getByTestId('scored-by-4').textContent()).toBe('Scored by gpt-4o-mini at api.openai.com · prompt 1a2b3c4d · rubric 9f8e7d6c');
    expect(await page.getByTestId('scored-by-2').count()).toBe(0);
    expect(await page.getByText('Technical depth').first().isVisible()).toBe(true);
    expect(await page.getByRole('img', { name: 'Overall score 86 out of 100' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Motivation: turn 6' }).click();
    await page.waitForURL(/#turn-6$/);
    expect(await page.locator('#turn-6').evaluate((el) => el.matches(':target'))).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, '04-interview-detail');
    await expectAccessible(page, 'interview detail');
  });

  it('fills the transcript of an interview in progress live, without reloading', async () => {
    const interview = seed.inProgress;
    await page.goto(`${app.url}/interviews/${interview.id}`);
    await page.getByText('Live', { exact: true }).waitFor().catch(async (error) => {
      await screenshot(page, 'debug-live');
      throw error;
    });
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await app.db.insert(turns).values({ interviewId: interview.id, orgId, turnNumber: 4, role: 'candidate', content: 'I traced it to a race in the retry queue.' });
    const transcript = page.getByRole('list', { name: 'Transcript' });
    await transcript.getByText('I traced it to a race in the retry queue.').waitFor({ timeout: 10_000 });
    await app.db
      .update(turns)
      .set({ content: 'I traced it to a race in the retry queue, then fixed it with a unique index.', evaluation: { scores: { technical: 9 } }, updatedAt: new Date(Date.now() + 10) })
      .where(and(eq(turns.interviewId, interview.id), eq(turns.turnNumber, 4)));
    await transcript.getByText('then fixed it with a unique index.').waitFor({ timeout: 10_000 });
    await transcript.getByText('Technical depth 9/10').waitFor();
    await screenshot(page, '05-interview-live');
    await app.db.update(interviews).set({ status: 'COMPLETED', completedAt: new Date(), endedAt: new Date() }).where(eq(interviews.id, interview.id));
    await page.locator('h1 [data-status="COMPLETED"]').waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });

  it('creates a candidate: a bad email is shown beside the field, then a good one opens the profile', async () => {
    await page.goto(`${app.url}/candidates`);
    await page.getByRole('button', { name: 'New candidate' }).click();
    const dialog = page.getByRole('dialog', { name: 'New candidate' });
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('First name').fill('Hedy');
    await dialog.getByLabel('Last name').fill('Lamarr');
    await dialog.getByRole('button', { name: 'Create candidate' }).click();
    await dialog.getByText('Must be a valid email address').waitFor();
    expect(await dialog.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, '06-candidate-field-error');
    await expectAccessible(page, 'new candidate dialog');
    await dialog.getByLabel('Email').fill(`hedy.lamarr.${orgId.slice(-6).toLowerCase()}@example.com`);
    await dialog.getByLabel('Tags').fill('radio, inventor');
    await dialog.getByRole('button', { name: 'Create candidate' }).click();
    await page.waitForURL(/\/candidates\/cnd_/);
    await page.getByRole('heading', { name: 'Hedy Lamarr' }).waitFor();
    expect(await page.getByText('inventor').isVisible()).toBe(true);
    await expectAccessible(page, 'candidate profile');
  });

  it('lists candidates with search and tag filters in the URL', async () => {
    await page.goto(`${app.url}/candidates?tags=design`);
    const rows = page.locator('tbody tr[data-row]');
    await expect.poll(() => rows.count()).toBe(4);
    await page.getByLabel('Search').fill('barbara');
    await page.waitForURL(/search=barbara/);
    await expect.poll(() => rows.count()).toBe(1);
    expect(page.url()).toContain('tags=design');
    await page.goto(`${app.url}/candidates`);
    await expect.poll(() => rows.count()).toBe(9);
    await screenshot(page, '07-candidates');
    await expectAccessible(page, 'candidates list');
  });

  it('opens a candidate profile with their interviews', async () => {
    await page.goto(`${app.url}/candidates/${seed.candidates[1].id}`);
    await page.getByRole('heading', { name: 'Grace Hopper' }).waitFor();
    await expect.poll(() => page.locator('tbody tr[data-row]').count()).toBe(2);
    await screenshot(page, '08-candidate-profile');
  });

  it('creates an interview from the form', async () => {
    await page.goto(`${app.url}/interviews/new?candidateId=${seed.candidates[2].id}`);
    await page.getByText('Alan Turing').waitFor();
    const job = page.getByLabel('Job posting');
    // The pickers are the browser's own selects (a typed id only when the list cannot be read).
    await job.selectOption({ label: seed.jobs.backend.title });
    await screenshot(page, '09-new-interview');
    await expectAccessible(page, 'new interview form');
    await page.getByText('Save as a draft').click();
    await page.getByRole('button', { name: 'Create draft' }).click();
    await page.waitForURL(/\/interviews\/itv_/);
    await page.locator('h1 [data-status="DRAFT"]').waitFor();
  });

  it('shows campaigns and settings', async () => {
    await page.goto(`${app.url}/campaigns`);
    await expect.poll(() => page.locator('tbody tr[data-row]').count()).toBe(2);
    expect(await page.locator('tbody').textContent()).toContain('Spring 2026 · Backend');
    await screenshot(page, '10-campaigns');
    await expectAccessible(page, 'campaigns');
    await page.goto(`${app.url}/settings`);
    await page.getByText(recruiterEmail).waitFor();
    await expectAccessible(page, 'settings');
  });

  it("gives another organization's recruiter the 404 page for this organization's interview", async () => {
    const other = await createTestOrg(app.db, app.url, { name: 'Other Corp' });
    const stranger = await makeRecruiter(app.db, other.orgId);
    const job = await makeJob(app.db, other.orgId);
    const candidate = await makeCandidate(app.db, other.orgId);
    await makeInterview(app.db, other.orgId, { candidateId: candidate.id, jobId: job.id });
    const strangerContext = await browser.newContext();
    const strangerPage = await strangerContext.newPage();
    try {
      await signInThroughForm(strangerPage, app.url, stranger.email, RECRUITER_PASSWORD);
      const response = await strangerPage.goto(`${app.url}/interviews/${seed.completed[0].id}`);
      expect(response?.status()).toBe(404);
      await strangerPage.getByRole('heading', { name: /page not found/i }).waitFor();
      expect(await strangerPage.content()).not.toContain('Ada Lovelace');
      await screenshot(strangerPage, '11-not-found');
      const candidateResponse = await strangerPage.goto(`${app.url}/candidates/${seed.candidates[0].id}`);
      expect(candidateResponse?.status()).toBe(404);
    } finally {
      await strangerContext.close();
    }
  });

  it('works on a phone-sized screen', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: await context.storageState() });
    const phonePage = await phone.newPage();
    try {
      await phonePage.goto(`${app.url}/overview`);
      await phonePage.getByRole('heading', { name: 'Overview' }).waitFor();
      // On a phone the navigation is behind the header's Menu button.
      await phonePage.getByRole('button', { name: 'Menu' }).click();
      await phonePage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Interviews' }).click();
      await phonePage.waitForURL(/\/interviews$/);
      await phonePage.locator('tbody tr[data-row]').first().waitFor();
      await screenshot(phonePage, '12-phone-interviews');
      await expectAccessible(phonePage, 'interviews on a phone');
      await phonePage.goto(`${app.url}/interviews/${seed.completed[1].id}`);
      await phonePage.getByRole('list', { name: 'Transcript' }).waitFor();
      await screenshot(phonePage, '13-phone-interview');
    } finally {
      await phone.close();
    }
  });

  it('signs out: the session is revoked and pages send back to sign-in', async () => {
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({ name: 'iss_session', httpOnly: true, sameSite: 'Lax', path: '/' });
    await page.goto(`${app.url}/overview`);
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await page.waitForURL(/\/login$/);
    expect(await context.cookies()).toEqual([]);
    // The old token no longer works even if replayed.
    const replay = await fetch(`${app.url}/api/trpc/dashboard.overview`, { headers: { cookie: `${cookie.name}=${cookie.value}` } });
    expect(replay.status).toBe(401);
    await page.goto(`${app.url}/overview`);
    await page.waitForURL(/\/login/);
  });
});
