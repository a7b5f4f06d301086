import { and, eq, ne } from 'drizzle-orm';
import { candidates } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError, notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { emitEvent } from '../webhooks/emit-event';
import type { AuditContext } from '@/server/services/audit/audit-actor';
import { recordAuditEvent } from '@/server/services/audit/record-audit-event';
import { toCandidateDto } from './candidate-dto';
import type { CandidateDto, UpdateCandidateInput } from './candidate-schemas';

/**
 * Changes the given fields of one of the organization's candidates. A new email already used by another
 * candidate of the organization is a 409 CONFLICT naming that candidate, as on create.
 */
export async function updateCandidate(db: DbExecutor, input: { orgId: string; audit?: AuditContext } & UpdateCandidateInput): Promise<CandidateDto> {
  if (!isIdOf('candidate', input.id)) throw notFound('Candidate');
  const { orgId, id, audit, ...fields } = input;
  if (Object.values(fields).every((value) => value === undefined)) {
    throw new AppError('VALIDATION_ERROR', 'Nothing to update: give at least one field', { issues: [{ path: '(root)', message: 'Nothing to update: give at least one field' }] });
  }
  if (fields.email !== undefined) {
    const existingId = await otherCandidateWithEmail(db, { orgId, id, email: fields.email });
    if (existingId) throw emailTaken(existingId);
  }
  const set: Partial<typeof candidates.$inferInsert> = { updatedAt: new Date() };
  if (fields.email !== undefined) set.email = fields.email;
  if (fields.firstName !== undefined) set.firstName = fields.firstName;
  if (fields.lastName !== undefined) set.lastName = fields.lastName;
  if (fields.phone !== undefined) set.phone = fields.phone;
  if (fields.locale !== undefined) set.locale = fields.locale;
  if (fields.cvUrl !== undefined) set.cvUrl = fields.cvUrl;
  if (fields.tags !== undefined) set.tags = fields.tags;
  if (fields.source !== undefined) set.source = fields.source;
  let updated: CandidateDto | undefined;
  try {
    // A nested transaction (a savepoint inside a caller's): the unique violation below must not abort the caller's.
    updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(candidates)
        .set(set)
        .where(and(eq(candidates.id, id), eq(candidates.orgId, orgId)))
        .returning();
      if (!row) return undefined;
      const dto = toCandidateDto(row);
      // Field names only: the values are personal data.
      const changed = Object.entries(fields).filter(([, value]) => value !== undefined).map(([key]) => key);
      await recordAuditEvent(tx, { orgId, audit, action: 'candidate.updated', targetType: 'candidate', targetId: id, details: { fields: changed } });
      await emitEvent(tx, { orgId, type: 'candidate.updated', data: dto });
      return dto;
    });
  } catch (error) {
    // Another request took the email between the check above and this write: the unique index decides.
    if (fields.email === undefined || !isUniqueViolation(error)) throw error;
    const existingId = await otherCandidateWithEmail(db, { orgId, id, email: fields.email });
    throw emailTaken(existingId);
  }
  if (!updated) throw notFound('Candidate');
  return updated;
}

async function otherCandidateWithEmail(db: DbExecutor, input: { orgId: string; id: string; email: string }): Promise<string | undefined> {
  const [other] = await db
    .select({ id: candidates.id })
    .from(candidates)
    .where(and(eq(candidates.orgId, input.orgId), eq(candidates.email, input.email), ne(candidates.id, input.id)));
  return other?.id;
}

function emailTaken(existingId: string | undefined): AppError {
  return new AppError('CONFLICT', 'A candidate with this email already exists', { existingId });
}

/** PostgreSQL's unique_violation, wherever the driver or drizzle put it in the cause chain. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
