import { sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { rowsOf, sqlInstant } from '@/db/rows';
import { log } from '@/server/log';
import { systemAudit } from '../audit/audit-actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { eraseCandidate } from './erase-candidate';

export const RETENTION_BATCH_SIZE = 100;

/**
 * A candidate's last activity: the latest of their profile's update, any of their interviews' update (created,
 * invited, started, finished, cancelled, expired — every transition stamps updatedAt) or an open invitation's
 * expiry (an invitation still running counts until it lapses), and their test sessions' completion.
 */
export const lastActivitySql = sql`greatest(
  c.updated_at,
  (select max(greatest(i.updated_at, case when i.status in ('DRAFT', 'INVITED') then i.expires_at end)) from interviews i where i.org_id = c.org_id and i.candidate_id = c.id),
  (select max(greatest(t.completed_at, t.created_at)) from test_sessions t where t.org_id = c.org_id and t.candidate_id = c.id)
)`;

export type RetentionRun = { organizations: number; erased: number };

/**
 * Erases, in every organization, the candidates whose last activity is older than the organization's
 * `retentionDays`, each exactly as DELETE /candidates/{id} does, in batches. Safe to run twice and concurrently:
 * each erasure locks its candidate with SKIP LOCKED (a candidate another run holds is left to it) and an erased
 * candidate is gone from the next selection. Each run records one audit entry per organization (counts only),
 * besides the erasures' own entries.
 */
export async function runRetention(db: DbExecutor, input: { now?: Date; batchSize?: number } = {}): Promise<RetentionRun> {
  const now = input.now ?? new Date();
  const batchSize = input.batchSize ?? RETENTION_BATCH_SIZE;
  const orgs = rowsOf<{ id: string; retention_days: number }>(await db.execute(sql`select id, retention_days from organizations order by id`));
  let erased = 0;
  let touched = 0;
  for (const org of orgs) {
    const cutoff = new Date(now.getTime() - org.retention_days * 24 * 3600 * 1000);
    let erasedHere = 0;
    const skipped = new Set<string>();
    for (;;) {
      const due = rowsOf<{ id: string }>(
        await db.execute(sql`
          select c.id from candidates c
          where c.org_id = ${org.id} and ${lastActivitySql} < ${sqlInstant(cutoff)}
          order by c.id
          limit ${batchSize + skipped.size}`),
      ).filter((r) => !skipped.has(r.id));
      if (due.length === 0) break;
      for (const { id } of due.slice(0, batchSize)) {
        const result = await eraseCandidate(db, {
          orgId: org.id,
          id,
          audit: systemAudit('retention'),
          lock: 'skip',
          byRetention: true,
          details: { reason: 'retention', retentionDays: org.retention_days },
        });
        if (result) erasedHere++;
        else skipped.add(id);
      }
      if (due.length < batchSize) break;
    }
    if (erasedHere > 0) touched++;
    erased += erasedHere;
    // Every run leaves its trace in every organization, erasing or not: the record that retention is applied.
    await recordAuditEvent(db, {
      orgId: org.id,
      audit: systemAudit('retention'),
      action: 'retention.ran',
      targetType: 'organization',
      targetId: org.id,
      details: { erased: erasedHere, retentionDays: org.retention_days, cutoff: cutoff.toISOString() },
    });
  }
  if (erased > 0) log.info({ erased, organizations: touched }, 'retention erased expired candidates');
  return { organizations: touched, erased };
}
