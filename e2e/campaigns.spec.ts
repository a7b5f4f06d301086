import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidates, interviewConfigs, interviews, jobs, reports, stages, testSessions } from '@/db/schema';
import { launchBrowser } from '../tests/support/browser';
import { expectAccessible, screenshot, signInThroughForm } from '../tests/support/dashboard-browser';
import { seedDashboardOrg } from '../tests/support/dashboard-seed';
import { createTestOrg, makeHiringSetup } from '../tests/support/factories';
import { makeRecruiter, RECRUITER_PASSWORD } from '../tests/support/recruiters';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import { signInWithCookie } from './dashboard-support';

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let orgId: string;
let seed: Awaited<ReturnType<typeof seedDashboardOrg>>;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  const org = await createTestOrg(app.db, app.url, { name: 'Acme Robotics' });
  orgId = org.orgId;
  // The recruiter is inserted with a scrypt hash (hashPassword) and signs in through the real form.
  const recruiter = await makeRecruiter(app.db, orgId, { name: 'Rita Recruiter' });
  seed = await seedDashboardOrg(app.db, orgId);
  context = await browser.newContext({ viewport: { width: 1360, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/Paris', acceptDownloads: true });
  page = await context.newPage();
  await signInThroughForm(page, app.url, recruiter.email, RECRUITER_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const rows = () => page.locator('tbody tr[data-row]');

describe('campaigns and candidates in a real browser', { timeout: 120_000 }, () => {
  let campaignId: string;

  it('creates a job posting: a missing title is shown beside the field, then the posting is listed', async () => {
    await page.goto(`${app.url}/campaigns/jobs`);
    await page.getByRole('heading', { name: 'Job postings' }).waitFor();
    await page.getByRole('button', { name: 'New job posting' }).click();
    const dialog = page.getByRole('dialog', { name: 'New job posting' });
    await dialog.getByRole('button', { name: 'Create job posting' }).click();
    await dialog.getByText('Required').waitFor();
    expect(await dialog.getByLabel('Title').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel('Title').fill('Staff data engineer');
    await dialog.getByLabel('Description (optional)').fill('Pipelines, warehouses and a little Rust.');
    await dialog.getByRole('button', { name: 'Create job posting' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('tbody p', { hasText: 'Staff data engineer' }).waitFor();
    const [job] = await app.db.select().from(jobs).where(and(eq(jobs.orgId, orgId), eq(jobs.title, 'Staff data engineer')));
    expect(job.description).toBe('Pipelines, warehouses and a little Rust.');
    await screenshot(page, '20-job-postings');
    await expectAccessible(page, 'job postings');
  });

  it('creates a campaign for the job and builds its pipeline: stages added, ordered, report off for one', async () => {
    await page.getByRole('button', { name: 'Campaign for Staff data engineer' }).click();
    const dialog = page.getByRole('dialog', { name: 'New campaign' });
    await dialog.getByText('Staff data engineer').waitFor();
    await dialog.getByLabel('Name').fill('Data platform · Q3');
    await dialog.getByRole('button', { name: 'Create campaign' }).click();
    await page.waitForURL(/\/campaigns\/cmp_/);
    campaignId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('heading', { name: 'Data platform · Q3' }).waitFor();

    const addStage = page.getByRole('form', { name: 'Add a stage' });
    await addStage.getByLabel('New stage').fill('Phone screen');
    await addStage.getByRole('button', { name: 'Add stage' }).click();
    const stageList = page.getByRole('list', { name: 'Stages' });
    await stageList.locator('li', { hasText: 'Phone screen' }).waitFor();
    await addStage.getByLabel('New stage').fill('Take-home review');
    await addStage.getByLabel('Generate reports').uncheck();
    await addStage.getByRole('button', { name: 'Add stage' }).click();
    await stageList.locator('li', { hasText: 'Take-home review' }).waitFor();
    // An empty name is refused beside the field.
    await addStage.getByRole('button', { name: 'Add stage' }).click();
    await addStage.getByText('Required').waitFor();

    await page.getByRole('button', { name: 'Move Take-home review up' }).click();
    await expect.poll(async () => (await stageList.locator('li').allTextContents()).map((t) => t.replace(/Stage \d+: /, ''))).toEqual([
      expect.stringContaining('Take-home review'),
      expect.stringContaining('Phone screen'),
    ]);
    const saved = await app.db.select().from(stages).where(and(eq(stages.orgId, orgId), eq(stages.campaignId, campaignId))).orderBy(asc(stages.position));
    expect(saved.map((s) => [s.name, s.position, s.generateReport])).toEqual([
      ['Take-home review', 0, false],
      ['Phone screen', 1, true],
    ]);
    expect(await page.getByLabel('Report for Take-home review').isChecked()).toBe(false);
    await page.getByLabel('Report for Take-home review').check();
    await expect.poll(async () => (await app.db.select().from(stages).where(eq(stages.id, saved[0].id)))[0].generateReport).toBe(true);
    await screenshot(page, '21-new-campaign-pipeline');
  });

  it('creates an interview configuration with weighted criteria and questions; a bad weight is shown beside it', async () => {
    await page.goto(`${app.url}/campaigns/configurations/new`);
    await page.getByRole('heading', { name: 'New interview configuration' }).waitFor();
    await page.getByLabel('Name').fill('Data engineering screen');
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'English' });
    await page.getByRole('button', { name: 'Add a criterion' }).click();
    await page.getByLabel('Label of criterion 1').fill('Communication');
    await page.getByRole('button', { name: 'Add a criterion' }).click();
    await page.getByLabel('Label of criterion 2').fill('Technical depth');
    // The key is derived from the label, behind the "Advanced" disclosure.
    await page.getByText('Advanced: key in reports and exports (technical_depth)').waitFor();
    await page.getByLabel('Weight of criterion 2').fill('0');
    await page.getByRole('button', { name: 'Add a question' }).click();
    await page.getByLabel('Question 1', { exact: true }).fill('Walk me through a pipeline you designed.');
    await page.getByRole('combobox', { name: 'Criterion of question 1' }).selectOption({ label: 'Technical depth' });
    await page.getByRole('button', { name: 'Add a question' }).click();
    await page.getByLabel('Question 2', { exact: true }).fill('How do you explain a data incident to stakeholders?');
    await page.getByRole('combobox', { name: 'Criterion of question 2' }).selectOption({ label: 'Communication' });
    await page.getByRole('button', { name: 'Create configuration' }).click();
    await page.getByText('Must be greater than 0').waitFor();
    expect(await page.getByLabel('Weight of criterion 2').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, '22-configuration-field-error');
    await expectAccessible(page, 'configuration form');

    await page.getByLabel('Weight of criterion 2').fill('2');
    await page.getByRole('button', { name: 'Create configuration' }).click();
    await page.waitForURL(/\/campaigns\/configurations\/cfg_.*created=1/);
    await page.getByText('Configuration created').waitFor();
    const [config] = await app.db.select().from(interviewConfigs).where(and(eq(interviewConfigs.orgId, orgId), eq(interviewConfigs.name, 'Data engineering screen')));
    expect(config).toMatchObject({
      locale: 'en',
      extraLocales: [],
      generateReport: true,
      criteria: [
        { key: 'communication', label: 'Communication', weight: 1 },
        { key: 'technical_depth', label: 'Technical depth', weight: 2 },
      ],
      questions: [
        { id: 'q1', text: 'Walk me through a pipeline you designed.', criterion: 'technical_depth' },
        { id: 'q2', text: 'How do you explain a data incident to stakeholders?', criterion: 'communication' },
      ],
    });
    // Edited in place: report off, questions reordered, German and Spanish offered to candidates too.
    await page.getByLabel('Generate a report').uncheck();
    await page.getByTestId('config-extra-locales').getByLabel('Deutsch').check();
    await page.getByTestId('config-extra-locales').getByLabel('Español').check();
    await page.getByRole('button', { name: 'Move question 2 up' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Changes saved').waitFor();
    const [edited] = await app.db.select().from(interviewConfigs).where(eq(interviewConfigs.id, config.id));
    expect(edited.generateReport).toBe(false);
    expect(edited.extraLocales).toEqual(['de', 'es']);
    expect(edited.questions.map((q) => q.id)).toEqual(['q2', 'q1']);
    await page.goto(`${app.url}/campaigns/configurations`);
    await expect.poll(() => rows().count()).toBe(2);
  });

  it('ranks the seeded campaign’s candidates by overall score, unfinished ones last', async () => {
    await page.goto(`${app.url}/campaigns/${seed.campaigns.spring.id}`);
    await page.getByRole('heading', { name: 'Spring 2026 · Backend' }).waitFor();
    const ranking = page.getByRole('table', { name: 'Candidates ranked by overall score' });
    await expect.poll(() => ranking.locator('tbody tr[data-row]').count()).toBe(6);
    const names = await ranking.locator('tbody tr[data-row] td:nth-child(2) a').allTextContents();
    expect(names).toEqual(['Katherine Johnson', 'Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra', 'Barbara Liskov']);
    const first = ranking.locator('tbody tr[data-row]').first();
    expect(await first.locator('td').first().textContent()).toBe('1');
    // The score, then where it came from (the AI's: nobody has reviewed this one).
    expect(await first.locator('td').nth(2).textContent()).toBe('91 out of 100AI');
    expect(await first.locator('td').nth(2).getByTestId('score-source').textContent()).toBe('AI');
    expect(await first.locator('td').nth(3).textContent()).toBe('Strong yes');
    expect(await ranking.locator('tbody tr[data-row]').last().textContent()).toContain('In progress');
    await screenshot(page, '23-campaign-ranking');
    await expectAccessible(page, 'campaign page');
  });

  it('records a technical test result through the form; it is listed and counted', async () => {
    await page.getByRole('button', { name: 'Record a test result' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record a test result' });
    await dialog.getByRole('button', { name: 'Record the result' }).click();
    await dialog.getByText('Choose the candidate who took the test.').waitFor();
    await dialog.getByRole('searchbox', { name: 'Candidate' }).fill('grace');
    await dialog.getByRole('button', { name: /Grace Hopper/ }).click();
    await dialog.getByLabel('Test name').fill('SQL window functions');
    await dialog.getByLabel('Score', { exact: true }).fill('45');
    await dialog.getByLabel('Out of', { exact: true }).fill('50');
    await dialog.getByRole('button', { name: 'Add a task' }).click();
    await dialog.getByLabel('Task 1', { exact: true }).fill('Running totals');
    await dialog.getByLabel('Score of task 1').fill('9');
    await dialog.getByRole('button', { name: 'Record the result' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const tests = page.getByRole('table', { name: 'Technical test results' });
    await tests.getByText('SQL window functions').waitFor();
    const scoreCell = await tests.locator('tbody tr[data-row]').first().locator('td').nth(2).textContent();
    expect(scoreCell).toContain('90 out of 100');
    expect(scoreCell).toContain('45 / 50');
    const grace = page.getByRole('table', { name: 'Candidates ranked by overall score' }).locator('tbody tr[data-row]', { hasText: 'Grace Hopper' });
    await expect.poll(() => grace.locator('td').nth(6).textContent()).toBe('90 out of 100');
  });

  it('exports the campaign as CSV with the button: the downloaded rows are the campaign’s results', async () => {
    const exportCard = page.locator('section', { has: page.getByRole('heading', { name: 'Export results' }) });
    await exportCard.getByText('6 results to export now.').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), exportCard.getByRole('button', { name: 'Export CSV for programs' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^campaign-${seed.campaigns.spring.id}-all-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const text = await readFile((await download.path())!, 'utf8');
    await exportCard.getByText(/Saved campaign-.*\.csv: 6 results/).waitFor();
    expect(await exportCard.getByRole('progressbar', { name: 'Export progress' }).getAttribute('aria-valuenow')).toBe('100');
    await screenshot(page, '24-campaign-export-done');

    const exported = parse(text, { columns: true }) as Record<string, string>[];
    const expectedInterviews = await app.db
      .select({ reportId: reports.id, interviewId: interviews.id, email: candidates.email, score: reports.overallScore, recommendation: reports.recommendation })
      .from(interviews)
      .innerJoin(reports, eq(reports.interviewId, interviews.id))
      .innerJoin(candidates, eq(candidates.id, interviews.candidateId))
      .where(and(eq(interviews.orgId, orgId), eq(interviews.campaignId, seed.campaigns.spring.id), eq(interviews.status, 'COMPLETED')));
    const expectedTests = await app.db
      .select({ reportId: reports.id, sessionId: testSessions.id, email: candidates.email })
      .from(testSessions)
      .innerJoin(reports, eq(reports.testSessionId, testSessions.id))
      .innerJoin(candidates, eq(candidates.id, testSessions.candidateId))
      .where(and(eq(testSessions.orgId, orgId), eq(testSessions.campaignId, seed.campaigns.spring.id)));
    expect(expectedInterviews).toHaveLength(5);
    expect(exported.map((r) => r.reportId).sort()).toEqual([...expectedInterviews, ...expectedTests].map((r) => r.reportId).sort());
    for (const expected of expectedInterviews) {
      const row = exported.find((r) => r.reportId === expected.reportId)!;
      expect(row).toMatchObject({ type: 'interview', sourceId: expected.interviewId, candidateEmail: expected.email, status: 'READY', overallScore: String(expected.score), recommendation: expected.recommendation });
      expect(row['criterion:technical']).toBe(String(Math.round(expected.score! / 10)));
    }
    const testRow = exported.find((r) => r.type === 'test')!;
    expect(testRow).toMatchObject({ sourceId: expectedTests[0].sessionId, candidateEmail: expectedTests[0].email, testName: 'SQL window functions', score: '45', maxScore: '50', overallScore: '90' });
  });

  it('imports a CSV of candidates: the bad row and the duplicate are reported by row, the others imported', async () => {
    await page.goto(`${app.url}/candidates`);
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await page.getByRole('heading', { name: 'Import candidates' }).waitFor();
    const tag = orgId.slice(-6).toLowerCase();
    const file = [
      'email,firstName,lastName,tags,source',
      `linus.${tag}@example.com,Linus,Torvalds,kernel;git,Referral`,
      'not-an-email,Bad,Row,,',
      `${seed.candidates[0].email},Ada,Again,,`,
      `ken.${tag}@example.com,Ken,Thompson,unix|go,`,
    ].join('\n');
    await page.getByLabel('CSV file of candidates').setInputFiles({ name: 'candidates.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await page.getByText('4 rows: 2 to import, 1 duplicate, 1 row with errors. Nothing has been imported yet.').waitFor();
    const error = page.locator('tr[data-import-error="3"]');
    expect(await error.locator('td').allTextContents()).toEqual(['3', 'email', 'Must be a valid email address']);
    expect(await page.locator('tr[data-import-duplicate="4"]').textContent()).toContain('Already a candidate');
    expect(await app.db.select().from(candidates).where(and(eq(candidates.orgId, orgId), eq(candidates.email, `linus.${tag}@example.com`)))).toEqual([]);
    await screenshot(page, '25-import-check');
    await expectAccessible(page, 'candidate import report');

    await page.getByRole('button', { name: 'Import 2 candidates' }).click();
    await page.getByText('2 candidates imported; skipped: 1 duplicate, 1 row with errors.').waitFor();
    const [linus] = await app.db.select().from(candidates).where(and(eq(candidates.orgId, orgId), eq(candidates.email, `linus.${tag}@example.com`)));
    expect(linus).toMatchObject({ firstName: 'Linus', lastName: 'Torvalds', tags: ['kernel', 'git'], source: 'Referral' });
    await screenshot(page, '26-import-done');
    await page.getByRole('link', { name: 'See the candidates' }).click();
    await page.waitForURL(/\/candidates$/);
    await expect.poll(() => rows().count()).toBe(10);
    await expectAccessible(page, 'candidates list');
  });

  it('edits a candidate: a taken email is refused beside the field, then the changes are saved', async () => {
    const grace = seed.candidates[1];
    await page.goto(`${app.url}/candidates/${grace.id}`);
    await page.getByRole('heading', { name: 'Grace Hopper' }).waitFor();
    // The profile lists the test recorded on the campaign page, beside the interviews.
    await page.getByRole('table', { name: 'Technical test results' }).getByText('SQL window functions').waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit the candidate' });
    expect(await dialog.getByLabel('Email').inputValue()).toBe(grace.email);
    await dialog.getByLabel('Email').fill(seed.candidates[0].email);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Another candidate already has this email.').waitFor();
    expect(await dialog.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('link', { name: 'Open the existing profile' }).waitFor();
    await screenshot(page, '27-candidate-edit-conflict');
    await expectAccessible(page, 'edit candidate dialog');

    await dialog.getByLabel('Email').fill(grace.email);
    await dialog.getByLabel('Last name').fill('Hopper-Murray');
    await dialog.getByLabel('Phone').fill('');
    await dialog.getByLabel('Tags').fill('navy, cobol, compilers');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Grace Hopper-Murray' }).waitFor();
    const [saved] = await app.db.select().from(candidates).where(eq(candidates.id, grace.id));
    expect(saved).toMatchObject({ lastName: 'Hopper-Murray', phone: null, tags: ['navy', 'cobol', 'compilers'], email: grace.email });
    await screenshot(page, '28-candidate-profile-tests');
    await expectAccessible(page, 'candidate profile');
  });

  it("gives another organization's recruiter the 404 page for this organization's campaign", async () => {
    const other = await createTestOrg(app.db, app.url, { name: 'Other Corp' });
    const stranger = await makeRecruiter(app.db, other.orgId);
    await makeHiringSetup(app.db, other.orgId);
    const strangerContext = await browser.newContext();
    await signInWithCookie(strangerContext, app.db, app.url, stranger.email);
    const strangerPage = await strangerContext.newPage();
    try {
      for (const path of [`/campaigns/${seed.campaigns.spring.id}`, `/campaigns/configurations/${seed.config.id}`]) {
        const response = await strangerPage.goto(`${app.url}${path}`);
        expect(response?.status(), path).toBe(404);
        await strangerPage.getByRole('heading', { name: /page not found/i }).waitFor();
        expect(await strangerPage.content()).not.toContain('Spring 2026');
      }
      const exported = await strangerPage.request.get(`${app.url}/api/dashboard/export?campaignId=${seed.campaigns.spring.id}&format=csv`);
      expect(exported.status()).toBe(404);
    } finally {
      await strangerContext.close();
    }
  });

  it('the campaign page works on a phone-sized screen', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: await context.storageState() });
    const phonePage = await phone.newPage();
    try {
      await phonePage.goto(`${app.url}/campaigns/${seed.campaigns.spring.id}`);
      await phonePage.getByRole('heading', { name: 'Spring 2026 · Backend' }).waitFor();
      await phonePage.locator('tbody tr[data-row]').first().waitFor();
      await screenshot(phonePage, '29-phone-campaign');
      await expectAccessible(phonePage, 'campaign page on a phone');
    } finally {
      await phone.close();
    }
  });
});
