import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, campaigns, interviewConfigs, jobs } from '@/db/schema';
import { evaluateAnswer } from '@/server/services/interviewer/evaluate-answer';
import { QUESTION_SET_PROMPT_VERSION } from '@/server/services/interview-configs/generate-question-set';
import { createTestOrg, type TestOrg } from '../support/factories';
import { FAKE_QUESTION_SET_CRITERIA, startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';
import { makeRecruiter, sessionCookieFor, trpcMutation, trpcQuery, type TrpcResponse } from '../support/recruiters';
import { startTestApp, type TestApp } from '../support/test-app';

let fake: FakeOpenAi;
let app: TestApp;
type Org = TestOrg & { cookie: string };
let org: Org;
let other: Org;

async function recruiterOrg(): Promise<Org> {
  const o = await createTestOrg(app.db, app.url);
  const user = await makeRecruiter(app.db, o.orgId);
  return { ...o, cookie: await sessionCookieFor(app.db, user.email) };
}
const data = (res: TrpcResponse) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.data;
};
const generatedEntries = (orgId: string) =>
  app.db.select().from(auditEvents).where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.action, 'question_set.generated')));
const error = (res: TrpcResponse) => ({ status: res.status, ...res.body.error.data.error });

beforeAll(async () => {
  fake = await startFakeOpenAi();
  app = await startTestApp({ LLM_BASE_URL: fake.baseUrl, LLM_API_KEY: 'sk-test', LLM_MODEL: 'gpt-4o-mini', STT_BASE_URL: '', TTS_BASE_URL: '', REALTIME_BASE_URL: '' });
  [org, other] = await Promise.all([recruiterOrg(), recruiterOrg()]);
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

const JD = 'We are hiring a warehouse team leader to run a night shift of twelve people, keep picking accurate and safe, and report to the site manager.';

describe('question sets from a job description, and templates', () => {
  it('drafts anchored criteria and mapped questions through the real SDK, saved with its provenance only when the recruiter saves', async () => {
    expect(data(await trpcQuery(app.url, 'interviewConfigs.generationAvailability', undefined, org.cookie))).toEqual({ available: true, model: 'gpt-4o-mini' });
    const before = (await app.db.select().from(interviewConfigs).where(eq(interviewConfigs.orgId, org.orgId))).length;
    const draft = data(await trpcMutation(app.url, 'interviewConfigs.generate', { jobTitle: 'Warehouse team leader', jobDescription: JD, locale: 'en' }, org.cookie));
    // Nothing saved yet.
    expect((await app.db.select().from(interviewConfigs).where(eq(interviewConfigs.orgId, org.orgId))).length).toBe(before);
    // The model was asked once, deterministically, with the description as data and a structured output.
    const request = fake.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!;
    expect(request.body.response_format.json_schema.name).toBe('question_set');
    expect(request.body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0 });
    expect(JSON.parse(request.body.messages.at(-1).content)).toEqual({ language: 'English', jobTitle: 'Warehouse team leader', jobDescription: JD });

    expect(draft.criteria.map((c: { label: string }) => c.label)).toEqual(FAKE_QUESTION_SET_CRITERIA);
    expect(draft.criteria.map((c: { key: string }) => c.key)).toEqual(['role_knowledge', 'problem_solving', 'communication']);
    for (const c of draft.criteria) expect(Object.keys(c.anchors).sort()).toEqual(['high', 'low', 'mid']);
    expect(draft.questions).toHaveLength(4);
    for (const q of draft.questions) expect(['role_knowledge', 'problem_solving', 'communication']).toContain(q.criterion);
    expect(draft.generatedBy).toEqual({ provider: new URL(fake.baseUrl).host, model: 'gpt-4o-mini' });

    // The audit log records the model's output (issue 23): who asked, which provider, model and prompt, the
    // input's hash (never the description's words), and how long the model took.
    const drafted = await generatedEntries(org.orgId);
    expect(drafted).toHaveLength(1);
    expect(drafted[0]).toMatchObject({ actorType: 'user', targetType: 'organization', targetId: org.orgId });
    expect(drafted[0].details).toEqual({
      generatedBy: `${new URL(fake.baseUrl).host}/gpt-4o-mini@${QUESTION_SET_PROMPT_VERSION}`,
      inputHash: expect.stringMatching(/^[0-9a-f]{16}$/),
      locale: 'en',
      criteria: 3,
      questions: 4,
      durationMs: expect.any(Number),
    });
    expect(JSON.stringify(drafted)).not.toContain('night shift');
    expect(await generatedEntries(other.orgId)).toHaveLength(0);

    // Saved as generated, through the new-job step: job, set and campaign at once, the campaign using the set.
    const created = data(
      await trpcMutation(app.url, 'campaigns.setUpJob', { title: 'Warehouse team leader', description: JD, questionSet: { name: draft.name, locale: 'en', criteria: draft.criteria, questions: draft.questions, draftToken: draft.draftToken } }, org.cookie),
    );
    const [campaign] = await app.db.select().from(campaigns).where(eq(campaigns.id, created.campaignId));
    expect(campaign).toMatchObject({ orgId: org.orgId, jobId: created.jobId, configId: created.configId, name: 'Warehouse team leader' });
    expect((await app.db.select().from(jobs).where(eq(jobs.id, created.jobId)))[0].description).toBe(JD);
    const saved = data(await trpcQuery(app.url, 'interviewConfigs.get', { id: created.configId }, org.cookie));
    expect(saved.criteria).toEqual(draft.criteria);
    expect(saved.provenance).toMatchObject({
      task: 'question-set-generation',
      provider: new URL(fake.baseUrl).host,
      model: 'gpt-4o-mini',
      promptVersion: QUESTION_SET_PROMPT_VERSION,
      parameters: { temperature: 0, seed: 7 },
      editedByHuman: false,
    });
    expect(Date.parse(saved.provenance.generatedAt)).toBeGreaterThan(Date.now() - 120_000);

    // A person's later change to the questions marks it edited.
    const edited = data(await trpcMutation(app.url, 'interviewConfigs.update', { id: created.configId, questions: draft.questions.slice(0, 3) }, org.cookie));
    expect(edited.provenance.editedByHuman).toBe(true);

    // Edited before saving: recorded as edited. Another organization's use of the token records nothing.
    const changed = data(await trpcMutation(app.url, 'interviewConfigs.create', { name: 'Edited', locale: 'en', criteria: draft.criteria, questions: draft.questions.slice(1), draftToken: draft.draftToken }, org.cookie));
    expect(changed.provenance).toMatchObject({ model: 'gpt-4o-mini', editedByHuman: true });
    const stolen = data(await trpcMutation(app.url, 'interviewConfigs.create', { name: 'Theirs', locale: 'en', criteria: draft.criteria, questions: draft.questions, draftToken: draft.draftToken }, other.cookie));
    expect(stolen.provenance).toBeNull();
  });

  it('a model answer that is not a usable question set is a clear 503, and viewers cannot generate', async () => {
    const auditedBefore = (await generatedEntries(org.orgId)).length;
    fake.setChatMode({ kind: 'ok', content: JSON.stringify({ name: 'x', criteria: [], questions: [] }) });
    try {
      const failed = error(await trpcMutation(app.url, 'interviewConfigs.generate', { jobTitle: 'Nurse', jobDescription: JD, locale: 'fr' }, org.cookie));
      expect(failed.status).toBe(503);
      expect(failed.message).toMatch(/not usable.*template/);
    } finally {
      fake.setChatMode({ kind: 'ok' });
    }
    expect(error(await trpcMutation(app.url, 'interviewConfigs.generate', { jobTitle: 'Nurse', jobDescription: 'too short', locale: 'en' }, org.cookie)).issues[0].path).toBe('jobDescription');
    const viewer = await makeRecruiter(app.db, org.orgId, { role: 'viewer', email: `viewer.${Date.now()}@example.com` });
    expect(error(await trpcMutation(app.url, 'interviewConfigs.generate', { jobTitle: 'Nurse', jobDescription: JD, locale: 'en' }, await sessionCookieFor(app.db, viewer.email))).status).toBe(403);
    // No usable draft, no entry.
    expect(await generatedEntries(org.orgId)).toHaveLength(auditedBefore);
  });

  it('lists ready templates in English and French, and refuses anchors that are too long', async () => {
    const all = data(await trpcQuery(app.url, 'interviewConfigs.templates', {}, org.cookie));
    expect(all.filter((t: { locale: string }) => t.locale === 'en')).toHaveLength(5);
    expect(data(await trpcQuery(app.url, 'interviewConfigs.templates', { locale: 'fr' }, org.cookie))).toHaveLength(5);
    const t = all[0];
    const saved = data(await trpcMutation(app.url, 'interviewConfigs.create', { name: t.name, locale: 'en', criteria: t.criteria, questions: t.questions }, org.cookie));
    expect(saved.criteria[0].anchors).toEqual(t.criteria[0].anchors);
    expect(saved.provenance).toBeNull();
    const long = error(await trpcMutation(app.url, 'interviewConfigs.create', { name: 'x', criteria: [{ key: 'a', label: 'A', weight: 1, anchors: { low: 'x'.repeat(501) } }] }, org.cookie));
    expect(long.issues[0]).toEqual({ path: 'criteria.0.anchors.low', message: 'Must be at most 500 characters' });
  });

  it('gives the criterion’s anchors to the model that scores an answer', async () => {
    const anchors = { low: 'No example.', mid: 'A general example.', high: 'A measured example with its outcome.' };
    await evaluateAnswer(
      { baseURL: fake.baseUrl, apiKey: 'sk-test', model: 'gpt-4o-mini', timeoutMs: 10_000 },
      { language: 'en', jobTitle: 'Lead', question: 'Tell me about a night shift.', criteria: [{ key: 'safety', label: 'Safety', anchors }], answer: 'I stopped the line when a pallet leaned, and we restacked it before going on.', spoken: false, speechDurationMs: null, followUps: false },
    );
    const sent = JSON.parse(fake.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!.body.messages.at(-1).content);
    expect(sent.criteria).toEqual([{ key: 'safety', label: 'Safety', anchors }]);
  });
});
