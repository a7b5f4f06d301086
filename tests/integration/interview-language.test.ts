import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, interviews, mailboxMessages } from '@/db/schema';
import { resolveInterviewLanguage } from '@/server/i18n/interview-language';
import { agentApi } from '../support/agent';
import { candidateApi, waitFor } from '../support/candidate-interview';
import { createTestOrg, makeConfig, makeJob, request, type TestOrg } from '../support/factories';
import { invitationLinkIn } from '../support/fake-resend-server';
import { makeRecruiter, sessionCookieFor, trpcMutation, trpcQuery } from '../support/recruiters';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * One interview, one language (issue 26): the configuration's language governs the invitation email, the
 * candidate's page and the interviewer's words, whatever the candidate's own locale; the candidate's locale only
 * chooses among the languages the configuration allows (its extra languages), and so does the page's switcher.
 * Real HTTP: the v1 API creates the candidate (only an email: locale fr) and the interview, the local mailbox
 * holds the email, the page and the candidate routes are fetched as the browser does, the built-in interviewer asks.
 */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ RESEND_API_KEY: '', AGENT_DISPATCH_URL: '', AGENT_DISPATCH_SECRET: '', STT_BASE_URL: '', LLM_BASE_URL: '' });
});
afterAll(async () => {
  await app?.close();
});

type Org = TestOrg & { cookie: string };

async function org(name: string, role: 'admin' | 'recruiter' | 'viewer' = 'recruiter'): Promise<Org> {
  const created = await createTestOrg(app.db, app.url, { name });
  const user = await makeRecruiter(app.db, created.orgId, { role });
  return { ...created, cookie: await sessionCookieFor(app.db, user.email) };
}

/** A candidate created through v1 with the given fields, interviewed with `config`; the email's link token. */
async function invite(o: Org, config: { id: string }, candidate: Record<string, unknown>) {
  const created = await o.api('/api/v1/candidates', { body: candidate });
  expect(created.status).toBe(201);
  const job = await makeJob(app.db, o.orgId, 'Support engineer');
  const interview = await o.api('/api/v1/interviews', { body: { candidateId: created.body.id, jobId: job.id, configId: config.id } });
  expect(interview.status).toBe(201);
  const email = await waitFor(async () => {
    const rows = await app.db
      .select()
      .from(mailboxMessages)
      .where(and(eq(mailboxMessages.orgId, o.orgId), eq(mailboxMessages.toAddress, String(candidate.email).toLowerCase())));
    return rows[0];
  });
  const { token } = invitationLinkIn(email);
  return { candidate: created.body, interviewId: interview.body.id as string, email, token, api: candidateApi(app.url, token) };
}

const QUESTIONS = [
  { id: 'q1', text: 'Tell me about a time you calmed an upset customer.', criterion: 'communication' },
  { id: 'q2', text: 'How do you prioritise a full queue?', criterion: 'technical' },
];

