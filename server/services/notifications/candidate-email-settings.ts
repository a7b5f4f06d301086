import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { organizations } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { getEnv } from '@/server/env';
import type { AuditContext } from '../audit/audit-actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { DecisionEmailTemplatesSchema } from '../decisions/decision-email';

/**
 * Settings → Candidate emails (issue 26): the organization's advance and reject emails (null: the default in the
 * candidate's language) and the expiry reminder of invitations (on or off, and how many hours before the link
 * expires; null: the deployment's default).
 */
export const CandidateEmailSettingsSchema = z.object({
  decisionEmailTemplates: DecisionEmailTemplatesSchema,
  remindersEnabled: z.boolean(),
  reminderHoursBeforeExpiry: z.number().int().nullable(),
  /** The deployment's delay, used when reminderHoursBeforeExpiry is null. */
  defaultReminderHoursBeforeExpiry: z.number().int(),
});
export type CandidateEmailSettings = z.infer<typeof CandidateEmailSettingsSchema>;

export const UpdateCandidateEmailSettingsInputSchema = z.strictObject({
  decisionEmailTemplates: DecisionEmailTemplatesSchema.optional(),
  remindersEnabled: z.boolean().optional(),
  reminderHoursBeforeExpiry: z.number().int().min(1, 'Must be at least 1 hour').max(24 * 89, 'Must be less than the longest link (90 days)').nullable().optional(),
});

export async function getCandidateEmailSettings(db: DbExecutor, input: { orgId: string }): Promise<CandidateEmailSettings> {
  const [row] = await db
    .select({ templates: organizations.decisionEmailTemplates, enabled: organizations.remindersEnabled, hours: organizations.reminderHoursBeforeExpiry })
    .from(organizations)
    .where(eq(organizations.id, input.orgId));
  return {
    decisionEmailTemplates: { advance: row?.templates?.advance ?? null, reject: row?.templates?.reject ?? null },
    remindersEnabled: row?.enabled ?? true,
    reminderHoursBeforeExpiry: row?.hours ?? null,
    defaultReminderHoursBeforeExpiry: getEnv().REMINDER_HOURS_BEFORE_EXPIRY,
  };
}

export async function updateCandidateEmailSettings(
  db: DbExecutor,
  input: { orgId: string; audit?: AuditContext } & z.infer<typeof UpdateCandidateEmailSettingsInputSchema>,
): Promise<CandidateEmailSettings> {
  await db.transaction(async (tx) => {
    await tx
      .update(organizations)
      .set({
        ...(input.decisionEmailTemplates !== undefined ? { decisionEmailTemplates: input.decisionEmailTemplates } : {}),
        ...(input.remindersEnabled !== undefined ? { remindersEnabled: input.remindersEnabled } : {}),
        ...(input.reminderHoursBeforeExpiry !== undefined ? { reminderHoursBeforeExpiry: input.reminderHoursBeforeExpiry } : {}),
      })
      .where(eq(organizations.id, input.orgId));
    const changed: Record<string, string | number | boolean | null> = { setting: 'candidate_emails' };
    if (input.decisionEmailTemplates !== undefined) {
      changed.advanceTemplate = input.decisionEmailTemplates.advance !== null;
      changed.rejectTemplate = input.decisionEmailTemplates.reject !== null;
    }
    if (input.remindersEnabled !== undefined) changed.remindersEnabled = input.remindersEnabled;
    if (input.reminderHoursBeforeExpiry !== undefined) changed.reminderHoursBeforeExpiry = input.reminderHoursBeforeExpiry;
    await recordAuditEvent(tx, { orgId: input.orgId, audit: input.audit, action: 'settings.updated', targetType: 'organization', targetId: input.orgId, details: changed });
  });
  return getCandidateEmailSettings(db, { orgId: input.orgId });
}
