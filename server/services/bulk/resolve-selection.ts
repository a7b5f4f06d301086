import { desc } from 'drizzle-orm';
import { candidates, interviews } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError } from '@/server/errors';
import { candidateFilterWhere } from '../candidates/list-candidates';
import { interviewFilterWhere } from '../interviews/list-interviews';
import { BULK_MAX_ROWS, type CandidateSelection, type InterviewSelection } from './bulk-schemas';

/**
 * The rows a bulk action covers, in the list's default order. Ids are kept as given (duplicates dropped): an id
 * of another organization or of nothing stays a row, which the single action then reports as not found, exactly
 * like a missing one. A filter is resolved here, with the list's own WHERE, so it selects what the list shows.
 */
export async function resolveCandidateSelection(db: DbExecutor, orgId: string, selection: CandidateSelection): Promise<string[]> {
  if (selection.mode === 'ids') return [...new Set(selection.ids)];
  const rows = await db
    .select({ id: candidates.id })
    .from(candidates)
    .where(candidateFilterWhere(db, { orgId, ...selection.filter }))
    .orderBy(desc(candidates.createdAt), desc(candidates.id))
    .limit(BULK_MAX_ROWS + 1);
  return withinLimit(rows.map((r) => r.id));
}

export async function resolveInterviewSelection(db: DbExecutor, orgId: string, selection: InterviewSelection): Promise<string[]> {
  if (selection.mode === 'ids') return [...new Set(selection.ids)];
  const { search, ...filter } = selection.filter;
  const rows = await db
    .select({ id: interviews.id })
    .from(interviews)
    .where(interviewFilterWhere(db, { orgId, ...filter, candidateSearch: search }))
    .orderBy(desc(interviews.createdAt), desc(interviews.id))
    .limit(BULK_MAX_ROWS + 1);
  return withinLimit(rows.map((r) => r.id));
}

function withinLimit(ids: string[]): string[] {
  if (ids.length === 0) throw new AppError('VALIDATION_ERROR', 'No rows match this filter', { issues: [{ path: 'selection', message: 'No rows match this filter' }] });
  if (ids.length > BULK_MAX_ROWS) {
    const message = `More than ${BULK_MAX_ROWS.toLocaleString('en')} rows match: narrow the filter`;
    throw new AppError('VALIDATION_ERROR', message, { issues: [{ path: 'selection', message }] });
  }
  return ids;
}
