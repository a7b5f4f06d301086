import PDFDocument from 'pdfkit';
import type { Recommendation } from '@/db/schema';
import { explanationMessages } from '@/server/i18n/messages/explanation';
import { createTranslator, type MessageKey, type Translator } from '@/server/i18n/translator';
import type { ExplanationDocument } from './build-explanation';
import { explanationFonts } from './explanation-fonts';

/**
 * The explanation as blocks of text, in reading order: one layout for the HTML and the PDF, so both say the same.
 */
type Block =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'facts'; rows: [string, string][] }
  | { kind: 'table'; head: string[]; rows: string[][] }
  | { kind: 'quote'; text: string };

type T = Translator<MessageKey<typeof explanationMessages>>;

const score = (value: number | null, t: T, max = 10) => (value === null ? t('notScored') : `${Math.round(value * 10) / 10}/${max}`);

function dateOf(iso: string | null, intlLocale: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(intlLocale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso)) + ' UTC';
}

const RECOMMENDATION_KEYS = {
  STRONG_YES: 'recommendationStrongYes',
  YES: 'recommendationYes',
  NO: 'recommendationNo',
  DEFINITELY_NO: 'recommendationDefinitelyNo',
  NO_DECISION: 'recommendationNone',
} as const satisfies Record<Recommendation, MessageKey<typeof explanationMessages>>;
const DECISION_KEYS = { ADVANCE: 'decisionAdvance', HOLD: 'decisionHold', REJECT: 'decisionReject' } as const;

/** The document's words: the `explanation` catalogue in its language, dates in its locale's conventions. */
export const explanationTranslator = (doc: Pick<ExplanationDocument, 'language' | 'intlLocale'>): T =>
  createTranslator(explanationMessages, { language: doc.language, intlLocale: doc.intlLocale });

