import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { interviews, mailboxMessages } from '@/db/schema';
import { a11yViolationsAtBothSizes as axeAtBothSizes, candidateSuite, DESKTOP, inviteCandidate, openCandidatePage, PHONE } from './candidate-support';

/**
 * The candidate's side in their own language and time zone (issue 25): a written interview taken in German and in
 * Spanish, from the email to the thank-you page. The email, the notice (one phone screen, details one tap away),
 * the interviewer's framing of the questions and the dates in the browser's own time zone, in the language; axe
 * at phone and desktop sizes on every screen. One app for both cases.
 */

const suite = candidateSuite();

/** The time of day a browser in `timeZone` shows for `date` with the candidate's conventions (spaces normalized). */
function clockIn(date: Date, locale: string, timeZone: string): string {
  return normalized(new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone }).format(date));
}
const normalized = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');

type Case = {
  locale: string;
  timeZone: string;
  size: { width: number; height: number };
  configLocale: string;
  extraLocales?: string[];
  questions: { id: string; text: string; criterion: string }[];
  email: { subject: string; lead: string; expiry: RegExp };
  page: { title: string; intro: string; zone: string; noticeFirst: string; detailsSummary: string; details: string; start: string };
  thread: { progress: string; greeting: string; ack: string };
  thanks: { title: string; next: string; rating: string; comment: string };
  answers: [string, string];
};

const GERMAN: Case = {
  locale: 'de-DE',
  timeZone: 'Asia/Tokyo',
  size: DESKTOP,
  configLocale: 'de',
  questions: [
    { id: 'q1', text: 'Erzählen Sie uns von sich.', criterion: 'communication' },
    { id: 'q2', text: 'Beschreiben Sie einen schwierigen Fehler, den Sie behoben haben.', criterion: 'technical' },
  ],
  email: {
    subject: 'Einladung zum Interview: Backend engineer bei Acme Robotics',
    lead: 'Acme Robotics lädt Sie zu einem schriftlichen Interview für die Stelle Backend engineer ein.',
    expiry: /Dieser Link ist gültig bis \S+, \d{1,2}\. \S+ \d{4} um \d{2}:\d{2} \((MEZ|MESZ|GMT[+-]\d+)\)\./,
  },
  page: {
    title: 'Schriftliches Interview: Backend engineer',
    intro: 'Acme Robotics lädt Sie zu einem schriftlichen Interview für die Stelle Backend engineer ein.',
    zone: 'Zeiten werden in Ihrer Zeitzone angezeigt (Asia/Tokyo).',
    noticeFirst: 'Die Fragen werden schriftlich von einer künstlichen Intelligenz (KI) gestellt, nicht von einem Menschen.',
    detailsSummary: 'Ihre Daten und Ihre Wahlmöglichkeiten',
    details: 'Sie können bei Acme Robotics ein Interview ohne KI, mit einem Menschen, verlangen',
    start: 'Interview starten',
  },
  thread: {
    progress: 'Frage 1 von 2',
    greeting: 'Hallo Lena, vielen Dank, dass Sie an diesem Interview für die Stelle Backend engineer teilnehmen. Ich bin ein KI-Interviewer; ein Mensch prüft Ihre Antworten und trifft jede Entscheidung.',
    ack: 'Verstanden, danke.',
  },
  thanks: { title: 'Vielen Dank!', next: 'Ein Mensch bei Acme Robotics liest Ihre Antworten; die KI entscheidet nicht.', rating: 'Wie war dieses Interview für Sie? (optional)', comment: 'Klare Fragen, danke.' },
  answers: [
    'Ich entwickle seit acht Jahren Zahlungsdienste in TypeScript und leite heute ein kleines Team bei Acme Pay.',
    'Ein Speicherleck in einem Node-Worker: Ich habe zwei Heap-Snapshots verglichen und einen nie geleerten Cache gefunden.',
  ],
};

