import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '@/db/schema';
import { createTestOrg, makeCandidate, request, type TestOrg } from '../support/factories';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';
import { enqueueReport, makeInterviewWithPendingReport, waitForReport, type TurnSeed } from '../support/report-factories';
import { pdfFonts, pdfText } from '../support/pdf-text';
import { makeRecruiter, sessionCookieFor, trpcMutation } from '../support/recruiters';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The explanation document (issue 23; EU AI Act Art. 86, GDPR Art. 15(1)(h)), over real HTTP: REST v1 and the
 * dashboard's download, HTML and PDF, in the seven candidate languages; the PDF's text is read from its content
 * streams through its embedded font's ToUnicode map (tests/support/pdf-text.ts).
 */
let app: TestApp;
let fake: FakeOpenAi;
let org: TestOrg;
let cookie: string;
let interviewId: string;
let candidateId: string;

const ANSWER_1 = 'I studied mathematics, then spent five years building payment systems in a small team.';
const ANSWER_2 = 'A race in our ledger: two workers booked the same refund, so I added a unique constraint.';
const TURNS: TurnSeed[] = [
  { turnNumber: 1, role: 'agent', content: 'Tell me about yourself.' },
  { turnNumber: 2, role: 'candidate', content: ANSWER_1, evaluation: { scores: { communication: 8 }, flags: [], comment: 'Clear path: "five years building payment systems".' } },
  { turnNumber: 3, role: 'agent', content: 'Describe a hard bug you fixed.' },
  { turnNumber: 4, role: 'candidate', content: ANSWER_2, evaluation: { scores: { technical: 7 }, flags: [], comment: 'Found the cause: "added a unique constraint".' } },
];

