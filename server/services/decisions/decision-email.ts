import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { interviewDecisions, interviews, organizations } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { resolveCandidateLocale } from '@/server/i18n/candidate-locale';
import { decisionEmailMessages } from '@/server/i18n/messages/decisionEmail';
import { createTranslator } from '@/server/i18n/translator';
import { log } from '@/server/log';
import { escapeHtml } from '../email/html';
import { sendEmail } from '../email/send-email';
import { invitationLanguageOf, selectInvitationFacts } from '../invitations/select-invitation-facts';

/** The decisions a candidate can be told about: advance and reject (a hold is not news for the candidate). */
export const EMAILED_DECISIONS = ['ADVANCE', 'REJECT'] as const;
export type EmailedDecision = (typeof EMAILED_DECISIONS)[number];

/**
 * An organization's own words for one decision, replacing the default of every language (the organization
 * writes in its own language; `{name}`, `{job}` and `{org}` are filled in). Null: the default, in the candidate's
 * language.
 */
export const DecisionEmailTemplateSchema = z.strictObject({
  subject: z.string().trim().min(1, 'Required').max(200, 'Must be at most 200 characters'),
  body: z.string().trim().min(1, 'Required').max(5000, 'Must be at most 5000 characters'),
});
export const DecisionEmailTemplatesSchema = z.strictObject({ advance: DecisionEmailTemplateSchema.nullable(), reject: DecisionEmailTemplateSchema.nullable() });
export type DecisionEmailTemplates = z.infer<typeof DecisionEmailTemplatesSchema>;

export const DecisionEmailJobSchema = z.object({ orgId: z.string(), interviewId: z.string(), decisionId: z.string() });
export type DecisionEmailJob = z.infer<typeof DecisionEmailJobSchema>;

export type DecisionEmailResult = { outcome: 'sent' | 'already-sent'; providerMessageId: string } | { outcome: 'skipped'; reason: 'malformed-job' | 'not-found' | 'superseded' | 'not-emailed' };

type Rendered = { subject: string; html: string; text: string };

/** Fills `{name}`, `{job}`, `{org}` in an organization's own template (anything else stays as written). */
function fill(template: string, values: { name: string; job: string; org: string }): string {
  return template.replace(/\{(name|job|org)\}/g, (_, key: 'name' | 'job' | 'org') => values[key]);
}

/** The email for a decision: the organization's template when it wrote one, else the default in the candidate's language. */
export function renderDecisionEmail(input: {
  decision: EmailedDecision;
  locale: string;
  candidateFirstName: string | null;
  organizationName: string;
  jobTitle: string;
  template: { subject: string; body: string } | null;
}): Rendered & { language: string } {
  const locale = resolveCandidateLocale(input.locale);
  const t = createTranslator(decisionEmailMessages, locale);
  const values = { job: input.jobTitle, org: input.organizationName };
  const kind = input.decision === 'ADVANCE' ? 'advance' : 'reject';
  const greeting = input.candidateFirstName ? t('greeting', { name: input.candidateFirstName }) : t('greetingNoName');
  const subject = input.template ? fill(input.template.subject, { name: input.candidateFirstName ?? '', ...values }) : t(`${kind}Subject`, values);
  const body = input.template ? fill(input.template.body, { name: input.candidateFirstName ?? '', ...values }) : t(`${kind}Body`, values);
  const paragraphs = body.split(/\n{2,}/).map((p) => p.trim()).filter(Boolean);
  const text = [greeting, ...paragraphs, `${t('signoff')}\n${input.organizationName}`].join('\n\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
    `<p>${escapeHtml(t('signoff'))}<br>${escapeHtml(input.organizationName)}</p>`,
  ].join('\n');
  return { subject: subject.replace(/[\r\n]+/g, ' '), html, text, language: locale.language };
}

/**
 * The decision email job: re-reads the decision and sends nothing if it is no longer the current one (the
 * recruiter changed their mind before the job ran) or is a hold. At most once per decision (the ledger and
 * Resend's idempotency key); a provider failure throws and the queue retries.
 */
export async function sendDecisionEmail(db: DbExecutor, data: unknown): Promise<DecisionEmailResult> {
  const parsed = DecisionEmailJobSchema.safeParse(data);
  if (!parsed.success) {
    log.error({}, 'decision email job with a malformed payload; dropped');
    return { outcome: 'skipped', reason: 'malformed-job' };
  }
  const job = parsed.data;
  const [decision] = await db
    .select({ status: interviewDecisions.status, supersededAt: interviewDecisions.supersededAt })
    .from(interviewDecisions)
    .where(and(eq(interviewDecisions.id, job.decisionId), eq(interviewDecisions.orgId, job.orgId), eq(interviewDecisions.interviewId, job.interviewId)));
  if (!decision) return { outcome: 'skipped', reason: 'not-found' };
  if (decision.supersededAt) return { outcome: 'skipped', reason: 'superseded' };
  if (decision.status !== 'ADVANCE' && decision.status !== 'REJECT') return { outcome: 'skipped', reason: 'not-emailed' };
  const row = await selectInvitationFacts(db, and(eq(interviews.id, job.interviewId), eq(interviews.orgId, job.orgId))!);
  if (!row) return { outcome: 'skipped', reason: 'not-found' };
  const [org] = await db.select({ templates: organizations.decisionEmailTemplates }).from(organizations).where(eq(organizations.id, job.orgId));
  const templates = org?.templates ?? null;
  const rendered = renderDecisionEmail({
    decision: decision.status,
    // The interview's language, as its invitation email (one interview, one language).
    locale: invitationLanguageOf(row).locale.intlLocale,
    candidateFirstName: row.firstName,
    organizationName: row.organizationName,
    jobTitle: row.jobTitle,
    template: (decision.status === 'ADVANCE' ? templates?.advance : templates?.reject) ?? null,
  });
  const sent = await sendEmail(db, {
    orgId: job.orgId,
    interviewId: job.interviewId,
    kind: 'decision',
    locale: rendered.language,
    to: row.email,
    replyTo: row.contactEmail,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    idempotencyKey: `decision/${job.decisionId}`,
  });
  log.info({ interviewId: job.interviewId, outcome: sent.outcome, transport: sent.transport }, 'decision email delivered');
  return { outcome: sent.outcome, providerMessageId: sent.providerMessageId };
}
