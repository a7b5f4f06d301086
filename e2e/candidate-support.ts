import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { mailboxMessages, reports, turns } from '@/db/schema';
import { runGroup } from '../tests/support/child-processes';
import { startFakeOpenAi, type FakeOpenAi } from '../tests/support/fake-openai';
import { invitationLinkIn } from '../tests/support/fake-resend-server';
import { createTestOrg, makeCandidate, makeConfig, makeJob, type TestOrg } from '../tests/support/factories';
import { makeRecruiter } from '../tests/support/recruiters';
import { startTestApp, type TestApp } from '../tests/support/test-app';

/** A command to its end (through the suite's child-process helper), failing on a non-zero exit. */
async function run(command: string, args: string[]): Promise<void> {
  const result = await runGroup(command, args, { timeoutMs: 60_000 });
  if (result.code !== 0) throw new Error(`${command} exited with ${result.code ?? result.signal}: ${result.stderr}`);
}

/** Helpers shared by the candidate-interview specs (not a spec: vitest only runs `*.spec.ts`). */

export const PHONE = { width: 375, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/** What a candidate spec runs against; filled in by `candidateSuite`'s beforeAll. */
export type CandidateSuite = {
  app: TestApp;
  openai: FakeOpenAi;
  /** Chromium whose fake microphone plays the suite's `microphone` file; without one, the microphone is refused. */
  browser: Browser;
  /** Chromium whose microphone is refused (the same browser as `browser` when the suite has no `microphone`). */
  deniedBrowser: Browser;
};

/**
 * A candidate spec's world, started before its tests and stopped after them: the tests' fake OpenAI server, the built
 * app (a written interview by default: no speech-to-text or speech, the fake as the language model, invitations in
 * the local mailbox; `env` adds to or overrides that) and Debian's Chromium. The browsers are launched while the
 * app starts rather than after it. `microphone`: the file the fake microphone plays (made while the app starts),
 * and then a second browser whose microphone is refused.
 */
export function candidateSuite(options: { env?: (openai: FakeOpenAi) => Record<string, string>; microphone?: () => Promise<string> } = {}): CandidateSuite {
  const suite = {} as CandidateSuite;
  let browsers: Promise<Browser[]> | undefined;
  beforeAll(async () => {
    browsers = Promise.all(
      options.microphone ? [options.microphone().then((audio) => launchChromiumWithMicrophone(audio)), launchChromiumWithMicrophone()] : [launchChromiumWithMicrophone()],
    );
    // Awaited below; a launch that fails before then must not be an unhandled rejection.
    browsers.catch(() => undefined);
    suite.openai = await startFakeOpenAi();
    suite.app = await startTestApp({
      RESEND_API_KEY: '',
      AGENT_DISPATCH_URL: '',
      STT_BASE_URL: '',
      TTS_BASE_URL: '',
      LLM_BASE_URL: suite.openai.baseUrl,
      LLM_API_KEY: 'test-llm-key',
      ...options.env?.(suite.openai),
    });
    const [browser, denied] = await browsers;
    suite.browser = browser;
    suite.deniedBrowser = denied ?? browser;
  });
  afterAll(async () => {
    const launched = await browsers?.catch(() => []);
    await Promise.all((launched ?? []).map((b) => b.close()));
    await suite.app?.close();
    await suite.openai?.close();
  });
  return suite;
}

/**
 * The candidate's link opened in a fresh context of `browser` (its own cookies and storage; axe-core needs one per
 * page), answering 200. Closing the page closes its context. Desktop by default; `PHONE` emulates a touch phone.
 */
export async function openCandidatePage(
  browser: Browser,
  url: string,
  options: { viewport?: { width: number; height: number }; locale?: string } & Pick<BrowserContextOptions, 'timezoneId' | 'permissions'> = {},
): Promise<Page> {
  const viewport = options.viewport ?? DESKTOP;
  const context = await browser.newContext({
    viewport,
    locale: options.locale ?? 'en-GB',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    ...(options.permissions ? { permissions: options.permissions } : {}),
    ...(viewport.width <= PHONE.width + 40 ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  page.on('close', () => void context.close().catch(() => undefined));
  const response = await page.goto(url);
  expect(response!.status()).toBe(200);
  return page;
}

/**
 * A spoken answer as a WAV file: espeak-ng's voice, then silence long enough for voice-activity detection to end
 * the answer (Chromium's fake microphone plays the file in a loop).
 */
export async function spokenAnswerWav(text: string, language: 'en' | 'fr' = 'en'): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'spoken-answer-'));
  const voice = path.join(dir, 'voice.wav');
  const padded = path.join(dir, 'answer.wav');
  await run('espeak-ng', ['-v', language, '-s', '165', '-w', voice, text]);
  await run('sox', [voice, padded, 'pad', '0.3', '2.5']);
  return padded;
}

/**
 * Debian's Chromium with a fake microphone. `audioFile`: the microphone plays it and permission is granted without
 * a prompt; without it the microphone exists but every request is refused (no prompt UI in headless: a denial).
 */
export async function launchChromiumWithMicrophone(audioFile?: string): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
      ...(audioFile ? ['--use-fake-ui-for-media-stream', `--use-file-for-fake-audio-capture=${audioFile}`] : ['--deny-permission-prompts']),
    ],
  });
}

