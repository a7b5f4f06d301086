import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { interviews } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import type { AuditContext } from '@/server/services/audit/audit-actor';
import { recordAuditEvent } from '@/server/services/audit/record-audit-event';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { getInterview } from '../interviews/get-interview';
import type { InterviewDto } from '../interviews/interview-schemas';
import { emitEvent } from '../webhooks/emit-event';
import { explainRefusal } from './explain-refusal';

/**
 * DRAFT, INVITED (not expired) or IN_PROGRESS → CANCELLED, final. The link keeps its hash so the candidate sees
 * "cancelled" rather than "unknown link"; queued emails see the status and send nothing.
 */
export async function cancelInterview(db: DbExecutor, input: { orgId: string; id: string; audit?: AuditContext }): Promise<InterviewDto> {
  if (!isIdOf('interview', input.id)) throw notFound('Interview');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(interviews)
      .set({ status: 'CANCELLED', cancelledAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(interviews.id, input.id),
          eq(interviews.orgId, input.orgId),
          or(inArray(interviews.status, ['DRAFT', 'IN_PROGRESS']), and(eq(interviews.status, 'INVITED'), gt(interviews.expiresAt, sql`now()`))),
        ),
      )
      .returning({ id: interviews.id });
    if (!row) throw await explainRefusal(tx, input, 'cancel');
    await recordAuditEvent(tx, { orgId: input.orgId, audit: input.audit, action: 'interview.cancelled', targetType: 'interview', targetId: row.id });
    const cancelled = await getInterview(tx, input);
    await emitEvent(tx, { orgId: input.orgId, type: 'interview.cancelled', data: cancelled });
    return cancelled;
  });
}
