import { and, eq, sql } from 'drizzle-orm';
import { candidateSelfIdentifications, candidates, organizations } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError, notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { iso } from '../fields';
import type { AuditContext } from '../audit/audit-actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { updateOrganizationSetting } from '../organizations/update-organization-setting';
import type { SelfIdentificationAnswers, SelfIdentificationSettings } from './self-identification-schemas';

export async function getSelfIdentificationSettings(db: DbExecutor, input: { orgId: string }): Promise<SelfIdentificationSettings> {
  const [row] = await db
    .select({ collectSelfIdentification: organizations.collectSelfIdentification })
    .from(organizations)
    .where(eq(organizations.id, input.orgId));
  if (!row) throw notFound('Organization');
  return row;
}

/** Switches collection on or off for the organization; audited (`settings.updated`) with the old and new value. */
export async function updateSelfIdentificationSettings(
  db: DbExecutor,
  input: { orgId: string; collectSelfIdentification: boolean; audit?: AuditContext },
): Promise<SelfIdentificationSettings> {
  await updateOrganizationSetting(db, {
    orgId: input.orgId,
    setting: 'collectSelfIdentification',
    value: input.collectSelfIdentification,
    audit: input.audit,
    details: (from, to) => ({ from, to }),
  });
  return { collectSelfIdentification: input.collectSelfIdentification };
}

export const selfIdentificationNotCollected = () =>
  new AppError('CONFLICT', 'This organization does not collect voluntary self-identification; an admin can switch it on in Settings');

/**
 * Stores one of the organization's candidates' answers (absent fields unchanged, null clears one), apart from the
 * candidate row. 404 for a candidate of another organization, exactly as for a missing one; 409 while the
 * organization has not switched collection on (checked under the organization row's share lock, so a switch-off
 * that commits first is never overtaken). An API client's write is audited (who, which questions, never the
 * answers); the candidate's own answers on their page are theirs, like their interview answers, and are not.
 */
export async function recordSelfIdentification(
  db: DbExecutor,
  input: { orgId: string; candidateId: string; answers: SelfIdentificationAnswers; source: 'api' | 'candidate'; audit?: AuditContext },
): Promise<void> {
  const fields = Object.keys(input.answers).filter((key) => input.answers[key as keyof SelfIdentificationAnswers] !== undefined);
  if (fields.length === 0) {
    throw new AppError('VALIDATION_ERROR', 'Nothing to record: give sex, raceEthnicity or both', {
      issues: [{ path: '(root)', message: 'Give sex, raceEthnicity or both' }],
    });
  }
  if (!isIdOf('candidate', input.candidateId)) throw notFound('Candidate');
  await db.transaction(async (tx) => {
    const [candidate] = await tx
      .select({ id: candidates.id })
      .from(candidates)
      .where(and(eq(candidates.id, input.candidateId), eq(candidates.orgId, input.orgId)))
      .for('share');
    if (!candidate) throw notFound('Candidate');
    const [org] = await tx
      .select({ collect: organizations.collectSelfIdentification })
      .from(organizations)
      .where(eq(organizations.id, input.orgId))
      .for('share');
    if (!org?.collect) throw selfIdentificationNotCollected();
    const changes = {
      ...(input.answers.sex !== undefined ? { sex: input.answers.sex } : {}),
      ...(input.answers.raceEthnicity !== undefined ? { raceEthnicity: input.answers.raceEthnicity } : {}),
    };
    await tx
      .insert(candidateSelfIdentifications)
      .values({ orgId: input.orgId, candidateId: candidate.id, ...changes })
      .onConflictDoUpdate({
        target: [candidateSelfIdentifications.orgId, candidateSelfIdentifications.candidateId],
        set: { ...changes, updatedAt: sql`now()` },
      });
    if (input.source === 'api') {
      await recordAuditEvent(tx, {
        orgId: input.orgId,
        audit: input.audit,
        action: 'candidate.self_identification_recorded',
        targetType: 'candidate',
        targetId: candidate.id,
        details: { fields },
      });
    }
  });
}

/**
 * What the candidate's page asks after the interview: `ask` while the organization collects and the candidate has
 * not answered, `answered` once they have (they may still change it), null when the organization does not collect.
 */
export async function selfIdentificationPrompt(db: DbExecutor, input: { orgId: string; candidateId: string }): Promise<'ask' | 'answered' | null> {
  const [row] = await db
    .select({ collect: organizations.collectSelfIdentification, answeredAt: candidateSelfIdentifications.updatedAt })
    .from(organizations)
    .leftJoin(
      candidateSelfIdentifications,
      and(eq(candidateSelfIdentifications.orgId, organizations.id), eq(candidateSelfIdentifications.candidateId, input.candidateId)),
    )
    .where(eq(organizations.id, input.orgId));
  if (!row?.collect) return null;
  return row.answeredAt ? 'answered' : 'ask';
}

/** The candidate's answers for their own access export (GDPR Art. 15), or null when none are held. */
export async function getSelfIdentificationForExport(db: DbExecutor, input: { orgId: string; candidateId: string }) {
  const [row] = await db
    .select()
    .from(candidateSelfIdentifications)
    .where(and(eq(candidateSelfIdentifications.orgId, input.orgId), eq(candidateSelfIdentifications.candidateId, input.candidateId)));
  if (!row) return null;
  return { sex: row.sex, raceEthnicity: row.raceEthnicity, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}

/** Erasure's part: the answers go with the candidate (called in the erasure's transaction). */
export async function eraseSelfIdentification(tx: DbExecutor, input: { orgId: string; candidateId: string }): Promise<void> {
  await tx
    .delete(candidateSelfIdentifications)
    .where(and(eq(candidateSelfIdentifications.orgId, input.orgId), eq(candidateSelfIdentifications.candidateId, input.candidateId)));
}