describe('one interview, one language', () => {
  it('a candidate created with only an email (locale fr) gets an English interview for an English configuration: email, page and interviewer', async () => {
    const o = await org('Initech');
    const config = await makeConfig(app.db, o.orgId, { locale: 'en', questions: QUESTIONS });
    const s = await invite(o, config, { email: 'tom@example.com', firstName: 'Tom' });
    expect(s.candidate.locale).toBe('fr'); // the API's default stays fr (SPEC)

    // The email: English, no French.
    expect(s.email.subject).toBe('Interview invitation: Support engineer at Initech');
    expect(s.email.text).toContain('Hello Tom,');
    expect(s.email.text).not.toMatch(/Bonjour|entretien/);

    // The page: English, no switcher (the configuration allows one language).
    const page = await request(app.url, `/i/${s.token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('lang="en"');
    expect(page.text).toContain('Hello Tom');
    expect(page.text).not.toContain('data-testid="language-switcher"');
    expect(page.text).not.toMatch(/Bonjour|entretien/);

    // The interviewer: the session's language and the greeting before the first question, one language.
    expect((await s.api.session()).body.language).toBe('en');
    const started = await s.api.start({ consent: true, answerMode: 'written' });
    expect(started.status).toBe(200);
    expect(started.body.language).toBe('en');
    const greeting = started.body.thread.find((m: { kind: string }) => m.kind === 'greeting');
    expect(greeting.text).toMatch(/^Hello Tom, thank you for joining this interview for the Support engineer position\./);
    expect(started.body.thread.find((m: { kind: string }) => m.kind === 'question').text).toBe(QUESTIONS[0].text);
    expect(JSON.stringify(started.body.thread)).not.toMatch(/Bonjour|Merci/);
    const [row] = await app.db.select({ language: interviews.language }).from(interviews).where(eq(interviews.id, s.interviewId));
    expect(row.language).toBe('en');

    // The agent's context says which language to speak.
    const context = await agentApi(app.url, `/api/interviews/${s.interviewId}/context`);
    expect(context.body).toMatchObject({ language: 'en', candidate: { locale: 'fr' }, configLocale: 'en' });
  });

  it('a German configuration interviews an English-speaking candidate in German', async () => {
    const o = await org('Globex');
    const config = await makeConfig(app.db, o.orgId, { locale: 'de', questions: [{ id: 'q1', text: 'Erzählen Sie uns von sich.', criterion: 'communication' }] });
    const s = await invite(o, config, { email: 'ada@example.com', firstName: 'Ada', locale: 'en-GB' });
    expect(s.email.subject).toBe('Einladung zum Interview: Support engineer bei Globex');
    expect(s.email.text).toContain('Hallo Ada,');
    const page = await request(app.url, `/i/${s.token}`);
    expect(page.text).toContain('lang="de"');
    // `?lang=` cannot pick a language the configuration does not allow.
    expect((await request(app.url, `/i/${s.token}?lang=en`)).text).toContain('lang="de"');
    const refused = await s.api.start({ consent: true, answerMode: 'written', language: 'en' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.issues).toEqual([expect.objectContaining({ path: 'language', message: 'This interview can be taken in de only' })]);
    const started = await s.api.start({ consent: true, answerMode: 'written' });
    expect(started.body.language).toBe('de');
    expect(started.body.thread.find((m: { kind: string }) => m.kind === 'greeting').text).toMatch(/^Hallo Ada, vielen Dank/);
  });

  it('extra languages: the candidate’s own when allowed, a switcher on the page, the one chosen at the start kept', async () => {
    const o = await org('Hooli');
    const config = await makeConfig(app.db, o.orgId, { locale: 'en', extraLocales: ['es', 'de'], questions: QUESTIONS });

    // A Spanish-speaking candidate: Spanish email and page, a switcher of the three allowed languages.
    const s = await invite(o, config, { email: 'sofia@example.com', firstName: 'Sofía', locale: 'es-MX' });
    expect(s.email.subject).toBe('Invitación a una entrevista: Support engineer en Hooli');
    const page = await request(app.url, `/i/${s.token}`);
    expect(page.text).toContain('lang="es"');
    expect(page.text).toContain('data-testid="language-switcher"');
    for (const name of ['English', 'Español', 'Deutsch']) expect(page.text).toContain(`>${name}</a>`);
    expect((await request(app.url, `/i/${s.token}?lang=de`)).text).toContain('lang="de"');

    // Switched to German, then started: the interviewer speaks German; the questions are asked as written.
    const started = await s.api.start({ consent: true, answerMode: 'written', language: 'de' });
    expect(started.status).toBe(200);
    expect(started.body.language).toBe('de');
    expect(started.body.thread.find((m: { kind: string }) => m.kind === 'greeting').text).toMatch(/^Hallo Sofía, vielen Dank/);
    expect(started.body.thread.find((m: { kind: string }) => m.kind === 'question').text).toBe(QUESTIONS[0].text);
    // Settled: a later start asking another language changes nothing; the page has no switcher any more.
    expect((await s.api.start({ consent: true, language: 'es' })).body.language).toBe('de');
    const after = await request(app.url, `/i/${s.token}?lang=es`);
    expect(after.text).toContain('lang="de"');
    expect(after.text).not.toContain('data-testid="language-switcher"');

    // A candidate whose language is not allowed (Italian): the configuration's own.
    const luca = await invite(o, config, { email: 'luca@example.com', firstName: 'Luca', locale: 'it' });
    expect(luca.email.subject).toBe('Interview invitation: Support engineer at Hooli');
  });

  it('resolves the interview language purely (unsupported tags, no configuration, regional conventions)', () => {
    expect(resolveInterviewLanguage({ candidateLocale: 'fr', configLocale: 'en-US' })).toMatchObject({ language: 'en', languages: ['en'] });
    expect(resolveInterviewLanguage({ candidateLocale: 'de-AT', configLocale: 'en', extraLocales: ['de'] })).toEqual({ language: 'de', languages: ['en', 'de'], locale: { language: 'de', intlLocale: 'de-AT' } });
    expect(resolveInterviewLanguage({ candidateLocale: 'de-AT', configLocale: 'en', extraLocales: ['de', 'de', 'ja'], chosenLanguage: 'en' })).toMatchObject({ language: 'en', languages: ['en', 'de'], locale: { intlLocale: 'en' } });
    // A chosen language the configuration no longer allows: its default again.
    expect(resolveInterviewLanguage({ candidateLocale: 'fr', configLocale: 'nl', chosenLanguage: 'es' }).language).toBe('nl');
    // No configuration, or one in a language the catalogues do not have: the candidate's (default questions exist in each).
    expect(resolveInterviewLanguage({ candidateLocale: 'pt-BR', configLocale: null }).language).toBe('pt');
    expect(resolveInterviewLanguage({ candidateLocale: 'it', configLocale: 'ja' }).language).toBe('it');
  });
});

describe('the organization’s language and the configuration’s extra languages (dashboard)', () => {
  it('candidates.defaults: the language of the organization’s latest configuration, fr before any; any role; never another organization’s', async () => {
    const o = await org('Umbrella', 'viewer');
    const other = await org('Vandelay');
    const inferred = (locale: string) => ({ locale, languageChosen: false });
    expect((await trpcQuery(app.url, 'candidates.defaults', undefined, o.cookie)).body.result.data).toEqual(inferred('fr'));
    await makeConfig(app.db, other.orgId, { locale: 'nl' });
    expect((await trpcQuery(app.url, 'candidates.defaults', undefined, o.cookie)).body.result.data).toEqual(inferred('fr'));
    await makeConfig(app.db, o.orgId, { locale: 'en-GB' });
    expect((await trpcQuery(app.url, 'candidates.defaults', undefined, o.cookie)).body.result.data).toEqual(inferred('en'));
    expect((await trpcQuery(app.url, 'candidates.defaults', undefined, other.cookie)).body.result.data).toEqual(inferred('nl'));
    expect((await trpcQuery(app.url, 'candidates.defaults', undefined)).status).toBe(401);
  });

  it('an admin chooses it in Settings → General: it wins over the inference, is audited once per change, and never changes the API’s fr', async () => {
    const o = await org('Initech', 'admin');
    const other = await org('Hooli');
    const recruiter = await sessionCookieFor(app.db, (await makeRecruiter(app.db, o.orgId, { role: 'recruiter' })).email);
    const viewer = await sessionCookieFor(app.db, (await makeRecruiter(app.db, o.orgId, { role: 'viewer' })).email);
    await makeConfig(app.db, o.orgId, { locale: 'en' });
    const settings = async () => (await trpcQuery(app.url, 'settings.organizationLanguage', undefined, o.cookie)).body.result.data;
    const defaults = async (cookie: string) => (await trpcQuery(app.url, 'candidates.defaults', undefined, cookie)).body.result.data;
    expect(await settings()).toEqual({ language: null, inferred: 'en', effective: 'en' });

    const chosen = await trpcMutation(app.url, 'settings.updateOrganizationLanguage', { language: 'de' }, o.cookie);
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.result.data).toEqual({ language: 'de', inferred: 'en', effective: 'de' });
    // A later configuration in another language no longer moves it; every role's new-candidate form starts from it.
    await makeConfig(app.db, o.orgId, { locale: 'es' });
    for (const cookie of [o.cookie, recruiter, viewer]) expect(await defaults(cookie)).toEqual({ locale: 'de', languageChosen: true });
    expect(await settings()).toEqual({ language: 'de', inferred: 'es', effective: 'de' });
    expect(await defaults(other.cookie)).toEqual({ locale: 'fr', languageChosen: false });
    // Saving the same language again changes nothing and records nothing.
    expect((await trpcMutation(app.url, 'settings.updateOrganizationLanguage', { language: 'de' }, o.cookie)).status).toBe(200);
    const entries = await app.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, o.orgId), eq(auditEvents.action, 'settings.updated')));
    expect(entries.map((e) => e.details)).toEqual([{ setting: 'language', from: null, to: 'de' }]);
    expect(entries[0]).toMatchObject({ targetType: 'organization', targetId: o.orgId });

    // The dashboard's pages start from it: Settings → General shows the choice to the admin, the language to others.
    const html = async (path: string, cookie: string) => (await fetch(`${app.url}${path}`, { headers: { cookie } })).text();
    expect(await html('/settings', o.cookie)).toContain('Chosen: Deutsch.');
    expect(await html('/settings', viewer)).toMatch(/data-testid="organization-language-read">Deutsch</);

    // The API's default for a candidate created with only an email stays fr (the specification).
    const created = await o.api('/api/v1/candidates', { body: { email: 'only.email@example.com' } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.locale).toBe('fr');

    // Only admins change it; an unknown language is a 400 naming the field; null goes back to the inference.
    const refused = await trpcMutation(app.url, 'settings.updateOrganizationLanguage', { language: 'en' }, recruiter);
    expect(refused.status).toBe(403);
    const bad = await trpcMutation(app.url, 'settings.updateOrganizationLanguage', { language: 'ja' }, o.cookie);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('language');
    expect((await trpcMutation(app.url, 'settings.updateOrganizationLanguage', { language: null }, o.cookie)).body.result.data).toEqual({ language: null, inferred: 'es', effective: 'es' });
    expect(await defaults(viewer)).toEqual({ locale: 'es', languageChosen: false });
    const after = await app.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, o.orgId), eq(auditEvents.action, 'settings.updated')));
    expect(after.map((e) => e.details)).toContainEqual({ setting: 'language', from: 'de', to: null });
    expect(after).toHaveLength(2);
  });

  it('interviewConfigs.create/update accept extraLocales among the 7 languages, each once, and return them', async () => {
    const o = await org('Stark');
    const created = await trpcMutation(app.url, 'interviewConfigs.create', { name: 'Bilingual', locale: 'en', extraLocales: ['fr', 'de'] }, o.cookie);
    expect(created.status).toBe(200);
    expect(created.body.result.data).toMatchObject({ locale: 'en', extraLocales: ['fr', 'de'] });
    const plain = await trpcMutation(app.url, 'interviewConfigs.create', { name: 'English only', locale: 'en' }, o.cookie);
    expect(plain.body.result.data.extraLocales).toEqual([]);

    const issuesOf = async (extraLocales: unknown) => {
      const bad = await trpcMutation(app.url, 'interviewConfigs.create', { name: 'Bad', locale: 'en', extraLocales }, o.cookie);
      expect(bad.status).toBe(400);
      return bad.body.error.data.error.issues as { path: string; message: string }[];
    };
    expect(await issuesOf(['ja'])).toEqual([expect.objectContaining({ path: 'extraLocales.0', message: 'Must be one of en, fr, de, es, it, nl, pt' })]);
    expect(await issuesOf(['fr', 'de', 'fr'])).toEqual([expect.objectContaining({ path: 'extraLocales.2', message: 'Duplicate language "fr"' })]);

    const id = created.body.result.data.id;
    const updated = await trpcMutation(app.url, 'interviewConfigs.update', { id, extraLocales: ['es'] }, o.cookie);
    expect(updated.body.result.data.extraLocales).toEqual(['es']);
    // Another organization's configuration behaves as a missing one.
    const other = await org('Wayne');
    expect((await trpcMutation(app.url, 'interviewConfigs.update', { id, extraLocales: [] }, other.cookie)).status).toBe(404);
  });
});