export function explanationBlocks(doc: ExplanationDocument): Block[] {
  const t = explanationTranslator(doc);
  const blocks: Block[] = [
    { kind: 'title', text: t('title') },
    { kind: 'paragraph', text: t('intro', { jobTitle: doc.jobTitle, organization: doc.organization }) },
    {
      kind: 'facts',
      rows: [
        doc.candidate ? [t('candidate'), [doc.candidate.firstName, doc.candidate.lastName].filter(Boolean).join(' ') || '—'] : [t('erasedCandidate'), '—'],
        [t('interviewDate'), dateOf(doc.completedAt, doc.intlLocale)],
      ],
    },
    { kind: 'heading', text: t('howTitle') },
    { kind: 'paragraph', text: t('howScoring') },
    { kind: 'paragraph', text: t('howOverall') },
    { kind: 'paragraph', text: t('howHuman') },
    { kind: 'heading', text: t('criteriaTitle') },
    {
      kind: 'table',
      head: [t('criterion'), t('weight'), t('aiScore'), t('reviewerScore')],
      rows: doc.criteria.map((c) => [c.label, String(c.weight), score(c.aiScore, t), c.reviewerScore === null ? '—' : score(c.reviewerScore, t)]),
    },
    { kind: 'heading', text: t('evidenceTitle') },
  ];
  for (const c of doc.criteria) {
    blocks.push({ kind: 'paragraph', text: `${c.label} (${score(c.aiScore, t)})` });
    if (c.evidence.length === 0) blocks.push({ kind: 'quote', text: t('noEvidence') });
    for (const e of c.evidence) {
      blocks.push({ kind: 'paragraph', text: t('answerScored', { turnNumber: String(e.turnNumber), score: e.score === null ? '—' : String(e.score) }) });
      if (e.quotes.length === 0) blocks.push({ kind: 'quote', text: t('wordsErased') });
      for (const q of e.quotes) blocks.push({ kind: 'quote', text: `“${q}”` });
    }
    if (c.reviewerNote) blocks.push({ kind: 'paragraph', text: `${t('reviewerScore')}: ${score(c.reviewerScore, t)} — ${c.reviewerNote}` });
  }
  blocks.push(
    { kind: 'heading', text: t('overallTitle') },
    {
      kind: 'facts',
      rows: [
        [t('aiOverall'), score(doc.ai.overallScore, t, 100)],
        [t('aiAdvice'), doc.ai.recommendation ? t(RECOMMENDATION_KEYS[doc.ai.recommendation]) : '—'],
        [t('reviewerOverall'), doc.review ? score(doc.review.overallScore, t, 100) : t('noReview')],
      ],
    },
    { kind: 'heading', text: t('decisionTitle') },
  );
  const d = doc.decision;
  if (!d) blocks.push({ kind: 'paragraph', text: t('noDecision') });
  else {
    blocks.push({
      kind: 'facts',
      rows: [
        [t('decision'), t(DECISION_KEYS[d.status])],
        [t('decidedBy'), d.decidedBy.type === 'user' ? t('deciderUser', { name: d.decidedBy.name ?? t('aRecruiter') }) : t('deciderApiKey', { name: d.decidedBy.name ?? 'API' })],
        [t('decidedAt'), dateOf(d.decidedAt, doc.intlLocale)],
        ...(d.reason ? [[t('reason'), d.reason] as [string, string]] : []),
      ],
    });
    blocks.push({ kind: 'paragraph', text: d.differsFromAi === null ? t('noAdvice') : d.differsFromAi ? t('differs') : t('agrees') });
  }
  blocks.push({ kind: 'heading', text: t('modelTitle') });
  const evaluators = doc.models?.evaluators ?? [];
  if (evaluators.length === 0) blocks.push({ kind: 'paragraph', text: t('scoredByNoModel') });
  for (const e of evaluators) blocks.push({ kind: 'paragraph', text: t('scoredBy', { model: e.model, provider: e.provider, prompt: e.promptVersion, answers: e.answers }) });
  if (doc.models) blocks.push({ kind: 'paragraph', text: t('rubric', { version: doc.models.rubricVersion }) });
  blocks.push({ kind: 'heading', text: t('rightsTitle') }, { kind: 'paragraph', text: t('rights') }, { kind: 'paragraph', text: `${t('generatedAt')}: ${dateOf(doc.generatedAt, doc.intlLocale)}` });
  return blocks;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A self-contained HTML page (inline styles, no script, no outside resource), printable as it is. */
export function renderExplanationHtml(doc: ExplanationDocument): string {
  const body = explanationBlocks(doc)
    .map((b) => {
      switch (b.kind) {
        case 'title':
          return `<h1>${escapeHtml(b.text)}</h1>`;
        case 'heading':
          return `<h2>${escapeHtml(b.text)}</h2>`;
        case 'paragraph':
          return `<p>${escapeHtml(b.text)}</p>`;
        case 'quote':
          return `<blockquote>${escapeHtml(b.text)}</blockquote>`;
        case 'facts':
          return `<dl>${b.rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`;
        case 'table':
          return `<table><thead><tr>${b.head.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${b.rows
            .map((r) => `<tr>${r.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
            .join('')}</tbody></table>`;
      }
    })
    .join('\n');
  const title = explanationTranslator(doc)('title');
  return `<!doctype html>
<html lang="${doc.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#0f172a;line-height:1.5}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin-top:1.5rem;border-bottom:1px solid #cbd5e1}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #cbd5e1;padding:.3rem .5rem;text-align:left}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}dt{font-weight:600}dd{margin:0}
blockquote{margin:.2rem 0 .6rem 1rem;padding-left:.6rem;border-left:3px solid #94a3b8;color:#334155}
</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/**
 * The same blocks as a PDF (pdfkit), in DejaVu Sans embedded as a subset (the npm package dejavu-fonts-ttf, a free
 * licence: Bitstream Vera's with DejaVu's changes in the public domain): every Latin, Greek and Cyrillic letter
 * prints as itself (œ, ł, ş, ő…), typographic quotes too. Scripts DejaVu lacks (CJK, and Arabic without shaping)
 * remain a known limit.
 */
export async function renderExplanationPdf(doc: ExplanationDocument): Promise<Buffer> {
  const fonts = explanationFonts();
  const pdf = new PDFDocument({ size: 'A4', margin: 50, info: { Title: explanationTranslator(doc)('title'), Producer: 'Interview screening service' }, lang: doc.language });
  pdf.registerFont('Body', fonts.regular);
  pdf.registerFont('Body-Bold', fonts.bold);
  pdf.registerFont('Body-Oblique', fonts.oblique);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  for (const b of explanationBlocks(doc)) {
    switch (b.kind) {
      case 'title':
        pdf.font('Body-Bold').fontSize(18).text(b.text).moveDown(0.5);
        break;
      case 'heading':
        pdf.moveDown(0.6).font('Body-Bold').fontSize(13).text(b.text).moveDown(0.2);
        break;
      case 'paragraph':
        pdf.font('Body').fontSize(10.5).text(b.text).moveDown(0.3);
        break;
      case 'quote':
        pdf.font('Body-Oblique').fontSize(10).text(b.text, { indent: 18 }).moveDown(0.3);
        break;
      case 'facts':
        for (const [k, v] of b.rows) pdf.font('Body-Bold').fontSize(10.5).text(`${k}: `, { continued: true }).font('Body').text(v);
        pdf.moveDown(0.3);
        break;
      case 'table':
        pdf.font('Body-Bold').fontSize(10.5).text(b.head.join(' | '));
        for (const row of b.rows) pdf.font('Body').text(row.join(' | '));
        pdf.moveDown(0.3);
        break;
    }
  }
  pdf.end();
  return done;
}
