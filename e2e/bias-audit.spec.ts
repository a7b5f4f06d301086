import type { Browser } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateSelfIdentifications, interviews, organizations, reports } from '@/db/schema';
import { newId } from '@/server/ids';
import { expectAccessible, screenshot, signInThroughForm } from '../tests/support/dashboard-browser';
import { startFakeOpenAi, type FakeOpenAi } from '../tests/support/fake-openai';
import { createTestOrg, makeCampaign, makeCandidate, makeConfig, makeInterview, makeJob } from '../tests/support/factories';
import { makeRecruiter } from '../tests/support/recruiters';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import { inviteCandidate, launchChromiumWithMicrophone, seriousA11yViolations } from './candidate-support';

/**
 * In a real browser: the candidate's two optional questions after a written interview (English and French), the
 * admin's switch in Settings, and the bias-audit page (tables, chart with the four-fifths line, a summary that
 * prints alone) as a viewer sees it.
 */

let app: TestApp;
let openai: FakeOpenAi;
let browser: Browser;
beforeAll(async () => {
  openai = await startFakeOpenAi();
  app = await startTestApp({ RESEND_API_KEY: '', AGENT_DISPATCH_URL: '', STT_BASE_URL: '', LLM_BASE_URL: openai.baseUrl, LLM_API_KEY: 'test-llm-key' });
  browser = await launchChromiumWithMicrophone();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await openai?.close();
});

describe("the candidate's voluntary self-identification", () => {
  it.each([
    ['en', 'Two optional questions', 'never shown to the people who review your interview', 'Prefer not to say', 'Asian', 'Thank you: your answers were recorded.'],
    ['fr', 'Deux questions facultatives', 'jamais montrées aux personnes qui examinent votre entretien', 'Je préfère ne pas répondre', 'Asiatique', 'Merci : vos réponses ont été enregistrées.'],
  ])('%s: asked after the interview, explained, optional; the answers are stored apart', async (language, title, never, declined, asian, thanks) => {
    const invited = await inviteCandidate(app, { locale: language, firstName: 'Ada' });
    await app.db.update(organizations).set({ collectSelfIdentification: true }).where(eq(organizations.id, invited.orgId));
    const context = await browser.newContext({ locale: language });
    const page = await context.newPage();
    await page.goto(`${app.url}/i/${invited.token}`);
    await page.getByTestId('consent').check();
    await page.getByTestId('start-interview').click();
    await page.getByTestId('practice-done').click();
    for (const answer of ['I built payment systems for eight years in a small team.', 'A memory leak in a worker: two heap snapshots showed a cache never emptied.']) {
      await page.getByTestId('answer-text').fill(answer);
      await page.getByTestId('send-answer').click();
      await expect.poll(async () => (await page.getByTestId('msg-answer').allInnerTexts()).some((t) => t.includes(answer))).toBe(true);
    }
    const form = page.getByTestId('self-identification');
    await form.waitFor({ timeout: 20_000 });
    // Asked only now: nothing of it during the interview.
    expect(await page.getByTestId('invitation-finished').count()).toBe(1);
    const text = await form.innerText();
    expect(text).toContain(title);
    expect(text).toContain(never);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `candidate-self-identification-${language}`);
    // Left before answering: the completed link still asks (and tells nothing more of the interview).
    await page.reload();
    await form.waitFor();
    expect(await page.getByTestId('invitation-finished').count()).toBe(1);
    expect(await page.getByTestId('intro').count()).toBe(0);
    await form.getByRole('group').first().getByLabel(declined).check();
    await form.getByRole('group').nth(1).getByLabel(asian, { exact: true }).check();
    await page.getByTestId('self-identification-submit').click();
    await expect.poll(() => page.getByTestId('self-identification-done').textContent()).toContain(thanks);
    const [interview] = await app.db.select().from(interviews).where(eq(interviews.id, invited.interviewId));
    const [row] = await app.db
      .select()
      .from(candidateSelfIdentifications)
      .where(and(eq(candidateSelfIdentifications.orgId, invited.orgId), eq(candidateSelfIdentifications.candidateId, interview.candidateId)));
    expect(row).toMatchObject({ sex: 'declined', raceEthnicity: 'asian' });
    // Answered: the link is the plain "completed" page again.
    const reloaded = await page.reload();
    expect(reloaded!.status()).toBe(200);
    await page.getByTestId('invitation-closed').waitFor();
    expect(await page.getByTestId('self-identification').count()).toBe(0);
    await context.close();
  }, 120_000);
});