beforeAll(async () => {
  fake = await startFakeOpenAi();
  app = await startTestApp({ LLM_BASE_URL: fake.baseUrl, LLM_API_KEY: 'sk-test', LLM_MODEL: 'gpt-4o-mini', STT_BASE_URL: '', TTS_BASE_URL: '', REALTIME_BASE_URL: '' });
  org = await createTestOrg(app.db, app.url);
  cookie = await sessionCookieFor(app.db, (await makeRecruiter(app.db, org.orgId, { role: 'admin', name: 'Rita Recruiter' })).email);
  const candidate = await makeCandidate(app.db, org.orgId, { firstName: 'Élodie', lastName: 'Martin', locale: 'fr-FR' });
  candidateId = candidate.id;
  const { interview, report } = await makeInterviewWithPendingReport(app.db, org.orgId, { turns: TURNS, candidate });
  interviewId = interview.id;
  await enqueueReport(app.db, report.id);
  await waitForReport(app.db, report.id, 'READY');
  // The AI advises YES (overall 73.3); the reviewer scores lower and the recruiter rejects: the decision differs.
  expect((await trpcMutation(app.url, 'reports.saveHumanReview', { interviewId, criteria: [{ key: 'communication', score: 6, note: 'Vague on teamwork.' }, { key: 'technical', score: 4 }] }, cookie)).status).toBe(200);
  expect((await trpcMutation(app.url, 'interviews.decide', { id: interviewId, status: 'REJECT', reason: 'Another candidate fits better.' }, cookie)).status).toBe(200);
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

async function download(path: string, headers: Record<string, string>) {
  const res = await fetch(`${app.url}${path}`, { headers });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

const plain = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');

describe('explanation document', () => {
  it('v1 gives it as HTML in English: criteria and weights, the AI scores with quoted evidence, the reviewer, the decision, who took it and that it differs', async () => {
    const { res, bytes } = await download(`/api/v1/interviews/${interviewId}/explanation?format=html&language=en`, { authorization: `Bearer ${org.apiKey}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="explanation-${interviewId}-en.html"`);
    const text = plain(bytes.toString('utf8'));
    expect(text).toContain('How your interview was assessed');
    expect(text).toContain('Élodie Martin');
    expect(text).toMatch(/Communication 1 8\/10 6\/10/);
    expect(text).toMatch(/Technical depth 2 7\/10 4\/10/);
    expect(text).toContain('Answer #2, scored 8/10: “five years building payment systems”');
    expect(text).toContain('Answer #4, scored 7/10: “added a unique constraint”');
    expect(text).toContain('Vague on teamwork.');
    expect(text).toMatch(/AI overall score 73\.3\/100 AI's advice yes Reviewer's overall score 46\.7\/100/);
    expect(text).toContain('Decision not retained Taken by Rita Recruiter, of the organization');
    expect(text).toContain('Another candidate fits better.');
    expect(text).toContain("The decision differs from the AI's advice.");
    expect(text).toContain('never your voice, tone, accent, face');
  });

  it("without a language it is in the candidate's (French), and the PDF says the same in both languages", async () => {
    const html = await download(`/api/v1/interviews/${interviewId}/explanation`, { authorization: `Bearer ${org.apiKey}` });
    expect(html.res.status).toBe(200);
    expect(html.res.headers.get('content-language')).toBe('fr');
    const fr = plain(html.bytes.toString('utf8'));
    expect(fr).toContain('Comment votre entretien a été évalué');
    expect(fr).toContain('Réponse n° 2, notée 8/10 : “five years building payment systems”');
    expect(fr).toContain("La décision diffère de l'avis de l'IA.");

    for (const [language, phrases] of [
      ['en', ['How your interview was assessed', 'Élodie Martin', 'Communication | 1 | 8/10 | 6/10', 'Answer #4, scored 7/10: “added a unique constraint”', 'Taken by: Rita Recruiter', "The decision differs from the AI's advice."]],
      ['fr', ['Comment votre entretien a été évalué', 'Élodie Martin', 'Critère | Poids', 'Réponse n° 2, notée 8/10 : “five years building payment systems”', 'Prise par: Rita Recruiter', "La décision diffère de l'avis de l'IA."]],
    ] as const) {
      const pdf = await download(`/api/v1/interviews/${interviewId}/explanation?format=pdf&language=${language}`, { authorization: `Bearer ${org.apiKey}` });
      expect(pdf.res.status).toBe(200);
      expect(pdf.res.headers.get('content-type')).toBe('application/pdf');
      expect(pdf.res.headers.get('content-disposition')).toBe(`attachment; filename="explanation-${interviewId}-${language}.pdf"`);
      expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = pdfText(pdf.bytes);
      for (const phrase of phrases) expect(text).toContain(phrase);
    }
  });

  it("the dashboard downloads it with the member's session; another organization, a bad format and no credentials are refused; each download is audited", async () => {
    const own = await download(`/api/dashboard/interviews/${interviewId}/explanation?format=pdf&language=fr`, { cookie });
    expect(own.res.status).toBe(200);
    expect(pdfText(own.bytes)).toContain('Comment votre entretien a été évalué');

    const other = await createTestOrg(app.db, app.url);
    expect((await request(app.url, `/api/v1/interviews/${interviewId}/explanation`, { key: other.apiKey })).status).toBe(404);
    const bad = await request(app.url, `/api/v1/interviews/${interviewId}/explanation?format=docx`, { key: org.apiKey });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    expect((await fetch(`${app.url}/api/dashboard/interviews/${interviewId}/explanation`)).status).toBe(401);

    const audited = await app.db
      .select({ details: auditEvents.details, actorType: auditEvents.actorType })
      .from(auditEvents)
      .where(and(eq(auditEvents.orgId, org.orgId), eq(auditEvents.action, 'interview.explanation_generated'), eq(auditEvents.targetId, interviewId)));
    expect(audited.map((a) => `${a.actorType}:${(a.details as { language: string }).language}:${(a.details as { format: string }).format}`).sort()).toEqual(
      ['api_key:en:html', 'api_key:fr:html', 'api_key:en:pdf', 'api_key:fr:pdf', 'user:fr:pdf'].sort(),
    );
  });

  it("the candidate's access export includes it, in their language", async () => {
    const res = await request(app.url, `/api/v1/candidates/${candidateId}/export`, { key: org.apiKey });
    expect(res.status).toBe(200);
    const [item] = res.body.interviews;
    expect(item.explanation.language).toBe('fr');
    expect(plain(item.explanation.html)).toContain('Réponse n° 4, notée 7/10 : “added a unique constraint”');
  });
  it('is in each of the seven languages: asked with ?language=, or the candidate\'s own; an unknown language is refused', async () => {
    const titles = {
      en: 'How your interview was assessed',
      fr: 'Comment votre entretien a été évalué',
      de: 'Wie Ihr Interview bewertet wurde',
      es: 'Cómo se evaluó su entrevista',
      it: 'Come è stato valutato il suo colloquio',
      nl: 'Hoe uw sollicitatiegesprek is beoordeeld',
      pt: 'Como a sua entrevista foi avaliada',
    } as const;
    const decisions = { de: 'nicht berücksichtigt', es: 'no seleccionado/a', it: 'non selezionato/a', nl: 'niet weerhouden', pt: 'não selecionado/a' } as const;
    for (const [language, title] of Object.entries(titles)) {
      const { res, bytes } = await download(`/api/v1/interviews/${interviewId}/explanation?language=${language}`, { authorization: `Bearer ${org.apiKey}` });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-language')).toBe(language);
      const html = bytes.toString('utf8');
      expect(html).toContain(`<html lang="${language}">`);
      const text = plain(html);
      expect(text).toContain(title);
      if (language in decisions) expect(text).toContain(decisions[language as keyof typeof decisions]);
    }

    // A German-speaking candidate (de-AT) gets German by default, dates in Austrian conventions.
    const german = await makeCandidate(app.db, org.orgId, { firstName: 'Jürgen', lastName: 'Groß', locale: 'de-AT' });
    const made = await makeInterviewWithPendingReport(app.db, org.orgId, { turns: TURNS, candidate: german });
    await enqueueReport(app.db, made.report.id);
    await waitForReport(app.db, made.report.id, 'READY');
    const de = await download(`/api/v1/interviews/${made.interview.id}/explanation`, { authorization: `Bearer ${org.apiKey}` });
    expect(de.res.headers.get('content-language')).toBe('de');
    expect(plain(de.bytes.toString('utf8'))).toContain('Antwort Nr. 2, bewertet mit 8/10: “five years building payment systems”');

    const bad = await request(app.url, `/api/v1/interviews/${interviewId}/explanation?language=ja`, { key: org.apiKey });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('the PDF embeds a Unicode font: a French œ, a Polish ł and a Greek Ψ print as themselves, not as "?"', async () => {
    const candidate = await makeCandidate(app.db, org.orgId, { firstName: 'Łucja', lastName: 'Cœur-Małecka Ψαρά', locale: 'fr-FR' });
    const made = await makeInterviewWithPendingReport(app.db, org.orgId, {
      candidate,
      turns: [
        { turnNumber: 1, role: 'agent', content: 'Tell me about yourself.' },
        { turnNumber: 2, role: 'candidate', content: 'J’ai dirigé une œuvre collective à Łódź, en équipe.', evaluation: { scores: { communication: 7 }, flags: [] } },
      ],
    });
    await enqueueReport(app.db, made.report.id);
    await waitForReport(app.db, made.report.id, 'READY');
    const { res, bytes } = await download(`/api/v1/interviews/${made.interview.id}/explanation?format=pdf`, { authorization: `Bearer ${org.apiKey}` });
    expect(res.status).toBe(200);
    expect(pdfFonts(bytes).some((f) => /\+DejaVuSans$/.test(f))).toBe(true);
    expect(pdfFonts(bytes).some((f) => /^Helvetica/.test(f))).toBe(false);
    const text = pdfText(bytes);
    expect(text).toContain('Łucja Cœur-Małecka Ψαρά');
    expect(text).toContain('“J’ai dirigé une œuvre collective à Łódź, en équipe.”');
    expect(text).not.toContain('?ucja');
    expect(text).not.toMatch(/\?{4}/);
  });
});