export type InvitedCandidate = {
  orgId: string;
  interviewId: string;
  token: string;
  recruiter: { email: string; password: string };
  /** The organization's v1 API with a key of every scope. */
  api: TestOrg['api'];
};

/** An organization with a recruiter, and an interview of a candidate whose invitation landed in the local mailbox. */
export async function inviteCandidate(
  app: TestApp,
  options: { locale: string; firstName: string; questions?: { id: string; text: string; criterion: string }[]; configLocale?: string; extraLocales?: string[] },
): Promise<InvitedCandidate> {
  const org = await createTestOrg(app.db, app.url, { name: 'Acme Robotics' });
  const recruiter = await makeRecruiter(app.db, org.orgId);
  const candidate = await makeCandidate(app.db, org.orgId, { locale: options.locale, firstName: options.firstName });
  const job = await makeJob(app.db, org.orgId, 'Backend engineer');
  const config = await makeConfig(app.db, org.orgId, { ...(options.questions ? { questions: options.questions } : {}), locale: options.configLocale ?? options.locale, extraLocales: options.extraLocales ?? [] });
  const created = await org.api('/api/v1/interviews', { body: { candidateId: candidate.id, jobId: job.id, configId: config.id } });
  expect(created.status).toBe(201);
  const token = await invitationToken(app, org.orgId);
  return { orgId: org.orgId, interviewId: created.body.id, token, recruiter: { email: recruiter.email, password: recruiter.password }, api: org.api };
}

/** The interview's turns, in order. */
export async function storedTurns(app: TestApp, invited: Pick<InvitedCandidate, 'orgId' | 'interviewId'>) {
  return app.db
    .select()
    .from(turns)
    .where(and(eq(turns.interviewId, invited.interviewId), eq(turns.orgId, invited.orgId)))
    .orderBy(asc(turns.turnNumber));
}

/** Waits until the interview's report has been generated (the job runs in the app's worker). */
export async function awaitReportReady(app: TestApp, interviewId: string): Promise<void> {
  await expect.poll(async () => (await app.db.select().from(reports).where(eq(reports.interviewId, interviewId)))[0]?.status, { timeout: 30_000 }).toBe('READY');
}

async function invitationToken(app: TestApp, orgId: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [row] = await app.db.select().from(mailboxMessages).where(eq(mailboxMessages.orgId, orgId));
    if (row) return invitationLinkIn(row).token;
    if (Date.now() > deadline) throw new Error('no invitation in the mailbox');
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * axe on the current screen at phone and desktop sizes, each finding prefixed by its width; the page is left at
 * `back`. `check`: the axe run (seriousA11yViolations by default).
 */
export async function a11yViolationsAtBothSizes(
  page: Page,
  back: { width: number; height: number } = page.viewportSize() ?? DESKTOP,
  check: (page: Page) => Promise<string[]> = seriousA11yViolations,
): Promise<string[]> {
  const found: string[] = [];
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    found.push(...(await check(page)).map((v) => `${size.width}px ${v}`));
  }
  await page.setViewportSize(back);
  return found;
}

/** The notice: every item the candidate must be told, then the acknowledgement. */
export async function acknowledgeNotice(page: Page): Promise<void> {
  await page.getByTestId('notice').waitFor();
  await page.getByTestId('consent').check();
  await page.getByTestId('accept-notice').click();
  await page.getByTestId('setup').waitFor();
}

/** A media element of the page: it loads, reports a finite duration > 0, and seeks. */
export async function expectPlayableAndSeekable(page: Page, testId: string): Promise<number> {
  const handle = page.getByTestId(testId);
  await handle.scrollIntoViewIfNeeded();
  await expect
    .poll(() => handle.evaluate((el: HTMLMediaElement) => (Number.isFinite(el.duration) ? el.duration : 0)), { timeout: 15_000 })
    .toBeGreaterThan(0);
  const duration = await handle.evaluate((el: HTMLMediaElement) => el.duration);
  const target = Math.min(1, duration / 2);
  await handle.evaluate((el: HTMLMediaElement, t: number) => {
    el.currentTime = t;
  }, target);
  await expect.poll(() => handle.evaluate((el: HTMLMediaElement) => (el.seeking ? -1 : el.currentTime))).toBeCloseTo(target, 1);
  return duration;
}
