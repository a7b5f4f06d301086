import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_RETENTION_DAYS, MAX_RETENTION_DAYS, MIN_RETENTION_DAYS, organizations } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { getEnv } from '@/server/env';
import { invalidField, notFound } from '@/server/errors';
import type { AuditContext } from '../audit/audit-actor';
import { updateOrganizationSetting } from '../organizations/update-organization-setting';

export const RetentionSettingsSchema = z.object({
  retentionDays: z.number().int().describe('Candidates are erased this many days after their last activity.'),
  defaultDays: z.number().int(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
});
export type RetentionSettings = z.infer<typeof RetentionSettingsSchema>;

export const UpdateRetentionInputSchema = z.strictObject({
  retentionDays: z
    .number()
    .int('Must be a whole number of days')
    .min(MIN_RETENTION_DAYS, `Must be at least ${MIN_RETENTION_DAYS} days`)
    .max(MAX_RETENTION_DAYS, `Must be at most ${MAX_RETENTION_DAYS} days (two years, the regulator's guidance)`),
});

/** The shortest retention period allowed: the schema's minimum, raised to the AI records' floor (AI_RECORDS_FLOOR_DAYS). */
export function minimumRetentionDays(): number {
  return Math.max(MIN_RETENTION_DAYS, getEnv().AI_RECORDS_FLOOR_DAYS);
}

function toSettings(retentionDays: number): RetentionSettings {
  return { retentionDays, defaultDays: DEFAULT_RETENTION_DAYS, minDays: minimumRetentionDays(), maxDays: MAX_RETENTION_DAYS };
}

export async function getRetentionSettings(db: DbExecutor, input: { orgId: string }): Promise<RetentionSettings> {
  const [row] = await db.select({ retentionDays: organizations.retentionDays }).from(organizations).where(eq(organizations.id, input.orgId));
  if (!row) throw notFound('Organization');
  return toSettings(row.retentionDays);
}

/** Changes the organization's retention period (bounds in the input schema); audited with the old and new value. */
export async function updateRetentionSettings(
  db: DbExecutor,
  input: { orgId: string; retentionDays: number; audit?: AuditContext },
): Promise<RetentionSettings> {
  const floor = minimumRetentionDays();
  if (input.retentionDays < floor) {
    throw invalidField(
      'retentionDays',
      `Must be at least ${floor} days: the AI's records of an assessment (scores, provenance, times) are kept at least that long (EU AI Act Art. 19 and 26(6); the operator's AI_RECORDS_FLOOR_DAYS)`,
    );
  }
  await updateOrganizationSetting(db, {
    orgId: input.orgId,
    setting: 'retentionDays',
    value: input.retentionDays,
    audit: input.audit,
    details: (from, to) => ({ from, to }),
  });
  return toSettings(input.retentionDays);
}
