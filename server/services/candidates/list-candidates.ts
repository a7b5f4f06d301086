import { and, desc, eq, exists, ilike, or, sql, type SQL } from 'drizzle-orm';
import { candidates, interviews } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { likeContains, toPage, type Page } from '../pagination';
import { toCandidateDto } from './candidate-dto';
import type { CandidateDto } from './candidate-schemas';

export type ListCandidatesInput = {
  orgId: string;
  page: number;
  pageSize: number;
  search?: string;
  jobId?: string;
  tags?: string[];
};

export async function listCandidates(db: DbExecutor, input: ListCandidatesInput): Promise<Page<CandidateDto>> {
  // The organization filter comes first in every query: it is what keeps tenants apart.
  const filters: SQL[] = [eq(candidates.orgId, input.orgId)];
  const search = input.search?.trim();
  if (search) {
    const pattern = likeContains(search);
    filters.push(
      or(
        ilike(candidates.email, pattern),
        ilike(candidates.firstName, pattern),
        ilike(candidates.lastName, pattern),
        ilike(sql`coalesce(${candidates.firstName}, '') || ' ' || coalesce(${candidates.lastName}, '')`, pattern),
      )!,
    );
  }
  if (input.jobId) {
    filters.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(interviews)
          .where(and(eq(interviews.orgId, input.orgId), eq(interviews.candidateId, candidates.id), eq(interviews.jobId, input.jobId))),
      ),
    );
  }
  if (input.tags && input.tags.length > 0) {
    filters.push(sql`${candidates.tags} @> ${sql.param(input.tags)}::text[]`);
  }
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(candidates)
      .where(where)
      .orderBy(desc(candidates.createdAt), desc(candidates.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(candidates).where(where),
  ]);
  return toPage(rows.map(toCandidateDto), total, input.page, input.pageSize);
}
