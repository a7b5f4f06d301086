import { and, desc, eq } from 'drizzle-orm';
import { atsTestMappings, campaigns, interviewConfigs, stages, type AtsKind } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { invalidField, notFound } from '@/server/errors';
import { isIdOf, newId } from '@/server/ids';
import { iso } from '../fields';
import type { AuditContext } from '../audit/audit-actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { SaveTestMappingInput, UpdateTestMappingInput } from './integration-schemas';

export type TestMappingDto = { id: string; ats: AtsKind; name: string; campaignId: string; jobId: string; stageId: string | null; configId: string | null; atsStageId: string | null; createdAt: string; updatedAt: string };

const mappingColumns = {
  mapping: atsTestMappings,
  jobId: campaigns.jobId,
};

function toDto(row: { mapping: typeof atsTestMappings.$inferSelect; jobId: string }): TestMappingDto {
  const m = row.mapping;
  return { id: m.id, ats: m.ats, name: m.name, campaignId: m.campaignId, jobId: row.jobId, stageId: m.stageId, configId: m.configId, atsStageId: m.atsStageId, createdAt: iso(m.createdAt), updatedAt: iso(m.updatedAt) };
}

/** The tests the organization offers this ATS (Greenhouse's list_tests), newest first. */
export async function listTestMappings(db: DbExecutor, input: { orgId: string; ats: AtsKind }): Promise<TestMappingDto[]> {
  const rows = await db
    .select(mappingColumns)
    .from(atsTestMappings)
    .innerJoin(campaigns, and(eq(campaigns.id, atsTestMappings.campaignId), eq(campaigns.orgId, atsTestMappings.orgId)))
    .where(and(eq(atsTestMappings.orgId, input.orgId), eq(atsTestMappings.ats, input.ats)))
    .orderBy(desc(atsTestMappings.createdAt), desc(atsTestMappings.id));
  return rows.map(toDto);
}

/** One test of this ATS in the organization; another organization's or another ATS's id is simply not found. */
export async function getTestMapping(db: DbExecutor, input: { orgId: string; ats: AtsKind; id: string }): Promise<TestMappingDto | null> {
  if (!isIdOf('atsTestMapping', input.id)) return null;
  const [row] = await db
    .select(mappingColumns)
    .from(atsTestMappings)
    .innerJoin(campaigns, and(eq(campaigns.id, atsTestMappings.campaignId), eq(campaigns.orgId, atsTestMappings.orgId)))
    .where(and(eq(atsTestMappings.id, input.id), eq(atsTestMappings.orgId, input.orgId), eq(atsTestMappings.ats, input.ats)));
  return row ? toDto(row) : null;
}

/** The campaign, stage and configuration must be the organization's, and the stage the campaign's. */
async function checkTargets(db: DbExecutor, orgId: string, input: Pick<SaveTestMappingInput, 'campaignId' | 'stageId' | 'configId'>): Promise<void> {
  const [campaign] = isIdOf('campaign', input.campaignId) ? await db.select({ id: campaigns.id }).from(campaigns).where(and(eq(campaigns.id, input.campaignId), eq(campaigns.orgId, orgId))) : [];
  if (!campaign) throw invalidField('campaignId', 'No such campaign in this organization');
  if (input.stageId) {
    const [stage] = isIdOf('stage', input.stageId) ? await db.select({ campaignId: stages.campaignId }).from(stages).where(and(eq(stages.id, input.stageId), eq(stages.orgId, orgId))) : [];
    if (!stage) throw invalidField('stageId', 'No such stage in this organization');
    if (stage.campaignId !== input.campaignId) throw invalidField('stageId', 'This stage belongs to another campaign');
  }
  if (input.configId) {
    const [config] = isIdOf('config', input.configId) ? await db.select({ id: interviewConfigs.id }).from(interviewConfigs).where(and(eq(interviewConfigs.id, input.configId), eq(interviewConfigs.orgId, orgId))) : [];
    if (!config) throw invalidField('configId', 'No such interview configuration in this organization');
  }
}

