import { and, eq } from 'drizzle-orm';
import { candidates } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError } from '@/server/errors';
import { newId } from '@/server/ids';
import { emitEvent } from '../webhooks/emit-event';
import type { AuditContext } from '@/server/services/audit/audit-actor';
import { recordAuditEvent } from '@/server/services/audit/record-audit-event';
import { toCandidateDto } from './candidate-dto';
import type { CandidateDto, CreateCandidateInput } from './candidate-schemas';

export async function createCandidate(db: DbExecutor, input: { orgId: string; audit?: AuditContext } & CreateCandidateInput): Promise<CandidateDto> {
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(candidates)
      .values({
        id: newId('candidate'),
        orgId: input.orgId,
        email: input.email,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        phone: input.phone ?? null,
        locale: input.locale ?? 'fr',
        cvUrl: input.cvUrl ?? null,
        tags: input.tags ?? [],
        source: input.source ?? null,
      })
      // The unique (org, email) index decides races; the loser learns the winner's id.
      .onConflictDoNothing({ target: [candidates.orgId, candidates.email] })
      .returning();
    if (!row) return null;
    const dto = toCandidateDto(row);
    await recordAuditEvent(tx, { orgId: input.orgId, audit: input.audit, action: 'candidate.created', targetType: 'candidate', targetId: row.id });
    await emitEvent(tx, { orgId: input.orgId, type: 'candidate.created', data: dto });
    return dto;
  });
  if (created) return created;
  const [existing] = await db
    .select({ id: candidates.id })
    .from(candidates)
    .where(and(eq(candidates.orgId, input.orgId), eq(candidates.email, input.email)));
  throw new AppError('CONFLICT', 'A candidate with this email already exists', { existingId: existing?.id });
}