const SPANISH: Case = {
  locale: 'es-MX',
  timeZone: 'America/Mexico_City',
  size: PHONE,
  // The configuration is in English and allows Spanish (one interview, one language: the candidate's Spanish is
  // allowed, so the interview is in Spanish; the page offers both; the questions are asked as written).
  configLocale: 'en',
  extraLocales: ['es'],
  questions: [
    { id: 'q1', text: 'Tell me about yourself.', criterion: 'communication' },
    { id: 'q2', text: 'Describe a hard bug you fixed.', criterion: 'technical' },
  ],
  email: {
    subject: 'Invitación a una entrevista: Backend engineer en Acme Robotics',
    lead: 'Acme Robotics le invita a una entrevista escrita para el puesto de Backend engineer.',
    expiry: /Este enlace es válido hasta el \S+, \d{1,2} de \S+ de \d{4}.* \d{1,2}:\d{2}.* \(.+\)\./,
  },
  page: {
    title: 'Entrevista escrita: Backend engineer',
    intro: 'Acme Robotics le invita a una entrevista escrita para el puesto de Backend engineer.',
    zone: 'Las horas se muestran en su zona horaria (America/Mexico City).',
    noticeFirst: 'Las preguntas las hace por escrito una inteligencia artificial (IA), no una persona.',
    detailsSummary: 'Sus datos y sus opciones',
    details: 'Puede pedir a Acme Robotics una entrevista sin IA, con una persona',
    start: 'Empezar la entrevista',
  },
  thread: {
    progress: 'Pregunta 1 de 2',
    greeting: 'Hola, Sofía. Gracias por participar en esta entrevista para el puesto de Backend engineer. Soy un entrevistador de IA; una persona revisará sus respuestas y tomará cualquier decisión.',
    ack: 'Entendido, gracias.',
  },
  thanks: { title: '¡Gracias!', next: 'Una persona de Acme Robotics lee sus respuestas; la IA no decide.', rating: '¿Qué le ha parecido esta entrevista? (opcional)', comment: 'Preguntas claras, gracias.' },
  answers: [
    'Desarrollo servicios de pago en TypeScript desde hace ocho años y hoy dirijo un pequeño equipo en Acme Pay.',
    'Una fuga de memoria en un worker de Node: comparé dos instantáneas del heap y encontré una caché que nunca se vaciaba.',
  ],
};

async function takeInterview(c: Case, firstName: string): Promise<void> {
  const { app } = suite;
  const invited = await inviteCandidate(app, { locale: c.locale, firstName, questions: c.questions, configLocale: c.configLocale, extraLocales: c.extraLocales });
  const [interview] = await app.db.select().from(interviews).where(eq(interviews.id, invited.interviewId));

  // The email: in the candidate's language, the expiry in the organization's zone, named.
  const [email] = await app.db.select().from(mailboxMessages).where(eq(mailboxMessages.orgId, invited.orgId));
  expect(email.subject).toBe(c.email.subject);
  expect(email.text).toContain(c.email.lead);
  expect(email.text).toMatch(c.email.expiry);

  const page = await openCandidatePage(suite.browser, `${app.url}/i/${invited.token}`, { viewport: c.size, locale: c.locale, timezoneId: c.timeZone });
  try {
    expect(await page.title()).toBe(c.page.title);
    expect(await page.locator('.cp-root').getAttribute('lang')).toBe(c.locale.slice(0, 2));
    expect(await page.getByTestId('intro').innerText()).toBe(c.page.intro);
    // The expiry in the browser's own time zone, and the page says which.
    await expect.poll(() => page.getByTestId('time-zone').textContent()).toBe(c.page.zone);
    expect(normalized(await page.getByTestId('expiry').textContent())).toContain(clockIn(interview.expiresAt, c.locale, c.timeZone));
    expect(await page.getByTestId('language-switcher').count()).toBe(c.extraLocales?.length ? 1 : 0);

    // The notice: three items and the consent on one phone screen; the rest behind one tap.
    expect(await page.getByTestId('notice-items').innerText()).toContain(c.page.noticeFirst);
    expect(await page.getByTestId('notice-more').isVisible()).toBe(false);
    await page.setViewportSize(PHONE);
    const consentBottom = await page.getByTestId('start-interview').evaluate((el) => el.getBoundingClientRect().bottom - (document.getElementById('cp-stage-title')?.getBoundingClientRect().top ?? 0));
    expect(consentBottom).toBeLessThanOrEqual(PHONE.height);
    await page.setViewportSize(c.size);
    expect(await axeAtBothSizes(page, c.size)).toEqual([]);
    await page.getByText(c.page.detailsSummary).click();
    expect(await page.getByTestId('notice-more').innerText()).toContain(c.page.details);
    expect(await axeAtBothSizes(page, c.size)).toEqual([]);

    await page.getByTestId('consent').check();
    expect(await page.getByTestId('start-interview').innerText()).toBe(c.page.start);
    await page.getByTestId('start-interview').click();

    // The practice question (issue 25, never posted): tried once, accessible, then the interview.
    await page.getByTestId('practice').waitFor();
    expect(await axeAtBothSizes(page, c.size)).toEqual([]);
    await page.getByTestId('practice-text').fill(c.answers[0]);
    await page.getByTestId('practice-try').click();
    expect(await page.getByTestId('practice-echo').innerText()).toBe(c.answers[0]);
    await page.getByTestId('practice-done').click();

    // The interviewer's framing in the language: greeting and AI disclosure, progress, acknowledgement.
    await expect.poll(() => page.getByTestId('progress').textContent()).toBe(c.thread.progress);
    expect(await page.getByTestId('msg-greeting').innerText()).toContain(c.thread.greeting);
    expect(await page.getByTestId('question-text').innerText()).toBe(c.questions[0].text);
    expect(await axeAtBothSizes(page, c.size)).toEqual([]);
    await page.getByTestId('answer-text').fill(c.answers[0]);
    await page.getByTestId('send-answer').click();
    await expect.poll(() => page.getByTestId('question-text').innerText()).toBe(c.questions[1].text);
    expect(await page.getByTestId('msg-ack').innerText()).toContain(c.thread.ack);
    expect(await axeAtBothSizes(page, c.size)).toEqual([]);
    await page.getByTestId('answer-text').fill(c.answers[1]);
    await page.getByTestId('send-answer').click();

    // The thank-you page says what happens next (no words of the organization's own: the default).
    await expect.poll(() => page.getByTestId('invitation-finished').innerText()).toContain(c.thanks.title);
    expect(await page.getByTestId('thanks-next').innerText()).toContain(c.thanks.next);
    expect(await page.getByTestId('rating').innerText()).toContain(c.thanks.rating);
    expect(await axeAtBothSizes(page, c.size)).toEqual([]);
    // The optional rating: one choice and a comment, stored on the interview (the funnel counts it).
    await page.getByTestId('rating-4').check();
    await page.getByTestId('rating-comment').fill(c.thanks.comment);
    await page.getByTestId('rating-send').click();
    await page.getByTestId('rating-done').waitFor();
    const [rated] = await app.db.select().from(interviews).where(eq(interviews.id, invited.interviewId));
    expect([rated.satisfactionScore, rated.satisfactionComment]).toEqual([4, c.thanks.comment]);
  } finally {
    await page.close();
  }
}

