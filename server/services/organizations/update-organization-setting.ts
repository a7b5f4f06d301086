import { eq } from 'drizzle-orm';
import { organizations } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import type { AuditContext } from '../audit/audit-actor';
import { recordAuditEvent } from '../audit/record-audit-event';

type SettingColumn = 'retentionDays' | 'language' | 'contactEmail' | 'candidateNextSteps' | 'reviewBeforeAi' | 'collectSelfIdentification';
type SettingValue<K extends SettingColumn> = (typeof organizations.$inferSelect)[K];

/**
 * Changes one organization-wide setting under the organization row's lock, and writes one `settings.updated` audit
 * entry when the value actually changes (saving the same value again records nothing). `details` says what the
 * entry keeps of the old and new values: some settings may be logged as values, others only as set or not.
 */
export async function updateOrganizationSetting<K extends SettingColumn>(
  db: DbExecutor,
  input: {
    orgId: string;
    setting: K;
    value: SettingValue<K>;
    audit?: AuditContext;
    details: (before: SettingValue<K>, after: SettingValue<K>) => Record<string, unknown>;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const column = organizations[input.setting];
    const [row] = await tx.select({ value: column }).from(organizations).where(eq(organizations.id, input.orgId)).for('update');
    if (!row) throw notFound('Organization');
    const before = row.value as SettingValue<K>;
    if (before === input.value) return;
    await tx
      .update(organizations)
      .set({ [input.setting]: input.value })
      .where(eq(organizations.id, input.orgId));
    await recordAuditEvent(tx, {
      orgId: input.orgId,
      audit: input.audit,
      action: 'settings.updated',
      targetType: 'organization',
      targetId: input.orgId,
      details: { setting: input.setting, ...input.details(before, input.value) },
    });
  });
}
