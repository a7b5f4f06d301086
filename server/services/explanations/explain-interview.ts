import { z } from 'zod';
import type { DbExecutor } from '@/db/client';
import type { AuditContext } from '../audit/audit-actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { buildExplanation } from './build-explanation';
import { EXPLANATION_LANGUAGES } from './explanation-copy';
import { renderExplanationHtml, renderExplanationPdf } from './render-explanation';

export const ExplanationQuerySchema = z.strictObject({
  format: z.enum(['html', 'pdf'], 'Must be html or pdf').default('html').describe('html (default) or pdf.'),
  language: z
    .enum(EXPLANATION_LANGUAGES, `Must be one of ${EXPLANATION_LANGUAGES.join(', ')}`)
    .optional()
    .describe("The document's language (en fr de es it nl pt); default the candidate's own (their locale, as their interview and emails), English once they are erased."),
});
export type ExplanationQuery = z.input<typeof ExplanationQuerySchema>;

/**
 * An interview's explanation document as a file (HTML or PDF), and one audit entry saying who generated it, in
 * which language and format (never its content).
 */
export async function explainInterview(
  db: DbExecutor,
  input: { orgId: string; interviewId: string; audit?: AuditContext } & ExplanationQuery,
): Promise<{ contentType: string; fileName: string; body: string | Buffer; language: string }> {
  const query = ExplanationQuerySchema.parse({ format: input.format, language: input.language });
  const doc = await buildExplanation(db, { orgId: input.orgId, interviewId: input.interviewId, language: query.language });
  await recordAuditEvent(db, {
    orgId: input.orgId,
    audit: input.audit,
    action: 'interview.explanation_generated',
    targetType: 'interview',
    targetId: input.interviewId,
    details: { language: doc.language, format: query.format, reportId: doc.reportId },
  });
  const fileName = `explanation-${input.interviewId}-${doc.language}.${query.format}`;
  if (query.format === 'pdf') return { contentType: 'application/pdf', fileName, body: await renderExplanationPdf(doc), language: doc.language };
  return { contentType: 'text/html; charset=utf-8', fileName, body: renderExplanationHtml(doc), language: doc.language };
}