describe('the dashboard', () => {
  it('an admin switches collection on in Settings; a viewer reads the bias audit, its chart and its printable summary', async () => {
    const org = await createTestOrg(app.db, app.url, { name: 'Acme Robotics' });
    const admin = await makeRecruiter(app.db, org.orgId, { role: 'admin' });
    const viewer = await makeRecruiter(app.db, org.orgId, { role: 'viewer' });

    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signInThroughForm(adminPage, app.url, admin.email, admin.password);
    await adminPage.goto(`${app.url}/settings/candidate-experience`);
    const toggle = adminPage.getByTestId('collect-self-identification');
    expect(await toggle.isChecked()).toBe(false);
    await toggle.check();
    await expect.poll(async () => (await app.db.select().from(organizations).where(eq(organizations.id, org.orgId)))[0].collectSelfIdentification).toBe(true);
    await adminContext.close();

    // Four women (3 above the median) and four men (1 above): R's tea-tasting table.
    const job = await makeJob(app.db, org.orgId, 'Backend engineer');
    const campaign = await makeCampaign(app.db, org.orgId, job.id, 'Spring hiring');
    const config = await makeConfig(app.db, org.orgId);
    for (const [sex, score] of [['female', 90], ['female', 80], ['female', 70], ['female', 20], ['male', 60], ['male', 10], ['male', 15], ['male', 25]] as const) {
      const candidate = await makeCandidate(app.db, org.orgId);
      const at = new Date('2026-06-01T10:00:00Z');
      const interview = await makeInterview(app.db, org.orgId, { candidateId: candidate.id, jobId: job.id, campaignId: campaign.id, configId: config.id, status: 'COMPLETED', completedAt: at, endedAt: at });
      await app.db.insert(reports).values({ id: newId('report'), orgId: org.orgId, type: 'interview', interviewId: interview.id, status: 'READY', overallScore: score, recommendation: 'YES', criteria: [], flags: [], completedAt: at });
      expect((await org.api(`/api/v1/candidates/${candidate.id}/self-identification`, { method: 'PUT', body: { sex } })).status).toBe(204);
    }

    const context = await browser.newContext();
    const page = await context.newPage();
    await signInThroughForm(page, app.url, viewer.email, viewer.password);
    await page.getByRole('link', { name: 'Bias audit' }).first().click();
    await page.waitForURL(/\/analytics\/bias-audit$/);
    await page.getByTestId('bias-audit-scope').selectOption({ label: 'Spring hiring' });
    await page.getByTestId('bias-audit-report').waitFor();
    expect(await page.getByTestId('bias-audit-sample').innerText()).toContain('8 candidates');
    const female = page.getByTestId('bias-audit-sex').locator('tr[data-category="female"]');
    expect((await female.locator('td').allInnerTexts()).map((t) => t.trim())).toEqual(['Female', '4', '75.0 %', '1.00', 'no', '0.486']);
    const male = page.getByTestId('bias-audit-sex').locator('tr[data-category="male"]');
    expect((await male.locator('td').allInnerTexts()).map((t) => t.trim())).toEqual(['Male', '4', '25.0 %', '0.33', 'no', '0.486']);
    expect(await page.getByTestId('bias-audit-sex').getByTestId('four-fifths-line').count()).toBe(1);
    expect(await page.getByTestId('bias-audit-method').innerText()).toContain('strictly above the median');
    await expectAccessible(page, 'bias audit');
    await screenshot(page, 'bias-audit');

    // Printed, the summary stands alone: the navigation and the filters are not printed.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('bias-audit-report').isVisible()).toBe(true);
    expect(await page.getByTestId('bias-audit-scope').isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Main' }).first().isVisible()).toBe(false);
    await context.close();
  }, 120_000);
});
