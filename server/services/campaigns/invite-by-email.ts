import { AppError } from '@/server/errors';
import type { DbExecutor } from '@/db/client';
import type { AuditContext } from '../audit/audit-actor';
import { BULK_MAX_ROWS } from '../bulk/bulk-schemas';
import { checkBulkInvite, startBulkOperation } from '../bulk/start-bulk-operation';
import { importCandidates } from '../candidates/import-candidates';
import type { ImportCandidatesOutput } from '../candidates/candidate-import-schemas';
import { MAX_PASTED_ADDRESSES, type InviteByEmailInput, type InviteByEmailOutput } from './invite-by-email-schemas';
import { inviteesToCsv, parseInvitees, type PastedInvitee } from './parse-invitees';

/**
 * "Invite candidates" on a campaign page: addresses pasted and/or a candidate CSV file. Each address is found
 * among the organization's candidates or becomes a new one (the candidate import's rules and de-duplication by
 * email), then every distinct candidate is invited to the campaign (and stage) through the bulk invitation, so
 * they get the campaign's (or stage's) question set and the same idempotence: one already invited is skipped and
 * named. Every line that invites nobody comes back with its reason; nothing is dropped silently.
 */
export async function inviteByEmail(
  db: DbExecutor,
  input: { orgId: string; userId: string; audit: AuditContext } & Omit<InviteByEmailInput, 'emails'> & { emails?: string },
): Promise<InviteByEmailOutput> {
  const params = await checkBulkInvite(db, input.orgId, { selection: { mode: 'ids', ids: [] }, campaignId: input.campaignId, stageId: input.stageId });
  const pasted = parseInvitees(input.emails ?? '');
  if (pasted.length > MAX_PASTED_ADDRESSES) {
    throw new AppError('VALIDATION_ERROR', 'Validation failed', { issues: [{ path: 'emails', message: `At most ${MAX_PASTED_ADDRESSES} addresses at once; this list has ${pasted.length}: upload a CSV file for more` }] });
  }
  const errors: InviteByEmailOutput['errors'] = [];
  const ids: string[] = [];
  let createdCandidates = 0;
  const take = (result: ImportCandidatesOutput, source: 'text' | 'csv', entryOf: (row: number) => { line: number; entry: string }) => {
    createdCandidates += result.imported;
    const byRow = new Map<number, string>();
    for (const c of result.created) if (c.id) byRow.set(c.row, c.id);
    for (const d of result.duplicates) {
      if (d.existingId) byRow.set(d.row, d.existingId);
      else if (d.duplicateOfRow === null) errors.push({ source, ...entryOf(d.row), message: 'Could not be added: try again' });
      // A repeat of an earlier row is the same candidate: invited once.
    }
    const seenRows = new Set<number>();
    for (const e of result.errors) {
      if (seenRows.has(e.row)) continue;
      seenRows.add(e.row);
      const field = e.field === 'email' ? '' : `${e.field}: `;
      errors.push({ source, ...entryOf(e.row), message: `${field}${e.message}` });
    }
    for (const row of [...byRow.keys()].sort((a, b) => a - b)) ids.push(byRow.get(row)!);
  };

  if (pasted.length > 0) {
    const result = await importCandidates(db, { orgId: input.orgId, csv: inviteesToCsv(pasted), audit: input.audit });
    take(result, 'text', (row) => entryOfPasted(pasted, row));
  }
  if (input.csv && input.csv.trim() !== '') {
    const result = await importCandidates(db, { orgId: input.orgId, csv: input.csv, audit: input.audit });
    take(result, 'csv', (row) => ({ line: row, entry: `Row ${row}` }));
  }
  const targetIds = [...new Set(ids)];
  if (targetIds.length > BULK_MAX_ROWS) {
    throw new AppError('VALIDATION_ERROR', 'Validation failed', { issues: [{ path: 'csv', message: `At most ${BULK_MAX_ROWS} candidates at once` }] });
  }
  const operation =
    targetIds.length === 0
      ? null
      : await startBulkOperation(db, { orgId: input.orgId, userId: input.userId, audit: input.audit, kind: 'candidates.invite', params, targetIds, selectionMode: 'ids' });
  errors.sort((a, b) => (a.source === b.source ? a.line - b.line : a.source === 'text' ? -1 : 1));
  return { operation, createdCandidates, errors };
}

function entryOfPasted(pasted: PastedInvitee[], row: number): { line: number; entry: string } {
  const invitee = pasted[row - 2];
  return invitee ? { line: invitee.line, entry: invitee.entry } : { line: row - 1, entry: '' };
}
