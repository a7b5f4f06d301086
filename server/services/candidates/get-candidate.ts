import { and, eq } from 'drizzle-orm';
import { candidates } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { toCandidateDto } from './candidate-dto';
import type { CandidateDto } from './candidate-schemas';

export async function getCandidate(db: DbExecutor, input: { orgId: string; id: string }): Promise<CandidateDto> {
  if (!isIdOf('candidate', input.id)) throw notFound('Candidate');
  const [row] = await db
    .select()
    .from(candidates)
    .where(and(eq(candidates.id, input.id), eq(candidates.orgId, input.orgId)));
  if (!row) throw notFound('Candidate');
  return toCandidateDto(row);
}
