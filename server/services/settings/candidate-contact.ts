import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { organizations } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import type { AuditContext } from '../audit/audit-actor';
import { updateOrganizationSetting } from '../organizations/update-organization-setting';

export const CandidateContactSettingsSchema = z.object({
  contactEmail: z
    .string()
    .nullable()
    .describe("Told to candidates before they start (questions about their data, an interview without AI); the Reply-To of their emails."),
  nextSteps: z.string().nullable().describe('Shown on the thank-you page: what happens after the interview and when, in the organization\'s words; null shows the default.'),
});
export type CandidateContactSettings = z.infer<typeof CandidateContactSettingsSchema>;

const EMAIL_MESSAGE = 'Must be a valid email address';

/** Trimmed and lower-cased; an empty string (a cleared field) or null removes the contact. */
export const UpdateCandidateContactInputSchema = z.strictObject({
  contactEmail: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'Must be at most 254 characters')
    .refine((value) => value === '' || z.email().safeParse(value).success, EMAIL_MESSAGE)
    .transform((value) => (value === '' ? null : value))
    .nullable(),
  /** Omitted: unchanged. Empty or null: back to the default text. */
  nextSteps: z
    .string()
    .trim()
    .max(1000, 'Must be at most 1000 characters')
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
});

export async function getCandidateContactSettings(db: DbExecutor, input: { orgId: string }): Promise<CandidateContactSettings> {
  const [row] = await db.select({ contactEmail: organizations.contactEmail, nextSteps: organizations.candidateNextSteps }).from(organizations).where(eq(organizations.id, input.orgId));
  if (!row) throw notFound('Organization');
  return { contactEmail: row.contactEmail, nextSteps: row.nextSteps };
}

/**
 * Changes the address candidates are told to write to; audited as `settings.updated` naming the setting. The
 * address itself is not kept in the audit log: it is often a named recruiter's own mailbox (personal data of a
 * colleague) and the log is append-only, so only whether it was set before and after is recorded.
 */
export async function updateCandidateContactSettings(
  db: DbExecutor,
  input: { orgId: string; contactEmail: string | null; nextSteps?: string | null; audit?: AuditContext },
): Promise<CandidateContactSettings> {
  await updateOrganizationSetting(db, {
    orgId: input.orgId,
    setting: 'contactEmail',
    value: input.contactEmail,
    audit: input.audit,
    details: (before, after) => ({ wasSet: before !== null, isSet: after !== null }),
  });
  if (input.nextSteps !== undefined) {
    await updateOrganizationSetting(db, {
      orgId: input.orgId,
      setting: 'candidateNextSteps',
      value: input.nextSteps,
      audit: input.audit,
      details: (before, after) => ({ wasSet: before !== null, isSet: after !== null }),
    });
  }
  return getCandidateContactSettings(db, { orgId: input.orgId });
}