/** Lever's tests are its stages: the stage id is required there, and one test per stage (the unique index). */
function checkAtsStage(ats: AtsKind, atsStageId: string | null | undefined): void {
  if (ats === 'lever' && !atsStageId) throw invalidField('atsStageId', 'Required for Lever: the id of the Lever stage that orders this test');
}

/** The test a stage of the ATS orders (Lever's Candidate Stage Change), in this organization only, or null. */
export async function findTestMappingByAtsStage(db: DbExecutor, input: { orgId: string; ats: AtsKind; atsStageId: string }): Promise<TestMappingDto | null> {
  const [row] = await db
    .select(mappingColumns)
    .from(atsTestMappings)
    .innerJoin(campaigns, and(eq(campaigns.id, atsTestMappings.campaignId), eq(campaigns.orgId, atsTestMappings.orgId)))
    .where(and(eq(atsTestMappings.orgId, input.orgId), eq(atsTestMappings.ats, input.ats), eq(atsTestMappings.atsStageId, input.atsStageId)));
  return row ? toDto(row) : null;
}

/** The unique (organization, ATS, stage) index says a stage is mapped already: a field error, not a 500. */
async function withStageConflict<T>(atsStageId: string | null | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    let unique = false;
    for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) unique ||= (e as { code?: unknown }).code === '23505';
    if (atsStageId && unique) throw invalidField('atsStageId', 'This stage already orders another test');
    throw error;
  }
}

export async function createTestMapping(db: DbExecutor, input: { orgId: string; audit?: AuditContext } & SaveTestMappingInput): Promise<TestMappingDto> {
  checkAtsStage(input.ats, input.atsStageId);
  await checkTargets(db, input.orgId, input);
  const id = newId('atsTestMapping');
  await withStageConflict(input.atsStageId, () =>
    db.transaction(async (tx) => {
      await tx.insert(atsTestMappings).values({ id, orgId: input.orgId, ats: input.ats, name: input.name, campaignId: input.campaignId, stageId: input.stageId ?? null, configId: input.configId ?? null, atsStageId: input.atsStageId ?? null });
      await recordAuditEvent(tx, { orgId: input.orgId, audit: input.audit, action: 'integration.test_mapped', targetType: 'ats_test_mapping', targetId: id, details: { ats: input.ats, campaignId: input.campaignId } });
    }),
  );
  return (await getTestMapping(db, { orgId: input.orgId, ats: input.ats, id }))!;
}

export async function updateTestMapping(db: DbExecutor, input: { orgId: string; audit?: AuditContext } & UpdateTestMappingInput): Promise<TestMappingDto> {
  if (!isIdOf('atsTestMapping', input.id)) throw notFound('Test mapping');
  await checkTargets(db, input.orgId, input);
  const ats = await withStageConflict(input.atsStageId, () => db.transaction(async (tx) => {
    const [current] = await tx.select({ ats: atsTestMappings.ats }).from(atsTestMappings).where(and(eq(atsTestMappings.id, input.id), eq(atsTestMappings.orgId, input.orgId)));
    if (!current) throw notFound('Test mapping');
    checkAtsStage(current.ats, input.atsStageId);
    const [row] = await tx
      .update(atsTestMappings)
      .set({ name: input.name, campaignId: input.campaignId, stageId: input.stageId ?? null, configId: input.configId ?? null, atsStageId: input.atsStageId ?? null, updatedAt: new Date() })
      .where(and(eq(atsTestMappings.id, input.id), eq(atsTestMappings.orgId, input.orgId)))
      .returning({ ats: atsTestMappings.ats });
    if (!row) throw notFound('Test mapping');
    await recordAuditEvent(tx, { orgId: input.orgId, audit: input.audit, action: 'integration.test_mapped', targetType: 'ats_test_mapping', targetId: input.id, details: { ats: row.ats, campaignId: input.campaignId } });
    return row.ats;
  }));
  return (await getTestMapping(db, { orgId: input.orgId, ats, id: input.id }))!;
}
