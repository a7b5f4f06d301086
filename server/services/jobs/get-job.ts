import { and, eq } from 'drizzle-orm';
import { jobs } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { toJobDto } from './job-dto';
import type { JobDto } from './job-schemas';

export async function getJob(db: DbExecutor, input: { orgId: string; id: string }): Promise<JobDto> {
  if (!isIdOf('job', input.id)) throw notFound('Job posting');
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, input.id), eq(jobs.orgId, input.orgId)));
  if (!row) throw notFound('Job posting');
  return toJobDto(row);
}