describe('the candidate in their own language and time zone', () => {
  it('German, on a laptop in Japan: email, notice, questions framed in German, dates in Asia/Tokyo; no language switcher', async () => {
    await takeInterview(GERMAN, 'Lena');
  }, 90_000);

  it('Spanish, on a phone in Mexico: the same in Spanish, and a switcher to the configuration’s English', async () => {
    await takeInterview(SPANISH, 'Sofía');
  }, 90_000);

  it('the switcher shows the page in the other language the configuration allows, and back', async () => {
    const { app } = suite;
    const invited = await inviteCandidate(app, { locale: 'es', firstName: 'Lucía', configLocale: 'en', extraLocales: ['es'] });
    const page = await openCandidatePage(suite.browser, `${app.url}/i/${invited.token}`, { viewport: PHONE, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
    try {
      const switcher = page.getByTestId('language-switcher');
      expect(await switcher.getAttribute('aria-label')).toBe('Idioma');
      // The configuration's own language first, then the ones it allows.
      expect(await switcher.locator('a').allInnerTexts()).toEqual(['English', 'Español']);
      expect(await switcher.locator('a[aria-current]').innerText()).toBe('Español');
      await switcher.getByText('English').click();
      await expect.poll(() => page.getByTestId('intro').innerText()).toBe('Acme Robotics invites you to a written interview for the Backend engineer position.');
      expect(await page.locator('.cp-root').getAttribute('lang')).toBe('en');
      await expect.poll(() => page.getByTestId('time-zone').textContent()).toBe('Times are shown in your time zone (Europe/Madrid).');
      expect(await page.getByTestId('notice-items').innerText()).toContain('The questions are asked in writing by an artificial intelligence (AI)');
      expect(await axeAtBothSizes(page, PHONE)).toEqual([]);
      await page.getByTestId('language-switcher').getByText('Español').click();
      await expect.poll(() => page.getByTestId('intro').innerText()).toBe('Acme Robotics le invita a una entrevista escrita para el puesto de Backend engineer.');

      // Switching changes the interview's language (one interview, one language): started in English, the
      // interviewer greets in English, the choice is kept and the switcher is gone.
      await page.getByTestId('language-switcher').getByText('English').click();
      await expect.poll(() => page.locator('.cp-root').getAttribute('lang')).toBe('en');
      await page.getByTestId('consent').check();
      await page.getByTestId('start-interview').click();
      await page.getByTestId('practice').waitFor();
      await page.getByTestId('practice-done').click();
      await expect.poll(() => page.getByTestId('msg-greeting').innerText()).toContain('Hello Lucía, thank you for joining this interview for the Backend engineer position.');
      const [row] = await app.db.select({ language: interviews.language }).from(interviews).where(eq(interviews.id, invited.interviewId));
      expect(row.language).toBe('en');
      await page.goto(`${app.url}/i/${invited.token}?lang=es`);
      expect(await page.locator('.cp-root').getAttribute('lang')).toBe('en');
      expect(await page.getByTestId('language-switcher').count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});
