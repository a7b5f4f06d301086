import PDFDocument from 'pdfkit';
import { EXPLANATION_COPY, type ExplanationCopy } from './explanation-copy';
import type { ExplanationDocument } from './build-explanation';

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

const score = (value: number | null, copy: ExplanationCopy, max = 10) => (value === null ? copy.notScored : `${Math.round(value * 10) / 10}/${max}`);

function dateOf(iso: string | null, language: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso)) + ' UTC';
}

export function explanationBlocks(doc: ExplanationDocument): Block[] {
  const copy = EXPLANATION_COPY[doc.language];
  const blocks: Block[] = [
    { kind: 'title', text: copy.title },
    { kind: 'paragraph', text: copy.intro({ jobTitle: doc.jobTitle, organization: doc.organization }) },
    {
      kind: 'facts',
      rows: [
        doc.candidate ? [copy.candidate, [doc.candidate.firstName, doc.candidate.lastName].filter(Boolean).join(' ') || '—'] : [copy.erasedCandidate, '—'],
        [copy.interviewDate, dateOf(doc.completedAt, doc.language)],
      ],
    },
    { kind: 'heading', text: copy.howTitle },
    ...copy.how.map((text): Block => ({ kind: 'paragraph', text })),
    { kind: 'heading', text: copy.criteriaTitle },
    {
      kind: 'table',
      head: [copy.criterion, copy.weight, copy.aiScore, copy.reviewerScore],
      rows: doc.criteria.map((c) => [c.label, String(c.weight), score(c.aiScore, copy), c.reviewerScore === null ? '—' : score(c.reviewerScore, copy)]),
    },
    { kind: 'heading', text: copy.evidenceTitle },
  ];
  for (const c of doc.criteria) {
    blocks.push({ kind: 'paragraph', text: `${c.label} (${score(c.aiScore, copy)})` });
    if (c.evidence.length === 0) blocks.push({ kind: 'quote', text: copy.noEvidence });
    for (const e of c.evidence) {
      blocks.push({ kind: 'paragraph', text: copy.answerScored({ turnNumber: e.turnNumber, score: e.score === null ? '—' : String(e.score) }) });
      if (e.quotes.length === 0) blocks.push({ kind: 'quote', text: copy.wordsErased });
      for (const q of e.quotes) blocks.push({ kind: 'quote', text: `“${q}”` });
    }
    if (c.reviewerNote) blocks.push({ kind: 'paragraph', text: `${copy.reviewerScore}: ${score(c.reviewerScore, copy)} — ${c.reviewerNote}` });
  }
  blocks.push(
    { kind: 'heading', text: copy.overallTitle },
    {
      kind: 'facts',
      rows: [
        [copy.aiOverall, score(doc.ai.overallScore, copy, 100)],
        [copy.aiAdvice, doc.ai.recommendation ? copy.recommendations[doc.ai.recommendation] : '—'],
        [copy.reviewerOverall, doc.review ? score(doc.review.overallScore, copy, 100) : copy.noReview],
      ],
    },
    { kind: 'heading', text: copy.decisionTitle },
  );
  const d = doc.decision;
  if (!d) blocks.push({ kind: 'paragraph', text: copy.noDecision });
  else {
    blocks.push({
      kind: 'facts',
      rows: [
        [copy.decision, copy.decisions[d.status]],
        [copy.decidedBy, d.decidedBy.type === 'user' ? copy.deciderUser(d.decidedBy.name) : copy.deciderApiKey(d.decidedBy.name)],
        [copy.decidedAt, dateOf(d.decidedAt, doc.language)],
        ...(d.reason ? [[copy.reason, d.reason] as [string, string]] : []),
      ],
    });
    blocks.push({ kind: 'paragraph', text: d.differsFromAi === null ? copy.noAdvice : d.differsFromAi ? copy.differs : copy.agrees });
  }
  blocks.push({ kind: 'heading', text: copy.modelTitle });
  const evaluators = doc.models?.evaluators ?? [];
  if (evaluators.length === 0) blocks.push({ kind: 'paragraph', text: copy.scoredByNoModel });
  for (const e of evaluators) blocks.push({ kind: 'paragraph', text: copy.scoredBy({ model: e.model, provider: e.provider, prompt: e.promptVersion, answers: e.answers }) });
  if (doc.models) blocks.push({ kind: 'paragraph', text: copy.rubric({ version: doc.models.rubricVersion }) });
  blocks.push({ kind: 'heading', text: copy.rightsTitle }, { kind: 'paragraph', text: copy.rights }, { kind: 'paragraph', text: `${copy.generatedAt}: ${dateOf(doc.generatedAt, doc.language)}` });
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
  const title = EXPLANATION_COPY[doc.language].title;
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
 * The same blocks as a PDF (pdfkit, its standard Helvetica: Latin-1 text such as French and English; a character
 * that font cannot draw is shown as "?", a known limit for other scripts; typographic quotes become plain ones).
 */
export async function renderExplanationPdf(doc: ExplanationDocument): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: 50, info: { Title: EXPLANATION_COPY[doc.language].title, Producer: 'Interview screening service' }, lang: doc.language });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  // Typographic quotes and dashes as their plain forms (the standard fonts' encoding drops them), anything else outside Latin-1 as "?".
  const text = (value: string) =>
    value
      .replace(/[\u201c\u201d\u00ab\u00bb]/g, '"')
      .replace(/[\u2018\u2019]/g, "'")
      .replace(/[\u2013\u2014]/g, '-')
      .replace(/\u2026/g, '...')
      .replace(/[^\u0000-\u00ff]/g, '?');
  for (const b of explanationBlocks(doc)) {
    switch (b.kind) {
      case 'title':
        pdf.font('Helvetica-Bold').fontSize(18).text(text(b.text)).moveDown(0.5);
        break;
      case 'heading':
        pdf.moveDown(0.6).font('Helvetica-Bold').fontSize(13).text(text(b.text)).moveDown(0.2);
        break;
      case 'paragraph':
        pdf.font('Helvetica').fontSize(10.5).text(text(b.text)).moveDown(0.3);
        break;
      case 'quote':
        pdf.font('Helvetica-Oblique').fontSize(10).text(text(b.text), { indent: 18 }).moveDown(0.3);
        break;
      case 'facts':
        for (const [k, v] of b.rows) pdf.font('Helvetica-Bold').fontSize(10.5).text(`${text(k)}: `, { continued: true }).font('Helvetica').text(text(v));
        pdf.moveDown(0.3);
        break;
      case 'table':
        pdf.font('Helvetica-Bold').fontSize(10.5).text(text(b.head.join(' | ')));
        for (const row of b.rows) pdf.font('Helvetica').text(text(row.join(' | ')));
        pdf.moveDown(0.3);
        break;
    }
  }
  pdf.end();
  return done;
}
