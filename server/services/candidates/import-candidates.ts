import { and, eq, inArray } from 'drizzle-orm';
import { candidates } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { issuesFromZod } from '@/server/errors';
import { newId } from '@/server/ids';
import type { AuditContext } from '@/server/services/audit/audit-actor';
import { recordAuditEvents } from '@/server/services/audit/record-audit-event';
import type { ImportCandidatesOutput } from './candidate-import-schemas';
import { CreateCandidateInputSchema, type CreateCandidateInput } from './candidate-schemas';
import { parseCandidateCsv, splitTags, type CandidateCsvRow } from './parse-candidate-csv';
import { emitEvents } from '../webhooks/emit-event';
import { toCandidateDto } from './candidate-dto';

/** Rows inserted per statement (10 columns each): well under PostgreSQL's 65,535 parameters. */
const INSERT_BATCH = 500;
/** Emails looked up per query when checking for existing candidates. */
const LOOKUP_BATCH = 1000;

/**
 * Imports candidates from a CSV file (see parseCandidateCsv for the format). Every row is validated with the
 * create rules; an email already in the organization, or on an earlier row of the file, makes the row a
 * duplicate. The valid rows are imported together in one transaction; invalid and duplicate rows are skipped and
 * reported row by row, so a file can be corrected and uploaded again: the rows already imported then come back as
 * duplicates instead of twice. `dryRun` reports the same without writing.
 */
export async function importCandidates(db: DbExecutor, input: { orgId: string; csv: string; dryRun?: boolean; audit?: AuditContext }): Promise<ImportCandidatesOutput> {
  const rows = parseCandidateCsv(input.csv);
  const errors: ImportCandidatesOutput['errors'] = [];
  const duplicates: ImportCandidatesOutput['duplicates'] = [];
  const valid: { row: number; candidate: CreateCandidateInput }[] = [];
  const firstRowOf = new Map<string, number>();
  for (const row of rows) {
    const parsed = CreateCandidateInputSchema.safeParse(toCreateInput(row));
    const extra = row.extraValues > 0 ? [{ row: row.row, field: '(row)', message: 'More values than the header has columns' }] : [];
    if (!parsed.success || extra.length > 0) {
      errors.push(...extra);
      if (!parsed.success) errors.push(...issuesFromZod(parsed.error).map((issue) => ({ row: row.row, field: issue.path, message: issue.message })));
      continue;
    }
    const earlier = firstRowOf.get(parsed.data.email);
    if (earlier !== undefined) {
      duplicates.push({ row: row.row, email: parsed.data.email, existingId: null, duplicateOfRow: earlier });
      continue;
    }
    firstRowOf.set(parsed.data.email, row.row);
    valid.push({ row: row.row, candidate: parsed.data });
  }

  const existing = await existingCandidateIds(db, input.orgId, valid.map((v) => v.candidate.email));
  const fresh = valid.filter((v) => {
    const existingId = existing.get(v.candidate.email);
    if (existingId) duplicates.push({ row: v.row, email: v.candidate.email, existingId, duplicateOfRow: null });
    return !existingId;
  });

  let created: ImportCandidatesOutput['created'];
  if (input.dryRun) {
    created = fresh.map((v) => ({ row: v.row, id: null, email: v.candidate.email }));
  } else {
    const inserted = await db.transaction(async (tx) => {
      const ids = await insertCandidates(tx, input.orgId, fresh.map((v) => v.candidate));
      await recordAuditEvents(
        tx,
        [...ids.values()].map((id) => ({ orgId: input.orgId, audit: input.audit, action: 'candidate.created' as const, targetType: 'candidate' as const, targetId: id, details: { via: 'import' } })),
      );
      return ids;
    });
    created = [];
    const lost: typeof fresh = [];
    for (const v of fresh) {
      const id = inserted.get(v.candidate.email);
      if (id) created.push({ row: v.row, id, email: v.candidate.email });
      else lost.push(v);
    }
    // Created by someone else between the check and the insert: duplicates like the others.
    if (lost.length > 0) {
      const winners = await existingCandidateIds(db, input.orgId, lost.map((v) => v.candidate.email));
      for (const v of lost) duplicates.push({ row: v.row, email: v.candidate.email, existingId: winners.get(v.candidate.email) ?? null, duplicateOfRow: null });
    }
  }
  duplicates.sort((a, b) => a.row - b.row);
  return { dryRun: Boolean(input.dryRun), rows: rows.length, imported: created.length, created, duplicates, errors };
}

/** The row's non-empty cells as the create input; tags split on `;` or `|`. */
function toCreateInput(row: CandidateCsvRow): Record<string, unknown> {
  const { tags, ...rest } = row.cells;
  return { ...rest, ...(tags !== undefined ? { tags: splitTags(tags) } : {}) };
}

async function existingCandidateIds(db: DbExecutor, orgId: string, emails: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let i = 0; i < emails.length; i += LOOKUP_BATCH) {
    const batch = emails.slice(i, i + LOOKUP_BATCH);
    const rows = await db
      .select({ id: candidates.id, email: candidates.email })
      .from(candidates)
      .where(and(eq(candidates.orgId, orgId), inArray(candidates.email, batch)));
    for (const row of rows) found.set(row.email, row.id);
  }
  return found;
}

/** Inserts what it can; an email taken meanwhile is left out (the unique index decides), not an error. */
async function insertCandidates(tx: DbExecutor, orgId: string, rows: CreateCandidateInput[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const inserted = await tx
      .insert(candidates)
      .values(
        rows.slice(i, i + INSERT_BATCH).map((c) => ({
          id: newId('candidate'),
          orgId,
          email: c.email,
          firstName: c.firstName ?? null,
          lastName: c.lastName ?? null,
          phone: c.phone ?? null,
          locale: c.locale ?? 'fr',
          cvUrl: c.cvUrl ?? null,
          tags: c.tags ?? [],
          source: c.source ?? null,
        })),
      )
      .onConflictDoNothing({ target: [candidates.orgId, candidates.email] })
      .returning();
    for (const row of inserted) ids.set(row.email, row.id);
    await emitEvents(tx, { orgId, type: 'candidate.created', items: inserted.map(toCandidateDto) });
  }
  return ids;
}
