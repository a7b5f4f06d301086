import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviews, turns } from '@/db/schema';
import { makeInvitedInterview, waitFor } from '../support/candidate-interview';
import { silentWav } from '../support/fake-openai';
import { startTestApp, type TestApp } from '../support/test-app';

/** No language model, no STT, no TTS, no agent platform: what a fresh clone runs with. */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ LLM_BASE_URL: '', STT_BASE_URL: '', TTS_BASE_URL: '', AGENT_DISPATCH_URL: '', DEMO_AGENT_TURN_DELAY_MS: '0' });
});
afterAll(async () => {
  await app?.close();
});

describe('the built-in interviewer with nothing configured', () => {
  it('offers written answers only, speaks nothing on the server, scores nothing, and the report says NO_DECISION', async () => {
    const s = await makeInvitedInterview(app.db, app.url, { locale: 'fr' });
    const api = s.candidateApi;
    const session = await api.session();
    expect(session.body).toMatchObject({ status: 'OPEN', language: 'fr', mode: 'interviewer', voice: { transcription: false, speech: 'browser', live: false } });
    expect((await api.recording(silentWav(1))).status).toBe(409);
    const started = await api.start();
    expect(started.body.question.text).toMatch(/^Bonjour Ada, merci de participer à cet entretien pour le poste de Backend engineer\. /);
    // The thread: the greeting as its own message, then the question alone.
    expect(started.body.thread).toEqual([
      { turnNumber: 1, from: 'interviewer', kind: 'greeting', text: 'Bonjour Ada, merci de participer à cet entretien pour le poste de Backend engineer. Je suis un intervieweur IA ; une personne examinera vos réponses et prendra toute décision.' },
      { turnNumber: 1, from: 'interviewer', kind: 'question', text: 'Tell me about yourself.' },
    ]);
    expect((await api.speech(1)).status).toBe(404);
    const second = await api.answer(1, { text: 'Je suis développeuse depuis six ans, surtout sur des systèmes de paiement.' });
    expect(second.body.thread.slice(2)).toEqual([
      { turnNumber: 2, from: 'candidate', kind: 'answer', text: 'Je suis développeuse depuis six ans, surtout sur des systèmes de paiement.' },
      { turnNumber: 3, from: 'interviewer', kind: 'question', text: 'Describe a hard bug you fixed.' },
    ]);
    // A reload reads the same thread.
    expect((await api.session()).body.thread).toEqual(second.body.thread);
    const done = await api.answer(3, { text: '' });
    expect(done.body).toMatchObject({ status: 'COMPLETED', progress: { answered: 2, total: 2 } });
    expect(done.body.thread.map((m: { kind: string }) => m.kind)).toEqual(['greeting', 'question', 'answer', 'question', 'answer']);

    // The browser's recording of the whole conversation, sent last, becomes the interview's audio.
    const wav = silentWav(2);
    const recording = await api.recording(wav);
    expect(recording.status).toBe(200);
    const { audioId } = (await recording.json()) as { audioId: string };
    const retrieved = await s.org.api(`/api/v1/interviews/${s.interview.id}`);
    expect(retrieved.body.audioUrl).toMatch(new RegExp(`/api/audio/${audioId}\\?expires=\\d+&signature=`));
    const audio = await fetch(retrieved.body.audioUrl.replace('http://localhost:3999', app.url));
    expect(Buffer.from(await audio.arrayBuffer()).equals(wav)).toBe(true);
    expect((await api.recording(Buffer.from('nope'), 'text/plain')).status).toBe(415);

    const stored = await app.db.select().from(turns).where(eq(turns.interviewId, s.interview.id)).orderBy(asc(turns.turnNumber));
    expect(stored[1].evaluation).toEqual({ scores: {}, flags: [], evaluator: 'none' });
    expect(stored[3].evaluation).toEqual({ scores: {}, flags: ['NO_ANSWER'], evaluator: 'none' });
    const report = await waitFor(async () => {
      const res = await s.org.api(`/api/v1/reports/interviews/${s.interview.id}`);
      return res.status === 200 && res.body.status === 'READY' ? res.body : null;
    });
    expect(report).toMatchObject({ recommendation: 'NO_DECISION', overallScore: null, coverage: { candidateTurns: 2, scoredTurns: 0 } });
  });

  it('answers closed and unknown links as the contract says', async () => {
    const s = await makeInvitedInterview(app.db, app.url);
    await app.db.update(interviews).set({ status: 'CANCELLED', cancelledAt: new Date() }).where(eq(interviews.id, s.interview.id));
    expect((await s.candidateApi.session()).body.status).toBe('CANCELLED');
    expect((await s.candidateApi.start()).status).toBe(410);
    expect((await s.candidateApi.answer(1, { text: 'x' })).status).toBe(410);
    expect((await s.candidateApi.recording(silentWav(1))).status).toBe(410);
    const expired = await makeInvitedInterview(app.db, app.url);
    await app.db.update(interviews).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(interviews.id, expired.interview.id));
    expect((await expired.candidateApi.session()).body.status).toBe('EXPIRED');
    expect((await expired.candidateApi.start()).status).toBe(410);
    const unknown = await (await import('../support/candidate-interview')).candidateApi(app.url, 'Q'.repeat(43)).session();
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
  });
});

describe('what the candidate is promised with nothing configured', () => {
  it('the landing page says written, in both languages, without voice or microphone', async () => {
    for (const [locale, expected] of [
      ['fr', ['Entretien écrit : Backend engineer', 'vous invite à un entretien écrit pour le poste de Backend engineer.', 'vous répondez par écrit.']],
      ['en', ['Written interview: Backend engineer', 'invites you to a written interview for the Backend engineer position.', 'you answer in writing.']],
    ] as const) {
      const s = await makeInvitedInterview(app.db, app.url, { locale });
      const page = await fetch(`${app.url}/i/${s.token}`);
      const html = (await page.text()).replaceAll('&#x27;', "'");
      for (const text of expected) expect(html).toContain(text);
      for (const promise of ['Entretien vocal', 'entretien vocal', "à l'oral", 'avec un micro', 'Voice interview', 'voice interview', 'asked out loud', 'microphone ready']) expect(html).not.toContain(promise);
    }
  });
});

describe('a conversation another agent began', () => {
  it('is left alone: no question offered to the page, answers and uploads refused, nothing written', async () => {
    const s = await makeInvitedInterview(app.db, app.url);
    await app.db.insert(turns).values({ interviewId: s.interview.id, orgId: s.org.orgId, turnNumber: 1, role: 'agent', content: 'Scripted question', isPendingQuestion: true });
    await app.db.update(interviews).set({ status: 'IN_PROGRESS', startedAt: new Date() }).where(eq(interviews.id, s.interview.id));
    const session = await s.candidateApi.session();
    expect(session.body).toMatchObject({ status: 'IN_PROGRESS', question: null, thread: [] });
    expect((await s.candidateApi.start()).body.question).toBeNull();
    expect((await s.candidateApi.answer(1, { text: 'My answer' })).status).toBe(409);
    expect((await s.candidateApi.upload(1, silentWav(1))).status).toBe(409);
    expect((await app.db.select().from(turns).where(eq(turns.interviewId, s.interview.id))).length).toBe(1);
  });
});
