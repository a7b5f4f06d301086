import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { SAVED_FILTER_LISTS, savedFilters } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError, notFound } from '@/server/errors';
import { isIdOf, newId } from '@/server/ids';
import { iso } from '../fields';

/** A user keeps at most this many filters per list: quick links, not an archive. */
export const MAX_SAVED_FILTERS_PER_LIST = 20;

/** The query parameters a list page reads; anything else (page, unknown keys) is dropped when saving. */
const LIST_PARAMS = {
  interviews: ['status', 'jobId', 'campaignId', 'search', 'sort', 'order', 'pageSize'],
  candidates: ['search', 'tags', 'sort', 'order', 'pageSize'],
} as const;

export const SavedFilterListSchema = z.enum(SAVED_FILTER_LISTS);
export const SavedFilterSchema = z.object({ id: z.string(), list: SavedFilterListSchema, name: z.string(), query: z.string(), createdAt: z.string() });
export type SavedFilterDto = z.infer<typeof SavedFilterSchema>;

export const CreateSavedFilterInputSchema = z.strictObject({
  list: SavedFilterListSchema,
  name: z.string().trim().min(1, 'Give the filter a name').max(60, 'Must be at most 60 characters'),
  /** The list's URL query string, e.g. "status=COMPLETED&sort=score". */
  query: z.string().max(2000, 'Must be at most 2000 characters'),
});

type Owner = { orgId: string; userId: string };

/** Keeps only the list's own parameters, in a stable order, so a saved link opens the same list. */
export function normalizeListQuery(list: (typeof SAVED_FILTER_LISTS)[number], query: string): string {
  const given = new URLSearchParams(query.replace(/^\?/, ''));
  const kept = new URLSearchParams();
  for (const key of LIST_PARAMS[list]) {
    const value = given.get(key)?.trim();
    if (value) kept.set(key, value.slice(0, 200));
  }
  return kept.toString();
}

/** The user's own filters of one list: every query has both the organization and the user in its WHERE. */
export async function listSavedFilters(db: DbExecutor, input: Owner & { list: (typeof SAVED_FILTER_LISTS)[number] }): Promise<SavedFilterDto[]> {
  const rows = await db
    .select()
    .from(savedFilters)
    .where(and(eq(savedFilters.orgId, input.orgId), eq(savedFilters.userId, input.userId), eq(savedFilters.list, input.list)))
    .orderBy(asc(savedFilters.createdAt), asc(savedFilters.id));
  return rows.map(toDto);
}

export async function createSavedFilter(db: DbExecutor, input: Owner & z.infer<typeof CreateSavedFilterInputSchema>): Promise<SavedFilterDto> {
  return db.transaction(async (tx) => {
    const existing = await listSavedFilters(tx, input);
    if (existing.some((f) => f.name.toLowerCase() === input.name.toLowerCase())) {
      throw new AppError('CONFLICT', 'You already have a filter with this name', { issues: [{ path: 'name', message: 'You already have a filter with this name' }] });
    }
    if (existing.length >= MAX_SAVED_FILTERS_PER_LIST) {
      throw new AppError('VALIDATION_ERROR', `At most ${MAX_SAVED_FILTERS_PER_LIST} saved filters per list`, { issues: [{ path: 'name', message: `At most ${MAX_SAVED_FILTERS_PER_LIST} saved filters per list` }] });
    }
    const [row] = await tx
      .insert(savedFilters)
      .values({ id: newId('savedFilter'), orgId: input.orgId, userId: input.userId, list: input.list, name: input.name, query: normalizeListQuery(input.list, input.query) })
      .returning();
    return toDto(row);
  });
}

/** Deletes one of the user's own filters; someone else's, or none, is the same 404. */
export async function deleteSavedFilter(db: DbExecutor, input: Owner & { id: string }): Promise<void> {
  if (!isIdOf('savedFilter', input.id)) throw notFound('Saved filter');
  const deleted = await db
    .delete(savedFilters)
    .where(and(eq(savedFilters.orgId, input.orgId), eq(savedFilters.userId, input.userId), eq(savedFilters.id, input.id)))
    .returning({ id: savedFilters.id });
  if (deleted.length === 0) throw notFound('Saved filter');
}

function toDto(row: typeof savedFilters.$inferSelect): SavedFilterDto {
  return { id: row.id, list: row.list, name: row.name, query: row.query, createdAt: iso(row.createdAt) };
}
